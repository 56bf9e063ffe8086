"""The turn (digest section 2): what happens when a phase move resolves, and the turn's end.

Every phase move is an action and so a Sequence (S20): the move happens when its link resolves.
Resolving the Reload Phase's move runs the Draw Phase at once (2 cards, 1 after a Reload, none on
the starting player's first turn, B1) and enters the Calm Phase, whose triggers start their own
Sequences. Entering the End Phase restores Rejuvenate Spirits (KW5) and queues "in your End Phase"
triggers; Unending returns are asked once the Sequence is over (B22). Ending the turn clears what
lasts "until end of turn" and hands the turn over.
"""

from __future__ import annotations

from engines.core import Event, seat_label
from engines.core.evolve import evolve

from .board import (
    check_commanders,
    commander_r,
    finish,
    keywords,
    opponent,
    queue_phase_triggers,
    set_unit,
    unit_words,
)
from .cards import rules
from .piles import draw, reload
from .state import SpiritState, Unit

PHASE_WORDS = {
    "reload": "the Reload Phase",
    "draw": "the Draw Phase",
    "calm": "the Calm Phase",
    "main": "the Main Phase",
    "combat": "the Combat Phase",
    "submain": "the Sub-Main Phase",
    "end": "the End Phase",
}


def start_turn(s: SpiritState, p: int, events: list[Event]) -> SpiritState:
    """``p`` becomes the turn player, in the Reload Phase, with fresh once-per-turn limits."""
    events.append(Event(f"Turn {s.turn}: {seat_label(p)}'s turn."))
    return evolve(
        s,
        current=p,
        phase="reload",
        mode="open",
        called=False,
        concealed=False,
        gathers=0,
        reloaded=False,
        once=(),
        unending=(),
        rewind=-1,
    )


def _calm(s: SpiritState, events: list[Event]) -> SpiritState:
    events.append(Event(f"{seat_label(s.current)} enters the Calm Phase."))
    s = evolve(s, phase="calm")
    return queue_phase_triggers(s, s.current, "calm")


def _draw_phase(s: SpiritState, events: list[Event]) -> SpiritState:
    p = s.current
    if s.turn == 1:
        events.append(Event(f"{seat_label(p)} skips the Draw Phase of the Duel's first turn (B1)."))
        return s
    return draw(s, p, 1 if s.reloaded else rules().draw, events)


def _rejuvenate(s: SpiritState, events: list[Event]) -> SpiritState:
    for z, u in enumerate(s.board):
        if u is not None and u.face_up and u.damage > 0 and "Rejuvenate" in keywords(s, z):
            s = set_unit(s, z, evolve(u, damage=0))
            events.append(Event(f"Rejuvenate: {unit_words(s, z)} is restored to full R."))
    return s


def enter(s: SpiritState, phase: str, events: list[Event]) -> SpiritState:
    """A phase move's link resolves: do what the move does (``phase`` as in ``Link.phase``)."""
    p = s.current
    if phase == "reload":
        s = reload(s, p, events)
        s = evolve(s, reloaded=True)
        return _calm(_draw_phase(s, events), events)
    if phase == "draw":
        return _calm(_draw_phase(s, events), events)
    if phase == "next":
        return end_turn(s, events)
    events.append(Event(f"{seat_label(p)} moves to {PHASE_WORDS[phase]}."))
    s = evolve(s, phase=phase)
    if phase == "end":
        s = _rejuvenate(s, events)
        s = queue_phase_triggers(s, p, "end")
    return s


def end_turn(s: SpiritState, events: list[Event]) -> SpiritState:
    """The turn ends: "until end of turn" effects and attack counts are cleared; after the last
    turn (``turn_limit``) the Duel is decided on the Commanders' R (DECISIONS.md)."""
    board = tuple(
        None
        if u is None
        else Unit(u.obj, u.owner, u.face_up, u.damage, u.essence, concealed_turn=u.concealed_turn)
        for u in s.board
    )
    s = evolve(s, board=board)
    s = check_commanders(s, events)
    if s.ranking is not None:
        return s
    if s.turn >= rules().turn_limit:
        r0, r1 = commander_r(s, 0), commander_r(s, 1)
        events.append(
            Event(f"Turn {s.turn} was the last: the Duel is decided on the Commanders' R ({r0} to {r1}).")
        )
        if r0 == r1:
            return finish(s, ((0, 1),), "turn limit, equal Resilience")
        best = 0 if r0 > r1 else 1
        return finish(s, ((best,), (opponent(best),)), "turn limit")
    s = evolve(s, turn=s.turn + 1)
    return start_turn(s, opponent(s.current), events)
