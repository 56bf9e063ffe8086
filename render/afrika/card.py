"""One Chronicles of Afrika card as a 375x525 image (the card face), drawn from its data.

``card_image(card_id) -> Image``  the face (cached; callers must ``.copy()`` before drawing on it).
``card_face(card) -> (Image, CardFit)``  the uncached drawing plus a report of how the text fitted.
``card_fit(card_id) -> CardFit``  the layout report only (tests check that nothing overflows).
``draw_energy_symbol(draw, center, radius, code)``  a cost pip: a drawn glyph per energy, never
an emoji; ``code`` is an energy code, a number (generic) or "X".

Layout, top to bottom: title bar (name, cost pips), art box (procedural, tinted by the card's
energies and seeded by its id), type line (type, rarity gem), rules text and ancestral verse
(wrapped; the font shrinks until both fit), footer (set number, rarity, power/health or the
energy a terrain makes). The frame is tinted by the card's energy; two-energy cards get a split
frame, colourless ones grey metal, terrains earth tones.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.afrika.cards import ENERGY, CardDef, card
from render.common import (
    BLACK,
    RGB,
    Box,
    darken,
    draw_line,
    draw_text,
    font,
    lighten,
    line_height,
    mix,
    put_text,
    text_width,
    wrap,
)

W, H = 375, 525
ENERGY_COLORS: dict[str, RGB] = {
    "DIA": (170, 192, 214),
    "NEB": (132, 100, 212),
    "JUN": (46, 140, 74),
    "VOL": (206, 70, 40),
    "VOI": (86, 66, 112),
    "RIF": (40, 132, 200),
    "SAV": (214, 164, 48),
    "SKY": (104, 182, 228),
    "SEA": (28, 78, 150),
    "MTN": (134, 112, 92),
}
GENERIC_COLOR: RGB = (150, 154, 162)
TERRAIN_COLOR: RGB = (120, 104, 80)
RARITY_COLORS: dict[str, RGB] = {
    "C": (30, 30, 30),
    "U": (180, 190, 204),
    "R": (226, 180, 40),
    "M": (230, 96, 40),
}
RARITY_NAMES = {"C": "Common", "U": "Uncommon", "R": "Rare", "M": "Mythic"}
SET_NAMES = {"LC": "Cosmic Core", "SL": "Star Lords"}

TITLE_BOX: Box = (22, 18, 353, 52)
ART_BOX: Box = (24, 58, 351, 258)
TYPE_BOX: Box = (22, 264, 353, 292)
TEXT_BOX: Box = (30, 302, 345, 466)
FOOT_Y = 478
TEXT_MAX, TEXT_MIN = 15, 8


@dataclass(frozen=True)
class CardFit:
    card_id: str
    name_fits: bool
    type_fits: bool
    text_size: int
    text_fits: bool
    """Rules text and verse are complete (no ellipsis) and inside the text box."""

    @property
    def ok(self) -> bool:
        return self.name_fits and self.type_fits and self.text_fits


# ------------------------------------------------------------------------------ colours
def energies(c: CardDef) -> list[str]:
    codes = [code for code, _ in c.cost.typed]
    if not codes:
        codes = [p for p in c.produces if p in ENERGY]
        if not codes and c.type == "terrain":
            codes = [s for s in c.subtypes if s in ENERGY]
    return codes


def frame_colors(c: CardDef) -> tuple[RGB, RGB]:
    codes = energies(c)
    if not codes:
        base = TERRAIN_COLOR if c.type == "terrain" else GENERIC_COLOR
        return base, base
    a = ENERGY_COLORS[codes[0]]
    b = ENERGY_COLORS[codes[1]] if len(codes) > 1 else a
    return a, b


def _seed(cid: str) -> int:
    return int.from_bytes(hashlib.sha256(cid.encode()).digest()[:8], "big")


class _Rand:
    """A tiny deterministic generator for the art (seeded by the card id)."""

    def __init__(self, seed: int) -> None:
        self.s = seed or 1

    def next(self) -> float:
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        return (self.s >> 11) / float(1 << 53)

    def rng(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.next()


# ------------------------------------------------------------------------------ symbols
def draw_energy_symbol(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, code: str) -> None:
    """A round cost pip with a glyph for the energy (or a number / X for generic)."""
    cx, cy = center
    fill = ENERGY_COLORS.get(code, GENERIC_COLOR)
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=darken(fill, 0.55), width=max(1, round(r / 7))
    )
    ink = darken(fill, 0.75) if code in ("DIA", "SKY", "SAV") else lighten(fill, 0.85)
    g = r * 0.58

    def pts(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(cx + x * g, cy + y * g) for x, y in seq]

    if code == "DIA":
        draw.polygon(pts([(0, -1), (0.7, 0), (0, 1), (-0.7, 0)]), fill=ink)
    elif code == "NEB":
        star = []
        for i in range(8):
            a = math.pi / 4 * i - math.pi / 2
            rad = 1.0 if i % 2 == 0 else 0.35
            star.append((math.cos(a) * rad, math.sin(a) * rad))
        draw.polygon(pts(star), fill=ink)
    elif code == "JUN":
        draw.polygon(
            pts([(0, -1), (0.6, -0.2), (0.35, 0.55), (0, 0.8), (-0.35, 0.55), (-0.6, -0.2)]), fill=ink
        )
        draw.line(pts([(0, -0.6), (0, 1.05)]), fill=fill, width=max(1, round(r / 8)))
    elif code == "VOL":
        draw.polygon(
            pts(
                [
                    (0, -1),
                    (0.35, -0.3),
                    (0.65, 0.25),
                    (0.45, 0.85),
                    (-0.45, 0.85),
                    (-0.65, 0.25),
                    (-0.3, -0.2),
                ]
            ),
            fill=ink,
        )
        draw.polygon(pts([(0, -0.1), (0.28, 0.45), (0, 0.8), (-0.28, 0.45)]), fill=fill)
    elif code == "VOI":
        draw.ellipse((cx - g, cy - g, cx + g, cy + g), fill=ink)
        draw.ellipse(
            (
                cx - g * 0.55 + g * 0.3,
                cy - g * 0.55 - g * 0.15,
                cx + g * 0.55 + g * 0.3,
                cy + g * 0.55 - g * 0.15,
            ),
            fill=fill,
        )
    elif code == "RIF":
        draw.polygon(pts([(-0.7, -0.9), (0.7, -0.9), (0, 0)]), fill=ink)
        draw.polygon(pts([(-0.7, 0.9), (0.7, 0.9), (0, 0)]), fill=ink)
    elif code == "SAV":
        draw.ellipse((cx - g * 0.45, cy - g * 0.45, cx + g * 0.45, cy + g * 0.45), fill=ink)
        for i in range(8):
            a = math.pi / 4 * i
            draw.line(
                [
                    (cx + math.cos(a) * g * 0.65, cy + math.sin(a) * g * 0.65),
                    (cx + math.cos(a) * g * 1.0, cy + math.sin(a) * g * 1.0),
                ],
                fill=ink,
                width=max(1, round(r / 9)),
            )
    elif code == "SKY":
        for dx, dy, rr in ((-0.45, 0.15, 0.42), (0.05, -0.15, 0.55), (0.5, 0.18, 0.38)):
            draw.ellipse(
                (cx + (dx - rr) * g, cy + (dy - rr) * g, cx + (dx + rr) * g, cy + (dy + rr) * g), fill=ink
            )
        draw.rectangle((cx - 0.85 * g, cy + 0.1 * g, cx + 0.85 * g, cy + 0.55 * g), fill=ink)
    elif code == "SEA":
        w = max(1, round(r / 6))
        for dy in (-0.45, 0.05, 0.55):
            line = [
                (cx + (t / 10 * 1.8 - 0.9) * g, cy + (dy + 0.22 * math.sin(t / 10 * 2 * math.pi)) * g)
                for t in range(11)
            ]
            draw.line(line, fill=ink, width=w)
    elif code == "MTN":
        draw.polygon(pts([(-1, 0.8), (-0.25, -0.6), (0.2, 0.1), (0.45, -0.25), (1, 0.8)]), fill=ink)
    else:  # generic number or X
        fnt = font(max(6, round(r * 1.25)), True)
        put_text(draw, (cx, cy + 0.5), code, fnt, (20, 20, 24), "mm")


def cost_symbols(c: CardDef) -> list[str]:
    out: list[str] = []
    if c.cost.x:
        out.append("X")
    if c.cost.generic:
        out.append(str(c.cost.generic))
    for code, n in c.cost.typed:
        out.extend([code] * n)
    return out


# ------------------------------------------------------------------------------ art
def _draw_art(img: Image.Image, c: CardDef, box: Box) -> None:
    x0, y0, x1, y1 = box
    a, b = frame_colors(c)
    rnd = _Rand(_seed(c.id))
    art = Image.new("RGB", (x1 - x0, y1 - y0))
    d = ImageDraw.Draw(art)
    w, h = art.size
    top = darken(mix(a, (10, 12, 30), 0.5), 0.35)
    bottom = lighten(mix(b, a, 0.3), 0.15)
    for yy in range(h):
        d.line([(0, yy), (w, yy)], fill=mix(top, bottom, yy / max(1, h - 1)))
    # stars
    for _ in range(40):
        sx, sy = rnd.rng(0, w), rnd.rng(0, h * 0.6)
        s = rnd.rng(0.6, 1.8)
        d.ellipse((sx - s, sy - s, sx + s, sy + s), fill=lighten(a, 0.8))
    # a celestial body
    pr = rnd.rng(18, 40)
    px, py = rnd.rng(pr, w - pr), rnd.rng(pr, h * 0.45)
    d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=lighten(b, 0.35))
    d.ellipse(
        (
            px - pr * 0.8 + pr * 0.35,
            py - pr * 0.8 - pr * 0.2,
            px + pr * 0.8 + pr * 0.35,
            py + pr * 0.8 - pr * 0.2,
        ),
        fill=lighten(b, 0.55),
    )
    # layered horizon
    for layer in range(3):
        base = h * (0.62 + 0.13 * layer)
        col = darken(mix(a, b, layer / 2), 0.25 + 0.18 * layer)
        pts = [(0.0, float(h))]
        n = 7 + layer * 2
        for i in range(n + 1):
            pts.append((w * i / n, base - rnd.rng(0, h * 0.22)))
        pts.append((float(w), float(h)))
        d.polygon(pts, fill=col)
    # a silhouette hint by type
    cx, cy = w * rnd.rng(0.35, 0.65), h * 0.78
    ink = darken(a, 0.8)
    if c.type == "entity":
        hr = 10 + min(c.power + c.health, 14) * 1.6
        d.ellipse((cx - hr * 0.45, cy - hr * 1.9, cx + hr * 0.45, cy - hr * 1.0), fill=ink)
        d.polygon(
            [(cx - hr * 0.9, cy + hr * 0.4), (cx, cy - hr * 1.1), (cx + hr * 0.9, cy + hr * 0.4)], fill=ink
        )
    elif c.type in ("artifact", "tech", "vehicle"):
        d.regular_polygon((cx, cy - 22, 26), 6, rotation=rnd.rng(0, 60), fill=ink, outline=lighten(a, 0.5))
    elif c.type == "spell":
        for _ in range(5):
            ang = rnd.rng(0, 2 * math.pi)
            d.line(
                [(cx, cy - 30), (cx + math.cos(ang) * 60, cy - 30 + math.sin(ang) * 40)],
                fill=lighten(b, 0.6),
                width=2,
            )
    img.paste(art, (x0, y0))


# ------------------------------------------------------------------------------ text layout
@dataclass(frozen=True)
class _Body:
    size: int
    rules: list[str]
    verse: list[str]
    fits: bool


def _layout_body(rules: str, verse: str, width: int, height: int) -> _Body:
    for size in range(TEXT_MAX, TEXT_MIN - 1, -1):
        f, fv = font(size), font(max(TEXT_MIN, size - 1))
        rl = wrap(rules, f, width) if rules else []
        vl = wrap(verse, fv, width) if verse else []
        lh, lhv = line_height(f) + 2, line_height(fv) + 1
        gap = 10 if rl and vl else 0
        total = len(rl) * lh + gap + len(vl) * lhv
        clean = not any(x.endswith("…") for x in [*rl, *vl])
        if total <= height and clean:
            return _Body(size, rl, vl, True)
    f, fv = font(TEXT_MIN), font(TEXT_MIN)
    lh = line_height(f) + 2
    n = max(1, height // lh)
    rl = wrap(rules, f, width, max_lines=n)
    rest = max(0, (height - len(rl) * lh - 10) // (line_height(fv) + 1))
    vl = wrap(verse, fv, width, max_lines=rest) if rest and verse else []
    return _Body(TEXT_MIN, rl, vl, False)


def type_line(c: CardDef) -> str:
    """The type line with energy codes spelled out ("Terrain — Space Rifts")."""
    from engines.afrika.cards import ENERGY_NAMES

    line = c.type_line()
    for code, name in ENERGY_NAMES.items():
        line = line.replace(f" {code}", f" {name}")
    return line


def rules_text(c: CardDef) -> str:
    return c.text


# ------------------------------------------------------------------------------ the face
def card_face(c: CardDef) -> tuple[Image.Image, CardFit]:
    a, b = frame_colors(c)
    img = Image.new("RGB", (W, H), (16, 16, 20))
    d = ImageDraw.Draw(img)
    # frame: outer black border, energy-tinted body (split for two energies)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=18, fill=(12, 12, 14))
    body = Image.new("RGB", (W - 16, H - 16))
    bd = ImageDraw.Draw(body)
    for xx in range(body.width):
        t = xx / (body.width - 1)
        col = a if a == b else mix(a, b, min(1.0, max(0.0, (t - 0.35) / 0.3)))
        bd.line([(xx, 0), (xx, body.height)], fill=col)
    mask = Image.new("L", body.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.width - 1, body.height - 1), radius=12, fill=255)
    img.paste(body, (8, 8), mask)
    d = ImageDraw.Draw(img)
    plate = lighten(mix(a, b, 0.5), 0.72)
    plate_edge = darken(mix(a, b, 0.5), 0.45)
    # title bar
    d.rounded_rectangle(TITLE_BOX, radius=8, fill=plate, outline=plate_edge, width=2)
    pips = cost_symbols(c) if c.type != "terrain" else []
    pr = 11
    px = TITLE_BOX[2] - 8 - pr
    cy = (TITLE_BOX[1] + TITLE_BOX[3]) / 2
    pip_x0 = TITLE_BOX[2]
    for sym in reversed(pips):
        draw_energy_symbol(d, (px, cy), pr, sym)
        pip_x0 = px - pr
        px -= 2 * pr + 3
    name_box = (TITLE_BOX[0] + 10, TITLE_BOX[1] + 2, int(pip_x0) - 6, TITLE_BOX[3] - 2)
    name_fit = draw_text(d, name_box, c.name, 17, fill=(18, 18, 22), bold=True, min_size=11)
    # art
    d.rectangle((ART_BOX[0] - 3, ART_BOX[1] - 3, ART_BOX[2] + 2, ART_BOX[3] + 2), fill=plate_edge)
    _draw_art(img, c, ART_BOX)
    d = ImageDraw.Draw(img)
    # type line with rarity gem
    d.rounded_rectangle(TYPE_BOX, radius=8, fill=plate, outline=plate_edge, width=2)
    gem_c = RARITY_COLORS[c.rarity]
    gx, gy = TYPE_BOX[2] - 20, (TYPE_BOX[1] + TYPE_BOX[3]) / 2
    d.polygon([(gx, gy - 9), (gx + 8, gy), (gx, gy + 9), (gx - 8, gy)], fill=gem_c, outline=BLACK)
    type_box = (TYPE_BOX[0] + 10, TYPE_BOX[1] + 2, TYPE_BOX[2] - 34, TYPE_BOX[3] - 2)
    type_fit = draw_text(d, type_box, type_line(c), 14, fill=(18, 18, 22), bold=True, min_size=10)
    # text box
    tb = (TEXT_BOX[0] - 8, TEXT_BOX[1] - 6, TEXT_BOX[2] + 8, TEXT_BOX[3] + 6)
    d.rounded_rectangle(tb, radius=6, fill=lighten(mix(a, b, 0.5), 0.88), outline=plate_edge, width=2)
    tw, th = TEXT_BOX[2] - TEXT_BOX[0], TEXT_BOX[3] - TEXT_BOX[1]
    lay = _layout_body(rules_text(c), c.verse, tw, th)
    f, fv = font(lay.size), font(max(TEXT_MIN, lay.size - 1))
    y = float(TEXT_BOX[1])
    for line in lay.rules:
        put_text(d, (TEXT_BOX[0], y), line, f, (16, 16, 20), "la")
        y += line_height(f) + 2
    if lay.rules and lay.verse:
        y += 4
        d.line([(TEXT_BOX[0] + 40, y), (TEXT_BOX[2] - 40, y)], fill=darken(plate, 0.3), width=1)
        y += 6
    for line in lay.verse:
        put_text(d, (TEXT_BOX[0], y), line, fv, (78, 70, 64), "la")
        y += line_height(fv) + 1
    # footer: set number / rarity, and power/health or produced energy
    foot = f"{c.id} · {RARITY_NAMES[c.rarity]} · {SET_NAMES.get(c.set, c.set)}"
    fw = min(230, text_width(foot, font(11))) + 16
    d.rounded_rectangle((16, FOOT_Y + 8, 16 + fw, FOOT_Y + 28), radius=8, fill=(20, 20, 24))
    draw_line(d, (24, FOOT_Y + 18), foot, 11, fill=(230, 230, 236), max_width=230)
    if c.type == "entity":
        box = (W - 110, FOOT_Y, W - 20, FOOT_Y + 34)
        d.rounded_rectangle(box, radius=8, fill=plate, outline=plate_edge, width=2)
        draw_text(
            d, box, f"{c.power}/{c.health}", 20, fill=(18, 18, 22), bold=True, align="center", min_size=12
        )
    elif c.produces:
        x = W - 36
        for code in reversed(c.produces):
            if code == "any":
                for i, e in enumerate(("VOL", "SEA", "JUN")):
                    draw_energy_symbol(d, (x - 14 + i * 14, FOOT_Y + 17), 9, e)
                x -= 50
            else:
                draw_energy_symbol(d, (x, FOOT_Y + 17), 13, code)
                x -= 30
    text_fits = lay.fits
    fit = CardFit(
        c.id,
        not name_fit.truncated and not name_fit.overflow,
        not type_fit.truncated and not type_fit.overflow,
        lay.size,
        text_fits,
    )
    return img, fit


@lru_cache(maxsize=512)
def _cached(card_id: str) -> tuple[Image.Image, CardFit]:
    return card_face(card(card_id))


def card_image(card_id: str) -> Image.Image:
    """The 375x525 face of ``card_id`` (cached: ``.copy()`` it before drawing on it)."""
    return _cached(card_id)[0]


def card_fit(card_id: str) -> CardFit:
    return _cached(card_id)[1]


__all__ = [
    "ENERGY_COLORS",
    "CardFit",
    "H",
    "W",
    "card_face",
    "card_fit",
    "card_image",
    "cost_symbols",
    "draw_energy_symbol",
]
