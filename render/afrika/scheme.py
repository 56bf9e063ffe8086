"""Galactic Overlord schemes and Cosmic Rifts as oversized card faces, drawn from their data.

``scheme_image(card_id) -> Image``  a 450x630 portrait scheme (cached: ``.copy()`` before drawing).
``rift_image(card_id) -> Image``  a 700x500 landscape rift (cached likewise).
``scheme_face(s)`` / ``rift_face(r) -> (Image, FaceFit)``  the uncached drawing and how text fitted.
``scheme_fit(card_id)`` / ``rift_fit(card_id) -> FaceFit``  the layout report (tests: nothing clipped).

They are bigger than a Codex card (375x525, ``render.afrika.card``) as the physical ones are, and
deliberately unlike one, so nobody mistakes a scheme or a rift for a card in a hand: a scheme is an
obsidian-and-crimson frame with gold trim (an Ongoing one violet with silver trim and an ONGOING
ribbon); a rift is a landscape teal-to-magenta frame whose chaos ability sits in its own box under
a drawn chaos star. Titles and text are laid out like a card's: the font shrinks until rules text
and verse fit, and the report says if even the smallest size would cut anything.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.afrika.schemes import RIFT_ART, RiftCard, SchemeCard, rift, scheme
from render.afrika.card import draw_energy_symbol
from render.common import (
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
    wrap,
)

SCHEME_W, SCHEME_H = 450, 630
RIFT_W, RIFT_H = 700, 500

GOLD: RGB = (214, 172, 72)
SILVER: RGB = (196, 184, 226)
OBSIDIAN: RGB = (22, 12, 18)
CRIMSON: RGB = (128, 20, 34)
VIOLET: RGB = (78, 34, 124)
RIFT_A: RGB = (22, 118, 146)
RIFT_B: RGB = (156, 42, 146)
INK: RGB = (20, 16, 18)
VERSE_INK: RGB = (92, 72, 66)

# villain skies: (sky top, glow, moon rim), one per scheme picked by its id
SCHEME_SKIES: tuple[tuple[RGB, RGB, RGB], ...] = (
    ((14, 4, 10), (168, 26, 36), (250, 120, 60)),
    ((8, 4, 20), (104, 40, 170), (220, 160, 255)),
    ((10, 10, 6), (196, 96, 20), (255, 210, 90)),
    ((4, 12, 12), (30, 140, 96), (170, 255, 190)),
    ((6, 8, 22), (40, 84, 180), (170, 210, 255)),
)
TEXT_MAX, TEXT_MIN = 17, 9


@dataclass(frozen=True)
class FaceFit:
    card_id: str
    name_fits: bool
    text_size: int
    text_fits: bool
    """Rules text and verse are complete (no ellipsis) and inside their box."""
    chaos_fits: bool = True
    """A rift's chaos ability is complete inside the chaos box (always True for a scheme)."""

    @property
    def ok(self) -> bool:
        return self.name_fits and self.text_fits and self.chaos_fits


# ------------------------------------------------------------------------------------ text
@dataclass(frozen=True)
class _Body:
    size: int
    rules: list[str]
    verse: list[str]
    fits: bool


def _layout(
    rules: str, verse: str, width: int, height: int, top: int = TEXT_MAX, low: int = TEXT_MIN
) -> _Body:
    """The largest size at which rules text and verse fit whole; at ``low`` the lines are cut."""
    for size in range(top, low - 1, -1):
        f, fv = font(size), font(max(low, size - 1))
        rl = wrap(rules, f, width) if rules else []
        vl = wrap(verse, fv, width) if verse else []
        total = len(rl) * (line_height(f) + 2) + (12 if rl and vl else 0) + len(vl) * (line_height(fv) + 1)
        if total <= height and not any(x.endswith("…") for x in [*rl, *vl]):
            return _Body(size, rl, vl, True)
    f = font(low)
    n = max(1, height // (line_height(f) + 2))
    rl = wrap(rules, f, width, max_lines=n)
    rest = max(0, (height - len(rl) * (line_height(f) + 2) - 12) // (line_height(f) + 1))
    vl = wrap(verse, f, width, max_lines=rest) if rest and verse else []
    return _Body(low, rl, vl, False)


def _draw_body(d: ImageDraw.ImageDraw, box: Box, body: _Body, rule: RGB) -> None:
    x0, y0, x1, _ = box
    f, fv = font(body.size), font(max(TEXT_MIN, body.size - 1))
    y = float(y0)
    for line in body.rules:
        put_text(d, (x0, y), line, f, INK, "la")
        y += line_height(f) + 2
    if body.rules and body.verse:
        y += 5
        d.line([(x0 + 50, y), (x1 - 50, y)], fill=rule, width=1)
        y += 7
    for line in body.verse:
        put_text(d, (x0, y), line, fv, VERSE_INK, "la")
        y += line_height(fv) + 1


# ------------------------------------------------------------------------------------- art
def _rng(cid: str) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(cid.encode()).digest()[:8], "big"))


