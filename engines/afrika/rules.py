"""Primitive rules on the mutable working copy: zones, characteristics, keywords, energy, damage.

Higher layers (effects, combat, the stack and turn flow) are built only from these functions, so
every zone change goes through ``move`` (R2, R3) and every point of damage through ``deal_damage``
(R50, K10, K12, K13).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from ..core import IllegalAction, Rng, seat_label
from . import fast
from .cards import CARD_INDEX, CARDS, ENERGY, ENERGY_NAMES, TRIGGERS, CardDef, Cost, Static, TargetSpec, card
from .kinds import Zone
from .schemes import statics_reaching, triggers_on
from .state import BATTLEFIELD, Game, Obj, ObjR, ObjS, Trig, reader
from .teams import change_life, same_team

HAND_MAX = 7


def cd(o: ObjR) -> CardDef:
    try:
        return CARD_INDEX[o.card]
    except KeyError:
        return card(o.card)


class CardSets:
    """Card ids by what the engine's hottest loops ask of a card, from the card data once: a set
    membership test on ``o.card`` instead of a card lookup and an attribute per object (issue #23
    item 3). Each set is exactly the cards for which the named test is true."""

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.entity = frozenset(cid for cid, c in cards.items() if c.type == "entity")
        """``cd(o).type == "entity"``"""
        self.terrain = frozenset(cid for cid, c in cards.items() if c.type == "terrain")
        """``cd(o).type == "terrain"``"""
        self.artifact = frozenset(cid for cid, c in cards.items() if c.type == "artifact")
        """``cd(o).type == "artifact"``"""
        self.tech = frozenset(cid for cid, c in cards.items() if c.type == "tech")
        """``cd(o).type == "tech"``"""
        self.bond = frozenset(cid for cid, c in cards.items() if c.is_bond)
        """``cd(o).is_bond``"""
        self.legendary = frozenset(cid for cid, c in cards.items() if c.legendary)
        """``cd(o).legendary``"""
        self.producer = frozenset(cid for cid, c in cards.items() if c.produces)
        """``bool(cd(o).produces)``"""
        self.quick = frozenset(
            cid
            for cid, c in cards.items()
            if c.type != "terrain" and (c.spell_kind == "quickplay" or c.has("Warp"))
        )
        """Cards castable outside the owner's main phase: ``not terrain and timing.is_quick(c)``."""
        self.activatable = frozenset(
            cid for cid, c in cards.items() if c.activated or c.has("Equip") or c.type == "vehicle"
        )
        """Cards the legal list offers an ``act`` move for (an activated ability, Equip, Travel)."""
        self.all = frozenset(cards)
        self.targetable: dict[str, frozenset[str]] = {
            "any": self.entity,
            "entity": self.entity,
            "permanent": self.all - self.terrain,
            "artifact": self.artifact,
            "nonentity": self.all - self.entity - self.terrain,
        }
        """Per target kind, the cards ``target_ok`` does not refuse by type alone."""
        self.triggers_on: dict[str, frozenset[str]] = {
            on: frozenset(
                cid
                for cid, c in cards.items()
                if any(ab.kind == "triggered" and ab.on == on for ab in c.abilities)
            )
            for on in TRIGGERS
        }
        """Per trigger event, the cards with a triggered ability on it."""
        self.produces: dict[str, tuple[str, ...]] = {
            cid: ENERGY if c.produces == ("any",) or "any" in c.produces else c.produces
            for cid, c in cards.items()
        }
        """``produces``, by card id."""


_SETS: list[CardSets] = []


def card_sets() -> CardSets:
    if not _SETS:
        _SETS.append(CardSets(CARDS()))
    return _SETS[0]


def name(g: Game, oid: int) -> str:
    o = g.objs.get(oid)
    return cd(o).name if o else "a card"


def opponents(g: Game, p: int) -> list[int]:
    """The players still in the game on another team (without teams, every other player)."""
    if g.teams:
        return [q.seat for q in g.players if not q.lost and not same_team(g, p, q.seat)]
    return [q.seat for q in g.players if q.seat != p and not q.lost]


def seat_ref(p: int) -> str:
    return seat_label(p)


def ref_seat(ref: str) -> int | None:
    if ref.startswith("P") and ref[1:].isdigit():
        return int(ref[1:]) - 1
    return None


def rng_below(g: Game, n: int) -> int:
    r = Rng(g.rng)
    v = r.below(n)
    g.rng = r.state
    return v


def shuffle(g: Game, items: list[Any]) -> None:
    r = Rng(g.rng)
    r.shuffle(items)
    g.rng = r.state


# ------------------------------------------------------------------------------------ presence
def on_battlefield(o: ObjR | None) -> bool:
    return o is not None and o.zone in BATTLEFIELD


