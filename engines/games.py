"""The games cardhost hosts: one line per game. Everything that lists games reads this.

Each name is a package ``engines.<name>`` whose ``GAME`` is its ``GameSpec``; the bot finds the
table side at ``bot.presenters.<name>`` (``TABLE``). A test checks every declared game has an engine,
an AI, a renderer, a presenter, scenario files and (when it has decks) a starter deck.
"""

from __future__ import annotations

import importlib
from typing import Any

from engines.core.errors import ConfigError
from engines.core.game import GameSpec

GAMES: tuple[str, ...] = (
    "chrono",
    "afrika",
    "alchemy",
    "spirit",
    "chronomagia",
)

_SPECS: dict[str, GameSpec[Any, Any, Any]] = {}


def game_spec(name: str) -> GameSpec[Any, Any, Any]:
    """The declaration of game ``name``; ``ConfigError`` in words for an unknown one."""
    spec = _SPECS.get(name)
    if spec is None:
        if name not in GAMES:
            known = ", ".join(GAMES)
            raise ConfigError(f"Unknown game {name!r}. Games available: {known}.")
        spec = importlib.import_module(f"engines.{name}").GAME
        if not isinstance(spec, GameSpec):
            raise TypeError(f"engines.{name}.GAME is not a GameSpec")
        _SPECS[name] = spec
    return spec


def all_games() -> list[GameSpec[Any, Any, Any]]:
    """Every declared game, in declaration order."""
    return [game_spec(name) for name in GAMES]
