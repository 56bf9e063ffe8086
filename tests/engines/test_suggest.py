"""The move a panel highlights (issue 34, item 3): the game's AI's choice, legal, the same for the
same position every time, and blind to the cards the seat cannot see."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import MatchConfig, PlayerId, Rng, choose_action
from engines.core.suggest import position_seed, suggested_action
from engines.games import GAMES, game_spec


def _config(game: str) -> MatchConfig:
    """Two seats (or the game's minimum), with two of its starter decks when it has decks."""
    spec = game_spec(game)
    options: dict[str, Any] = {}
    if spec.deck_option:
        decks = list(spec.starter_decks().values())
        options[spec.deck_option] = [list(decks[0]), list(decks[-1])]
    engine = spec.engine
    return MatchConfig(players=max(engine.min_players, min(engine.max_players, 2)), options=options)


def _positions(game: str, count: int) -> list[tuple[Any, int]]:
    """Positions of an AI-against-AI game where the seat to act has a choice."""
    engine = game_spec(game).engine
    s = engine.setup(_config(game), 3)
    rng = Rng.from_seed(3)
    found: list[tuple[Any, int]] = []
    while engine.outcome(s) is None and len(found) < count:
        p = min(engine.current_players(s))
        if len(engine.legal_actions(s, PlayerId(p))) > 1:
            found.append((s, p))
        s = engine.apply(s, PlayerId(p), choose_action(engine, s, PlayerId(p), rng)).state
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_suggestion_is_the_ais_legal_choice_and_repeatable(game: str) -> None:
    spec = game_spec(game)
    engine = spec.engine
    for s, p in _positions(game, 25):
        chosen = suggested_action(engine, s, p)
        assert chosen is not None
        assert chosen in {a.to_id() for a in engine.legal_actions(s, PlayerId(p))}
        assert suggested_action(engine, s, p) == chosen, "the same position, the same highlight"
        rng = Rng.from_seed(position_seed(engine, s, p))
        world = engine.resample_hidden(s, PlayerId(p), rng)
        assert spec.ai(engine, world, PlayerId(p), rng).to_id() == chosen


@pytest.mark.parametrize("game", GAMES)
def test_the_suggestion_does_not_depend_on_hidden_cards(game: str) -> None:
    engine = game_spec(game).engine
    for i, (s, p) in enumerate(_positions(game, 25)):
        other = engine.resample_hidden(s, PlayerId(p), Rng.from_seed(1000 + i))
        assert position_seed(engine, other, p) == position_seed(engine, s, p)
        assert suggested_action(engine, other, p) == suggested_action(engine, s, p)