def is_active(g: Game, o: ObjR | None) -> bool:
    """On the battlefield, phased in, and (for artifacts) on top of its Artifact Stack (R23, K1)."""
    if o is None or o.zone not in BATTLEFIELD or o.phased_out:
        return False
    if o.zone == "artifact":
        arts = g.players[o.controller].artifacts
        return bool(arts) and arts[-1] == o.id
    return True


def is_entity(g: Game, o: ObjR | None) -> bool:
    return o is not None and o.zone == "field" and not o.phased_out and cd(o).type == "entity"


def entities(g: Game, p: int | None = None) -> list[Obj]:
    ent = card_sets().entity if fast.ON else None
    out = []
    for q in g.players:
        if p is not None and q.seat != p:
            continue
        for oid in q.field:
            o = g.objs[oid]
            if not o.phased_out and (o.card in ent if ent is not None else cd(o).type == "entity"):
                out.append(o)
    return out


def active_perms(g: Game, p: int) -> list[Obj]:
    pl = g.players[p]
    out = [g.objs[i] for i in pl.field if not g.objs[i].phased_out]
    out += [g.objs[i] for i in pl.slots if i]
    out += [g.objs[i] for i in pl.terrains]
    if pl.artifacts:
        top = g.objs[pl.artifacts[-1]]
        if not top.phased_out:
            out.append(top)
    return out


def entities_ro(g: Game, p: int | None = None) -> list[ObjR]:
    """``entities`` to read only: the same objects in the same order, none thawed (``reader``)."""
    objs = reader(g.objs)
    ent = card_sets().entity
    out: list[ObjR] = []
    for q in g.players:
        if p is not None and q.seat != p:
            continue
        for oid in q.field:
            o = objs[oid]
            if not o.phased_out and o.card in ent:
                out.append(o)
    return out


def active_perms_ro(g: Game, p: int) -> list[ObjR]:
    """``active_perms`` to read only: the same objects in the same order, none thawed (``reader``)."""
    objs = reader(g.objs)
    pl = g.players[p]
    out: list[ObjR] = [o for o in [objs[i] for i in pl.field] if not o.phased_out]
    out += [objs[i] for i in pl.slots if i]
    out += [objs[i] for i in pl.terrains]
    if pl.artifacts:
        top = objs[pl.artifacts[-1]]
        if not top.phased_out:
            out.append(top)
    return out


def active_perms_with(g: Game, p: int, cards: frozenset[str]) -> list[ObjR]:
    """``[o for o in active_perms_ro(g, p) if o.card in cards]``, same order, without the full list."""
    objs = reader(g.objs)
    pl = g.players[p]
    out: list[ObjR] = []
    for i in pl.field:
        o = objs[i]
        if o.card in cards and not o.phased_out:
            out.append(o)
    for i in pl.slots:
        if i:
            o = objs[i]
            if o.card in cards:
                out.append(o)
    for i in pl.terrains:
        o = objs[i]
        if o.card in cards:
            out.append(o)
    if pl.artifacts:
        o = objs[pl.artifacts[-1]]
        if o.card in cards and not o.phased_out:
            out.append(o)
    return out


def sick(g: Game, o: ObjR) -> bool:
    """Not controlled continuously since the start of its controller's most recent turn (R32, R44)."""
    return o.since_turn >= g.players[o.controller].turn_started


# --------------------------------------------------------------------------------- characteristics
@dataclass
class Stats:
    power: int
    health: int
    kws: set[str]
    cant_attack: bool = False
    cant_block: bool = False


def _apply_static(st: Stats, s: Static) -> None:
    st.power += s.power
    st.health += s.health
    st.kws.update(s.keywords)
    st.cant_attack |= s.cant_attack
    st.cant_block |= s.cant_block


class _Statics:
    """What ``stats`` needs of one card, worked out once per card id: its printed power, health
    and keywords with its "self" static abilities already added, its anthems, its "attached"
    abilities and its zone ability."""

    __slots__ = (
        "anthems",
        "attached",
        "cant_attack",
        "cant_block",
        "entity",
        "health",
        "kws",
        "power",
        "zone",
    )

    def __init__(self, c: CardDef) -> None:
        st = Stats(c.power, c.health, {f"{k} {p}".strip() for k, p in c.keywords})
        for s in c.static:
            if s.op == "self":
                _apply_static(st, s)
        self.power = st.power
        self.health = st.health
        self.kws = frozenset(st.kws)
        self.cant_attack = st.cant_attack
        self.cant_block = st.cant_block
        self.entity = c.type == "entity"
        self.anthems = tuple(s for s in c.static if s.op == "anthem")
        self.attached = tuple(s for s in c.static if s.op == "attached")
        self.zone = c.zone_ability


_STATICS: dict[str, _Statics] = {}


def _statics(cid: str) -> _Statics:
    info = _STATICS.get(cid)
    if info is None:
        info = _STATICS[cid] = _Statics(card(cid))
    return info


