"""Starting links: every action a player takes, checked against the rules and turned into a link
of the Sequence (S20-S23, S46-S51). Each ``why_not_*`` says in words why an action is refused
('' when it is legal); ``legal.py`` lists exactly the actions these accept.

Costs are paid when the link is added (S23): Essence detached at once (S48), Life paid at once,
targets designated, a Call's zone reserved (B24), a once-per-turn limit used (B7).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.evolve import evolve

from . import grid, payment
from .actions import Attack, Call, Cast, Conceal, Flip, Gather, Go, Use
from .board import cdef, commander_r, damage_commander, empty_zones, unit_words
from .cards import card, rules
from .combat import AttackOption, attack_kind, declare, why_not_attack
from .grammar import Ability
from .piles import take_from_hand
from .sequence import add, designations, start
from .state import Link, SpiritState

MAIN = ("main", "submain")
QUICK = ("calm", "main", "combat", "submain", "end")
"""Phases in which the turn player may start a Sequence with a Reflex or a Charged Ability."""
NEXT = {
    "reload": ("draw",),
    "calm": ("main",),
    "main": ("combat", "end"),
    "combat": ("submain",),
    "submain": ("end",),
}


def in_hand(s: SpiritState, p: int, cid: str) -> bool:
    return any(s.card_of[o] == cid for o in s.seats[p].hand)


def _open_tp(s: SpiritState, p: int, phases: tuple[str, ...], what: str) -> str:
    if s.mode != "open" or p != s.current:
        if s.mode == "sequence":
            return f"{what} can only start a Sequence, not answer one (S22)."
        return f"{what} is done by the turn player in an open gamestate (S20, B13)."
    if s.phase not in phases:
        return f"{what} is not possible in the {s.phase} phase."
    return ""


def why_not_call(s: SpiritState, p: int, a: Call | Conceal) -> str:
    verb = "Calling" if isinstance(a, Call) else "Concealing"
    why = _open_tp(s, p, MAIN, verb + " a Spirit")
    if why:
        return why
    if isinstance(a, Call) and s.called:
        return "You have already Called a Spirit this turn (S10, B7)."
    if isinstance(a, Conceal) and s.concealed:
        return "You have already Concealed a Spirit this turn (S11, B7)."
    if not in_hand(s, p, a.card):
        return f"You have no {card(a.card).name} in your hand."
    if grid.owner_of(a.zone) != p:
        return f"{grid.label(a.zone)} is not on your Battleground: your zones are rows {'1-2' if p == 0 else '3-4'}."
    if a.zone not in empty_zones(s, p):
        return f"{grid.label(a.zone)} is not empty (S12)."
    return ""


def why_not_flip(s: SpiritState, p: int, a: Flip) -> str:
    why = _open_tp(s, p, MAIN, "Flipping a Spirit")
    if why:
        return why
    u = s.board[a.zone]
    if u is None or u.owner != p or u.face_up:
        return f"You have no Concealed Spirit at {grid.label(a.zone)}."
    if u.concealed_turn >= s.turn:
        return "A Spirit Concealed this turn can be flipped from your next turn on (S15)."
    return ""


def why_not_gather(s: SpiritState, p: int, a: Gather) -> str:
    why = _open_tp(s, p, MAIN, "Gathering Essence")
    if why:
        return why
    if s.gathers >= rules().gathers:
        return f"You may Gather {rules().gathers} times per turn, Main and Sub-Main together (S46, B7)."
    if not in_hand(s, p, a.card):
        return f"You have no {card(a.card).name} in your hand."
    if a.onto is not None:
        u = s.board[a.onto]
        if u is None or u.owner != p:
            return f"You have no Spirit at {grid.label(a.onto)}."
        if not u.face_up:
            return "Essence cannot be Gathered onto a Concealed Spirit (S50)."
    return ""


def _cost_problem(s: SpiritState, p: int, ability: Ability, z: int | None, pay: tuple[str, ...]) -> str:
    why = payment.check(ability.cost, pay, payment.available(s, p, z))
    if why:
        return why
    if ability.life and commander_r(s, p) <= ability.life:
        return f"Paying {ability.life} R would leave your Commander with nothing."
    return ""


def _respond_or_start(s: SpiritState, p: int, what: str) -> str:
    """Reflex cards and Charged Abilities: Link 1 for the turn player in an open gamestate
    (S51, B13), or a response by whoever holds priority (S22)."""
    if s.mode == "sequence":
        return "" if p == s.priority else "Wait for priority: the other player is answering."
    if s.mode != "open":
        return "Finish the choice in front of you first."
    if p != s.current:
        return f"Only the turn player starts a Sequence; you can answer theirs with {what} (B13)."
    if s.phase not in QUICK:
        return "In the Reload Phase you Reload or move on to the Draw Phase."
    return ""


def why_not_cast(s: SpiritState, p: int, a: Cast) -> str:
    c = card(a.card)
    if c.kind == "arcana":
        why = _open_tp(s, p, MAIN, f"Casting an Arcana ({c.name})")
    else:
        why = _respond_or_start(s, p, "a Reflex card or a Charged Ability")
    if why:
        return why
    if not in_hand(s, p, a.card):
        return f"You have no {c.name} in your hand."
    assert c.spell is not None
    if any(e.op == "negate" for e in c.spell.primary) and s.mode != "sequence":
        return f"{c.name} answers a link: play it in response to something (S22)."
    why = _cost_problem(s, p, c.spell, None, a.pay)
    if why:
        return why
    if a.targets not in designations(s, p, c.spell, -1, -1):
        return _designation_words(c.spell)
    return ""


def _designation_words(ability: Ability) -> str:
    if not ability.designate:
        return "It designates nothing: leave the targets out."
    what = {"foe": "an opposing Spirit", "ally": "a Spirit you control", "any": "a Spirit"}[ability.designate]
    zone = " and an empty zone of its controller's Battleground to move it to" if ability.move else ""
    return f"Designate {what}{zone} that it can reach (not one with Aegis; in range for a Spirit's ability)."


def why_not_use(s: SpiritState, p: int, a: Use) -> str:
    why = _respond_or_start(s, p, "a Reflex card or a Charged Ability")
    if why:
        return why
    if a.source is None:
        c = cdef(s, s.seats[p].commander.obj)
        src_obj, src_zone = s.seats[p].commander.obj, -1
    else:
        u = s.board[a.source]
        if u is None or u.owner != p:
            return f"You have no Spirit at {grid.label(a.source)}."
        if not u.face_up:
            return "A Concealed Spirit has no abilities (S50)."
        c = cdef(s, u.obj)
        src_obj, src_zone = u.obj, a.source
    if a.n > len(c.abilities):
        return f"{c.name} has no Charged Ability {a.n}."
    ability = c.abilities[a.n - 1]
    if any(e.op == "negate" for e in ability.primary) and s.mode != "sequence":
        return "That ability answers a link: use it in response to something (S22)."
    why = _cost_problem(s, p, ability, a.source, a.pay)
    if why:
        return why
    if a.targets not in designations(s, p, ability, src_obj, src_zone):
        return _designation_words(ability)
    return ""


def why_not_go(s: SpiritState, p: int, phase: str) -> str:
    why = _open_tp(s, p, (*NEXT, "end"), "Moving to the next phase")
    if why:
        return why
    if phase == "next":
        return "" if s.phase == "end" else "You can end the turn from the End Phase (go:end first)."
    if phase not in NEXT.get(s.phase, ()):
        allowed = " or ".join(f"go:{x}" for x in NEXT.get(s.phase, ())) or "end"
        return f"From the {s.phase} phase you can move on with {allowed}."
    if phase == "draw" and not s.seats[p].deck:
        return "Your deck is empty: you must Reload (S43, B23)."
    return ""


def why_not_reload(s: SpiritState, p: int) -> str:
    why = _open_tp(s, p, ("reload",), "Reloading")
    if why:
        return why
    return ""


# ------------------------------------------------------------------------------ doing


def _link(s: SpiritState, link: Link) -> SpiritState:
    return add(s, link) if s.mode == "sequence" else start(s, link)


def call(s: SpiritState, p: int, a: Call | Conceal, events: list[Event]) -> SpiritState:
    s, obj = take_from_hand(s, p, a.card)
    if isinstance(a, Call):
        events.append(Event(f"{seat_label(p)} Calls {card(a.card).name} to {grid.label(a.zone)}."))
        return start(evolve(s, called=True), Link(p, "call", obj, at=a.zone))
    events.append(Event(f"{seat_label(p)} Conceals a Spirit at {grid.label(a.zone)}."))
    return start(evolve(s, concealed=True), Link(p, "conceal", obj, at=a.zone))


def flip(s: SpiritState, p: int, a: Flip, events: list[Event]) -> SpiritState:
    u = s.board[a.zone]
    assert u is not None
    events.append(Event(f"{seat_label(p)} flips the Spirit at {grid.label(a.zone)}."))
    return start(s, Link(p, "flip", u.obj, at=a.zone))


def gather(s: SpiritState, p: int, a: Gather, events: list[Event]) -> SpiritState:
    s, obj = take_from_hand(s, p, a.card)
    if a.onto is None:
        target, where = -1, "their Commander"
    else:
        u = s.board[a.onto]
        assert u is not None
        target, where = u.obj, unit_words(s, a.onto)
    events.append(Event(f"{seat_label(p)} Gathers {card(a.card).name} onto {where}."))
    return start(evolve(s, gathers=s.gathers + 1), Link(p, "gather", obj, target=target))


def _designated(s: SpiritState, targets: tuple[int, ...]) -> tuple[int, int]:
    if not targets:
        return -1, -1
    u = s.board[targets[0]]
    assert u is not None
    return u.obj, targets[1] if len(targets) > 1 else -1


def _pay_life(s: SpiritState, p: int, ability: Ability, events: list[Event]) -> SpiritState:
    if ability.life:
        events.append(Event(f"{seat_label(p)} pays {ability.life} R from their Commander."))
        s = damage_commander(s, p, ability.life)
    return s


def _on(s: SpiritState, targets: tuple[int, ...]) -> str:
    if not targets:
        return ""
    text = f" on {unit_words(s, targets[0])}"
    return text + (f", to {grid.label(targets[1])}" if len(targets) > 1 else "")


def cast(s: SpiritState, p: int, a: Cast, events: list[Event]) -> SpiritState:
    c = card(a.card)
    assert c.spell is not None
    target, dest = _designated(s, a.targets)
    events.append(Event(f"{seat_label(p)} plays {c.name}{_on(s, a.targets)}."))
    s, paid = payment.detach(s, p, None, a.pay)
    s = _pay_life(s, p, c.spell, events)
    s, obj = take_from_hand(s, p, a.card)
    return _link(s, Link(p, c.kind, obj, target=target, zone=dest, paid=paid))


def use(s: SpiritState, p: int, a: Use, events: list[Event]) -> SpiritState:
    if a.source is None:
        obj, at, who = s.seats[p].commander.obj, -1, f"{seat_label(p)}'s Commander"
    else:
        u = s.board[a.source]
        assert u is not None
        obj, at, who = u.obj, a.source, unit_words(s, a.source)
    ability = cdef(s, obj).abilities[a.n - 1]
    target, dest = _designated(s, a.targets)
    events.append(Event(f"{who} activates ability {a.n}{_on(s, a.targets)}: {ability.effect_text}"))
    s, paid = payment.detach(s, p, a.source, a.pay)
    s = _pay_life(s, p, ability, events)
    return _link(s, Link(p, "ability", obj, n=a.n, at=at, target=target, zone=dest, paid=paid))


def attack(s: SpiritState, p: int, a: Attack, rewind: bool, events: list[Event]) -> SpiritState:
    kind = attack_kind(s, a.attacker)
    if rewind:
        kind = "spirit" if s.rewind_twin else "any"
    why = why_not_attack(s, p, a.attacker, a.target, kind)
    if why:
        raise IllegalAction(why)
    opt = AttackOption(a.attacker, a.target, kind == "spirit", grid.is_back(a.attacker))
    s, link = declare(s, p, opt, rewind, events)
    return start(evolve(s, rewind=-1, choice=None, mode="open"), link)


def go(s: SpiritState, p: int, a: Go | None, events: list[Event]) -> SpiritState:
    """A phase move (``None``: Reload, then draw): its own link, answered like any action (S20)."""
    if a is None:
        events.append(Event(f"{seat_label(p)} chooses to Reload."))
        return start(s, Link(p, "phase", phase="reload"))
    return start(s, Link(p, "phase", phase=a.phase))


def end_turn(s: SpiritState, p: int, events: list[Event]) -> SpiritState:
    events.append(Event(f"{seat_label(p)} ends the turn."))
    return start(s, Link(p, "phase", phase="next"))
