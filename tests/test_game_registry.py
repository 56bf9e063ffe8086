"""A game registered while the process runs leaves with everything loaded for it by name (issue 36,
item 4): ``engines.games.register``/``unregister``, which the High Card test game uses."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.presenters
import engines
import engines.games
import render
from bot.presenters import alt, table_spec
from bot.presenters.alt import describer_for
from engines.core.errors import ConfigError

PLUGIN = Path(__file__).parent / "bot" / "plugin_game"


def test_unregister_forgets_the_declaration_the_table_and_the_renderers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(PLUGIN / "engines")])
    monkeypatch.setattr(render, "__path__", [*render.__path__, str(PLUGIN / "render")])
    monkeypatch.setattr(
        bot.presenters, "__path__", [*bot.presenters.__path__, str(PLUGIN / "bot" / "presenters")]
    )
    before = engines.games.GAMES
    spec = engines.games.register("highcard")
    try:
        assert (*before, "highcard") == engines.games.GAMES
        assert table_spec("highcard").game is spec
        assert render.board_renderer("highcard") is not None
        assert describer_for("highcard") is describer_for("highcard")
    finally:
        engines.games.unregister("highcard")
    assert before == engines.games.GAMES
    assert "highcard" not in bot.presenters._TABLES
    assert "highcard" not in render.BOARDS and "highcard" not in render.HANDS
    assert "highcard" not in alt._DESCRIBERS
    with pytest.raises(ConfigError):
        engines.games.game_spec("highcard")


def test_a_failed_registration_leaves_the_declared_games_alone() -> None:
    before = engines.games.GAMES
    with pytest.raises(ModuleNotFoundError):
        engines.games.register("nosuchgame")
    assert before == engines.games.GAMES
    engines.games.register("alchemy")  # already declared: nothing changes
    assert before == engines.games.GAMES
