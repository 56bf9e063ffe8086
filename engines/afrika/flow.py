"""Turn structure, priority, the stack, combat and state checks on the working copy (§2, §3.7-3.10).

``legal(g, p)`` lists what ``p`` may do now; ``perform(g, p, a)`` does one action (raising
IllegalAction with a player-facing sentence) and ``settle(g)`` then runs the game forward through
turn-based actions, state checks and triggers until somebody must decide something.
"""

from __future__ import annotations

from ..core import IllegalAction
from .actions import AfrikaAction, act
from .cards import ENERGY, ENERGY_NAMES, Ability, CardDef, Cost, TargetSpec, card, parse_cost
from .effects import Ctx, check_cond, matches, run_effects, start_discards
from .rules import (
    HAND_MAX,
    active_perms,
    available_energy,
    cd,
    charge_source,
    combat_hits_with_lifelink,
    describe_ref,
    destroy,
    draw,
    empty_pools,
    energy_sources,
    entities,
    has_kw,
    is_active,
    is_entity,
    kw_params,
    move,
    name,
    on_battlefield,
    opponents,
    pay,
    plan_payment,
    produces,
    qualities,
    rampage,
    seat_ref,
    set_charged,
    shield_from,
    shuffle,
    sick,
    stats,
    target_ok,
    target_options,
)
from .state import Choice, Game, Item, Obj, Trig

STEPS = (
    "recharge",
    "sustenance",
    "insight",
    "explore1",
    "dawn",
    "mobilize",
    "defenses",
    "clash1",
    "clash",
    "aftermath",
    "explore2",
    "dusk",
    "restoration",
)
STEP_NAMES = {
    "setup": "Setup",
    "recharge": "Recharge step",
    "sustenance": "Sustenance step",
    "insight": "Cosmic Insight step",
    "explore1": "Exploration phase",
    "dawn": "Dawn of Conflict step",
    "mobilize": "Mobilize Forces step",
    "defenses": "Establish Defenses step",
    "clash1": "Clash of Forces (First Attack)",
    "clash": "Clash of Forces step",
    "aftermath": "Aftermath step",
    "explore2": "Second Exploration phase",
    "dusk": "Dusk step",
    "restoration": "Restoration step",
    "over": "Game over",
}
MAIN = ("explore1", "explore2")
EQUIP, TRAVEL = -2, -3
MAX_X = 20


# =========================================================================================== helpers
def alive_players(g: Game) -> list[int]:
    return [q.seat for q in g.players if not q.lost]


def next_seat(g: Game, p: int) -> int:
    n = len(g.players)
    for i in range(1, n + 1):
        q = (p + i) % n
        if not g.players[q].lost:
            return q
    return p


def _distinct_by_card(g: Game, ids: list[int]) -> list[int]:
    seen: set[str] = set()
    out = []
    for i in ids:
        c = g.objs[i].card
        if c not in seen:
            seen.add(c)
            out.append(i)
    return out


def is_quick(c: CardDef) -> bool:
    return c.spell_kind == "quickplay" or c.has("Warp")


def sorcery_time(g: Game, p: int) -> bool:
    return p == g.active and g.step in MAIN and not g.stack and g.choice is None


def activated(c: CardDef) -> list[tuple[int, Ability]]:
    return [(i, a) for i, a in enumerate(c.abilities) if a.kind == "activated"]


def _targets_possible(g: Game, specs: tuple[TargetSpec, ...], p: int, src: CardDef) -> bool:
    return all(s.optional or target_options(g, s, p, src) for s in specs)


def can_cast(g: Game, p: int, o: Obj) -> str:
    """'' if ``p`` may cast the card ``o`` from hand now, else the reason (a player-facing sentence)."""
    c = cd(o)
    if o.zone != "hand" or o.owner != p:
        return "That card is not in your hand."
    if c.type == "terrain":
        return "Terrains are played, not cast (use the terrain move)."
    if not is_quick(c) and not sorcery_time(g, p):
        return (
            f"{c.name} can be cast only in your own Exploration phase while the stack is empty "
            "(it is not quick-play)."
        )
    if c.targets and not _targets_possible(g, c.targets, p, c):
        return f"{c.name} has no legal target."
    plan = plan_payment(g, p, c.cost, 0)
    if isinstance(plan, str):
        return f"You can't pay for {c.name}: {plan}."
    return ""


def equip_cost(c: CardDef) -> Cost:
    return parse_cost(c.kw_param("Equip"))


def can_activate(g: Game, p: int, o: Obj, key: int) -> str:
    c = cd(o)
    if o.controller != p or not is_active(g, o):
        return "You don't control that permanent."
    if key == EQUIP:
        if not c.has("Equip"):
            return f"{c.name} has no Equip ability."
        if not sorcery_time(g, p):
            return "Equip can be used only in your Exploration phase while the stack is empty."
        spec = TargetSpec("entity", ("own",))
        if not [r for r in target_options(g, spec, p, c) if int(r) != o.attached_to]:
            return "You control no entity to equip."
        plan = plan_payment(g, p, equip_cost(c), 0)
        return f"You can't pay for Equip: {plan}." if isinstance(plan, str) else ""
    if key == TRAVEL:
        if c.type != "vehicle":
            return f"{c.name} is not a vehicle."
        if not sorcery_time(g, p):
            return "Travel can be used only in your Exploration phase while the stack is empty."
        return f"{c.name} is charged." if o.charged else ""
    if not 0 <= key < len(c.abilities) or c.abilities[key].kind != "activated":
        return f"{c.name} has no such ability."
    ab = c.abilities[key]
    if ab.timing == "sorcery" and not sorcery_time(g, p):
        return "That ability can be used only in your Exploration phase while the stack is empty."
    if ab.charge:
        if o.charged:
            return f"{c.name} is already charged."
        if c.type == "entity" and sick(g, o) and not has_kw(g, o, "Swift"):
            return f"{c.name} has not been under your control since the start of your turn."
    if ab.targets and not _targets_possible(g, ab.targets, p, c):
        return "That ability has no legal target."
    plan = plan_payment(g, p, ab.cost, 0, exclude=o.id if ab.charge else 0)
    return f"You can't pay for that ability: {plan}." if isinstance(plan, str) else ""