def _gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    img = Image.new("RGB", size)
    d = ImageDraw.Draw(img)
    w, h = size
    for y in range(h):
        d.line([(0, y), (w, y)], fill=mix(top, bottom, y / max(1, h - 1)))
    return img


def _stars(d: ImageDraw.ImageDraw, rnd: random.Random, w: int, h: float, n: int, color: RGB) -> None:
    for _ in range(n):
        x, y, s = rnd.uniform(0, w), rnd.uniform(0, h), rnd.uniform(0.5, 1.7)
        d.ellipse((x - s, y - s, x + s, y + s), fill=color)


def _scheme_art(s: SchemeCard, size: tuple[int, int]) -> Image.Image:
    """A villain's sky: an eclipsed throne-moon with its corona over the spires of a citadel."""
    rnd = _rng(s.id)
    sky, glow, rim = SCHEME_SKIES[rnd.randrange(len(SCHEME_SKIES))]
    w, h = size
    art = _gradient(size, sky, mix(glow, sky, 0.35))
    d = ImageDraw.Draw(art)
    _stars(d, rnd, w, h * 0.55, 55, lighten(rim, 0.6))
    mr = rnd.uniform(h * 0.17, h * 0.25)
    mx, my = rnd.uniform(w * 0.25, w * 0.75), rnd.uniform(h * 0.22, h * 0.38)
    for k in range(6, 0, -1):  # the corona
        r = mr + k * 6
        d.ellipse((mx - r, my - r, mx + r, my + r), fill=mix(sky, rim, 0.12 * (7 - k)))
    d.ellipse((mx - mr, my - mr, mx + mr, my + mr), fill=darken(sky, 0.4), outline=rim, width=3)
    # the citadel: spires on a ridge, windows lit in the glow colour
    base = h * 0.78
    ridge = [(0.0, float(h))]
    for i in range(9):
        ridge.append((w * i / 8, base + rnd.uniform(-h * 0.05, h * 0.04)))
    ridge.append((float(w), float(h)))
    d.polygon(ridge, fill=darken(glow, 0.82))
    for _ in range(rnd.randint(4, 7)):
        cx, sw = rnd.uniform(w * 0.1, w * 0.9), rnd.uniform(10, 26)
        top = rnd.uniform(h * 0.38, h * 0.62)
        d.polygon(
            [
                (cx - sw / 2, base + 6),
                (cx - sw / 2, top + sw),
                (cx, top),
                (cx + sw / 2, top + sw),
                (cx + sw / 2, base + 6),
            ],
            fill=darken(sky, 0.5),
        )
        for wy in range(int(top + sw + 6), int(base - 4), 14):
            d.rectangle((cx - 2, wy, cx + 2, wy + 5), fill=lighten(glow, 0.3))
    if s.ongoing:  # a standing banner: the scheme stays on the table
        bx = rnd.uniform(w * 0.12, w * 0.3)
        d.line([(bx, base + 4), (bx, h * 0.3)], fill=SILVER, width=3)
        d.polygon([(bx, h * 0.3), (bx + 46, h * 0.34), (bx, h * 0.4)], fill=VIOLET, outline=SILVER)
    return art