class Board:
    """The static abilities in play that reach other objects, gathered once for many ``stats``
    calls on an unchanging Game (a state-check pass, a memoised read-only copy): anthem sources
    per controller and "attached" abilities per object they are attached to."""

    __slots__ = ("anthems", "attached")

    def __init__(self, g: Game) -> None:
        objs = reader(g.objs)
        self.anthems: list[list[tuple[Obj | ObjS, tuple[Static, ...]]]] = []
        for pl in g.players:
            self.anthems.append(_anthem_sources(g, pl.seat))
        self.attached: dict[int, list[tuple[Static, ...]]] = {}
        for q in g.players:
            for aid in q.field:
                a = objs[aid]
                if a.attached_to and not a.phased_out:
                    statics = _statics(a.card).attached
                    if statics:
                        self.attached.setdefault(a.attached_to, []).append(statics)


def _anthem_sources(g: Game, p: int) -> list[tuple[Obj | ObjS, tuple[Static, ...]]]:
    """``active_perms(g, p)`` with an anthem, minus the Terrain Stack, which ``stats_plain`` skips
    (its objects are the ones in ``terrains``: only ``move`` puts a terrain there or takes one out).
    Read with ``reader``: gathering them thaws nothing."""
    objs = reader(g.objs)
    pl = g.players[p]
    out: list[tuple[Obj | ObjS, tuple[Static, ...]]] = []
    for i in pl.field:
        src = objs[i]
        if not src.phased_out and src.zone != "terrain":
            anthems = _statics(src.card).anthems
            if anthems:
                out.append((src, anthems))
    for i in pl.slots:
        if i:
            src = objs[i]
            if src.zone != "terrain":
                anthems = _statics(src.card).anthems
                if anthems:
                    out.append((src, anthems))
    if pl.artifacts:
        src = objs[pl.artifacts[-1]]
        if not src.phased_out and src.zone != "terrain":
            anthems = _statics(src.card).anthems
            if anthems:
                out.append((src, anthems))
    return out


def variant_anthems(g: Game, p: int) -> tuple[Static, ...]:
    """The anthems of the face-up rift (every entity, R160) and of the Ongoing schemes (the
    Overlord's entities, R154) that reach the entities ``p`` controls."""
    if not g.ongoing and not g.rifts:
        return ()
    return statics_reaching(p, overlord_seat(g), g.ongoing, g.rifts[0] if g.rifts else "")


def overlord_seat(g: Game) -> int:
    """The Galactic Overlord's seat (R150: the first), -1 in other variants."""
    return 0 if g.variant == "overlord" else -1


def board(g: Game) -> Board:
    """The ``Board`` of ``g``, remembered on a read-only Game's memo."""
    memo = g.memo
    if memo is None:
        return Board(g)
    b = memo.board
    if b is None:
        b = memo.board = Board(g)
    return cast(Board, b)


def stats(g: Game, o: ObjR, bd: Board | None = None) -> Stats:
    """The characteristics of ``o`` now: printed values, markers, "until end of turn" changes and
    every static ability that reaches it (R-anthems, Bonds and tech, zone abilities).

    ``bd``: the Game's ``Board`` when the caller has it. Equal to ``stats_plain`` (tested); on a
    read-only Game the result is remembered, so callers must not change it."""
    if not fast.ON:
        return stats_plain(g, o)
    memo = g.memo
    if memo is None:
        return _stats(g, o, bd)
    st = memo.stats.get(o.id)
    if st is None:
        st = memo.stats[o.id] = _stats(g, o, bd or board(g))
    return cast(Stats, st)


def _stats(g: Game, o: ObjR, bd: Board | None) -> Stats:
    info = _STATICS.get(o.card) or _statics(o.card)
    mod = o.count("+1/+1") - o.count("-1/-1") if o.counters else 0
    kws = set(info.kws)
    if o.eot_keywords:
        kws.update(o.eot_keywords)
    st = Stats(
        info.power + mod + o.eot_power,
        info.health + mod + o.eot_health,
        kws,
        info.cant_attack,
        info.cant_block,
    )
    if o.zone != "field":
        return st
    objs = reader(g.objs)
    slot = o.slot
    if slot == 1 or slot == 2:
        terrain = g.players[o.controller].slots[slot - 1]
        if terrain and info.entity:
            t = objs[terrain]
            za = _statics(t.card).zone
            if za is not None and not t.phased_out:
                _apply_static(st, za)
    if info.entity:
        sources = _anthem_sources(g, o.controller) if bd is None else bd.anthems[o.controller]
        for src, anthems in sources:
            if src.id == o.id:
                continue
            for s in anthems:
                if s.where == "all" or (src.slot == slot and src.zone == "field"):
                    _apply_static(st, s)
        if g.ongoing or g.rifts:
            for s in variant_anthems(g, o.controller):
                _apply_static(st, s)
    if bd is not None:
        for statics in bd.attached.get(o.id, ()):
            for s in statics:
                _apply_static(st, s)
        return st
    oid = o.id
    for q in g.players:
        for aid in q.field:
            a = objs[aid]
            if a.attached_to == oid and not a.phased_out:
                for s in _statics(a.card).attached:
                    _apply_static(st, s)
    return st