# ======================================================================================= legal moves
def legal(g: Game, p: int) -> list[AfrikaAction]:
    if g.over:
        return []
    ch = g.choice
    if ch is not None:
        return choice_actions(g, ch) if ch.player == p else []
    if g.priority != p:
        return []
    return priority_actions(g, p)


def priority_actions(g: Game, p: int) -> list[AfrikaAction]:
    out = [act("pass", label="Pass")]
    pl = g.players[p]
    if sorcery_time(g, p) and not g.terrain_played:
        for oid in _distinct_by_card(g, [i for i in pl.hand if cd(g.objs[i]).type == "terrain"]):
            nm = cd(g.objs[oid]).name
            out.append(act("terrain", oid, "s", f"Play {nm} to the Terrain Stack"))
            out.append(act("terrain", oid, "1", f"Play {nm} as Zone 1's active terrain"))
            out.append(act("terrain", oid, "2", f"Play {nm} as Zone 2's active terrain"))
    for oid in _distinct_by_card(g, [i for i in pl.hand if cd(g.objs[i]).type != "terrain"]):
        o = g.objs[oid]
        if can_cast(g, p, o):
            continue
        c = cd(o)
        if c.places_in_zone:
            out.append(act("cast", oid, "1", f"Cast {c.name} into Zone 1"))
            out.append(act("cast", oid, "2", f"Cast {c.name} into Zone 2"))
        else:
            out.append(act("cast", oid, "", f"Cast {c.name}"))
    for o in active_perms(g, p):
        c = cd(o)
        for i, _ab in activated(c):
            if not can_activate(g, p, o, i):
                out.append(act("act", o.id, i, f"Activate {c.name}" + (f" ({i + 1})" if i else "")))
        if c.has("Equip") and not can_activate(g, p, o, EQUIP):
            out.append(act("act", o.id, "equip", f"Equip {c.name}"))
        if c.type == "vehicle" and not can_activate(g, p, o, TRAVEL):
            out.append(act("act", o.id, "travel", f"Travel with {c.name}"))
    for s in _distinct_sources(g, p):
        codes = produces(s)
        if len(codes) == 1:
            out.append(act("charge", s.id, "", f"Charge {cd(s).name} for {ENERGY_NAMES[codes[0]]} energy"))
        else:
            for code in codes:
                out.append(act("charge", s.id, code, f"Charge {cd(s).name} for {ENERGY_NAMES[code]} energy"))
    return out


def _distinct_sources(g: Game, p: int) -> list[Obj]:
    """One uncharged source per card name: identical terrains make identical buttons (any copy may
    still be charged by id, see ``_equivalent``)."""
    seen: set[str] = set()
    out = []
    for o in energy_sources(g, p):
        if o.card not in seen:
            seen.add(o.card)
            out.append(o)
    return out


def _equivalent(g: Game, p: int, a: AfrikaAction, listed: list[AfrikaAction]) -> bool:
    """A move naming another copy of a listed card (same card, same place) is the same move."""
    if a.kind not in ("cast", "terrain", "discard", "charge") or not a.a.isdigit():
        return False
    o = g.objs.get(int(a.a))
    if o is None:
        return False
    if a.kind == "charge":
        return any(s.id == o.id for s in energy_sources(g, p)) and (not a.b or a.b in produces(o))
    for b in listed:
        if b.kind == a.kind and b.b == a.b and b.a.isdigit():
            r = g.objs[int(b.a)]
            if (r.card, r.zone, r.owner, r.controller) == (o.card, o.zone, o.owner, o.controller):
                return True
    return False


def _cast_need(g: Game, ch: Choice) -> str:
    specs, has_x, modes = _cast_shape(g, ch)
    if has_x and ch.x < 0:
        return "x"
    if modes and ch.mode < 0:
        return "mode"
    if len(ch.targets) < len(specs):
        return "target"
    return ""


def _cast_shape(g: Game, ch: Choice) -> tuple[tuple[TargetSpec, ...], bool, int]:
    c = card(ch.card)
    if ch.item == "spell":
        return c.targets, c.cost.x, len(c.modes)
    if ch.ability == EQUIP:
        return (TargetSpec("entity", ("own",)),), False, 0
    if ch.ability == TRAVEL:
        return (TargetSpec("entity", ("own",), optional=True),), False, 0
    ab = c.abilities[ch.ability]
    return ab.targets, ab.cost.x, 0


def _cast_targets(g: Game, ch: Choice) -> list[str]:
    specs, _, _ = _cast_shape(g, ch)
    spec = specs[len(ch.targets)]
    c = card(ch.card)
    opts = target_options(g, spec, ch.player, c, tuple(ch.targets))
    if ch.ability == EQUIP:
        opts = [r for r in opts if g.objs[int(r)].id != g.objs[ch.obj].attached_to]
    if ch.ability == TRAVEL:
        v = g.objs[ch.obj]
        opts = [r for r in opts if g.objs[int(r)].slot == v.slot]
    if spec.optional:
        opts.append("none")
    return opts


def _max_x(g: Game, ch: Choice) -> int:
    c = card(ch.card)
    cost = c.cost if ch.item == "spell" else c.abilities[ch.ability].cost
    avail = available_energy(g, ch.player) - cost.total
    best = 0
    for x in range(1, min(MAX_X, max(0, avail)) + 1):
        if isinstance(plan_payment(g, ch.player, cost, x), list):
            best = x
    return best


