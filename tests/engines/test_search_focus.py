"""``SearchSettings.focus`` (issue #37 item 2): a game says which decisions are worth search rounds
and which moves are candidates there; a decision it leaves with one move is the game AI's at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng
from engines.core.search import Search, SearchSettings
from engines.games import game_spec

SPEC = game_spec("alchemy")
ENGINE = SPEC.engine


def _position() -> tuple[Any, int]:
    """The first position of an Alchemy duel where the seat to move has three or more moves."""
    state = ENGINE.setup(MatchConfig(2, {}), 3)
    rng = Rng.from_seed(3)
    while True:
        seat = int(min(ENGINE.current_players(state)))
        if len(ENGINE.legal_actions(state, PlayerId(seat))) > 2:
            return state, seat
        state = ENGINE.apply(state, PlayerId(seat), SPEC.ai(ENGINE, state, PlayerId(seat), rng)).state


def _search(focus: Any) -> Search:
    return Search(ENGINE, SPEC.ai, SPEC.evaluate, 2, SearchSettings(rounds=4, focus=focus), Rng.from_seed(2))


def test_a_decision_the_focus_leaves_to_the_game_ai_costs_no_round() -> None:
    state, me = _position()
    seen: list[Any] = []

    def nothing(world: Any, seat: int, legal: Sequence[Any], usual: Any) -> list[Any]:
        seen.append(world)
        return [usual]

    search = _search(nothing)
    action = search.best(state, me)
    assert search.rounds == 0 and not search.scores
    assert seen and seen[0] is not state, "the focus reads a deal of the position, never the real one"
    usual = SPEC.ai(ENGINE, seen[0], PlayerId(me), Rng.from_seed(2))
    assert action in ENGINE.legal_actions(state, PlayerId(me))
    assert action.to_id() == usual.to_id() or len(ENGINE.legal_actions(state, PlayerId(me))) == 1


def test_only_the_moves_the_focus_names_are_played_out() -> None:
    state, me = _position()
    legal = list(ENGINE.legal_actions(state, PlayerId(me)))

    def two(world: Any, seat: int, moves: Sequence[Any], usual: Any) -> list[Any]:
        return [usual, next(a for a in moves if a != usual)]

    search = _search(two)
    search.best(state, me)
    assert search.rounds == 4 and len(search.scores) == 2 < len(legal)
    everything = _search(None)
    everything.best(state, me)
    assert len(everything.scores) == min(len(legal), everything.settings.width)
