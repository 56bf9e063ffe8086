"""A live match carries its game's declaration (issue 36, item 4): the moves read it from the match.

The declaration is found once, when the match is built; a move (a player's, the AI's answer, an
auto-pass, which card a move played) never looks the game up by its name again. The test makes
every lookup by name fail once the match has started, then plays on through the bot.
"""

from __future__ import annotations

from typing import Any

import pytest

import bot.services.matches
from bot.presenters.registry import REGISTRY
from engines.core import PlayerId, Rng, choose_action
from engines.games import game_spec
from tests.bot.table import make_table, play_move


async def test_moves_read_the_declaration_the_match_carries(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert live.spec is game_spec("alchemy")

    def no_lookup(name: str) -> Any:
        raise AssertionError(f"a move looked game {name!r} up by name")

    monkeypatch.setattr(bot.services.matches, "game_spec", no_lookup)
    rng = Rng.from_seed(5)
    for _ in range(12):
        if not live.active:
            break
        action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
        clicked = await play_move(alice, live.id, action)
        assert not clicked.followups, [f.content for f in clicked.followups]
    assert live.seq >= 12, "alice's moves and the AI's answers were played and stored"


async def test_moves_read_the_table_the_match_carries(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table side (``TableSpec``: words, buttons, board and hand renderers, alt-text describer)
    is the match's declaration's entry in the game registry (``bot/presenters/registry.py``, read by
    identity in ``bot/presenters/match_table.py``); the moves that follow, their panels, boards,
    hands, alt texts and refusals never look the game up by its name."""
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))

    def no_lookup(name: str) -> Any:
        raise AssertionError(f"a move looked the table of {name!r} up by name")

    monkeypatch.setattr(REGISTRY, "entry", no_lookup)
    rng = Rng.from_seed(7)
    for _ in range(12):
        if not live.active:
            break
        action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
        clicked = await play_move(alice, live.id, action)
        assert not clicked.followups, [f.content for f in clicked.followups]
    assert live.seq >= 12, "alice's moves and the AI's answers were played and stored"