def choice_actions(g: Game, ch: Choice) -> list[AfrikaAction]:
    k = ch.kind
    if k == "first":
        return [act("go", "1st", label="Go first"), act("go", "2nd", label="Go second")]
    if k == "mulligan":
        n = len(g.players[ch.player].hand)
        return [act("keep", label=f"Keep {n} cards"), act("mull", label=f"Mulligan to {max(0, n - 1)}")]
    if k == "cast":
        need = _cast_need(g, ch)
        out: list[AfrikaAction] = []
        if need == "x":
            out = [act("x", x, label=f"X = {x}") for x in range(_max_x(g, ch) + 1)]
        elif need == "mode":
            out = [act("mode", i, label=f"Mode {i + 1}") for i in range(len(card(ch.card).modes))]
        elif need == "target":
            out = [act("target", r, label=f"Target {describe_ref(g, r)}") for r in _cast_targets(g, ch)]
            if not out and ch.item == "trigger":
                out = [
                    act("target", "none", label="No legal target")
                ]  # never a dead end (R1: do what you can)
        if ch.item != "trigger":
            out.append(act("cancel", label="Cancel"))
        return out
    if k == "attackers":
        if ch.obj:
            return [
                act("at", r, label=f"Attack {describe_ref(g, r)}") for r in attack_targets(g, g.objs[ch.obj])
            ]
        out = [
            act("atk", o.id, label=f"Attack with {cd(o).name}")
            for o in possible_attackers(g)
            if o.id not in g.attackers
        ]
        out.append(act("done", label="Done declaring attackers" if g.attackers else "No attack"))
        return out
    if k == "blockers":
        if ch.obj:
            return [act("on", a, label=f"Block {name(g, a)}") for a in blockable(g, g.objs[ch.obj])]
        out = [
            act("blk", o.id, label=f"Block with {cd(o).name}")
            for o in entities(g, ch.player)
            if o.id not in g.blockers and blockable(g, o)
        ]
        out.append(act("done", label="Done declaring blockers" if g.blockers else "No blocks"))
        return out
    if k == "order":
        rest = [b for b in ch.ids if b not in g.order.get(ch.obj, [])]
        return [act("first", b, label=f"{name(g, b)} next in damage order") for b in rest]
    if k == "assign":
        return [act("dmg", n, label=f"{n} damage to {name(g, b)}") for n, b in _assign_options(g, ch)]
    if k == "discard":
        hand = g.players[ch.player].hand
        return [act("discard", i, label=f"Discard {name(g, i)}") for i in _distinct_by_card(g, hand)]
    if k == "legend":
        return [act("pick", i, label=f"Keep this {name(g, i)} (#{i})") for i in ch.ids]
    if k == "trigger_order":
        return [
            act("trigger", i, label=f"Put {card(g.triggers[i].card).name}'s ability on the stack next")
            for i in trigger_options(g, ch.player)
        ]
    if k == "pick":
        if ch.stage == "bottom":
            return [act("bottom", i, label=f"Put {name(g, i)} on the bottom next") for i in ch.ids]
        return [act("pick", i, label=f"Take {name(g, i)}") for i in pick_options(g, ch)] + [
            act("pick", "none", label="Take nothing")
        ]
    return []


def pick_options(g: Game, ch: Choice) -> list[int]:
    flt = ch.card.split("|")[0]
    if ch.item == "look":
        return [i for i in ch.ids if matches(cd(g.objs[i]), flt)]
    zone = g.players[ch.player].codex if ch.item == "search" else g.players[ch.player].void
    return _distinct_by_card(g, [i for i in zone if matches(cd(g.objs[i]), flt)])[:24]


# ============================================================================================ combat
def can_attack(g: Game, o: Obj) -> bool:
    if not is_entity(g, o) or o.controller != g.active or o.charged:
        return False
    st = stats(g, o)
    if "Guardianship" in st.kws or st.cant_attack:
        return False
    return not (sick(g, o) and "Swift" not in st.kws and "Rush" not in st.kws)


def possible_attackers(g: Game) -> list[Obj]:
    return [o for o in entities(g, g.active) if can_attack(g, o) and attack_targets(g, o)]


def attack_targets(g: Game, o: Obj) -> list[str]:
    st = stats(g, o)
    rush_only = sick(g, o) and "Swift" not in st.kws
    refs: list[str] = []
    for q in opponents(g, o.controller):
        if not rush_only:
            refs.append(seat_ref(q))
        refs += [str(e.id) for e in entities(g, q)]
    return refs


def defender_of(g: Game, ref: str) -> int:
    if ref.startswith("P"):
        return int(ref[1:]) - 1
    o = g.objs.get(int(ref))
    return o.controller if o is not None else -1


def controls_terrain_type(g: Game, p: int, code: str) -> bool:
    pl = g.players[p]
    return any(
        code in cd(g.objs[t]).produces or code in cd(g.objs[t]).subtypes
        for t in [*pl.terrains, *[s for s in pl.slots if s]]
    )


def can_block(g: Game, blocker: Obj, attacker: Obj) -> bool:
    if attacker.id not in g.attackers or not is_entity(g, attacker):
        return False
    if defender_of(g, g.attackers[attacker.id]) != blocker.controller:
        return False
    bst, ast = stats(g, blocker), stats(g, attacker)
    if bst.cant_block:
        return False
    if "Soaring" in ast.kws and not ({"Soaring", "Aerial"} & bst.kws):
        return False
    for code in kw_params(ast.kws, "Terrainwalk"):
        if controls_terrain_type(g, blocker.controller, code):
            return False
    return not (shield_from(ast.kws) & qualities(cd(blocker)))


def blockable(g: Game, blocker: Obj) -> list[int]:
    if not is_entity(g, blocker) or blocker.charged:
        return []
    return [a for a in g.attackers if a in g.objs and can_block(g, blocker, g.objs[a])]


def _attacker_alive(g: Game, aid: int) -> bool:
    o = g.objs.get(aid)
    return o is not None and is_entity(g, o) and o.controller == g.active


def _blocker_alive(g: Game, bid: int) -> bool:
    o = g.objs.get(bid)
    return o is not None and is_entity(g, o) and o.controller != g.active


def _target_alive(g: Game, ref: str) -> bool:
    if ref.startswith("P"):
        return not g.players[int(ref[1:]) - 1].lost
    o = g.objs.get(int(ref))
    return o is not None and is_entity(g, o) and o.controller != g.active


def finish_attackers(g: Game) -> None:
    for aid, ref in g.attackers.items():
        o = g.objs[aid]
        if not has_kw(g, o, "Alertness"):
            set_charged(g, o, True)
        g.log(f"{seat_ref(g.active)} attacks {describe_ref(g, ref)} with {cd(o).name}.", "attack", g.active)
        for i, ab in enumerate(cd(o).abilities):
            if ab.kind == "triggered" and ab.on == "attacks":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    if not g.attackers:
        g.log(f"{seat_ref(g.active)} does not attack.", "attack", g.active)
    g.choice = None
    g.priority = g.active


