"""Chronomagia's resources drawn: a glyph on a disc of the resource's colour, one per resource of
``engines.chronomagia.grammar.RESOURCES``, shared by the card, the board and the hand.

A resource window reads at a glance as a row of these pips, each followed by its number: a focus
ring for Concentration, an hourglass for Time, rewind and fast-forward marks for Time into the
Past and into the Future, a heart for Life, a sword for Attack, a shield for Defense, a burst for
Damage, a plate for Armor and a cracked heart for Life Loss. Each has its own colour too, so two
resources never differ by shape alone. Pips are drawn four times over and scaled down (PIL's
polygons are not anti-aliased); every piece is a pure function of its arguments and is cached.

The three Epochs have colours as well (the Time track's bands, the card windows' headings).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.chronomagia.grammar import RESOURCES
from render.common import RGB, darken, lighten, mix

SUPERSAMPLE = 4

RESOURCE_COLOURS: dict[str, RGB] = {
    "concentration": (168, 85, 247),
    "time": (234, 179, 8),
    "time_past": (56, 189, 248),
    "time_future": (163, 230, 53),
    "life": (34, 197, 94),
    "attack": (239, 68, 68),
    "defense": (59, 130, 246),
    "damage": (249, 115, 22),
    "armor": (148, 163, 184),
    "life_loss": (190, 24, 93),
}
"""One colour per resource; no two alike (a test checks), Life green and Life Loss dark rose."""

EPOCH_COLOURS: dict[int, RGB] = {
    1: (196, 132, 44),
    2: (184, 52, 72),
    3: (32, 148, 178),
}
"""Epoch 1 (the Ancient Age) ochre, Epoch 2 (the Age of Empires) crimson, Epoch 3 (the Age of
Machines) steel blue."""
NEUTRAL: RGB = (128, 128, 140)
HERO_COLOUR: RGB = (202, 160, 60)


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_on(c: RGB) -> RGB:
    """A glyph colour that stands out on ``c``: dark on bright colours, light on the others."""
    return darken(c, 0.75) if luminance(c) > 140 else lighten(c, 0.9)


def epoch_colour(epoch: int) -> RGB:
    return EPOCH_COLOURS.get(epoch, NEUTRAL)


Point = tuple[float, float]
_Draw = Callable[[ImageDraw.ImageDraw, float, float, float, int, int], None]
"""(draw on an L mask, centre x, centre y, radius of the glyph, ink = 255, cut-out = 0)"""


def _pts(cx: float, cy: float, g: float, seq: list[Point]) -> list[Point]:
    return [(cx + x * g, cy + y * g) for x, y in seq]


def _focus(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Concentration: a ring with a dot, the mind's eye."""
    r = 0.95 * g
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
    r2 = 0.62 * g
    d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=base)
    r3 = 0.34 * g
    d.ellipse((cx - r3, cy - r3, cx + r3, cy + r3), fill=ink)


