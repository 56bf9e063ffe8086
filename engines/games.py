"""The games cardhost hosts: one line per game. Everything that lists games reads this.

Each name is a package ``engines.<name>`` whose ``GAME`` is its ``GameSpec``; the bot finds the
table side at ``bot.presenters.<name>`` (``TABLE``). A test checks every declared game has an engine,
an AI, a renderer, a presenter, scenario files and (when it has decks) a starter deck.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
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
_FORGETTERS: list[Callable[[str], None]] = []
"""What else holds a game by name (the bot's tables, the renderers), told when a game leaves."""


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


def register(name: str) -> GameSpec[Any, Any, Any]:
    """Declare one more game while the process runs, as its line in ``GAMES`` would (a game kept
    outside the repository, the High Card test game): its declaration is loaded and checked now."""
    global GAMES
    added = name not in GAMES
    if added:
        GAMES = (*GAMES, name)
    try:
        return game_spec(name)
    except BaseException:
        if added:
            unregister(name)
        raise


def unregister(name: str) -> None:
    """Take a registered game away again, with everything loaded for it by name (its declaration
    here, its table and renderers wherever they registered a forgetter)."""
    global GAMES
    GAMES = tuple(g for g in GAMES if g != name)
    _SPECS.pop(name, None)
    for forget in _FORGETTERS:
        forget(name)


def on_unregister(forget: Callable[[str], None]) -> None:
    """Have ``forget(name)`` called when a game is unregistered: a cache keyed by game name above
    the engines (which never import it) registers itself here."""
    _FORGETTERS.append(forget)