def finish_blockers(g: Game) -> None:
    for bid, aid in g.blockers.items():
        g.log(
            f"{seat_ref(g.objs[bid].controller)} blocks {name(g, aid)} with {name(g, bid)}.",
            "block",
            g.objs[bid].controller,
        )
        g.order.setdefault(aid, []).append(bid)
        o = g.objs[bid]
        for i, ab in enumerate(cd(o).abilities):
            if ab.kind == "triggered" and ab.on == "blocks":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    for aid, bl in g.order.items():
        a = g.objs[aid]
        n = rampage(stats(g, a).kws)
        if n and len(bl) > 1:
            bonus = n * (len(bl) - 1)
            a.eot_power += bonus
            a.eot_health += bonus
            g.log(f"{cd(a).name} rampages: +{bonus}/+{bonus} until end of turn.", "pump")
    g.choice = None
    _next_order(g)


def _next_order(g: Game) -> None:
    for aid, bl in g.order.items():
        if len(bl) > 1 and aid not in g.assign:
            # g.assign doubles as "ordered" marker during Establish Defenses; cleared before damage
            g.choice = Choice("order", g.active, obj=aid, ids=list(bl))
            g.order[aid] = []
            return
    g.assign.clear()
    g.choice = None
    g.priority = g.active


def _lethal(g: Game, bid: int) -> int:
    o = g.objs[bid]
    return max(1, stats(g, o).health - o.damage)


def _assign_options(g: Game, ch: Choice) -> list[tuple[int, int]]:
    aid = ch.ids[0]
    a = g.objs[aid]
    blockers = [b for b in g.order[aid] if _blocker_alive(g, b)]
    power = max(0, stats(g, a).power)
    trample = has_kw(g, a, "Trample")
    i = len(ch.nums)
    rest = power - sum(ch.nums)
    b = blockers[i]
    if i == len(blockers) - 1 and not trample:
        return [(rest, b)]
    lo = min(_lethal(g, b), rest)
    return [(n, b) for n in range(lo, rest + 1)]


def _needs_assignment(g: Game, aid: int) -> bool:
    blockers = [b for b in g.order.get(aid, []) if _blocker_alive(g, b)]
    if not blockers:
        return False
    a = g.objs[aid]
    power = stats(g, a).power
    if power <= 0:
        return False
    return len(blockers) > 1 or has_kw(g, a, "Trample")


def _dealers(g: Game, first_pass: bool) -> list[int]:
    ids = [a for a in g.attackers if _attacker_alive(g, a)] + [b for b in g.blockers if _blocker_alive(g, b)]
    if not g.clash_first:
        return ids
    if first_pass:
        return [i for i in ids if has_kw(g, g.objs[i], "First Attack")]
    return [i for i in ids if i not in g.first_dealt and not has_kw(g, g.objs[i], "First Attack")]


def start_damage(g: Game, first_pass: bool) -> None:
    dealers = _dealers(g, first_pass)
    queue = [a for a in g.attackers if a in dealers and _needs_assignment(g, a)]
    g.assign.clear()
    if queue:
        g.choice = Choice("assign", g.active, ids=queue, stage="1" if first_pass else "2")
        _auto_assign(g)  # deals the damage itself once every assignment is made
        return
    deal_pass(g, first_pass)


def _auto_assign(g: Game) -> None:
    """Fill forced assignments; move to the next attacker; deal damage when every choice is made."""
    ch = g.choice
    assert ch is not None
    while ch.ids:
        aid = ch.ids[0]
        blockers = [b for b in g.order[aid] if _blocker_alive(g, b)]
        a = g.objs[aid]
        power = max(0, stats(g, a).power)
        if len(ch.nums) == len(blockers):
            g.assign[aid] = [*list(ch.nums), power - sum(ch.nums)]
            ch.ids.pop(0)
            ch.nums = []
            continue
        opts = _assign_options(g, ch)
        if len(opts) == 1:
            ch.nums.append(opts[0][0])
            continue
        return
    first = ch.stage == "1"
    g.choice = None
    deal_pass(g, first)


def deal_pass(g: Game, first_pass: bool) -> None:
    dealers = set(_dealers(g, first_pass))
    hits: list[tuple[Obj, str, int]] = []
    for aid, ref in g.attackers.items():
        if aid not in dealers:
            continue
        a = g.objs[aid]
        power = stats(g, a).power
        if power <= 0:
            continue
        if aid in g.order:
            blockers = [b for b in g.order[aid] if _blocker_alive(g, b)]
            trample = has_kw(g, a, "Trample")
            if blockers:
                amounts = g.assign.get(aid) or [power, 0]
                for b, n in zip(blockers, amounts, strict=False):
                    hits.append((a, str(b), n))
                leftover = amounts[len(blockers)] if len(amounts) > len(blockers) else 0
                if trample and leftover and _target_alive(g, ref):
                    hits.append((a, ref, leftover))
            elif trample and _target_alive(g, ref):
                hits.append((a, ref, power))
        elif _target_alive(g, ref):
            hits.append((a, ref, power))
    for bid, aid in g.blockers.items():
        if bid in dealers and _attacker_alive(g, aid):
            power = stats(g, g.objs[bid]).power
            if power > 0:
                hits.append((g.objs[bid], str(aid), power))
    combat_hits_with_lifelink(g, hits)
    if first_pass:
        g.first_dealt = sorted(dealers)
    g.assign.clear()
    g.priority = g.active
    g.passes = 0


def clear_combat(g: Game) -> None:
    g.attackers.clear()
    g.blockers.clear()
    g.order.clear()
    g.assign.clear()
    g.first_dealt = []
    g.clash_first = False


# ======================================================================================= state checks
def sba(g: Game) -> None:
    """State checks (R55), repeated until nothing changes; the results of one pass happen together."""
    for _ in range(50):
        changed = False
        newly: list[int] = []
        for q in g.players:
            if q.lost:
                continue
            if q.life <= 0:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} has {q.life} life and loses.", "end", q.seat)
            elif q.drew_empty:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} drew from an empty Codex and loses.", "end", q.seat)
        to_void: list[int] = []
        to_destroy: list[Obj] = []
        for o in entities(g):
            st = stats(g, o)
            if st.health <= 0:
                to_void.append(o.id)
            elif o.damage >= st.health and "Invincible" not in st.kws:
                to_destroy.append(o)
        for q in g.players:
            for aid in q.field:
                a = g.objs[aid]
                c = cd(a)
                if a.phased_out:
                    continue
                if c.is_bond and not is_entity(g, g.objs.get(a.attached_to)):
                    to_void.append(aid)
                elif a.attached_to and c.type == "tech" and not is_entity(g, g.objs.get(a.attached_to)):
                    a.attached_to = 0
            legends: dict[str, list[int]] = {}
            for o in active_perms(g, q.seat):
                if cd(o).legendary:
                    legends.setdefault(cd(o).name, []).append(o.id)
            for ids in legends.values():
                if len(ids) > 1 and g.choice is None:
                    g.choice = Choice("legend", q.seat, ids=sorted(ids))  # R55(f): that player chooses
        for q in g.players:
            if q.seat in newly:
                q.lost = True
                changed = True
        for oid in dict.fromkeys(to_void):
            if oid in g.objs and on_battlefield(g.objs[oid]):
                g.log(f"{name(g, oid)} goes to the Void.", "destroy")
                move(g, oid, "void")
                changed = True
        for o in to_destroy:
            if o.id in g.objs and on_battlefield(o):
                destroy(g, o)
                changed = True
        if newly or any(q.lost for q in g.players):
            _check_end(g, newly)
        if g.over or not changed:
            return