def stats_plain(g: Game, o: ObjR) -> Stats:
    """Characteristics the plain way: every static ability looked up afresh (the reference)."""
    c = cd(o)
    st = Stats(
        c.power + o.count("+1/+1") - o.count("-1/-1") + o.eot_power,
        c.health + o.count("+1/+1") - o.count("-1/-1") + o.eot_health,
        {f"{k} {p}".strip() for k, p in c.keywords},
    )
    st.kws.update(o.eot_keywords)
    for s in c.static:
        if s.op == "self":
            _apply_static(st, s)
    if o.zone != "field":
        return st
    pl = g.players[o.controller]
    terrain = pl.slots[o.slot - 1] if o.slot in (1, 2) else 0
    if terrain:
        za = cd(g.objs[terrain]).zone_ability
        if za is not None and c.type == "entity" and not g.objs[terrain].phased_out:
            _apply_static(st, za)
    for src in active_perms(g, o.controller):
        if src.id == o.id or src.zone == "terrain":
            continue
        for s in cd(src).static:
            if (
                s.op == "anthem"
                and c.type == "entity"
                and (s.where == "all" or (src.slot == o.slot and src.zone == "field"))
            ):
                _apply_static(st, s)
    if c.type == "entity":
        for s in variant_anthems(g, o.controller):
            _apply_static(st, s)
    # attachments can be controlled by anyone (a Bond cast on an opposing entity)
    for q in g.players:
        for aid in q.field:
            a = g.objs[aid]
            if a.attached_to == o.id and not a.phased_out:
                for s in cd(a).static:
                    if s.op == "attached":
                        _apply_static(st, s)
    return st


def has_kw(g: Game, o: ObjR, kw: str) -> bool:
    st = stats(g, o)
    return kw in st.kws


def kw_params(kws: set[str], kw: str) -> list[str]:
    out = []
    for k in kws:
        if k == kw:
            out.append("")
        elif k.startswith(kw + " "):
            out.append(k[len(kw) + 1 :])
    return out


def rampage(kws: set[str]) -> int:
    return sum(int(p) if p else 1 for p in kw_params(kws, "Rampage"))


def qualities(c: CardDef) -> set[str]:
    """A card's qualities for "Shield from X": the energy types in its cost."""
    return {code for code, _ in c.cost.typed}


def shield_from(kws: set[str]) -> set[str]:
    return {p[5:] for p in kw_params(kws, "Shield") if p.startswith("from ")}


# -------------------------------------------------------------------------------------- movement
LORD_HOME: frozenset[str] = frozenset({"void", "exile", "codex"})
"""Where a Star Lord would go that sends it to the Command zone instead (R144, D35); to a hand it
goes, and its owner then chooses whether it stays (``Game.lord_returns``)."""


def new_id(g: Game) -> int:
    i = g.next_id
    g.next_id += 1
    return i


def _remove_from_zone(g: Game, o: Obj) -> None:
    pl = g.players[o.controller if o.zone in BATTLEFIELD else o.owner]
    if o.zone == "active":
        pl.slots[o.slot - 1] = 0
        return
    lst = {
        "codex": pl.codex,
        "hand": pl.hand,
        "void": pl.void,
        "exile": pl.exile,
        "field": pl.field,
        "terrain": pl.terrains,
        "artifact": pl.artifacts,
        "command": pl.command,
    }.get(o.zone)
    if lst is not None and o.id in lst:
        lst.remove(o.id)


