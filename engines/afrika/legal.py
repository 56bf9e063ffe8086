"""What a player may do now: the priority moves and the options of a pending choice.

Every list is finite and short enough for buttons; identical cards make one button (D25), and
``equivalent`` accepts any other copy named by id.
"""

from __future__ import annotations

from . import fast
from .actions import AfrikaAction, act
from .cards import ENERGY_NAMES, CardDef, TargetSpec, card
from .combat import assign_options, attack_targets, blockable, possible_attackers
from .cosmic_die import may_roll, roll_cost
from .effects import matches
from .kinds import ActionKind
from .lord_return import lord_actions
from .rules import (
    active_perms,
    active_perms_with,
    available_energy,
    can_pay,
    card_sets,
    cd,
    describe_ref,
    energy_sources,
    entities,
    name,
    produces,
    target_candidates,
    target_ok,
    target_options,
)
from .stack import trigger_options
from .state import Choice, Game, ObjR, reader
from .timing import (
    EQUIP,
    TRAVEL,
    activated,
    can_activate,
    can_cast,
    distinct_by_card,
    sorcery_time,
    terrain_done,
)

MAX_X = 20
"""X is offered from 0 up to what the player can pay, at most this (D16)."""


def legal(g: Game, p: int) -> list[AfrikaAction]:
    if g.over:
        return []
    ch = g.choice
    if ch is not None:
        return choice_actions(g, ch) if ch.player == p else []
    if g.priority != p:
        return []
    return priority_actions(g, p)


PASS = act("pass", label="Pass")

_MADE: dict[tuple[str, int, str, str], AfrikaAction] = {}
"""Priority moves already made, by (kind, object id, b, card id), which decide the label too:
actions are immutable values, and the same buttons come back state after state."""
_MADE_MAX = 50_000


def _label(kind: str, b: str, c: CardDef) -> str:
    """The button text ``priority_actions_plain`` gives a move of ``kind`` on card ``c``."""
    nm = c.name
    if kind == "terrain":
        return f"Play {nm} to the Terrain Stack" if b == "s" else f"Play {nm} as Zone {b}'s active terrain"
    if kind == "cast":
        if not b:
            return f"Cast {nm}"
        return f"Cast {nm} into Zone {b}" if c.places_in_zone else f"Cast {nm} (tokens into Zone {b})"
    if kind == "act":
        if b == "equip":
            return f"Equip {nm}"
        if b == "travel":
            return f"Travel with {nm}"
        i = int(b)
        return f"Activate {nm}" + (f" ({i + 1})" if i else "")
    code = b or card_sets().produces[c.id][0]
    return f"Charge {nm} for {ENERGY_NAMES[code]} energy"


def _move(kind: ActionKind, oid: int, b: str, c: CardDef) -> AfrikaAction:
    key = (kind, oid, b, c.id)
    a = _MADE.get(key)
    if a is None:
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()
        a = _MADE[key] = act(kind, oid, b, _label(kind, b, c))
    return a


def priority_actions(g: Game, p: int) -> list[AfrikaAction]:
    """What ``p`` may do holding priority (equal to ``priority_actions_plain``, tested): the same
    checks, with card-id sets to pass over what cannot be played now, the moves remembered."""
    if not fast.ON:
        return priority_actions_plain(g, p)
    objs = reader(g.objs)
    sets = card_sets()
    out = [PASS]
    pl = g.players[p]
    if sorcery_time(g, p):
        terrain = sets.terrain
        if not terrain_done(g, p):
            for oid in distinct_by_card(g, [i for i in pl.hand if objs[i].card in terrain]):
                c = cd(objs[oid])
                out += (
                    _move("terrain", oid, "s", c),
                    _move("terrain", oid, "1", c),
                    _move("terrain", oid, "2", c),
                )
        if g.rifts and not may_roll(g, p):
            out.append(roll_action(g))
        spells = [i for i in pl.hand if objs[i].card not in terrain]
    else:
        quick = sets.quick  # nothing else passes can_cast's timing check now
        spells = [i for i in pl.hand if objs[i].card in quick]
    if pl.command:
        spells = [*spells, *pl.command]  # a Star Lord waiting in the Command zone (R143)
    for oid in distinct_by_card(g, spells):
        o = objs[oid]
        if can_cast(g, p, o, why=False):
            continue
        c = cd(o)
        if c.places_in_zone or c.makes_tokens:
            out += (_move("cast", oid, "1", c), _move("cast", oid, "2", c))
        else:
            out.append(_move("cast", oid, "", c))
    for o in active_perms_with(g, p, sets.activatable):  # nothing below lists a move for the others
        c = cd(o)
        for i, _ab in c.activated:
            if not can_activate(g, p, o, i, why=False):
                out.append(_move("act", o.id, str(i), c))
        if c.has("Equip") and not can_activate(g, p, o, EQUIP, why=False):
            out.append(_move("act", o.id, "equip", c))
        if c.type == "vehicle" and not can_activate(g, p, o, TRAVEL, why=False):
            out.append(_move("act", o.id, "travel", c))
    produce = sets.produces
    for src in _distinct_sources(g, p):
        c = cd(src)
        codes = produce[src.card]
        if len(codes) == 1:
            out.append(_move("charge", src.id, "", c))
        else:
            for code in codes:
                out.append(_move("charge", src.id, code, c))
    return out