def _check_end(g: Game, newly: list[int]) -> None:
    alive = alive_players(g)
    if len(alive) > 1:
        return
    losers = [q.seat for q in g.players if q.lost]
    g.over = True
    if not alive:
        g.ranking = [sorted(newly or losers)]
        g.reason = "Every player lost at the same time: the game is a draw."
    else:
        g.ranking = [alive, sorted(losers)]
        g.reason = g.reason or _reason(g, losers)
    g.choice = None
    g.priority = -1
    g.step = "over"
    g.log(g.reason, "end")


def _reason(g: Game, losers: list[int]) -> str:
    parts = []
    for p in losers:
        q = g.players[p]
        if q.life <= 0:
            parts.append(f"{seat_ref(p)} reached {q.life} life")
        elif q.drew_empty:
            parts.append(f"{seat_ref(p)} had to draw from an empty Codex")
        else:
            parts.append(f"{seat_ref(p)} lost")
    return "; ".join(parts) + "."


# ============================================================================================ stack
def _trigger_turn_order(g: Game) -> list[int]:
    n = len(g.players)
    return [(g.active + i) % n for i in range(n)]


def place_triggers(g: Game) -> None:
    """R39: AP puts all of their pending triggers on the stack first, in the order they choose
    (``trigger:<n>`` when there are two or more), then each other player in turn order."""
    for seat in _trigger_turn_order(g):
        mine = [i for i, t in enumerate(g.triggers) if t.controller == seat]
        if len(mine) >= 2:
            g.choice = Choice("trigger_order", seat)
            return
        if mine:
            place_trigger(g, mine[0])
            return


def trigger_options(g: Game, p: int) -> list[int]:
    return [i for i, t in enumerate(g.triggers) if t.controller == p]


def place_trigger(g: Game, index: int) -> None:
    t = g.triggers.pop(index)
    c = card(t.card)
    ab = c.abilities[t.ability]
    if ab.cond and not check_cond(g, dict(ab.cond), t.controller):
        return
    if ab.targets:
        if not _targets_possible(g, ab.targets, t.controller, c):
            g.log(f"{c.name}'s ability has no legal target and is removed.", "stack")
            return
        g.choice = Choice(
            "cast", t.controller, item="trigger", obj=t.source, ability=t.ability, card=t.card, ev=t.ev
        )
        return
    _push(
        g,
        Item(
            _stack_id(g),
            "trigger",
            t.controller,
            t.source,
            t.card,
            t.ability,
            [],
            0,
            -1,
            0,
            t.ev,
            f"{c.name}: {ab.text or 'triggered ability'}",
        ),
    )


def _stack_id(g: Game) -> int:
    i = g.next_id
    g.next_id += 1
    return i


def _push(g: Game, it: Item) -> None:
    g.stack.append(it)
    g.passes = 0
    refs = [r for r in it.targets if r != "none"]
    tgt = f" targeting {', '.join(describe_ref(g, r) for r in refs)}" if refs else ""
    who = seat_ref(it.controller)
    if it.kind == "trigger":
        g.log(f"{it.text}{tgt} goes on the stack ({who}'s triggered ability).", "stack", it.controller)
    else:
        verb = "casts" if it.kind == "spell" else "activates"
        g.log(f"{who} {verb} {it.text}{tgt}.", "cast" if it.kind == "spell" else "stack", it.controller)


def finish_cast(g: Game, ch: Choice) -> None:
    """Pay and put the spell or ability on the stack (R34, R35); the caster keeps priority (R36)."""
    c = card(ch.card)
    p = ch.player
    x = max(ch.x, 0)
    if ch.item == "spell":
        o = g.objs[ch.obj]
        pay(g, p, c.cost, x, c.name)
        sid = move(g, o.id, "stack", controller=p)
        g.objs[sid].controller = p
        mode_txt = f" (mode {ch.mode + 1})" if ch.mode >= 0 else ""
        xt = f" with X = {x}" if c.cost.x else ""
        zone = f" into Zone {ch.slot}" if c.places_in_zone else ""
        _push(
            g,
            Item(
                sid,
                "spell",
                p,
                sid,
                c.id,
                -1,
                list(ch.targets),
                x,
                ch.mode,
                ch.slot,
                0,
                f"{c.name}{zone}{xt}{mode_txt}",
            ),
        )
    elif ch.item == "ability":
        o = g.objs[ch.obj]
        if ch.ability == EQUIP:
            pay(g, p, equip_cost(c), 0, f"Equip {c.name}")
            text = f"Equip {c.name}"
        elif ch.ability == TRAVEL:
            set_charged(g, o, True)
            text = f"{c.name} travels"
        else:
            ab = c.abilities[ch.ability]
            pay(g, p, ab.cost, x, c.name, exclude=o.id if ab.charge else 0)
            if ab.charge:
                set_charged(g, o, True)
            text = f"{c.name}: {ab.text or 'ability'}"
            if ab.sacrifice:
                g.log(f"{seat_ref(p)} sacrifices {c.name}.", "move", p)
                move(g, o.id, "void")
        _push(
            g, Item(_stack_id(g), "ability", p, ch.obj, c.id, ch.ability, list(ch.targets), x, -1, 0, 0, text)
        )
    else:
        ab = c.abilities[ch.ability]
        _push(
            g,
            Item(
                _stack_id(g),
                "trigger",
                p,
                ch.obj,
                c.id,
                ch.ability,
                list(ch.targets),
                0,
                -1,
                0,
                ch.ev,
                f"{c.name}: {ab.text or 'triggered ability'}",
            ),
        )
    g.choice = None
    if ch.item != "trigger":
        g.priority = p