def move(
    g: Game,
    oid: int,
    dest: Zone,
    *,
    slot: int = 0,
    controller: int | None = None,
    top: bool = True,
    attach: int = 0,
) -> int:
    """Move a card to ``dest``; it becomes a new object with a new id (R3). Returns the new id (0 if it
    ceased to exist: a token leaving the battlefield, A35)."""
    o = g.objs[oid]
    src = o.zone
    if dest in LORD_HOME and o.card == g.players[o.owner].lord and not o.token:
        # R144: a Star Lord going to a Void, Exile or a Codex goes to the Command zone instead
        # (its owner may choose so: D35 says they always do; to a hand, they are asked)
        g.log(f"{cd(o).name} returns to {seat_ref(o.owner)}'s Command zone.")
        dest = "command"
    was_field = src in BATTLEFIELD
    if was_field and _deals_damage(o.card) and has_kw(g, o, "Lifelink"):
        g.lifelink_lki.append(oid)  # K12: its abilities still deal damage as it last was (D31)
    _remove_from_zone(g, o)
    del g.objs[oid]
    if o.token and was_field and dest not in BATTLEFIELD:
        _left_battlefield(g, o, dest)
        return 0
    ctrl = controller if controller is not None else o.owner
    if dest not in BATTLEFIELD and dest != "stack":
        ctrl = o.owner
    n = Obj(
        new_id(g),
        o.card,
        o.owner,
        ctrl,
        dest,
        slot=slot,
        token=o.token,
        attached_to=attach,
        since_turn=g.turn,
    )
    g.objs[n.id] = n
    pl = g.players[ctrl if dest in BATTLEFIELD else o.owner]
    if dest == "codex":
        if top:
            pl.codex.insert(0, n.id)
        else:
            pl.codex.append(n.id)
    elif dest == "hand":
        pl.hand.append(n.id)
        if o.card == pl.lord and not o.token:
            g.lord_returns.append(n.id)  # R144: the owner may still put it into the Command zone
    elif dest == "void":
        pl.void.append(n.id)
    elif dest == "exile":
        pl.exile.append(n.id)
    elif dest == "field":
        pl.field.append(n.id)
    elif dest == "terrain":
        pl.terrains.append(n.id)
    elif dest == "artifact":
        pl.artifacts.append(n.id)
    elif dest == "command":
        pl.command.append(n.id)
    elif dest == "active":
        old = pl.slots[slot - 1]
        if old:
            # R41: the pushed-out terrain keeps being the same object and its charged state
            g.objs[old].zone = "terrain"
            g.objs[old].slot = 0
            pl.terrains.append(old)
        pl.slots[slot - 1] = n.id
    if was_field:
        _left_battlefield(g, o, dest)
    if dest in BATTLEFIELD and not was_field:
        _entered(g, n)
    return n.id


@cache
def _deals_damage(card_id: str) -> bool:
    """Whether an ability of the card can deal damage (the only last known fact kept, D31)."""
    return any(e.op in ("damage", "script") for ab in card(card_id).abilities for e in ab.effects)


def lifelink_of(g: Game, src_id: int) -> bool:
    """Whether damage from the permanent ``src_id`` gains its controller life (K12): its Lifelink now
    if it is still on the battlefield, else as it last was there (D31). Spells (id 0) have none."""
    o = g.objs.get(src_id)
    if o is not None and o.zone in BATTLEFIELD:
        return has_kw(g, o, "Lifelink")
    return src_id in g.lifelink_lki


def _left_battlefield(g: Game, o: Obj, dest: str) -> None:
    c = cd(o)
    if c.type == "entity" and dest == "void":
        for i, ab in enumerate(c.abilities):
            if ab.kind == "triggered" and ab.on == "dies":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    # combat: a creature leaving is removed from combat by its id disappearing (R51)


def _entered(g: Game, n: Obj) -> None:
    c = cd(n)
    if c.has("Shield") and not c.kw_param("Shield"):
        n.add_counter("shield", 1)
    for i, ab in enumerate(c.abilities):
        if ab.kind == "triggered" and ab.on == "enters":
            g.triggers.append(Trig(n.controller, n.id, n.card, i))
    if c.type == "entity":
        allies = (
            active_perms_with(g, n.controller, card_sets().triggers_on["ally_enters"])
            if fast.ON
            else active_perms_ro(g, n.controller)
        )
        for other in allies:
            if other.id == n.id:
                continue
            for i, ab in enumerate(cd(other).abilities):
                if ab.kind == "triggered" and ab.on == "ally_enters":
                    g.triggers.append(Trig(other.controller, other.id, other.card, i))
        if g.ongoing or g.rifts:
            # R154/R160: the Overlord's Ongoing schemes see its entities enter, the rift everyone's
            ongoing = g.ongoing if n.controller == overlord_seat(g) else ()
            for cid, i in triggers_on("ally_enters", ongoing, g.rifts[0] if g.rifts else ""):
                g.triggers.append(Trig(n.controller, 0, cid, i))


def set_charged(g: Game, o: Obj, charged: bool) -> None:
    if o.charged and not charged:
        for i, ab in enumerate(cd(o).abilities):
            if ab.kind == "triggered" and ab.on == "uncharged":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    o.charged = charged


def draw(g: Game, p: int, n: int = 1) -> int:
    """Draw one card n times (R59); a draw from an empty Codex marks the player for R55(b)."""
    pl = g.players[p]
    drawn = 0
    for _ in range(n):
        if not pl.codex:
            pl.drew_empty = True
            g.log(f"{seat_ref(p)} must draw from an empty Codex.")
            break
        move(g, pl.codex[0], "hand")
        drawn += 1
    return drawn


