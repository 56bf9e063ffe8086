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


SEARCH = SearchSettings(focus=focus, turns=2, rounds=16, confidence=1.64)
"""Playouts run to the start of one's next turn (the opponent's answer seen), 16 rounds a searched
decision, and a move other than the game AI's only when the paired rounds agree (z 1.64): about
0.2 s of CPU a searched decision (67 ms a decision on average); 200 duels take about 20 minutes on
2 cores. Against normal over games 0-199: 68.0 % [61.5, 74.5]; at 8 rounds with z 1.64 67.5 %, at
8 rounds with the margin alone 66.5 % (bench/README.md, AI levels)."""