def _rift_art(r: RiftCard, size: tuple[int, int]) -> Image.Image:
    """A tear in the sky over the rift's ``art`` motif (a vortex, a shattered sun, floating
    islands, an aurora; seeded when it names none), so rifts are told apart at a glance."""
    rnd = _rng(r.id)
    w, h = size
    a = mix(RIFT_A, (10, 12, 30), rnd.uniform(0.2, 0.6))
    b = mix(RIFT_B, (10, 12, 30), rnd.uniform(0.2, 0.6))
    art = _horizontal(size, a, b)
    d = ImageDraw.Draw(art)
    _stars(d, rnd, w, h, 90, (230, 230, 255))
    cx, cy = rnd.uniform(w * 0.3, w * 0.7), rnd.uniform(h * 0.35, h * 0.6)
    motif = RIFT_ART.index(r.art) if r.art in RIFT_ART else rnd.randrange(len(RIFT_ART))
    if motif == 0:  # a vortex
        for k in range(10, 0, -1):
            rx, ry = k * w * 0.045, k * h * 0.07
            d.ellipse(
                (cx - rx, cy - ry, cx + rx, cy + ry),
                outline=mix(lighten(b, 0.4), lighten(a, 0.5), k / 10),
                width=2,
            )
    elif motif == 1:  # a shattered sun, its pieces drifting apart
        sr = h * 0.3
        sx = rnd.uniform(w * 0.15, w * 0.85)
        for k in range(4):
            start = k * 90 + rnd.uniform(-10, 10)
            mid = math.radians(start + 45)
            ox, oy = math.cos(mid) * 12, math.sin(mid) * 12
            box = (sx - sr + ox, h * 0.42 - sr + oy, sx + sr + ox, h * 0.42 + sr + oy)
            d.pieslice(box, start, start + 84, fill=(250, 196, 90), outline=(255, 240, 200))
    elif motif == 2:  # islands floating upward
        for _ in range(rnd.randint(3, 5)):
            ix, iy, iw = rnd.uniform(w * 0.08, w * 0.92), rnd.uniform(h * 0.2, h * 0.65), rnd.uniform(40, 90)
            d.polygon(
                [(ix - iw / 2, iy), (ix + iw / 2, iy), (ix + iw * 0.1, iy + iw * 0.7)], fill=darken(a, 0.5)
            )
            d.rectangle((ix - iw / 2, iy - 5, ix + iw / 2, iy + 1), fill=(70, 160, 90))
    else:  # an aurora
        for k in range(5):
            col = mix((120, 255, 200), (230, 120, 255), k / 4)
            base_y, amp, ph = h * (0.2 + 0.08 * k), rnd.uniform(8, 22), rnd.uniform(0, 6.28)
            pts = [(x, base_y + amp * math.sin(x / w * 9 + ph)) for x in range(0, w + 8, 8)]
            d.line(pts, fill=col, width=4)
    # the tear itself: a jagged lens, glowing
    half = w * rnd.uniform(0.22, 0.32)
    upper, lower = [], []
    steps = 12
    for i in range(steps + 1):
        t = i / steps
        x = cx - half + 2 * half * t
        thick = math.sin(t * math.pi) * h * 0.11
        upper.append((x, cy - thick * rnd.uniform(0.5, 1.0)))
        lower.append((x, cy + thick * rnd.uniform(0.5, 1.0)))
    lens = upper + lower[::-1]
    for k in range(4, 0, -1):
        d.line([*lens, lens[0]], fill=mix(lighten(b, 0.5), b, k / 5), width=2 + 3 * k)
    d.polygon(lens, fill=(255, 248, 236))
    inner = [(x, cy + (y - cy) * 0.45) for x, y in lens]
    d.polygon(inner, fill=lighten(a, 0.75))
    base = h * 0.88
    hill = (
        [(0.0, float(h))]
        + [(w * i / 10, base - rnd.uniform(0, h * 0.12)) for i in range(11)]
        + [(float(w), float(h))]
    )
    d.polygon(hill, fill=darken(mix(a, b, 0.5), 0.7))
    return art