# ----------------------------------------------------------------------------------------- damage
def deal_damage(
    g: Game, src_card: CardDef | None, lifelink: bool, controller: int, hits: list[tuple[str, int]]
) -> None:
    """Deal several damage amounts at the same time (R50). ``hits`` are (target ref, amount).

    Shield markers prevent all damage dealt to their permanent at once and are spent (K13); Shield
    from X prevents damage from X sources; Lifelink gains as the damage is dealt (K12)."""
    per: dict[str, int] = {}
    for ref, amount in hits:
        if amount > 0:
            per[ref] = per.get(ref, 0) + amount
    gained = 0
    for ref, amount in per.items():
        seat = ref_seat(ref)
        if seat is not None:
            change_life(g, seat, -amount)
            g.log(f"{seat_ref(seat)} takes {amount} damage ({g.players[seat].life} life).")
            gained += amount
            continue
        t = g.objs.get(int(ref))
        if t is None or not on_battlefield(t):
            continue
        st = stats(g, t)
        if src_card is not None and shield_from(st.kws) & qualities(src_card):
            g.log(f"{cd(t).name}'s shield prevents the damage.")
            continue
        if t.count("shield"):
            t.add_counter("shield", -1)
            g.log(f"{cd(t).name}'s Shield prevents {amount} damage and breaks.")
            continue
        t.damage += amount
        gained += amount
        g.log(f"{cd(t).name} takes {amount} damage.")
    if lifelink and gained:
        change_life(g, controller, gained)
        g.log(f"{seat_ref(controller)} gains {gained} life (Lifelink).")


def combat_hits_with_lifelink(g: Game, hits: list[tuple[Obj, str, int]]) -> None:
    """Combat damage: every hit of a pass at once (R50), Shield per target once (K13), Lifelink (K12)."""
    per: dict[str, list[tuple[Obj, int]]] = {}
    for src, ref, amount in hits:
        if amount > 0:
            per.setdefault(ref, []).append((src, amount))
    gains: dict[int, int] = {}
    for ref, items in per.items():
        seat = ref_seat(ref)
        dealt: list[tuple[Obj, int]] = []
        if seat is not None:
            total = sum(a for _, a in items)
            change_life(g, seat, -total)
            g.log(f"{seat_ref(seat)} takes {total} combat damage ({g.players[seat].life} life).")
            dealt = items
            for src, a in items:
                if src.card == g.players[src.owner].lord:
                    _lord_hit(g, seat, src.owner, a)
        else:
            t = g.objs.get(int(ref))
            if t is None or not on_battlefield(t):
                continue
            sf = shield_from(stats(g, t).kws)
            items = [(s, a) for s, a in items if not (sf & qualities(cd(s)))]
            if not items:
                continue
            if t.count("shield"):
                t.add_counter("shield", -1)
                g.log(f"{cd(t).name}'s Shield prevents {sum(a for _, a in items)} damage and breaks.")
                continue
            t.damage += sum(a for _, a in items)
            g.log(f"{cd(t).name} takes {sum(a for _, a in items)} combat damage.")
            dealt = items
        for s, a in dealt:
            if has_kw(g, s, "Lifelink"):
                gains[s.controller] = gains.get(s.controller, 0) + a
    for p, n in sorted(gains.items()):
        change_life(g, p, n)
        g.log(f"{seat_ref(p)} gains {n} life (Lifelink).")


def _lord_hit(g: Game, seat: int, owner: int, amount: int) -> None:
    """R145: count the combat damage ``owner``'s Star Lord deals player ``seat``."""
    pl = g.players[seat]
    taken = dict(pl.lord_damage)
    taken[owner] = taken.get(owner, 0) + amount
    pl.lord_damage = sorted(taken.items())


def destroy(g: Game, o: Obj) -> bool:
    """Destroy a permanent: Invincible ignores it (K10), a Shield marker prevents it once (K13)."""
    if has_kw(g, o, "Invincible"):
        g.log(f"{cd(o).name} is Invincible.")
        return False
    if o.count("shield"):
        o.add_counter("shield", -1)
        g.log(f"{cd(o).name}'s Shield prevents its destruction and breaks.")
        return False
    g.log(f"{cd(o).name} is destroyed.")
    move(g, o.id, "void")
    return True


# ----------------------------------------------------------------------------------------- energy
def energy_sources(g: Game, p: int) -> list[ObjR]:
    """Uncharged active permanents of ``p`` with an energy ability (R28, R31, R32); to read only
    (remembered on a read-only Game: callers must not change the list)."""
    memo = g.memo
    if memo is None or not fast.ON:
        return _energy_sources(g, p)
    out = memo.sources.get(p)
    if out is None:
        out = memo.sources[p] = _energy_sources(g, p)
    return out


def _energy_sources(g: Game, p: int) -> list[ObjR]:
    sets = card_sets()
    entity = sets.entity
    out = []
    for o in active_perms_with(g, p, sets.producer):
        if o.charged:
            continue
        if o.card in entity and sick(g, o) and not has_kw(g, o, "Swift"):
            continue
        out.append(o)
    return out


