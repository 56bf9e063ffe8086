"""Drawing that remembers what it drew: every label's text, font size and box.

Images are shown inline in Discord at about 550 px wide, far below the size they are drawn at, so
whether a board *reads* is a question of the smallest text once scaled and of labels that do not
run into one another. A ``Pen`` draws like ``render.common`` does and, when given a list, appends a
``Label`` per text, chip and icon, so tests can check those two things on real boards instead of
eyeballing them. Without a list it only draws (the bot's path), at the same cost as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from render.common import (
    RGB,
    TEXT,
    Box,
    Font,
    HAlign,
    ImageCache,
    TextFit,
    VAlign,
    canvas,
    draw_text,
    ellipsize,
    font,
    line_height,
    pill,
    put_text,
    text_width,
)

LabelKind = Literal["text", "chip", "icon"]


@dataclass(frozen=True)
class Label:
    """One thing drawn: ``size`` is the font size in px at full scale (an icon's is its side)."""

    text: str
    size: int
    box: Box
    kind: LabelKind


def intersects(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _line_box(xy: tuple[float, float], text: str, fnt: Font, anchor: str) -> Box:
    """The box a line takes: its advance width by its ascent + descent, placed by the anchor.

    From cached metrics rather than ``textbbox`` (which rasterises the line again): layout asks
    for it on every board, and it is a little larger than the ink, so overlap checks err safe.
    """
    x, y = xy
    w = text_width(text, fnt)
    ascent, descent = fnt.getmetrics()
    h = ascent + descent
    x0 = x - w if anchor[0] == "r" else x - w / 2 if anchor[0] == "m" else x
    v = anchor[1]
    y0 = y - ascent if v in "sb" else y - h / 2 if v == "m" else y - h if v == "d" else y
    return (math.floor(x0), math.floor(y0), math.ceil(x0 + w), math.ceil(y0 + h))


class Pen:
    """Draws on ``img`` (offset ``dx, dy`` within the picture the labels describe) and records."""

    def __init__(self, img: Image.Image, labels: list[Label] | None = None, dx: int = 0, dy: int = 0) -> None:
        self.img = img
        self.draw = ImageDraw.Draw(img)
        self.labels = labels
        self.dx, self.dy = dx, dy

    @property
    def recording(self) -> bool:
        return self.labels is not None

    def child(self, img: Image.Image, x: int, y: int) -> Pen:
        """A pen for a piece drawn apart (a tile) that will be pasted at ``(x, y)``."""
        return Pen(img, self.labels, self.dx + x, self.dy + y)

    def record(self, text: str, size: int, box: Box, kind: LabelKind) -> None:
        if self.labels is not None:
            x0, y0, x1, y1 = box
            self.labels.append(
                Label(text, size, (x0 + self.dx, y0 + self.dy, x1 + self.dx, y1 + self.dy), kind)
            )

    def line(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        fill: RGB = TEXT,
        bold: bool = False,
        anchor: str = "lm",
        max_width: float | None = None,
    ) -> Box:
        """One line at ``xy`` (PIL anchor), ellipsized to ``max_width``; returns its box."""
        fnt = font(size, bold)
        shown = ellipsize(text, fnt, max_width) if max_width is not None else text
        put_text(self.draw, xy, shown, fnt, fill, anchor)
        box = _line_box(xy, shown, fnt, anchor)
        if shown:
            self.record(shown, size, box, "text")
        return box

    def text(
        self,
        box: Box,
        text: str,
        size: int,
        *,
        fill: RGB = TEXT,
        bold: bool = False,
        min_size: int | None = None,
        max_lines: int = 1,
        align: HAlign = "left",
        valign: VAlign = "middle",
    ) -> TextFit:
        """Text fitted into ``box`` (``render.common.draw_text``)."""
        fit = draw_text(
            self.draw,
            box,
            text,
            size,
            fill=fill,
            bold=bold,
            min_size=min_size,
            max_lines=max_lines,
            align=align,
            valign=valign,
        )
        if fit.text:
            self.record(fit.text, fit.size, fit.extent, "text")
        return fit

    def chip(
        self,
        xy: tuple[int, int],
        text: str,
        size: int,
        *,
        fill: RGB,
        text_fill: RGB = TEXT,
        anchor: Literal["left", "right", "center"] = "left",
    ) -> Box:
        """A rounded chip with ``text`` (``render.common.pill``); returns its box."""
        box = pill(self.draw, xy, text, size, fill=fill, text_fill=text_fill, anchor=anchor)
        self.record(text, size, box, "chip")
        return box

    def chip_on(
        self,
        xy: tuple[int, int],
        text: str,
        size: int,
        *,
        fill: RGB,
        bg: RGB,
        cache: ImageCache,
        text_fill: RGB = TEXT,
    ) -> Box:
        """``chip`` with its left edge at ``xy``, on a known background: the chip is drawn once
        into ``cache`` and pasted after that (a board has dozens, the same from move to move)."""
        fnt = font(size, True)
        px = max(4, size // 2)
        w = int(text_width(text, fnt)) + 2 * px
        h = line_height(fnt) + max(2, size // 5)
        x, yc = xy
        box = (x, yc - h // 2, x + w, yc - h // 2 + h)

        def make() -> Image.Image:
            img = canvas(w, h, bg)
            pill(ImageDraw.Draw(img), (0, h // 2), text, size, fill=fill, text_fill=text_fill)
            return img

        self.img.paste(cache.get(("chip", text, size, fill, text_fill, bg), make), (box[0], box[1]))
        self.record(text, size, box, "chip")
        return box

    def paste(
        self, piece: Image.Image, xy: tuple[int, int], *, name: str = "", kind: LabelKind = "icon"
    ) -> Box:
        x, y = xy
        self.img.paste(piece, (x, y))
        box = (x, y, x + piece.width, y + piece.height)
        if name:
            self.record(name, piece.height, box, kind)
        return box


__all__ = ["Label", "LabelKind", "Pen", "intersects"]
