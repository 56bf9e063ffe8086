"""The ``hard`` AI's own parts for Spirit Tactics and Alchemy (issue #37 item 2): Spirit's search
is spent on the Main and Combat Phases with cheap playouts and its own fitted evaluator (``normal``
keeps ``ai.evaluate``), Alchemy's evaluator is a fitted logistic model that sees the race's end,
and ``bench.fit_evaluator`` fits such weights."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from bench.fit_evaluator import fit, log_loss
from engines.alchemy.evaluate import evaluate as alchemy_evaluate
from engines.alchemy.evaluate import features as alchemy_features
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.search import Search
from engines.games import game_spec
from engines.spirit import ai as spirit_ai
from engines.spirit.actions import Cast, Use
from engines.spirit.hard import playout
from engines.spirit.worth import worth

SPIRIT = game_spec("spirit")


def _spirit_positions(moves: int = 400) -> list[tuple[Any, int]]:
    """Positions of a normal-vs-normal Spirit duel where the seat to move has a choice."""
    engine = SPIRIT.engine
    state = engine.setup(MatchConfig(2, {}), 5)
    rng = Rng.from_seed(5)
    out: list[tuple[Any, int]] = []
    for _ in range(moves):
        if engine.outcome(state) is not None:
            break
        seat = int(min(engine.current_players(state)))
        if len(engine.legal_actions(state, PlayerId(seat))) > 1:
            out.append((state, seat))
        state = engine.apply(state, PlayerId(seat), SPIRIT.ai(engine, state, PlayerId(seat), rng)).state
    return out


def _worth_searching(state: Any, seat: int) -> bool:
    """Where Spirit's focus spends rounds: the open Main and Combat Phases, and a Sequence whose
    top link is the other player's (whether to answer it)."""
    if state.mode == "open":
        return state.phase in {"main", "submain", "combat"}
    return state.mode == "sequence" and bool(state.seq) and state.seq[-1].seat != seat


def test_spirit_hard_spends_rounds_only_where_the_turn_is_shaped() -> None:
    settings = replace(SPIRIT.search, rounds=1)
    searched: set[tuple[str, str]] = set()
    skipped: set[tuple[str, str]] = set()
    for state, seat in _spirit_positions(250):
        search = Search(
            SPIRIT.engine, SPIRIT.ai, SPIRIT.evaluate, 2, settings, Rng.from_seed(1), SPIRIT.playout
        )
        search.best(state, seat)
        where = (state.mode, state.phase)
        if search.rounds:
            assert _worth_searching(state, seat), where
            searched.add(where)
        else:
            skipped.add(where)
    assert ("open", "main") in searched and ("open", "combat") in searched
    assert ("open", "reload") in skipped and any(mode == "sequence" for mode, _ in skipped)


def test_spirit_playouts_play_legal_moves_and_never_cast() -> None:
    engine = SPIRIT.engine
    rng = Rng.from_seed(2)
    for state, seat in _spirit_positions():
        action = playout(engine, state, PlayerId(seat), rng)
        assert action in engine.legal_actions(state, PlayerId(seat))
        assert not isinstance(action, Cast | Use)


def test_spirit_hard_has_its_own_evaluator_and_normal_keeps_its_own() -> None:
    assert SPIRIT.ai is spirit_ai.spirit_policy
    assert SPIRIT.evaluate is worth
    assert SPIRIT.playout is playout
    for state, seat in _spirit_positions(120)[::10]:
        assert 0.0 <= worth(state, seat) <= 1.0


def _alchemy_state(points: tuple[int, int]) -> Any:
    engine = game_spec("alchemy").engine
    state = engine.setup(MatchConfig(2, {}), 11)
    seats = tuple(replace(st, points=pts) for st, pts in zip(state.seats, points, strict=True))
    return replace(state, seats=seats)


def test_alchemy_evaluator_sees_a_lead_near_the_target_is_worth_more() -> None:
    early, late = _alchemy_state((3, 2)), _alchemy_state((9, 8))
    assert alchemy_evaluate(late, 0) > alchemy_evaluate(early, 0) > 0.5
    for s in (early, late):
        assert math.isclose(alchemy_evaluate(s, 0) + alchemy_evaluate(s, 1), 1.0)
        assert alchemy_features(s, 0) == [-x for x in alchemy_features(s, 1)]


def test_the_fit_recovers_the_weights_of_a_logistic_model() -> None:
    rng = Rng.from_seed(9)
    truth = (1.5, -0.8)
    xs: list[list[float]] = []
    ys: list[float] = []
    for _ in range(4000):
        x = [(rng.below(2001) - 1000) / 500, (rng.below(2001) - 1000) / 500]
        p = 1 / (1 + math.exp(-(truth[0] * x[0] + truth[1] * x[1])))
        xs.append(x)
        ys.append(1.0 if rng.below(10_000) < p * 10_000 else 0.0)
    w = fit(xs, ys)
    assert abs(w[0] - truth[0]) < 0.25 and abs(w[1] - truth[1]) < 0.25
    assert log_loss(w, xs, ys) < log_loss([0.0, 0.0], xs, ys)