def _sources_by_width(g: Game, p: int) -> list[ObjR]:
    """``energy_sources`` single-type first, then by id (each id once, so the order is total and
    filtering one out afterwards gives what filtering first would); remembered on a read-only Game."""
    memo = g.memo
    key = -1 - p  # memo.sources holds energy_sources under p, this order under -1 - p
    if memo is not None and fast.ON:
        out = memo.sources.get(key)
        if out is not None:
            return out
    out = sorted(energy_sources(g, p), key=lambda s: (len(produces(s)), s.id))
    if memo is not None and fast.ON:
        memo.sources[key] = out
    return out


def produces(o: ObjR) -> tuple[str, ...]:
    return card_sets().produces[o.card]


def plan_payment(
    g: Game, p: int, cost: Cost, x: int, *, extra_generic: int = 0, exclude: int = 0
) -> list[tuple[int, str]] | str:
    """Which sources to charge (and for which type) to pay ``cost`` with X = ``x``, after spending
    the pool first. Returns the plan or a sentence saying why it cannot be paid (R27, R34)."""
    pool = g.players[p].pool_dict()
    need = cost.typed_dict()
    generic = cost.generic + x + extra_generic
    for code in list(need):
        use = min(pool.get(code, 0), need[code])
        pool[code] = pool.get(code, 0) - use
        need[code] -= use
    sources = [s for s in _sources_by_width(g, p) if s.id != exclude]
    plan: list[tuple[int, str]] = []
    used: set[int] = set()
    for code in ENERGY:
        for _ in range(need.get(code, 0)):
            src = next((s for s in sources if s.id not in used and code in produces(s)), None)
            if src is None:
                have = sum(1 for s in sources if code in produces(s)) + g.players[p].pool_dict().get(code, 0)
                return (
                    f"you need {cost.typed_dict()[code]} {ENERGY_NAMES[code]} energy and can make only {have}"
                )
            used.add(src.id)
            plan.append((src.id, code))
    left = sum(pool.values())
    generic -= min(left, generic)
    rest = [s for s in sources if s.id not in used]
    # spend on generic the sources whose type is least useful: plentiful single-type terrains first
    counts: dict[str, int] = {}
    for s in rest:
        for code in produces(s):
            counts[code] = counts.get(code, 0) + 1
    rest.sort(key=lambda s: (len(produces(s)) > 1, -counts.get(produces(s)[0], 0), s.id))
    if generic > len(rest):
        avail = len(rest) + left + sum(n for _, n in cost.typed)
        return f"it costs {cost.total + x + extra_generic} energy and you have only {avail} available"
    for s in rest[:generic]:
        plan.append((s.id, produces(s)[0]))
    return plan


def can_pay(g: Game, p: int, cost: Cost, x: int, *, extra_generic: int = 0, exclude: int = 0) -> bool:
    """``isinstance(plan_payment(...), list)``: the same pool spending and the same greedy choice
    of typed sources (where a plan can fail), then only the count of sources left for the generic
    part (which sources pay it does not change whether they suffice)."""
    if not fast.ON:
        return isinstance(plan_payment(g, p, cost, x, extra_generic=extra_generic, exclude=exclude), list)
    pool = dict(g.players[p].pool)
    generic = cost.generic + x + extra_generic
    sources = [s for s in _sources_by_width(g, p) if s.id != exclude]
    used: set[int] = set()
    if cost.typed:
        need = cost.typed_dict()
        for code in list(need):
            use = min(pool.get(code, 0), need[code])
            pool[code] = pool.get(code, 0) - use
            need[code] -= use
        produce = card_sets().produces
        for code in ENERGY:
            for _ in range(need.get(code, 0)):
                src = next((s for s in sources if s.id not in used and code in produce[s.card]), None)
                if src is None:
                    return False
                used.add(src.id)
    left = sum(pool.values())
    generic -= min(left, generic)
    return generic <= len(sources) - len(used)


def available_energy(g: Game, p: int) -> int:
    return len(energy_sources(g, p)) + sum(n for _, n in g.players[p].pool)


def charge_source(g: Game, o: Obj, code: str) -> None:
    if code not in produces(o):
        raise IllegalAction(f"{cd(o).name} cannot make {ENERGY_NAMES.get(code, code)} energy.")
    set_charged(g, o, True)
    pl = g.players[o.controller]
    pool = pl.pool_dict()
    pool[code] = pool.get(code, 0) + 1
    pl.set_pool(pool)


