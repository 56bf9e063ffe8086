"""Afrika's ``hard`` AI (issue #37 item 2): its rounds go to the decisions that decide a duel, its
evaluator is the fitted one, and it still never sees a hidden card."""

from __future__ import annotations

from dataclasses import replace

from engines.afrika import GAME
from engines.afrika.actions import AfrikaAction
from engines.afrika.ai import afrika_policy
from engines.afrika.evaluate import evaluate as hand_made
from engines.afrika.hard import focus
from engines.afrika.hard_evaluate import FEATURES, WEIGHTS, evaluate
from engines.afrika.state import AfrikaState, peek
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.search import Search

ENGINE = GAME.engine


def _decisions(seed: int = 4) -> list[tuple[AfrikaState, int]]:
    """Every position of a normal-vs-normal duel where the seat to move has a choice."""
    starters = list(GAME.starter_decks().values())
    s = ENGINE.setup(MatchConfig(2, {"decks": starters}), seed)
    rng = Rng.from_seed(seed)
    out: list[tuple[AfrikaState, int]] = []
    while ENGINE.outcome(s) is None:
        p = min(ENGINE.current_players(s))
        if len(ENGINE.legal_actions(s, PlayerId(p))) > 1:
            out.append((s, p))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
    return out


def _choice(s: AfrikaState) -> str:
    choice = peek(s).choice
    return choice.kind if choice is not None else ""


def _legal(s: AfrikaState, p: int) -> list[AfrikaAction]:
    return list(ENGINE.legal_actions(s, PlayerId(p)))


def _rounds(state: AfrikaState, me: int) -> int:
    search = Search(ENGINE, GAME.ai, GAME.evaluate, 2, replace(GAME.search, rounds=2), Rng.from_seed(1))
    action = search.best(state, me)
    assert action in ENGINE.legal_actions(state, PlayerId(me))
    return search.rounds


def test_hard_searches_attacks_and_main_phases_and_passes_the_rest_at_once() -> None:
    assert GAME.search.focus is focus and GAME.evaluate is evaluate
    positions = _decisions()
    on_their_turn = [(s, p) for s, p in positions if peek(s).choice is None and peek(s).active != p]
    attacks = [(s, p) for s, p in positions if _choice(s) == "attackers"]
    assert on_their_turn and attacks
    assert all(_rounds(s, p) == 0 for s, p in on_their_turn[:5])
    assert all(_rounds(s, p) == 2 for s, p in attacks[:3] if len(ENGINE.legal_actions(s, PlayerId(p))) > 1)
    searched = sum(1 for s, p in positions if len(focus(s, p, _legal(s, p), _legal(s, p)[0])) > 1)
    assert searched < len(positions) / 2, "most decisions of a duel are left to the game AI"


def test_energy_abilities_are_never_candidates() -> None:
    for s, p in _decisions():
        legal = ENGINE.legal_actions(s, PlayerId(p))
        assert all(a.kind not in ("charge", "cancel") for a in focus(s, p, legal, legal[0])[1:] or [])


def test_the_fitted_evaluator_is_symmetric_and_knows_a_lost_game() -> None:
    assert len(WEIGHTS) == len(FEATURES)
    for s, _p in _decisions()[::40]:
        assert abs(evaluate(s, 0) + evaluate(s, 1) - 1.0) < 1e-9
    s, _ = _decisions()[-1]
    loser = replace(s, players=tuple(replace(q, lost=q.seat == 1) for q in s.players))
    assert evaluate(loser, 1) == 0.0 and evaluate(loser, 0) == 1.0
    assert hand_made(s, 0) != evaluate(s, 0)