def resolve_top(g: Game) -> None:
    it = g.stack.pop()
    c = card(it.card)
    g.priority = g.active
    g.passes = 0
    if it.kind == "spell":
        specs = c.targets
    elif it.ability == EQUIP:
        specs = (TargetSpec("entity", ("own",)),)
    elif it.ability == TRAVEL:
        specs = (TargetSpec("entity", ("own",), optional=True),)
    else:
        specs = c.abilities[it.ability].targets
    legal_refs: list[str | None] = []
    for spec, ref in zip(specs, it.targets, strict=False):
        legal_refs.append(ref if ref != "none" and target_ok(g, spec, ref, it.controller, c) else None)
    chosen = [r for r in it.targets if r != "none"]
    fizzled = bool(chosen) and all(r is None for r in legal_refs)
    if it.kind == "spell":
        if fizzled:
            g.log(f"{c.name} has no legal target left and is negated.", "negate")
            move(g, it.source, "void")
            return
        if c.is_permanent:
            if c.is_bond:
                t = g.objs[int(legal_refs[0] or 0)]
                nid = move(g, it.source, "field", slot=t.slot, controller=it.controller, attach=t.id)
                g.log(f"{c.name} bonds to {cd(t).name}.", "resolve")
            elif c.type == "artifact":
                nid = move(g, it.source, "artifact", controller=it.controller)
                g.log(f"{c.name} goes on top of {seat_ref(it.controller)}'s Artifact Stack.", "resolve")
            else:
                nid = move(g, it.source, "field", slot=it.slot or 1, controller=it.controller)
                g.log(f"{c.name} enters Zone {it.slot or 1}.", "resolve")
            del nid
            return
        g.log(f"{c.name} resolves.", "resolve")
        effects = c.modes[it.mode] if c.modes and it.mode >= 0 else c.effects
        run_effects(g, effects, Ctx(it.controller, c, 0, legal_refs, it.x))
        if it.source in g.objs and g.objs[it.source].zone == "stack":
            move(g, it.source, "void")  # R42: after it resolves
        return
    if fizzled:
        g.log(f"{it.text} has no legal target left and does nothing.", "negate")
        return
    src = g.objs.get(it.source)
    if it.ability == EQUIP:
        t = g.objs[int(legal_refs[0] or 0)]
        if src is not None and is_active(g, src):
            src.attached_to = t.id
            src.slot = t.slot
            g.log(f"{c.name} is equipped to {cd(t).name}.", "resolve")
        return
    if it.ability == TRAVEL:
        if src is None or not is_active(g, src):
            return
        other = 3 - src.slot
        tid = int(legal_refs[0]) if legal_refs and legal_refs[0] else 0
        if tid and g.objs[tid].slot == src.slot:
            _move_slot(g, g.objs[tid], other)
            g.log(f"{c.name} carries {name(g, tid)} to Zone {other}.", "resolve")
        else:
            g.log(f"{c.name} travels to Zone {other}.", "resolve")
        src.slot = other
        return
    ab = c.abilities[it.ability]
    if it.kind == "trigger" and ab.cond and not check_cond(g, dict(ab.cond), it.controller):
        return
    g.log(f"{it.text} resolves.", "resolve")
    run_effects(g, ab.effects, Ctx(it.controller, c, it.source, legal_refs, it.x))


def _move_slot(g: Game, o: Obj, slot: int) -> None:
    """Travel (K19): the entity and what is attached to it change zone, staying the same objects."""
    o.slot = slot
    for q in g.players:
        for aid in q.field:
            if g.objs[aid].attached_to == o.id:
                g.objs[aid].slot = slot


# ============================================================================================== steps
def settle(g: Game) -> None:
    for _ in range(10_000):
        if g.over:
            g.priority = -1
            g.choice = None
            return
        if g.choice is not None:
            return
        if g.priority >= 0:
            sba(g)
            if g.over or g.choice is not None:
                continue
            if g.triggers:
                place_triggers(g)
                continue
            return
        advance(g)
    raise RuntimeError("the game did not settle")  # pragma: no cover


def advance(g: Game) -> None:
    if g.step == "restoration":
        start_turn(g, next_seat(g, g.active))
        return
    i = STEPS.index(g.step)
    enter(g, STEPS[i + 1])


def start_turn(g: Game, p: int) -> None:
    g.turn += 1
    g.active = p
    g.players[p].turn_started = g.turn
    g.terrain_played = False
    g.log(f"Turn {g.turn}: {seat_ref(p)}'s turn.", "turn", p)
    enter(g, "recharge")


def enter(g: Game, step: str) -> None:
    g.step = step
    g.passes = 0
    g.priority = -1
    ap = g.active
    if step == "recharge":
        # K1: phasing happens before uncharging; attachments phase with their entity
        pl = g.players[ap]
        for oid in list(pl.field):
            o = g.objs[oid]
            if "Phasewalk" in stats(g, o).kws:
                o.phased_out = not o.phased_out
                g.log(f"{cd(o).name} phases {'out' if o.phased_out else 'in'}.", "phase")
                for q in g.players:
                    for aid in q.field:
                        if g.objs[aid].attached_to == o.id:
                            g.objs[aid].phased_out = o.phased_out
        for o in active_perms(g, ap):
            if o.charged:
                set_charged(g, o, False)
        return
    if step in ("sustenance", "dusk"):
        for o in active_perms(g, ap):
            for i, ab in enumerate(cd(o).abilities):
                if ab.kind == "triggered" and ab.on == step:
                    g.triggers.append(Trig(ap, o.id, o.card, i))
        g.priority = ap
        return
    if step == "insight":
        if g.turn > 1 or ap != g.first:
            draw(g, ap)
        g.priority = ap
        return
    if step == "mobilize":
        if possible_attackers(g):
            g.choice = Choice("attackers", ap)
        else:
            finish_attackers(g)
        return
    if step == "defenses":
        if not g.attackers:
            return
        defenders = sorted({defender_of(g, r) for r in g.attackers.values()} - {-1})
        for d in defenders:
            if any(blockable(g, o) for o in entities(g, d)):
                g.choice = Choice("blockers", d, nums=[x for x in defenders if x > d])
                return
        finish_blockers(g)
        return
    if step == "clash1":
        if not g.attackers:
            return
        g.clash_first = any(
            has_kw(g, g.objs[i], "First Attack")
            for i in [a for a in g.attackers if _attacker_alive(g, a)]
            + [b for b in g.blockers if _blocker_alive(g, b)]
        )
        if g.clash_first:
            start_damage(g, True)
        return
    if step == "clash":
        if not g.attackers:
            return
        start_damage(g, False)
        return
    if step == "restoration":
        n = len(g.players[ap].hand) - HAND_MAX
        if n > 0:
            g.choice = Choice("discard", ap, nums=[n])
            return
        cleanup(g)
        return
    g.priority = ap


