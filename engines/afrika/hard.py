"""How the ``hard`` AI searches Afrika (issue #37 item 2): which decisions get search rounds.

An Afrika duel has about 170 decisions with a choice a seat, most of them a priority pass in a step
where nothing is worth casting (an energy ability is always legal, so the pass is rarely forced).
The search spends its rounds on the decisions that decide a duel: the attack and block
declarations, the choices of a spell being cast (target, mode, X) and one's own main phases
(which terrain, which card to cast, or nothing). Everywhere else the game AI's move is played at
once. Energy abilities (``charge``, paid automatically by every cast) and ``cancel`` are never
candidates.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core.search import SearchSettings

from .actions import AfrikaAction
from .state import AfrikaState, peek

SEARCHED_CHOICES = frozenset({"attackers", "blockers", "cast"})
MAIN_STEPS = frozenset({"explore1", "explore2"})
NEVER = frozenset({"charge", "cancel"})


def focus(
    seen: AfrikaState, me: int, legal: Sequence[AfrikaAction], usual: AfrikaAction
) -> list[AfrikaAction]:
    """The moves worth playing out at this decision (``SearchSettings.focus``); ``seen`` is a deal
    of the position from ``me``'s view, of which only public parts (step, whose turn, the pending
    choice, the stack) are read."""
    g = peek(seen)
    if g.choice is not None:
        searched = g.choice.kind in SEARCHED_CHOICES
    else:
        searched = g.active == me and g.step in MAIN_STEPS and not g.stack
    if not searched:
        return [usual]
    return [a for a in legal if a.kind not in NEVER]


SEARCH = SearchSettings(focus=focus, turns=2, rounds=8)
"""Playouts run to the start of one's next turn (the opponent's answer seen), 8 rounds a searched
decision: about 14 ms of CPU a round, so a searched decision is about 0.1 s and a duel's hard seat
(about 50 searched decisions) about 6 s of CPU; 200 duels fit in well under an hour on 2 cores."""