# ---------------------------------------------------------------------------------- glyphs
def draw_overlord_emblem(d: ImageDraw.ImageDraw, center: tuple[float, float], r: float, trim: RGB) -> None:
    """The Overlord's mark: a crowned eye in a dark disc."""
    cx, cy = center
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OBSIDIAN, outline=trim, width=2)
    e = r * 0.62
    d.polygon(
        [(cx - e, cy + r * 0.12), (cx, cy - e * 0.45), (cx + e, cy + r * 0.12), (cx, cy + e * 0.7)], fill=trim
    )
    d.ellipse((cx - r * 0.2, cy - r * 0.05, cx + r * 0.2, cy + r * 0.35), fill=CRIMSON)
    crown = [(cx - e, cy - r * 0.3), (cx - e * 0.55, cy - r * 0.75), (cx - e * 0.2, cy - r * 0.42)]
    crown += [
        (cx, cy - r * 0.85),
        (cx + e * 0.2, cy - r * 0.42),
        (cx + e * 0.55, cy - r * 0.75),
        (cx + e, cy - r * 0.3),
    ]
    d.line(crown, fill=trim, width=2)


def draw_chaos_star(d: ImageDraw.ImageDraw, center: tuple[float, float], r: float) -> None:
    """The Chaos face of the cosmic die: a twelve-pointed magenta star with a gold heart."""
    cx, cy = center
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(30, 14, 36), outline=GOLD, width=2)
    pts = []
    for i in range(24):
        ang = math.pi / 12 * i - math.pi / 2
        rad = r * (0.86 if i % 2 == 0 else 0.38)
        pts.append((cx + math.cos(ang) * rad, cy + math.sin(ang) * rad))
    d.polygon(pts, fill=(226, 70, 196))
    d.ellipse((cx - r * 0.24, cy - r * 0.24, cx + r * 0.24, cy + r * 0.24), fill=GOLD)


# ---------------------------------------------------------------------------------- frames
def _frame(size: tuple[int, int], a: RGB, b: RGB, vertical: bool) -> Image.Image:
    w, h = size
    img = Image.new("RGB", size, (16, 16, 20))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=22, fill=(10, 8, 12))
    body = _gradient((w - 16, h - 16), a, b) if vertical else _horizontal((w - 16, h - 16), a, b)
    mask = Image.new("L", body.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.width - 1, body.height - 1), radius=15, fill=255)
    img.paste(body, (8, 8), mask)
    return img


def _horizontal(size: tuple[int, int], a: RGB, b: RGB) -> Image.Image:
    img = Image.new("RGB", size)
    d = ImageDraw.Draw(img)
    w, h = size
    for x in range(w):
        d.line([(x, 0), (x, h)], fill=mix(a, b, x / max(1, w - 1)))
    return img


def _boxed_art(img: Image.Image, art: Image.Image, box: Box, trim: RGB) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    d.rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), fill=darken(trim, 0.45))
    img.paste(art, (x0, y0))
    d.rectangle((x0 - 1, y0 - 1, x1, y1), outline=trim, width=1)


def _chip(
    d: ImageDraw.ImageDraw, x: int, y: int, text: str, size: int, fill: RGB, ink: RGB, max_w: int
) -> int:
    """A rounded footer label; returns its right edge."""
    fw = min(max_w, int(draw_width(text, size))) + 18
    d.rounded_rectangle((x, y, x + fw, y + size + 11), radius=9, fill=fill)
    draw_line(d, (x + 9, y + (size + 11) / 2), text, size, fill=ink, max_width=max_w)
    return x + fw


def draw_width(text: str, size: int, bold: bool = False) -> float:
    from render.common import text_width

    return text_width(text, font(size, bold))


# ----------------------------------------------------------------------------------- scheme
S_TITLE: Box = (22, 18, 428, 64)
S_ART: Box = (28, 74, 422, 318)
S_TYPE: Box = (22, 328, 428, 360)
S_TEXT: Box = (40, 378, 410, 566)
S_FOOT_Y = 580