def cleanup(g: Game) -> None:
    """Restoration (b): remove all damage and end every "this turn" effect at the same time (A29)."""
    for o in g.objs.values():
        o.damage = 0
        o.eot_power = 0
        o.eot_health = 0
        o.eot_keywords = []
    sba(g)
    if g.triggers and not g.over:
        g.priority = g.active


def end_step(g: Game) -> None:
    """Every player passed with an empty stack (R38): the pools empty (R29) and the step ends."""
    empty_pools(g)
    if g.step == "aftermath":
        clear_combat(g)
    g.priority = -1
    g.passes = 0
    if g.step == "restoration":
        # §2 5.2: after a priority round caused by a check or a trigger, another Restoration step
        enter(g, "restoration")


# ====================================================================================== perform
def perform(g: Game, p: int, a: AfrikaAction) -> None:
    k = a.kind
    if k == "concede":
        g.players[p].lost = True
        g.reason = f"{seat_ref(p)} conceded."
        g.log(f"{seat_ref(p)} concedes.", "end", p)
        _check_end(g, [p])
        return
    listed = legal(g, p)
    if a not in listed and not _equivalent(g, p, a, listed):
        raise IllegalAction(_why_not(g, p, a))
    ch = g.choice
    if ch is not None:
        _perform_choice(g, p, a, ch)
        return
    if k == "pass":
        do_pass(g, p)
    elif k == "terrain":
        o = g.objs[a.num]
        dest = a.b
        g.terrain_played = True
        g.passes = 0
        if dest == "s":
            move(g, o.id, "terrain", controller=p)
            g.log(f"{seat_ref(p)} plays {cd(o).name} to the Terrain Stack.", "terrain", p)
        else:
            move(g, o.id, "active", slot=int(dest), controller=p)
            g.log(f"{seat_ref(p)} plays {cd(o).name} as the active terrain of Zone {dest}.", "terrain", p)
    elif k == "cast":
        o = g.objs[a.num]
        slot = int(a.b) if a.b else 0
        nc = Choice("cast", p, item="spell", obj=o.id, slot=slot, card=o.card)
        _continue_cast(g, nc)
    elif k == "act":
        o = g.objs[a.num]
        key = EQUIP if a.b == "equip" else TRAVEL if a.b == "travel" else int(a.b)
        nc = Choice("cast", p, item="ability", obj=o.id, ability=key, card=o.card)
        _continue_cast(g, nc)
    elif k == "charge":
        o = g.objs[a.num]
        code = a.b or produces(o)[0]
        charge_source(g, o, code)
        g.log(f"{seat_ref(p)} charges {cd(o).name} for {ENERGY_NAMES[code]} energy.", "energy", p)


def _continue_cast(g: Game, ch: Choice) -> None:
    g.choice = ch
    need = _cast_need(g, ch)
    if need == "x" and _max_x(g, ch) == 0:
        ch.x = 0
        need = _cast_need(g, ch)
    if need == "target":
        opts = _cast_targets(g, ch)
        if not opts:
            raise IllegalAction("There is no legal target for that.")
    if not need:
        finish_cast(g, ch)


def do_pass(g: Game, p: int) -> None:
    g.passes += 1
    if g.passes >= len(alive_players(g)):
        g.passes = 0
        if g.stack:
            resolve_top(g)
        else:
            end_step(g)
    else:
        g.priority = next_seat(g, p)


def _perform_choice(g: Game, p: int, a: AfrikaAction, ch: Choice) -> None:
    k = a.kind
    if ch.kind == "first":
        g.first = p if a.a == "1st" else next_seat(g, p)
        g.log(f"{seat_ref(p)} won the toss and chooses that {seat_ref(g.first)} goes first.", "setup", p)
        for q in g.players:
            draw(g, q.seat, 7)
        g.choice = Choice("mulligan", g.first)
        return
    if ch.kind == "mulligan":
        g.players[p].mull = k
        g.log(f"{seat_ref(p)} {'keeps' if k == 'keep' else 'mulligans'}.", "setup", p)
        _next_mulligan(g)
        return
    if ch.kind == "cast":
        if k == "cancel":
            g.choice = None
            return
        if k == "x":
            ch.x = a.num
        elif k == "mode":
            ch.mode = a.num
        elif k == "target":
            ch.targets.append(a.a)
        _continue_cast(g, ch)
        return
    if ch.kind == "attackers":
        if k == "atk":
            ch.obj = a.num
        elif k == "at":
            g.attackers[ch.obj] = a.a
            ch.obj = 0
        else:
            finish_attackers(g)
        return
    if ch.kind == "blockers":
        if k == "blk":
            ch.obj = a.num
        elif k == "on":
            g.blockers[ch.obj] = a.num
            ch.obj = 0
        elif ch.nums:
            d = ch.nums.pop(0)
            g.choice = Choice("blockers", d, nums=ch.nums)
        else:
            finish_blockers(g)
        return
    if ch.kind == "order":
        g.order[ch.obj].append(a.num)
        rest = [b for b in ch.ids if b not in g.order[ch.obj]]
        if len(rest) == 1:
            g.order[ch.obj].append(rest[0])
            g.log(
                f"{seat_ref(p)} orders the blockers of {name(g, ch.obj)}: "
                f"{', '.join(name(g, b) for b in g.order[ch.obj])}.",
                "block",
                p,
            )
            g.assign[ch.obj] = []
            g.choice = None
            _next_order(g)
        return
    if ch.kind == "assign":
        ch.nums.append(a.num)
        _auto_assign(g)
        return
    if ch.kind == "discard":
        g.log(f"{seat_ref(p)} discards {name(g, a.num)}.", "discard", p)
        move(g, a.num, "void")
        ch.nums[0] -= 1
        if ch.nums[0] <= 0:
            g.choice = None
            if ch.item == "effect":
                start_discards(g, list(ch.ids), ch.nums[1])
            else:
                cleanup(g)
        return
    if ch.kind == "legend":
        g.choice = None
        for oid in ch.ids:
            if oid != a.num and oid in g.objs:
                g.log(f"{name(g, oid)} goes to the Void (legend rule).", "destroy")
                move(g, oid, "void")
        return
    if ch.kind == "pick":
        _perform_pick(g, p, a, ch)
        return
    if ch.kind == "trigger_order":
        g.choice = None
        place_trigger(g, a.num)


