"""Engines by name, read from the game declarations (``engines/games.py``).

There is no registration step of its own: a game is declared once, in ``engines.games.GAMES``,
and its ``GameSpec`` holds the engine.
"""

from __future__ import annotations

from typing import Any

from .engine import Engine


def load_all() -> dict[str, Engine[Any, Any, Any]]:
    """Every declared game's engine by name."""
    from engines.games import all_games

    return {g.name: g.engine for g in all_games()}


def get_engine(name: str) -> Engine[Any, Any, Any]:
    """The engine of game ``name``; ``ConfigError`` in words for an unknown game."""
    from engines.games import game_spec

    return game_spec(name).engine