def roll_action(g: Game) -> AfrikaAction:
    n = roll_cost(g)
    return act("roll", label=f"Roll the cosmic die ({f'{{{n}}}' if n else 'free'})")


def priority_actions_plain(g: Game, p: int) -> list[AfrikaAction]:
    """The priority moves the plain way (the reference ``priority_actions`` must equal)."""
    out = [act("pass", label="Pass")]
    pl = g.players[p]
    if sorcery_time(g, p) and not terrain_done(g, p):
        for oid in distinct_by_card(g, [i for i in pl.hand if cd(g.objs[i]).type == "terrain"]):
            nm = cd(g.objs[oid]).name
            out.append(act("terrain", oid, "s", f"Play {nm} to the Terrain Stack"))
            out.append(act("terrain", oid, "1", f"Play {nm} as Zone 1's active terrain"))
            out.append(act("terrain", oid, "2", f"Play {nm} as Zone 2's active terrain"))
    if g.rifts and not may_roll(g, p):
        out.append(roll_action(g))
    for oid in distinct_by_card(g, [*(i for i in pl.hand if cd(g.objs[i]).type != "terrain"), *pl.command]):
        o = g.objs[oid]
        if can_cast(g, p, o):
            continue
        c = cd(o)
        if c.places_in_zone:
            out.append(act("cast", oid, "1", f"Cast {c.name} into Zone 1"))
            out.append(act("cast", oid, "2", f"Cast {c.name} into Zone 2"))
        elif c.makes_tokens:
            out.append(act("cast", oid, "1", f"Cast {c.name} (tokens into Zone 1)"))
            out.append(act("cast", oid, "2", f"Cast {c.name} (tokens into Zone 2)"))
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


def _distinct_sources(g: Game, p: int) -> list[ObjR]:
    """One uncharged source per card name: identical terrains make identical buttons (any copy may
    still be charged by id, see ``equivalent``)."""
    seen: set[str] = set()
    out = []
    for o in energy_sources(g, p):
        if o.card not in seen:
            seen.add(o.card)
            out.append(o)
    return out


def equivalent(g: Game, p: int, a: AfrikaAction, listed: list[AfrikaAction]) -> bool:
    """A move naming another copy of a listed card (same card, same place) is the same move."""
    if a.kind not in ("cast", "terrain", "discard", "charge") or a.obj is None:
        return False
    o = g.objs.get(a.obj)
    if o is None:
        return False
    if a.kind == "charge":
        return any(s.id == o.id for s in energy_sources(g, p)) and (not a.energy or a.energy in produces(o))
    for b in listed:
        if b.kind == a.kind and b.b == a.b and b.obj is not None:
            r = g.objs[b.obj]
            if (r.card, r.zone, r.owner, r.controller) == (o.card, o.zone, o.owner, o.controller):
                return True
    return False


def cast_need(g: Game, ch: Choice) -> str:
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


def cast_targets(g: Game, ch: Choice) -> list[str]:
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


