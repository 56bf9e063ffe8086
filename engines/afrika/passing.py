"""The commonest move made without the general machinery: a pass that only hands priority on.

About two moves in three are passes, and most of them only give priority to the next player:
``perform``'s ``do_pass`` adds one to ``passes`` and, while not every player still in the game has
passed, hands priority to the next seat; ``settle`` then runs the state checks (which change
nothing when the state is quiet, ``state.is_quiet``, and nothing they read changed: nothing did)
and places pending triggers (there are none in a settled state where someone holds priority). So
the next state is the same state with those two numbers changed and no events. It is made here
without thawing, performing, settling and freezing, and equals what the general path makes
(tests/engines/afrika/test_fast_paths.py plays every move both ways).
"""

from __future__ import annotations

from . import fast
from .state import AfrikaState, evolve, is_quiet, keep_evolved, mark_quiet


def quiet_pass(s: AfrikaState, p: int) -> AfrikaState | None:
    """The state after ``p`` passes in ``s`` if that pass does nothing else, else None (the caller
    then takes the general path). The caller has checked that ``p`` may move in ``s``."""
    if not fast.ON or s.over or s.choice is not None or s.priority != p or s.triggers or not is_quiet(s):
        return None
    players = s.players
    alive = sum(1 for q in players if not q.lost)
    if s.passes + 1 >= alive:
        return None  # everyone passed: the top of the stack resolves or the step ends
    n = len(players)
    nxt = p
    for i in range(1, n + 1):  # timing.next_seat
        q = (p + i) % n
        if not players[q].lost:
            nxt = q
            break
    after = evolve(s, passes=s.passes + 1, priority=nxt)
    mark_quiet(after)
    keep_evolved(s, after, passes=after.passes, priority=nxt)
    return after
