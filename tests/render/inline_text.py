"""How big every text of an image is once Discord shows it inline (issue #34, item 5).

Discord shows an attached image about 550 px wide. ``record(draw)`` runs a renderer and records
every text it rasterises (Pillow's ``FreeTypeFont.getmask2``: ``ImageDraw.text`` and
``render.common.put_text`` both end there), with the image it was drawn on, and follows that
image through ``resize``/``reduce`` (a card face drawn large and shrunk onto a hand), so the size
that counts is the font's pixel size times every scale the drawing went through, times
550 / the final width.

Renderers cache glyph masks and whole tiles (``functools`` caches, ``ImageCache``); a cached piece
draws no text, so every cache of the ``render`` package is emptied first: each recorded image is
drawn from scratch.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.common import ImageCache

INLINE = 550
MIN_TEXT_PX = 11.0


@dataclass(frozen=True)
class Text:
    text: str
    size: float
    """The font's pixel size times the scale its image was resized by on the way to the result."""
    shrunk: bool = False
    """Drawn on an image that was then shrunk (a card face made a thumbnail)."""


def _clear_render_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not (name == "render" or name.startswith("render.")) or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, ImageCache):
                value.clear()
            elif isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def _image_of(frame: Any) -> Image.Image | None:
    """The image the text is drawn on: an ``ImageDraw`` found in a calling frame's locals."""
    for _ in range(8):
        if frame is None:
            return None
        for value in frame.f_locals.values():
            if isinstance(value, ImageDraw.ImageDraw):
                img = getattr(value, "_image", None)
                return img if isinstance(img, Image.Image) else None
        frame = frame.f_back
    return None


@contextmanager
def _recording() -> Iterator[
    tuple[list[tuple[str, float, int | None]], dict[int, tuple[int, float]], list[Any]]
]:
    texts: list[tuple[str, float, int | None]] = []
    scaled: dict[int, tuple[int, float]] = {}
    keep: list[Any] = []  # images stay alive, so an id() is never reused during a recording
    getmask2 = ImageFont.FreeTypeFont.getmask2
    resize = Image.Image.resize
    reduce = Image.Image.reduce

    def rec_getmask2(self: ImageFont.FreeTypeFont, text: str, *args: Any, **kwargs: Any) -> Any:
        img = _image_of(sys._getframe(1))
        if img is not None:
            keep.append(img)
        texts.append((text, float(self.size), id(img) if img is not None else None))
        return getmask2(self, text, *args, **kwargs)

    def rec_resize(self: Image.Image, size: Any, *args: Any, **kwargs: Any) -> Image.Image:
        out = resize(self, size, *args, **kwargs)
        keep.extend((self, out))
        scaled[id(out)] = (id(self), out.width / self.width)
        return out

    def rec_reduce(self: Image.Image, factor: Any, *args: Any, **kwargs: Any) -> Image.Image:
        out = reduce(self, factor, *args, **kwargs)
        keep.extend((self, out))
        scaled[id(out)] = (id(self), out.width / self.width)
        return out

    _clear_render_caches()
    ImageFont.FreeTypeFont.getmask2 = rec_getmask2  # type: ignore[method-assign]
    Image.Image.resize = rec_resize  # type: ignore[method-assign]
    Image.Image.reduce = rec_reduce  # type: ignore[method-assign]
    try:
        yield texts, scaled, keep
    finally:
        ImageFont.FreeTypeFont.getmask2 = getmask2  # type: ignore[method-assign]
        Image.Image.resize = resize  # type: ignore[method-assign]
        Image.Image.reduce = reduce  # type: ignore[method-assign]
        _clear_render_caches()


def record(draw: Callable[[], Image.Image]) -> tuple[Image.Image, list[Text]]:
    """The image ``draw()`` returns and every text drawn for it, at its size in that image."""
    with _recording() as (raw, scaled, _keep):
        img = draw()
    # an image that was resized is the source of a scaled copy: a text drawn on it shrinks with
    # it (the smallest copy counts when one was made at several sizes)
    copies: dict[int, list[tuple[int, float]]] = {}
    for out_id, (src_id, f) in scaled.items():
        copies.setdefault(src_id, []).append((out_id, f))

    def factor(img_id: int | None, depth: int = 0) -> float:
        if img_id is None or img_id not in copies or depth > 8:
            return 1.0
        return min(f * factor(o, depth + 1) for o, f in copies[img_id])

    return img, [Text(t, size * factor(i), factor(i) < 1) for t, size, i in raw if t.strip()]


def too_small(img: Image.Image, texts: list[Text], *, thumbnails: bool = False) -> list[str]:
    """Each text smaller than ``MIN_TEXT_PX`` once ``img`` is shown ``INLINE`` px wide.

    ``thumbnails``: texts on a shrunk picture (a card face beside its words, as Afrika's hand
    shows it) are part of that picture, not text to read, and are left out.
    """
    scale = INLINE / img.width
    seen: set[tuple[str, float]] = set()
    out: list[str] = []
    for t in texts:
        if thumbnails and t.shrunk:
            continue
        shown = t.size * scale
        if shown < MIN_TEXT_PX and (t.text, t.size) not in seen:
            seen.add((t.text, t.size))
            out.append(f"{t.text!r} is {shown:.1f} px at {INLINE} px wide")
    return out