def scheme_face(s: SchemeCard) -> tuple[Image.Image, FaceFit]:
    trim = SILVER if s.ongoing else GOLD
    img = _frame((SCHEME_W, SCHEME_H), OBSIDIAN, VIOLET if s.ongoing else CRIMSON, vertical=True)
    d = ImageDraw.Draw(img)
    plate = (28, 20, 26)
    d.rounded_rectangle(S_TITLE, radius=10, fill=plate, outline=trim, width=2)
    cy = (S_TITLE[1] + S_TITLE[3]) / 2
    draw_overlord_emblem(d, (S_TITLE[2] - 26, cy), 16, trim)
    name_box = (S_TITLE[0] + 14, S_TITLE[1] + 3, S_TITLE[2] - 50, S_TITLE[3] - 3)
    name_fit = draw_text(d, name_box, s.name, 22, fill=lighten(trim, 0.55), bold=True, min_size=13)
    _boxed_art(img, _scheme_art(s, (S_ART[2] - S_ART[0], S_ART[3] - S_ART[1])), S_ART, trim)
    d = ImageDraw.Draw(img)
    if s.ongoing:  # the ribbon across the art's lower corner
        rx, ry = S_ART[2] - 128, S_ART[3] - 34
        d.rounded_rectangle(
            (rx, ry, S_ART[2] - 8, S_ART[3] - 8), radius=6, fill=VIOLET, outline=SILVER, width=2
        )
        draw_text(
            d,
            (rx, ry, S_ART[2] - 8, S_ART[3] - 8),
            "ONGOING",
            15,
            fill=(246, 240, 255),
            bold=True,
            align="center",
        )
    d.rounded_rectangle(S_TYPE, radius=9, fill=plate, outline=trim, width=2)
    kind = "Ongoing Scheme" if s.ongoing else "Scheme"
    draw_text(
        d,
        (S_TYPE[0] + 14, S_TYPE[1] + 2, S_TYPE[2] - 14, S_TYPE[3] - 2),
        f"{kind} — Galactic Overlord",
        15,
        fill=lighten(trim, 0.4),
        bold=True,
        min_size=11,
    )
    paper = (238, 228, 236) if s.ongoing else (240, 230, 212)
    tb = (S_TEXT[0] - 10, S_TEXT[1] - 8, S_TEXT[2] + 10, S_TEXT[3] + 8)
    d.rounded_rectangle(tb, radius=8, fill=paper, outline=darken(trim, 0.3), width=2)
    body = _layout(s.text, s.verse, S_TEXT[2] - S_TEXT[0], S_TEXT[3] - S_TEXT[1])
    _draw_body(d, S_TEXT, body, darken(paper, 0.35))
    _chip(d, 18, S_FOOT_Y + 8, f"{s.id} · Galactic Overlord scheme", 12, (14, 10, 12), (232, 226, 232), 260)
    tag = "Stays until abandoned" if s.ongoing else "Then to the bottom"
    draw_line(d, (SCHEME_W - 22, S_FOOT_Y + 23), tag, 12, fill=lighten(trim, 0.5), max_width=150, anchor="rm")
    fit = FaceFit(s.id, not name_fit.truncated and not name_fit.overflow, body.size, body.fits)
    return img, fit


# ------------------------------------------------------------------------------------- rift
R_TITLE: Box = (20, 16, 680, 58)
R_ART: Box = (26, 66, 674, 250)
R_TYPE: Box = (20, 258, 680, 288)
R_TEXT: Box = (34, 306, 404, 452)
R_CHAOS_BOX: Box = (424, 298, 680, 460)
R_FOOT_Y = 466