def pay(g: Game, p: int, cost: Cost, x: int, what: str, *, extra_generic: int = 0, exclude: int = 0) -> None:
    plan = plan_payment(g, p, cost, x, extra_generic=extra_generic, exclude=exclude)
    if isinstance(plan, str):
        raise IllegalAction(f"You can't pay for {what}: {plan}.")
    for oid, code in plan:
        charge_source(g, g.objs[oid], code)
    pl = g.players[p]
    pool = pl.pool_dict()
    for code, n in cost.typed:
        pool[code] -= n
    generic = cost.generic + x + extra_generic
    for code in ENERGY:
        use = min(pool.get(code, 0), generic)
        if use:
            pool[code] -= use
            generic -= use
    assert generic == 0 and all(v >= 0 for v in pool.values())
    pl.set_pool(pool)


def empty_pools(g: Game) -> None:
    for pl in g.players:
        pl.pool = []


# ---------------------------------------------------------------------------------------- targets
def target_ok(g: Game, spec: TargetSpec, ref: str, controller: int, src: CardDef) -> bool:
    seat = ref_seat(ref)
    if seat is not None:
        if spec.kind not in ("any", "player") or seat >= len(g.players) or g.players[seat].lost:
            return False
        if "opp" in spec.filters and same_team(g, seat, controller):
            return False
        return not ("own" in spec.filters and seat != controller)
    if not ref.isdigit():
        return False
    o = reader(g.objs).get(int(ref))
    if o is None:
        return False
    if spec.kind == "spell":
        return o.zone == "stack" and any(it.kind == "spell" and it.source == o.id for it in g.stack)
    if not is_active(g, o):
        return False
    c = cd(o)
    kind = spec.kind
    if kind in ("any", "entity") and c.type != "entity":
        return False
    if kind == "player":
        return False
    if kind == "permanent" and c.type == "terrain":
        return False
    if kind == "artifact" and c.type != "artifact":
        return False
    if kind == "nonentity" and c.type in ("entity", "terrain"):
        return False
    if "opp" in spec.filters and same_team(g, o.controller, controller):
        return False
    if "own" in spec.filters and o.controller != controller:
        return False
    if "charged" in spec.filters and not o.charged:
        return False
    if "uncharged" in spec.filters and o.charged:
        return False
    st = stats(g, o) if c.type == "entity" else Stats(0, 0, {f"{k} {p}".strip() for k, p in c.keywords})
    if "soaring" in spec.filters and "Soaring" not in st.kws:
        return False
    for f in spec.filters:
        if f.startswith("maxcost") and c.cost.total > int(f[7:]):
            return False
        if f.startswith("maxpower") and st.power > int(f[8:]):
            return False
    if "Cloaking" in st.kws and not same_team(g, o.controller, controller):
        # K9: only its controller's opponents are stopped, and a teammate is not one (R123)
        return False
    return not (shield_from(st.kws) & qualities(src))


def target_options(
    g: Game, spec: TargetSpec, controller: int, src: CardDef, exclude: tuple[str, ...] = ()
) -> list[str]:
    if not fast.ON:
        return target_options_plain(g, spec, controller, src, exclude)
    return [
        r for r in target_candidates(g, spec) if r not in exclude and target_ok(g, spec, r, controller, src)
    ]


def target_options_plain(
    g: Game, spec: TargetSpec, controller: int, src: CardDef, exclude: tuple[str, ...] = ()
) -> list[str]:
    """``target_options`` the plain way: every ref asked of ``target_ok`` (the reference)."""
    refs: list[str] = []
    if spec.kind in ("any", "player"):
        refs += [seat_ref(q.seat) for q in g.players]
    if spec.kind == "spell":
        refs += [str(it.source) for it in g.stack if it.kind == "spell"]
    elif spec.kind != "player":
        for q in g.players:
            refs += [str(o.id) for o in active_perms_ro(g, q.seat)]
    return [r for r in refs if r not in exclude and target_ok(g, spec, r, controller, src)]


def target_candidates(g: Game, spec: TargetSpec) -> Iterator[str]:
    """The refs ``target_options_plain`` asks about, in its order, less the permanents whose card
    type ``target_ok`` refuses for this kind before anything else (it would say False)."""
    kind = spec.kind
    if kind in ("any", "player"):
        for q in g.players:
            yield seat_ref(q.seat)
    if kind == "spell":
        for it in g.stack:
            if it.kind == "spell":
                yield str(it.source)
        return
    if kind == "player":
        return
    sets = card_sets()
    cards = sets.targetable.get(kind, sets.all)
    for q in g.players:
        for o in active_perms_with(g, q.seat, cards):
            yield str(o.id)


def any_target(g: Game, spec: TargetSpec, controller: int, src: CardDef) -> bool:
    """``bool(target_options(g, spec, controller, src))``, stopping at the first legal target."""
    return any(target_ok(g, spec, r, controller, src) for r in target_candidates(g, spec))


def describe_ref(g: Game, ref: str) -> str:
    seat = ref_seat(ref)
    if seat is not None:
        return seat_ref(seat)
    if ref == "none":
        return "nothing"
    o = g.objs.get(int(ref)) if ref.isdigit() else None
    return cd(o).name if o else "a card"
