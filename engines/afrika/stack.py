"""The stack (R34-R42, R39): putting triggers, spells and abilities on it, and resolving the top."""

from __future__ import annotations

from .cards import TargetSpec, card
from .effects import Ctx, check_cond, run_effects
from .rules import cd, describe_ref, is_active, move, name, pay, seat_ref, set_charged, target_ok
from .state import Choice, Game, Item, Obj
from .teams import priority_seat
from .timing import EQUIP, TRAVEL, command_tax, equip_cost, targets_possible


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
        if not targets_possible(g, ab.targets, t.controller, c):
            g.log(f"{c.name}'s ability has no legal target and is removed.")
            return
        g.choice = Choice("cast", t.controller, item="trigger", obj=t.source, ability=t.ability, card=t.card)
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
            _trigger_text(c.name, ab.text),
        ),
    )


def _trigger_text(name: str, text: str) -> str:
    """How a triggered ability reads on the stack and in the log: "Source: what it does" (a
    scheme's own words already name it: "Starfire Bombardment is set in motion")."""
    text = (text or "triggered ability").rstrip(".")
    return text if text.startswith(name) else f"{name}: {text}"


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
        g.log(f"{it.text}{tgt} goes on the stack ({who}'s triggered ability).")
    else:
        verb = "casts" if it.kind == "spell" else "activates"
        g.log(f"{who} {verb} {it.text}{tgt}.")


def finish_cast(g: Game, ch: Choice) -> None:
    """Pay and put the spell or ability on the stack (R34, R35); the caster keeps priority (R36)."""
    c = card(ch.card)
    p = ch.player
    x = max(ch.x, 0)
    if ch.item == "spell":
        o = g.objs[ch.obj]
        tax = command_tax(g, o)
        pay(g, p, c.cost, x, c.name, extra_generic=tax)
        if o.zone == "command":
            g.players[p].command_casts += 1
            g.log(f"{seat_ref(p)} casts {c.name} from the Command zone" + (f" (+{{{tax}}})." if tax else "."))
        sid = move(g, o.id, "stack", controller=p)
        g.objs[sid].controller = p
        mode_txt = f" (mode {ch.mode + 1})" if ch.mode >= 0 else ""
        xt = f" with X = {x}" if c.cost.x else ""
        zone = f" into Zone {ch.slot}" if c.places_in_zone else ""
        if c.makes_tokens:
            zone = f" (tokens into Zone {ch.slot})"
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
                g.log(f"{seat_ref(p)} sacrifices {c.name}.")
                move(g, o.id, "void")
        _push(g, Item(_stack_id(g), "ability", p, ch.obj, c.id, ch.ability, list(ch.targets), x, -1, 0, text))
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
                _trigger_text(c.name, ab.text),
            ),
        )
    g.choice = None
    if ch.item != "trigger":
        g.priority = p


def resolve_top(g: Game) -> None:
    it = g.stack.pop()
    c = card(it.card)
    g.priority = priority_seat(g)
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
            g.log(f"{c.name} has no legal target left and is negated.")
            move(g, it.source, "void")
            return
        if c.is_permanent:
            if c.is_bond:
                t = g.objs[int(legal_refs[0] or 0)]
                nid = move(g, it.source, "field", slot=t.slot, controller=it.controller, attach=t.id)
                g.log(f"{c.name} bonds to {cd(t).name}.")
            elif c.type == "artifact":
                nid = move(g, it.source, "artifact", controller=it.controller)
                g.log(f"{c.name} goes on top of {seat_ref(it.controller)}'s Artifact Stack.")
            else:
                nid = move(g, it.source, "field", slot=it.slot or 1, controller=it.controller)
                g.log(f"{c.name} enters Zone {it.slot or 1}.")
            del nid
            return
        g.log(f"{c.name} resolves.")
        effects = c.modes[it.mode] if c.modes and it.mode >= 0 else c.effects
        run_effects(g, effects, Ctx(it.controller, c, 0, legal_refs, it.x, it.slot))
        if it.source in g.objs and g.objs[it.source].zone == "stack":
            move(g, it.source, "void")  # R42: after it resolves
        return
    if fizzled:
        g.log(f"{it.text} has no legal target left and does nothing.")
        return
    src = g.objs.get(it.source)
    if it.ability == EQUIP:
        t = g.objs[int(legal_refs[0] or 0)]
        if src is not None and is_active(g, src):
            src.attached_to = t.id
            src.slot = t.slot
            g.log(f"{c.name} is equipped to {cd(t).name}.")
        return
    if it.ability == TRAVEL:
        if src is None or not is_active(g, src):
            return
        other = 3 - src.slot
        tid = int(legal_refs[0]) if legal_refs and legal_refs[0] else 0
        if tid and g.objs[tid].slot == src.slot:
            _move_slot(g, g.objs[tid], other)
            g.log(f"{c.name} carries {name(g, tid)} to Zone {other}.")
        else:
            g.log(f"{c.name} travels to Zone {other}.")
        src.slot = other
        return
    ab = c.abilities[it.ability]
    if it.kind == "trigger" and ab.cond and not check_cond(g, dict(ab.cond), it.controller):
        return
    g.log(f"{it.text} resolves.")
    run_effects(g, ab.effects, Ctx(it.controller, c, it.source, legal_refs, it.x))
    if not g.stack and not g.triggers and g.choice is None:
        g.lifelink_lki.clear()  # nothing left that a departed source's ability could be in (D31)


def _move_slot(g: Game, o: Obj, slot: int) -> None:
    """Travel (K19): the entity and what is attached to it change zone, staying the same objects."""
    o.slot = slot
    for q in g.players:
        for aid in q.field:
            if g.objs[aid].attached_to == o.id:
                g.objs[aid].slot = slot
