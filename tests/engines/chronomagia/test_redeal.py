"""The Redeal is simultaneous and secret (M6, issue 32 item 12): until both players have decided,
nothing the other player or a spectator sees (their view, the public events) depends on how many
cards a player set aside; once both have decided, both counts are told."""

from __future__ import annotations

import pytest

from engines.chronomagia import ENGINE
from engines.chronomagia.legal import redeal_options
from engines.chronomagia.state import ChronomagiaState
from engines.core import Event, MatchConfig, PlayerId

CFG = MatchConfig(players=2)


def _redeal_step(seed: int) -> ChronomagiaState:
    s = ENGINE.setup(CFG, seed)
    while s.step != "redeal":  # a chosen first player (series games) comes before the Redeal
        p = sorted(ENGINE.current_players(s))[0]
        s = ENGINE.apply(s, PlayerId(p), ENGINE.legal_actions(s, PlayerId(p))[0]).state
    assert ENGINE.current_players(s) == {0, 1}
    return s


def _by_count(s: ChronomagiaState, p: int) -> dict[int, tuple[ChronomagiaState, tuple[Event, ...]]]:
    """For each number of cards ``p`` may set aside (0 = keep): the state and events after it."""
    out = {}
    for a in redeal_options(s, p):
        n = len(getattr(a, "cards", ()))
        if n not in out:
            t = ENGINE.apply(s, PlayerId(p), a)
            out[n] = (t.state, t.events)
    assert sorted(out) == [0, 1, 2, 3, 4, 5]
    return out


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("first", [0, 1])
def test_the_first_decision_shows_nothing_of_its_count(seed: int, first: int) -> None:
    s = _redeal_step(seed)
    other = 1 - first
    outcomes = _by_count(s, first)
    events = {tuple(e.text for e in ev) for _, ev in outcomes.values()}
    assert events == {(f"P{first + 1} has made their Redeal decision.",)}, events
    for viewer in (other, None):
        who = None if viewer is None else PlayerId(viewer)
        views = {repr(ENGINE.view(t, who)) for t, _ in outcomes.values()}
        assert len(views) == 1, f"the view of {viewer} depends on how many cards P{first + 1} set aside"


@pytest.mark.parametrize("seed", range(2))
def test_both_counts_are_told_once_both_have_decided(seed: int) -> None:
    s = _redeal_step(seed)
    s = ENGINE.apply(s, PlayerId(1), redeal_options(s, 1)[3]).state  # sets aside some cards
    n = s.seats[1].set_aside
    assert n > 0
    t = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("keep"))
    texts = [e.text for e in t.events]
    assert "P1 keeps their hand." in texts
    assert f"P2 redeals {n} card{'s' * (n != 1)}." in texts
    assert t.state.turn == 1
