"""Issue 35 item 4: a pick taken back (engines/draft/undo.py), with the bots' picks since."""

from __future__ import annotations

import pytest

from engines.draft import pod
from engines.draft.bots import bot_pick
from engines.draft.undo import TOO_LATE, CannotUndo, LoggedPick, undo_pick

CFG = pod.PodConfig(4, 3)


def run(state: pod.PodState, log: list[LoggedPick], seat: int, card: str | None, by: str) -> pod.PodState:
    pack = pod.current_pack(state, seat)
    ref = pod.current_ref(state, seat)
    assert pack is not None and ref is not None
    card = card or bot_pick(pack.cards, state.pools[seat])
    log.append(LoggedPick(len(log) + 1, seat, ref.round, ref.pick_no, card, pack.cards, by))
    return pod.pick(state, seat, card)


def bots_move(state: pod.PodState, log: list[LoggedPick], bots: set[int]) -> pod.PodState:
    moved = True
    while moved:
        moved = False
        for s in sorted(bots):
            while pod.current_pack(state, s) is not None:
                state, moved = run(state, log, s, None, "bot"), True
    return state


def test_a_pick_and_the_bots_picks_since_are_taken_back() -> None:
    state, log = pod.new_pod(CFG, 7), []
    state = bots_move(state, log, {1, 2, 3})
    before = state
    first = pod.current_pack(state, 0)
    assert first is not None
    state = run(state, log, 0, first.cards[4], "player")
    state = bots_move(state, log, {1, 2, 3})
    assert len(log) > 4  # the bots picked from the pack seat 0 passed on
    done = undo_pick(CFG, 7, log, state, 0, 1, 1, people={0})
    assert pod.current_pack(done.state, 0) == first
    assert done.state.pools[0] == () and len(done.removed) >= 2
    # Every bot pick made from the pack since is gone; the bots' earlier picks stay.
    assert done.state.pools[1:] == before.pools[1:]


def test_only_the_last_pick_and_not_once_a_person_holds_the_pack() -> None:
    state, log = pod.new_pod(CFG, 7), []
    state = bots_move(state, log, {2, 3})
    a = pod.current_pack(state, 0)
    assert a is not None
    state = run(state, log, 0, a.cards[0], "player")
    state = bots_move(state, log, {2, 3})
    # Seat 1 is a person: the pack seat 0 passed is now their current pack (their own was picked
    # by nobody yet, so it is behind: pick theirs first).
    state = run(state, log, 1, None, "player")
    state = bots_move(state, log, {2, 3})
    with pytest.raises(CannotUndo, match="Too late to undo"):
        undo_pick(CFG, 7, log, state, 0, 1, 1, people={0, 1})
    b = pod.current_pack(state, 0)
    assert b is not None
    state = run(state, log, 0, b.cards[0], "player")
    with pytest.raises(CannotUndo, match="picked again since"):
        undo_pick(CFG, 7, log, state, 0, 1, 1, people={0, 1})
    assert TOO_LATE.endswith("hands.")