def rift_face(r: RiftCard) -> tuple[Image.Image, FaceFit]:
    img = _frame((RIFT_W, RIFT_H), RIFT_A, RIFT_B, vertical=False)
    d = ImageDraw.Draw(img)
    plate = (16, 22, 34)
    trim = (150, 230, 240)
    d.rounded_rectangle(R_TITLE, radius=10, fill=plate, outline=trim, width=2)
    cy = (R_TITLE[1] + R_TITLE[3]) / 2
    draw_energy_symbol(d, (R_TITLE[2] - 26, cy), 15, "RIF")
    name_box = (R_TITLE[0] + 14, R_TITLE[1] + 3, R_TITLE[2] - 50, R_TITLE[3] - 3)
    name_fit = draw_text(d, name_box, r.name, 22, fill=(236, 250, 252), bold=True, min_size=13)
    _boxed_art(img, _rift_art(r, (R_ART[2] - R_ART[0], R_ART[3] - R_ART[1])), R_ART, trim)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(R_TYPE, radius=9, fill=plate, outline=trim, width=2)
    draw_text(
        d,
        (R_TYPE[0] + 14, R_TYPE[1] + 2, R_TYPE[2] - 14, R_TYPE[3] - 2),
        "Cosmic Rift — applies to every player",
        14,
        fill=(206, 240, 246),
        bold=True,
        min_size=10,
    )
    paper = (226, 240, 242)
    tb = (R_TEXT[0] - 10, R_TEXT[1] - 8, R_TEXT[2] + 10, R_TEXT[3] + 8)
    d.rounded_rectangle(tb, radius=8, fill=paper, outline=darken(trim, 0.4), width=2)
    body = _layout(r.text, r.verse, R_TEXT[2] - R_TEXT[0], R_TEXT[3] - R_TEXT[1], top=16)
    _draw_body(d, R_TEXT, body, darken(paper, 0.35))
    # the chaos box: header with the drawn chaos star, then the ability
    cx0, cy0, cx1, cy1 = R_CHAOS_BOX
    d.rounded_rectangle(R_CHAOS_BOX, radius=8, fill=(44, 18, 52), outline=GOLD, width=2)
    draw_chaos_star(d, (cx0 + 24, cy0 + 24), 15)
    draw_line(d, (cx0 + 46, cy0 + 24), "CHAOS", 15, fill=GOLD, bold=True)
    chaos_box = (cx0 + 12, cy0 + 46, cx1 - 12, cy1 - 10)
    chaos = _layout(r.chaos.text, "", chaos_box[2] - chaos_box[0], chaos_box[3] - chaos_box[1], top=16)
    f = font(chaos.size)
    y = float(chaos_box[1])
    for line in chaos.rules:
        put_text(d, (chaos_box[0], y), line, f, (248, 236, 250), "la")
        y += line_height(f) + 2
    _chip(d, 18, R_FOOT_Y + 4, f"{r.id} · Cosmic Rift", 12, (10, 14, 22), (224, 240, 244), 200)
    draw_line(
        d,
        (RIFT_W - 22, R_FOOT_Y + 19),
        "Cosmic die: Rift — the next rift · Chaos — its chaos ability",
        11,
        fill=(240, 230, 250),
        max_width=420,
        anchor="rm",
    )
    fit = FaceFit(r.id, not name_fit.truncated and not name_fit.overflow, body.size, body.fits, chaos.fits)
    return img, fit


# ------------------------------------------------------------------------------------ cached
@lru_cache(maxsize=64)
def _scheme_cached(card_id: str) -> tuple[Image.Image, FaceFit]:
    return scheme_face(scheme(card_id))


@lru_cache(maxsize=32)
def _rift_cached(card_id: str) -> tuple[Image.Image, FaceFit]:
    return rift_face(rift(card_id))


def scheme_image(card_id: str) -> Image.Image:
    """The 450x630 face of scheme ``card_id`` (cached: ``.copy()`` it before drawing on it)."""
    return _scheme_cached(card_id)[0]


def rift_image(card_id: str) -> Image.Image:
    """The 700x500 face of rift ``card_id`` (cached: ``.copy()`` it before drawing on it)."""
    return _rift_cached(card_id)[0]


def scheme_fit(card_id: str) -> FaceFit:
    return _scheme_cached(card_id)[1]


def rift_fit(card_id: str) -> FaceFit:
    return _rift_cached(card_id)[1]


__all__ = [
    "RIFT_H",
    "RIFT_W",
    "SCHEME_H",
    "SCHEME_W",
    "FaceFit",
    "draw_chaos_star",
    "draw_overlord_emblem",
    "rift_face",
    "rift_fit",
    "rift_image",
    "scheme_face",
    "scheme_fit",
    "scheme_image",
]
