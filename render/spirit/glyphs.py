"""Spirit Tactics' Essence drawn: a glyph per type (a flame, waves, a swirl, a rock, a flower, a
sun, a crescent; a sparkle for "Any") on a disc of the type's colour from ``essence.toml``.

A cost reads at a glance as a row of these pips, the Affinity of a card as one, and an Essence card
as a large one. Small pips are drawn four times over and scaled down, since PIL's polygons are not
anti-aliased; every piece is a pure function of its arguments and is cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engines.spirit.cards import essence_names, essences
from render.common import RGB, darken, lighten, mix
from render.richtext import Icon

ANY_COLOUR: RGB = (138, 138, 138)
"""The colour of an "Any" cost and of colourless cards (the card files' ``#8a8a8a``)."""
SUPERSAMPLE = 4


def hex_rgb(code: str) -> RGB:
    """``#rrggbb`` as an RGB tuple."""
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


@cache
def essence_colours() -> dict[int, RGB]:
    """Type index (1-7) -> the type's colour; 0 (Any) -> grey."""
    return {0: ANY_COLOUR, **{e.index: hex_rgb(e.colour) for e in essences()}}


def essence_index(name: str) -> int:
    """The index of an Essence type (or Affinity) by name; 0 for "Any" or an unknown word."""
    names = essence_names()
    return names.index(name) + 1 if name in names else 0


def essence_label(index: int) -> str:
    return "Any" if index == 0 else essence_names()[index - 1]


def essence_icon(index: int) -> Icon:
    """Essence type ``index`` (0 = Any) as an icon in rules text (``render.richtext``)."""
    return Icon(essence_label(index), index, pip)


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_on(c: RGB) -> RGB:
    """A glyph colour that stands out on ``c``: dark on bright colours, light on the others."""
    return darken(c, 0.72) if luminance(c) > 150 else lighten(c, 0.88)


Point = tuple[float, float]
_Draw = Callable[[ImageDraw.ImageDraw, float, float, float, int, int], None]
"""(draw on an L mask, centre x, centre y, radius, ink = 255, cut-out = 0)"""


def _pts(cx: float, cy: float, g: float, seq: list[Point]) -> list[Point]:
    return [(cx + x * g, cy + y * g) for x, y in seq]


def _flame(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    def drop(scale: float, dy: float) -> list[Point]:
        """A teardrop whose tip leans right, like a flame in a draught."""
        out: list[Point] = []
        for i in range(48):
            a = 2 * math.pi * i / 48
            y = -math.cos(a)
            x = 0.95 * math.sin(a) * math.sin(a / 2) ** 1.1 + 0.25 * ((1 - y) / 2) ** 3
            out.append((x * scale, dy + y * scale))
        return out

    d.polygon(_pts(cx, cy, g, drop(1.0, 0.0)), fill=ink)
    d.polygon(_pts(cx, cy, g, drop(0.48, 0.45)), fill=base)


def _tide(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    w = max(1, round(g * 0.2))
    for dy in (-0.5, 0.05, 0.6):
        line = [(-0.95 + 1.9 * t / 24, dy + 0.2 * math.sin(t / 24 * 2.5 * math.pi)) for t in range(25)]
        d.line(_pts(cx, cy, g, line), fill=ink, width=w, joint="curve")


def _gale(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    turns = 2.1 * math.pi
    spiral = [
        (
            (0.08 + 0.9 * t / 60) * math.cos(turns * t / 60),
            (0.08 + 0.9 * t / 60) * math.sin(turns * t / 60),
        )
        for t in range(61)
    ]
    d.line(_pts(cx, cy, g, spiral), fill=ink, width=max(1, round(g * 0.2)), joint="curve")


def _stone(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    rock = [(-0.9, 0.7), (-0.65, -0.2), (-0.15, -0.8), (0.5, -0.6), (0.9, 0.15), (0.6, 0.75)]
    d.polygon(_pts(cx, cy, g, rock), fill=ink)
    w = max(1, round(g * 0.1))
    d.line(_pts(cx, cy, g, [(-0.65, -0.2), (0.05, 0.05), (0.5, -0.6)]), fill=base, width=w)
    d.line(_pts(cx, cy, g, [(0.05, 0.05), (0.15, 0.75)]), fill=base, width=w)


def _bloom(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + math.cos(a) * 0.52 * g, cy + math.sin(a) * 0.52 * g
        r = 0.4 * g
        d.ellipse((px - r, py - r, px + r, py + r), fill=ink)
    r = 0.24 * g
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=base)


def _radiance(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    r = 0.42 * g
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    for i in range(8):
        a = i * math.pi / 4
        tip = (math.cos(a) * 1.0, math.sin(a) * 1.0)
        left = (math.cos(a - 0.28) * 0.58, math.sin(a - 0.28) * 0.58)
        right = (math.cos(a + 0.28) * 0.58, math.sin(a + 0.28) * 0.58)
        d.polygon(_pts(cx, cy, g, [left, tip, right]), fill=ink)


def _umbra(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    r = 0.85 * g
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    ox, oy, r2 = cx + 0.38 * g, cy - 0.25 * g, 0.7 * g
    d.ellipse((ox - r2, oy - r2, ox + r2, oy + r2), fill=base)


def _any(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    star: list[Point] = []
    for i in range(8):
        a = -math.pi / 2 + i * math.pi / 4
        rad = 1.0 if i % 2 == 0 else 0.3
        star.append((math.cos(a) * rad, math.sin(a) * rad))
    d.polygon(_pts(cx, cy, g, star), fill=ink)


GLYPHS: dict[int, _Draw] = {
    0: _any,
    1: _flame,
    2: _tide,
    3: _gale,
    4: _stone,
    5: _bloom,
    6: _radiance,
    7: _umbra,
}


def _glyph_on(img: Image.Image, index: int, cx: float, cy: float, g: float, ink: RGB) -> None:
    """Glyph ``index`` painted in ``ink`` over whatever ``img`` holds (its cut-outs show it)."""
    mask = Image.new("L", img.size, 0)
    GLYPHS[index](ImageDraw.Draw(mask), cx, cy, g, 255, 0)
    img.paste(ink, (0, 0, *img.size), mask)


def _crown(d: ImageDraw.ImageDraw, cx: float, base_y: float, top: float, half: float, k: int) -> None:
    gold = (234, 179, 8)
    crown = [
        (-0.55, 0.0),
        (-0.62, -0.75),
        (-0.3, -0.35),
        (0.0, -1.0),
        (0.3, -0.35),
        (0.62, -0.75),
        (0.55, 0.0),
    ]
    span = base_y - top
    pts = [(cx + x * half, base_y + y * span) for x, y in crown]
    d.polygon(pts, fill=gold, outline=darken(gold, 0.5), width=2 * k)


@lru_cache(maxsize=512)
def pip(index: int, diameter: int, bg: RGB) -> Image.Image:
    """A cost pip: Essence type ``index`` (0 = Any) as a disc ``diameter`` px wide on ``bg``."""
    colour = essence_colours()[index]
    k = SUPERSAMPLE
    big = Image.new("RGB", (diameter * k, diameter * k), bg)
    r = diameter * k / 2
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=colour, outline=darken(colour, 0.5), width=max(1, k))
    _glyph_on(big, index, r, r, r * 0.6, ink_on(colour))
    return big.resize((diameter, diameter), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def emblem(index: int, diameter: int, bg: RGB, mark: str = "") -> Image.Image:
    """A large medallion of an Essence type: a disc shaded from the centre, a light rim and the
    glyph; ``mark`` adds a crown over it ("crown", a Commander), or replaces the glyph with a
    spell's sign ("arcana": an eight-pointed star in a ring, "reflex": a lightning bolt)."""
    colour = essence_colours()[index]
    height = diameter + (diameter // 4 if mark == "crown" else 0)
    k = SUPERSAMPLE
    big = Image.new("RGB", (diameter * k, height * k), bg)
    d = ImageDraw.Draw(big)
    r = diameter * k / 2
    cx, cy = r, height * k - r
    steps = 32
    for i in range(steps):  # a soft radial shade: lighter towards the centre
        rr = r * (1 - i / steps)
        d.ellipse(
            (cx - rr, cy - rr, cx + rr, cy + rr),
            fill=mix(darken(colour, 0.35), lighten(colour, 0.2), i / (steps - 1)),
        )
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=lighten(colour, 0.55), width=3 * k)
    ink = ink_on(colour)
    if mark == "arcana":
        ring = r * 0.72
        d.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=ink, width=3 * k)
        star: list[Point] = []
        for i in range(16):
            a = -math.pi / 2 + i * math.pi / 8
            rad = 0.62 if i % 2 == 0 else 0.26
            star.append((math.cos(a) * rad, math.sin(a) * rad))
        d.polygon(_pts(cx, cy, r, star), fill=ink)
    elif mark == "reflex":
        bolt = [(0.12, -0.72), (-0.42, 0.08), (-0.04, 0.08), (-0.16, 0.72), (0.42, -0.12), (0.04, -0.12)]
        d.polygon(_pts(cx, cy, r, bolt), fill=ink)
    else:
        _glyph_on(big, index, cx, cy, r * 0.58, ink)
    if mark == "crown":
        _crown(d, cx, cy - r * 0.72, cy - r - diameter * k / 4, r * 0.8, k)
    return big.resize((diameter, height), Image.Resampling.LANCZOS)


__all__ = [
    "ANY_COLOUR",
    "GLYPHS",
    "emblem",
    "essence_colours",
    "essence_index",
    "essence_label",
    "hex_rgb",
    "ink_on",
    "luminance",
    "pip",
]