def has_cast_target(g: Game, ch: Choice) -> bool:
    """``bool(cast_targets(g, ch))``, stopping at the first target (and thawing no object)."""
    if not fast.ON:
        return bool(cast_targets(g, ch))
    specs, _, _ = _cast_shape(g, ch)
    spec = specs[len(ch.targets)]
    if spec.optional:
        return True
    c = card(ch.card)
    objs = reader(g.objs)
    for r in target_candidates(g, spec):
        if r in ch.targets or not target_ok(g, spec, r, ch.player, c):
            continue
        if ch.ability == EQUIP and objs[int(r)].id == objs[ch.obj].attached_to:
            continue
        if ch.ability == TRAVEL and objs[int(r)].slot != objs[ch.obj].slot:
            continue
        return True
    return False


def max_x(g: Game, ch: Choice) -> int:
    c = card(ch.card)
    cost = c.cost if ch.item == "spell" else c.abilities[ch.ability].cost
    avail = available_energy(g, ch.player) - cost.total
    best = 0
    for x in range(1, min(MAX_X, max(0, avail)) + 1):
        if can_pay(g, ch.player, cost, x):
            best = x
        elif fast.ON:
            break  # a larger X only needs more generic energy: no plan either
    return best


def choice_actions(g: Game, ch: Choice) -> list[AfrikaAction]:
    k = ch.kind
    if k == "first":
        return [act("go", "1st", label="Go first"), act("go", "2nd", label="Go second")]
    if k == "mulligan":
        n = len(g.players[ch.player].hand)
        return [act("keep", label=f"Keep {n} cards"), act("mull", label=f"Mulligan to {max(0, n - 1)}")]
    if k == "cast":
        need = cast_need(g, ch)
        out: list[AfrikaAction] = []
        if need == "x":
            out = [act("x", x, label=f"X = {x}") for x in range(max_x(g, ch) + 1)]
        elif need == "mode":
            out = [act("mode", i, label=f"Mode {i + 1}") for i in range(len(card(ch.card).modes))]
        elif need == "target":
            out = [act("target", r, label=f"Target {describe_ref(g, r)}") for r in cast_targets(g, ch)]
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
            for o in possible_attackers(g, ch.player)
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
        return [act("dmg", n, label=f"{n} damage to {name(g, b)}") for n, b in assign_options(g, ch)]
    if k == "discard":
        hand = g.players[ch.player].hand
        return [act("discard", i, label=f"Discard {name(g, i)}") for i in distinct_by_card(g, hand)]
    if k == "legend":
        return [act("pick", i, label=f"Keep this {name(g, i)} (#{i})") for i in ch.ids]
    if k == "lord":
        return lord_actions(g, ch)
    if k == "trigger_order":
        return [
            act("trigger", i, label=f"Put {card(g.triggers[i].card).name}'s ability on the stack next")
            for i in trigger_options(g, ch.player)
        ]
    if k == "pick":
        if ch.stage == "gaze":
            n = len(g.players[ch.player].codex[: ch.nums[0]])
            return [
                act("look", "yes", label=f"Look at the top {n}" if n > 1 else "Look at the top card"),
                act("look", "no", label="Don't look"),
            ]
        if ch.stage == "bottom":
            return [act("bottom", i, label=f"Put {name(g, i)} on the bottom next") for i in ch.ids]
        options = pick_options(g, ch)
        out = [act("pick", i, label=f"Take {name(g, i)}") for i in options]
        if may_take_nothing(ch, options):
            out.append(act("pick", "none", label="Take nothing"))
        return out
    return []


def may_take_nothing(ch: Choice, options: list[int]) -> bool:
    """A pick may be declined only where the card says "you may", where nothing matches, or in a
    Codex search: the Codex is hidden, so nobody could check a "found nothing" (D30, R1, R70)."""
    if not options or ch.item == "search":
        return True
    parts = ch.card.split("|")
    return ch.item == "look" and len(parts) > 2 and parts[2] == "may"


def pick_options(g: Game, ch: Choice) -> list[int]:
    flt = ch.card.split("|")[0]
    if ch.item == "look":
        return [i for i in ch.ids if matches(cd(g.objs[i]), flt)]
    zone = g.players[ch.player].codex if ch.item == "search" else g.players[ch.player].void
    return distinct_by_card(g, [i for i in zone if matches(cd(g.objs[i]), flt)])[:24]