def _perform_pick(g: Game, p: int, a: AfrikaAction, ch: Choice) -> None:
    pl = g.players[p]
    if ch.stage == "bottom":
        pl.codex.remove(a.num)
        pl.codex.append(a.num)
        ch.ids.remove(a.num)
        if len(ch.ids) == 1:
            pl.codex.remove(ch.ids[0])
            pl.codex.append(ch.ids[0])
            ch.ids = []
        if not ch.ids:
            g.log(f"{seat_ref(p)} puts the rest on the bottom of their Codex.", "look", p)
            g.choice = None
        return
    if ch.item == "look":
        rest_mode = ch.card.split("|")[1]
        if a.a != "none":
            ch.ids.remove(a.num)
            g.log(f"{seat_ref(p)} reveals {name(g, a.num)} and puts it into their hand.", "look", p)
            move(g, a.num, "hand")
        if rest_mode == "void":
            for i in list(ch.ids):
                move(g, i, "void")
            ch.ids = []
        if len(ch.ids) > 1:
            ch.stage = "bottom"
            return
        for i in ch.ids:
            pl.codex.remove(i)
            pl.codex.append(i)
        g.choice = None
        return
    if a.a != "none":
        where = "Codex" if ch.item == "search" else "Void"
        g.log(f"{seat_ref(p)} takes {name(g, a.num)} from their {where} into their hand.", "look", p)
        move(g, a.num, "hand")
    if ch.item == "search":
        shuffle(g, pl.codex)
    g.choice = None


def _next_mulligan(g: Game) -> None:
    order = [(g.first + i) % len(g.players) for i in range(len(g.players))]
    for q in order:
        pl = g.players[q]
        if not pl.kept and not pl.mull:
            g.choice = Choice("mulligan", q)
            return
    for q in order:
        pl = g.players[q]
        if pl.kept:
            continue
        if pl.mull == "keep":
            pl.kept = True
        else:
            for oid in list(pl.hand):
                move(g, oid, "codex")
            shuffle(g, pl.codex)
            pl.hand_size -= 1
            draw(g, q, pl.hand_size)
            g.log(f"{seat_ref(q)} shuffles their hand away and draws {pl.hand_size}.", "setup", q)
            if pl.hand_size <= 0:
                pl.kept = True
        pl.mull = ""
    if all(pl.kept for pl in g.players):
        g.choice = None
        start_turn(g, g.first)
        return
    _next_mulligan(g)


def _why_no_attack(g: Game, o: Obj) -> str:
    c = cd(o)
    if o.controller != g.active or not is_entity(g, o):
        return "Only your own entities can attack."
    if o.id in g.attackers:
        return f"{c.name} is already attacking."
    if o.charged:
        return f"{c.name} is charged and can't attack."
    st = stats(g, o)
    if "Guardianship" in st.kws:
        return f"{c.name} has Guardianship and can't attack."
    if st.cant_attack:
        return f"{c.name} can't attack."
    if sick(g, o) and not {"Swift", "Rush"} & st.kws:
        return f"{c.name} has not been under your control since the start of this turn."
    return f"{c.name} has nothing it can attack."


def _why_not(g: Game, p: int, a: AfrikaAction) -> str:
    """A sentence for a refused move (never naming a hidden card)."""
    ch = g.choice
    k = a.kind
    if ch is not None:
        if k == "atk" and ch.kind == "attackers" and a.a.isdigit() and int(a.a) in g.objs:
            return _why_no_attack(g, g.objs[int(a.a)])
        if k == "blk" and ch.kind == "blockers" and a.a.isdigit() and int(a.a) in g.objs:
            o = g.objs[int(a.a)]
            if o.controller != p or not is_entity(g, o):
                return "You can block only with your own entities."
            if o.charged:
                return f"{cd(o).name} is charged and can't block."
            return f"{cd(o).name} can't block any of the attackers."
        if k == "at":
            return "That entity can't attack that."
        if k == "on":
            return "That blocker can't block that attacker."
        if k == "dmg":
            return (
                "Each blocker in the damage order must be assigned lethal damage before the next one, "
                "and all the damage must be assigned."
            )
        if k == "target":
            return "That is not a legal target."
        return "That move is not possible right now: another decision is pending."
    if g.priority != p:
        return "It's not your turn to act."
    pl = g.players[p]
    if k in ("cast", "terrain", "act", "charge") and a.a.isdigit() and int(a.a) in g.objs:
        o = g.objs[int(a.a)]
        if k == "cast":
            if o.zone != "hand" or o.owner != p:
                return "That card is not in your hand."
            return can_cast(g, p, o) or "You can't cast that now."
        if k == "terrain":
            if o.zone != "hand" or o.owner != p or cd(o).type != "terrain":
                return "That is not a terrain card in your hand."
            if g.terrain_played:
                return "You have already played a terrain this turn."
            return "You can play a terrain only in your own Exploration phase while the stack is empty."
        if k == "act":
            key = EQUIP if a.b == "equip" else TRAVEL if a.b == "travel" else int(a.b)
            return can_activate(g, p, o, key) or "You can't activate that now."
        if k == "charge":
            if o.controller != p:
                return "You don't control that."
            if o.charged:
                return f"{cd(o).name} is already charged."
            if not cd(o).produces:
                return f"{cd(o).name} has no energy ability."
            if not is_active(g, o):
                return f"{cd(o).name} is not active."
            return f"{cd(o).name} can't be charged for energy yet."
    del pl
    return "That move is not possible right now."


__all__ = ["ENERGY", "STEPS", "STEP_NAMES", "legal", "perform", "settle"]
