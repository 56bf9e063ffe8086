"""Chronomagia's ``hard`` AI (issue #37 item 2): the search spends its rounds on real decisions.

Collecting Life or Armor, placing a Shadow, the Redeal and going on to the Main phase are moves the
game AI makes by rule; ``engines.chronomagia.hard.focus`` leaves them to it with no round at all,
and a Main-phase choice between cards is searched. Rounds are counted, never timed."""

from __future__ import annotations

from typing import Any

from engines.chronomagia.actions import Collect, FirstChoice, GoMain, Keep, PlaceShadow, Redeal
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.search import Search
from engines.games import game_spec

SPEC = game_spec("chronomagia")
ENGINE = SPEC.engine
BY_RULE = (Keep, Redeal, FirstChoice, PlaceShadow, GoMain)


def _decisions(seed: int) -> list[tuple[Any, int, Any]]:
    """(state, seat, the game AI's move) at each choice of the first six turns of a game."""
    starters = list(SPEC.starter_decks().values())
    state = ENGINE.setup(MatchConfig(2, {"decks": [starters[seed % len(starters)]] * 2}), seed)
    rng = Rng.from_seed(seed)
    out = []
    while ENGINE.outcome(state) is None and state.turn <= 6:
        seat = int(min(ENGINE.current_players(state)))
        action = SPEC.ai(ENGINE, state, PlayerId(seat), rng)
        if len(ENGINE.legal_actions(state, PlayerId(seat))) > 1:
            out.append((state, seat, action))
        state = ENGINE.apply(state, PlayerId(seat), action).state
    return out


def test_moves_made_by_rule_cost_no_round_and_choices_are_searched() -> None:
    by_rule = searched = 0
    for state, seat, action in _decisions(4):
        search = Search(ENGINE, SPEC.ai, SPEC.evaluate, 2, SPEC.search, Rng.from_seed(1), SPEC.playout)
        search.best(state, seat)
        if isinstance(action, BY_RULE) or action in (Collect("life"), Collect("armor")):
            assert search.rounds == 0, f"{action.to_id()} is made by rule, yet the search played rounds"
            by_rule += 1
        elif search.rounds:
            searched += 1
    assert by_rule >= 3 and searched >= 3
