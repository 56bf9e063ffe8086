"""Renderers: pure functions from a game's view to a ``PIL.Image`` (opaque RGB).

Each game draws its public board with ``board(view, names, **options)`` and a player's private
hand with ``hand(view, name, **options)``, in its own module (``render/<game>.py`` or a package).
A game's table declares them (``TableSpec.board`` and ``.hand``, ``bot/presenters/<game>.py``), and
the bot reads them from the game's entry in its registry (``bot/presenters/registry.py``): nothing
here finds a renderer by a game's name. ``to_png`` encodes an image for Discord.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from render.common import to_png

BoardRenderer = Callable[..., Image.Image]
"""``(view, names: Sequence[str], **options) -> Image``"""
HandRenderer = Callable[..., Image.Image]
"""``(view, name: str, **options) -> Image``"""


__all__ = [
    "BoardRenderer",
    "HandRenderer",
    "to_png",
]
