"""Renderers: pure functions from a game's view to a ``PIL.Image`` (opaque RGB).

The bot calls ``board_image(game, view, names)`` for the public board and
``hand_image(game, view, name)`` for a player's private hand, then ``to_png`` to get bytes.

Per-game modules plug in in either of two ways:

- a module ``render/<game>.py`` that defines ``board(view, names, **options)`` and
  ``hand(view, name, **options)`` is found by name the first time the game is asked for
  (nothing to edit here), or
- it calls ``register(game, board=..., hand=...)`` itself.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

import engines.games
from render.common import to_png

BoardRenderer = Callable[..., Image.Image]
"""``(view, names: Sequence[str], **options) -> Image``"""
HandRenderer = Callable[..., Image.Image]
"""``(view, name: str, **options) -> Image``"""

BOARDS: dict[str, BoardRenderer] = {}
HANDS: dict[str, HandRenderer] = {}


def _forget(game: str) -> None:
    BOARDS.pop(game, None)
    HANDS.pop(game, None)


engines.games.on_unregister(_forget)  # an unregistered game's renderers go with it

_GAME_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class UnknownRenderer(LookupError):
    """No renderer is registered (or importable) for that game."""


def register(game: str, *, board: BoardRenderer | None = None, hand: HandRenderer | None = None) -> None:
    """Register a game's board and/or hand renderer (a later call replaces an earlier one)."""
    if not _GAME_NAME.match(game):
        raise ValueError(f"bad game name {game!r}")
    if board is not None:
        BOARDS[game] = board
    if hand is not None:
        HANDS[game] = hand


def _load(game: str) -> None:
    """Import ``render.<game>`` once and register its ``board``/``hand`` functions if present."""
    if game in BOARDS or game in HANDS or not _GAME_NAME.match(game):
        return
    try:
        module = importlib.import_module(f"render.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game}":
            return
        raise
    board = getattr(module, "board", None)
    hand = getattr(module, "hand", None)
    register(
        game,
        board=board if callable(board) and game not in BOARDS else None,
        hand=hand if callable(hand) and game not in HANDS else None,
    )


def board_renderer(game: str) -> BoardRenderer:
    _load(game)
    try:
        return BOARDS[game]
    except KeyError:
        raise UnknownRenderer(f"no board renderer for game {game!r}") from None


def hand_renderer(game: str) -> HandRenderer:
    _load(game)
    try:
        return HANDS[game]
    except KeyError:
        raise UnknownRenderer(f"no hand renderer for game {game!r}") from None


def board_image(game: str, view: Any, names: Sequence[str], **options: Any) -> Image.Image:
    """The public board of ``game`` drawn from ``view``; ``names[seat]`` is each seat's name.

    ``options`` go to the game's renderer (e.g. ``titles=`` for Chrono card titles).
    """
    return board_renderer(game)(view, names, **options)


def hand_image(game: str, view: Any, name: str, **options: Any) -> Image.Image:
    """The private hand of the view's viewer (whose display name is ``name``)."""
    return hand_renderer(game)(view, name, **options)


__all__ = [
    "BOARDS",
    "HANDS",
    "BoardRenderer",
    "HandRenderer",
    "UnknownRenderer",
    "board_image",
    "board_renderer",
    "hand_image",
    "hand_renderer",
    "register",
    "to_png",
]
