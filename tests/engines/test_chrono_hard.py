"""Epochs Chrono's ``hard`` AI (issue #37 item 2): its playouts run to the end of the game.

A playout of Chrono is cheap (some 90 moves of a few microseconds), and a position cut after a
round says little (a hand's length is a poor guess at who goes out first), so the game declares
playouts that run until the game is over and score the real outcome, never the evaluator."""

from __future__ import annotations

from typing import Any

from engines.core import MatchConfig, PlayerId, Rng
from engines.core.search import Search
from engines.games import game_spec

SPEC = game_spec("chrono")
ENGINE = SPEC.engine


def _position(seed: int) -> tuple[Any, int]:
    """The first position of a six-seat game where the seat to move has a choice."""
    state = ENGINE.setup(MatchConfig(6, {}), seed)
    rng = Rng.from_seed(seed)
    while True:
        seat = int(min(ENGINE.current_players(state)))
        if len(ENGINE.legal_actions(state, PlayerId(seat))) > 1:
            return state, seat
        state = ENGINE.apply(state, PlayerId(seat), SPEC.ai(ENGINE, state, PlayerId(seat), rng)).state


def test_a_playout_runs_to_the_end_of_the_game() -> None:
    calls: list[int] = []

    def counted(state: Any, seat: int) -> float:
        calls.append(seat)
        return 0.5

    for seed in (1, 2, 3):
        state, me = _position(seed)
        search = Search(ENGINE, SPEC.ai, counted, 6, SPEC.search, Rng.from_seed(seed), SPEC.playout)
        world = ENGINE.resample_hidden(state, PlayerId(me), Rng.from_seed(9))
        first = ENGINE.legal_actions(state, PlayerId(me))[0]
        search._playout(world, me, first, 77)
    assert calls == [], "a Chrono playout stopped before the game was over and asked the evaluator"