def _hourglass(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    d.polygon(_pts(cx, cy, g, [(-0.7, -0.95), (0.7, -0.95), (0.08, 0.0), (-0.08, 0.0)]), fill=ink)
    d.polygon(_pts(cx, cy, g, [(-0.08, 0.0), (0.08, 0.0), (0.7, 0.95), (-0.7, 0.95)]), fill=ink)
    d.polygon(_pts(cx, cy, g, [(-0.3, -0.62), (0.3, -0.62), (0.0, -0.28)]), fill=base)


def _rewind(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Time into the Past: two triangles pointing left."""
    for dx in (0.0, 0.9):
        d.polygon(_pts(cx, cy, g, [(-0.95 + dx, 0.0), (0.0 + dx, -0.75), (0.0 + dx, 0.75)]), fill=ink)


def _forward(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Time into the Future: two triangles pointing right."""
    for dx in (0.0, -0.9):
        d.polygon(_pts(cx, cy, g, [(0.95 + dx, 0.0), (0.0 + dx, -0.75), (0.0 + dx, 0.75)]), fill=ink)


def _heart_points() -> list[Point]:
    out: list[Point] = []
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        out.append((x / 17, -y / 17 + 0.05))
    return out


def _heart(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    d.polygon(_pts(cx, cy, g, _heart_points()), fill=ink)


def _cracked(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Life Loss: a heart broken by a zigzag."""
    d.polygon(_pts(cx, cy, g, _heart_points()), fill=ink)
    crack = [(0.05, -0.6), (-0.2, -0.2), (0.18, 0.1), (-0.1, 0.45), (0.05, 0.9)]
    d.line(_pts(cx, cy, g, crack), fill=base, width=max(1, round(g * 0.2)), joint="curve")


def _sword(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Attack: a sword point up, slightly leaning."""
    blade = [(0.0, -1.0), (0.2, -0.75), (0.16, 0.35), (-0.16, 0.35), (-0.2, -0.75)]
    guard = [(-0.6, 0.32), (0.6, 0.32), (0.6, 0.5), (-0.6, 0.5)]
    grip = [(-0.1, 0.5), (0.1, 0.5), (0.1, 0.85), (-0.1, 0.85)]
    pommel = 0.16

    def turn(seq: list[Point]) -> list[Point]:
        a = math.radians(30)
        return [(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)) for x, y in seq]

    for part in (blade, guard, grip):
        d.polygon(_pts(cx, cy, g, turn(part)), fill=ink)
    ((px, py),) = turn([(0.0, 0.93)])
    d.ellipse(
        (cx + (px - pommel) * g, cy + (py - pommel) * g, cx + (px + pommel) * g, cy + (py + pommel) * g),
        fill=ink,
    )


def _shield(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Defense: a heater shield."""
    out: list[Point] = [(-0.8, -0.85), (0.8, -0.85), (0.8, -0.1)]
    for i in range(1, 12):
        t = i / 12
        out.append((0.8 * (1 - t) ** 1.2, -0.1 + 1.05 * math.sin(t * math.pi / 2)))
    out.append((0.0, 0.98))
    for i in range(11, 0, -1):
        t = i / 12
        out.append((-0.8 * (1 - t) ** 1.2, -0.1 + 1.05 * math.sin(t * math.pi / 2)))
    out.append((-0.8, -0.1))
    d.polygon(_pts(cx, cy, g, out), fill=ink)
    w = max(1, round(g * 0.14))
    d.line(_pts(cx, cy, g, [(0.0, -0.7), (0.0, 0.75)]), fill=base, width=w)


def _burst(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Damage: a ten-pointed burst."""
    pts: list[Point] = []
    for i in range(20):
        a = -math.pi / 2 + i * math.pi / 10
        rad = 1.0 if i % 2 == 0 else 0.45
        pts.append((math.cos(a) * rad, math.sin(a) * rad))
    d.polygon(_pts(cx, cy, g, pts), fill=ink)


def _plate(d: ImageDraw.ImageDraw, cx: float, cy: float, g: float, ink: int, base: int) -> None:
    """Armor: a hexagonal plate with a rivet."""
    hexagon = [
        (math.cos(math.pi / 6 + i * math.pi / 3), math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)
    ]
    d.polygon(_pts(cx, cy, g * 0.98, hexagon), fill=ink)
    d.polygon(_pts(cx, cy, g * 0.55, hexagon), fill=base)
    r = 0.24 * g
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


GLYPHS: dict[str, _Draw] = {
    "concentration": _focus,
    "time": _hourglass,
    "time_past": _rewind,
    "time_future": _forward,
    "life": _heart,
    "attack": _sword,
    "defense": _shield,
    "damage": _burst,
    "armor": _plate,
    "life_loss": _cracked,
}
assert set(GLYPHS) == set(RESOURCES) == set(RESOURCE_COLOURS)


@lru_cache(maxsize=1024)
def pip(resource: str, diameter: int, bg: RGB, dim: float = 0.0) -> Image.Image:
    """Resource ``resource`` as a disc ``diameter`` px wide on ``bg``; ``dim`` (0-1) fades it into
    ``bg`` (a window of an Epoch that is not the active one)."""
    colour = RESOURCE_COLOURS[resource]
    k = SUPERSAMPLE
    big = Image.new("RGB", (diameter * k, diameter * k), bg)
    r = diameter * k / 2
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, 2 * r - 1, 2 * r - 1), fill=colour, outline=darken(colour, 0.45), width=max(1, k))
    mask = Image.new("L", big.size, 0)
    GLYPHS[resource](ImageDraw.Draw(mask), r, r, r * 0.6, 255, 0)
    big.paste(ink_on(colour), (0, 0, *big.size), mask)
    out = big.resize((diameter, diameter), Image.Resampling.LANCZOS)
    if dim > 0:
        out = Image.blend(out, Image.new("RGB", out.size, bg), dim)
    return out


@lru_cache(maxsize=64)
def glyph_only(resource: str, size: int, colour: RGB, bg: RGB) -> Image.Image:
    """The glyph alone in ``colour`` on ``bg`` (no disc): Life and Armor beside a player's totals."""
    k = SUPERSAMPLE
    big = Image.new("RGB", (size * k, size * k), bg)
    mask = Image.new("L", big.size, 0)
    r = size * k / 2
    GLYPHS[resource](ImageDraw.Draw(mask), r, r, r * 0.95, 255, 0)
    big.paste(colour, (0, 0, *big.size), mask)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def faded(c: RGB, bg: RGB, dim: float) -> RGB:
    return mix(c, bg, dim)


__all__ = [
    "EPOCH_COLOURS",
    "GLYPHS",
    "HERO_COLOUR",
    "NEUTRAL",
    "RESOURCE_COLOURS",
    "epoch_colour",
    "faded",
    "glyph_only",
    "ink_on",
    "luminance",
    "pip",
]
