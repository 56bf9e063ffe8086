"""Chronicles of Afrika images: the public board and a player's private hand.

``board(view, names)`` draws only public fields of ``AfrikaView`` (R5, R26): each seat's life,
hand and Codex *counts*, energy pool, Zone 1 and Zone 2 with their Active terrains and every
permanent (power/health, damage, charged state, markers, attachments, combat role), the Terrain
Stack, the Artifact Stack (top = active), Void/Exile counts and the shared stack. It never reads
``view.hand`` or the private parts of ``view.choice``, so the board from any seat's view is the
spectator's board and is safe for a public channel.

``hand(view, name)`` draws ``view.hand`` (the viewer's own cards); it refuses spectator views.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ACCENT,
    BLACK,
    DANGER,
    EDGE,
    INFO,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    WHITE,
    Box,
    ImageCache,
    canvas,
    card_back,
    darken,
    draw_line,
    draw_text,
    font,
    mix,
    panel,
    pill,
    put_text,
    text_width,
)

ENERGY_COLORS: dict[str, RGB] = {
    "DIA": (176, 196, 214),
    "NEB": (139, 112, 214),
    "JUN": (46, 140, 74),
    "VOL": (200, 72, 44),
    "VOI": (92, 74, 116),
    "RIF": (52, 132, 196),
    "SAV": (206, 160, 52),
    "SKY": (108, 178, 222),
    "SEA": (34, 84, 156),
    "MTN": (136, 116, 96),
}
GENERIC: RGB = (112, 118, 130)

WIDTH = 1400
SIDE = 230
CARD_W, CARD_H = 120, 150
GAP = 10
PER_ROW = 4
ICON = 24
"""Keyword icon size on a permanent's tile (px); 4 fit a row of the 120 px tile."""
ICON_STEP = ICON + 2
LEGEND_ICON = 24
LEGEND_LINE = 30

# ------------------------------------------------------------------------------ keyword icons
# Every keyword of engines.afrika.cards.KEYWORDS has a disc colour and a glyph drawn with Pillow
# primitives (no font, no emoji): drawn at 4x on a 100-unit grid and reduced, so edges are smooth.
# Families share hues (evasion blue/teal, attack red/orange, defence green/steel, card tricks
# purple/pink) and every glyph has its own shape, so two icons never differ by colour alone.

KEYWORD_COLORS: dict[str, RGB] = {
    "Phasewalk": (112, 90, 190),
    "Guardianship": (96, 112, 132),
    "Bond": (196, 88, 160),
    "Equip": (150, 118, 84),
    "First Attack": (204, 64, 52),
    "Warp": (140, 70, 200),
    "Soaring": (48, 128, 214),
    "Rush": (226, 112, 28),
    "Cloaking": (72, 78, 98),
    "Invincible": (156, 170, 186),
    "Terrainwalk": (60, 140, 84),
    "Lifelink": (214, 60, 92),
    "Shield": (32, 150, 190),
    "Trample": (150, 96, 48),
    "Alertness": (196, 156, 24),
    "Swift": (236, 188, 20),
    "Aerial": (26, 156, 150),
    "Rampage": (176, 36, 64),
}
"""Disc colour of each keyword's icon (the keyword names of engines.afrika.cards.KEYWORDS)."""

_SS = 4
"""Supersampling factor for icons."""


def split_keyword(kw: str) -> tuple[str, str]:
    """``"Rampage 2"`` -> ``("Rampage", "2")``; ``"Shield from VOL"`` -> ``("Shield", "from VOL")``."""
    for name in sorted(KEYWORD_COLORS, key=len, reverse=True):
        if kw == name or kw.startswith(name + " "):
            return name, kw[len(name) :].strip()
    return kw, ""


def _glyph(d: ImageDraw.ImageDraw, name: str, ink: RGB, disc: RGB, u: float) -> None:
    """Draw ``name``'s glyph in ``ink`` on a disc of colour ``disc``; coordinates are in 0..100 * ``u``."""

    def P(pts: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * u, y * u) for x, y in pts]

    def B(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (x0 * u, y0 * u, x1 * u, y1 * u)

    w = max(1, round(8 * u))
    if name == "Soaring":  # a bird in flight: two swept wings
        d.line(
            P([(10, 34), (30, 40), (50, 64), (70, 40), (90, 34)]),
            fill=ink,
            width=round(11 * u),
            joint="curve",
        )
    elif name == "Aerial":  # reaching up: an arrow pointing up
        d.polygon(P([(50, 14), (78, 44), (59, 44), (59, 84), (41, 84), (41, 44), (22, 44)]), fill=ink)
    elif name == "Phasewalk":  # a broken (dashed) ring around a dot
        for k in range(6):
            d.arc(B(18, 18, 82, 82), k * 60, k * 60 + 36, fill=ink, width=w)
        d.ellipse(B(40, 40, 60, 60), fill=ink)
    elif name == "Terrainwalk":  # a mountain range
        d.polygon(P([(12, 76), (38, 30), (52, 54), (64, 40), (88, 76)]), fill=ink)
    elif name == "Alertness":  # an open eye
        d.chord(B(14, 22, 86, 86), 200, 340, fill=ink)
        d.chord(B(14, 14, 86, 78), 20, 160, fill=ink)
        d.ellipse(B(38, 38, 62, 62), fill=disc)
        d.ellipse(B(44, 44, 56, 56), fill=ink)
    elif name == "Cloaking":  # a target reticle, struck through: it can't be targeted
        d.ellipse(B(22, 22, 78, 78), outline=ink, width=w)
        for x0, y0, x1, y1 in ((50, 8, 50, 30), (50, 70, 50, 92), (8, 50, 30, 50), (70, 50, 92, 50)):
            d.line(P([(x0, y0), (x1, y1)]), fill=ink, width=w)
        d.line(P([(18, 82), (82, 18)]), fill=disc, width=round(18 * u))
        d.line(P([(20, 80), (80, 20)]), fill=ink, width=w)
    elif name == "First Attack":  # a sword, point up
        d.polygon(P([(44, 64), (44, 24), (50, 12), (56, 24), (56, 64)]), fill=ink)
        d.rectangle(B(30, 60, 70, 68), fill=ink)
        d.rectangle(B(46, 68, 54, 84), fill=ink)
        d.ellipse(B(43, 80, 57, 92), fill=ink)
    elif name == "Trample":  # a heavy arrow crushing a bar
        d.polygon(P([(50, 66), (78, 38), (61, 38), (61, 14), (39, 14), (39, 38), (22, 38)]), fill=ink)
        d.rectangle(B(16, 74, 84, 84), fill=ink)
    elif name == "Rampage":  # a bold plus (it grows +N/+N per extra blocker)
        d.rectangle(B(40, 16, 60, 84), fill=ink)
        d.rectangle(B(16, 40, 84, 60), fill=ink)
    elif name == "Rush":  # a double chevron pointing right
        for dx in (0, 26):
            d.polygon(
                P([(18 + dx, 20), (34 + dx, 20), (60 + dx, 50), (34 + dx, 80), (18 + dx, 80), (44 + dx, 50)]),
                fill=ink,
            )
    elif name == "Swift":  # a lightning bolt
        d.polygon(P([(58, 8), (24, 56), (46, 56), (38, 92), (76, 40), (54, 40), (66, 8)]), fill=ink)
    elif name == "Shield":  # a heater shield with a rim
        d.polygon(P([(20, 16), (80, 16), (80, 50), (50, 88), (20, 50)]), fill=ink)
        d.line(P([(50, 24), (50, 76)]), fill=disc, width=max(1, round(6 * u)))
    elif name == "Invincible":  # a cut gem
        d.polygon(P([(30, 18), (70, 18), (88, 40), (50, 88), (12, 40)]), fill=ink)
        d.line(P([(12, 40), (88, 40)]), fill=disc, width=max(1, round(5 * u)))
        d.line(P([(36, 40), (50, 86), (64, 40)]), fill=disc, width=max(1, round(4 * u)))
    elif name == "Guardianship":  # a wall with battlements
        d.polygon(
            P(
                [
                    (20, 84),
                    (20, 28),
                    (32, 28),
                    (32, 40),
                    (44, 40),
                    (44, 28),
                    (56, 28),
                    (56, 40),
                    (68, 40),
                    (68, 28),
                    (80, 28),
                    (80, 84),
                ]
            ),
            fill=ink,
        )
        d.rectangle(B(44, 62, 56, 84), fill=disc)
    elif name == "Lifelink":  # a heart
        d.ellipse(B(16, 22, 52, 56), fill=ink)
        d.ellipse(B(48, 22, 84, 56), fill=ink)
        d.polygon(P([(18, 46), (82, 46), (50, 84)]), fill=ink)
    elif name == "Warp":  # a four-point sparkle
        d.polygon(P([(50, 8), (59, 41), (92, 50), (59, 59), (50, 92), (41, 59), (8, 50), (41, 41)]), fill=ink)
    elif name == "Bond":  # two chain links
        d.ellipse(B(10, 32, 58, 68), outline=ink, width=w)
        d.ellipse(B(42, 32, 90, 68), outline=ink, width=w)
    elif name == "Equip":  # a gear
        for k in range(8):
            a = math.pi / 4 * k
            c, s_ = math.cos(a), math.sin(a)
            pts = [
                (50 + c * r - s_ * t, 50 + s_ * r + c * t) for r, t in ((24, -8), (38, -6), (38, 6), (24, 8))
            ]
            d.polygon(P(pts), fill=ink)
        d.ellipse(B(22, 22, 78, 78), fill=ink)
        d.ellipse(B(40, 40, 60, 60), fill=disc)
    else:  # unknown keyword: a ring
        d.ellipse(B(26, 26, 74, 74), outline=ink, width=w)


_ICONS = ImageCache(200_000)


def keyword_icon(kw: str, size: int, bg: RGB) -> Image.Image:
    """The icon of keyword ``kw`` (with its parameter: a number badge, an energy pip) on ``bg``."""
    return _ICONS.get(("kw", kw, size, bg), lambda: _keyword_icon(kw, size, bg))


def _keyword_icon(kw: str, size: int, bg: RGB) -> Image.Image:
    from render.afrika.card import draw_energy_symbol

    name, param = split_keyword(kw)
    disc = KEYWORD_COLORS.get(name, GENERIC)
    big = size * _SS
    img = Image.new("RGB", (big, big), bg)
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=disc, outline=darken(disc, 0.45), width=_SS)
    ink = (20, 22, 28) if sum(disc) > 480 else WHITE
    _glyph(d, name, ink, disc, big / 100)
    img = img.reduce(_SS)
    code = param[5:] if param.startswith("from ") else param
    r = max(4, size // 4)
    cx = cy = size - r - 1
    if code in ENERGY_COLORS:  # Terrainwalk JUN, Shield from VOL: the energy's own pip
        draw_energy_symbol(ImageDraw.Draw(img), (cx, cy), r, code)
    elif param.isdigit():  # Rampage 2: the number in a small white badge
        d = ImageDraw.Draw(img)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=darken(disc, 0.3))
        put_text(d, (cx, cy + 0.5), param, font(max(7, 2 * r - 1), True), BLACK, "mm")
    return img


def _card_color(card_id: str) -> RGB:
    from engines.afrika.cards import card

    c = card(card_id)
    codes = [code for code, _ in c.cost.typed] or [p for p in c.produces if p != "any"]
    return ENERGY_COLORS.get(codes[0], GENERIC) if codes else GENERIC


def charged_fill(base: RGB) -> RGB:
    """A charged (tapped) permanent's colour: its energy colour drained to grey and darkened."""
    grey = round(0.3 * base[0] + 0.59 * base[1] + 0.11 * base[2])
    return mix((grey, grey, grey), PANEL, 0.6)


# ------------------------------------------------------------------------------ tiles
_TILES = ImageCache(3_000_000)
"""Permanent tiles and terrain chips (~130 tiles): consecutive boards of a match reuse most."""


def _perm_tile(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, p: Any, names: dict[int, str]) -> None:
    """One permanent: its tile (cached by what it shows) and its id on top."""
    x0, y0, x1, y1 = box
    attached = ("on " + names.get(p.attached_to, f"#{p.attached_to}")) if p.attached_to else ""
    if p.attacking:
        target = names.get(int(p.attacking), p.attacking) if p.attacking.isdigit() else p.attacking
        role = "ATK → " + target
    elif p.blocking:
        role = "BLK " + names.get(p.blocking, "")
    else:
        role = ""
    key = (
        "perm",
        x1 - x0,
        y1 - y0,
        p.card,
        p.name,
        p.type,
        p.token,
        p.keywords,
        p.charged,
        p.sick,
        p.phased_out,
        p.active,
        p.counters,
        p.power,
        p.health,
        p.damage,
        attached,
        bool(p.attacking),
        bool(p.blocking),
        role,
    )
    tile = _TILES.get(key, lambda: _draw_perm_tile(x1 - x0, y1 - y0, p, attached, role))
    img.paste(tile, (x0, y0))
    draw_line(draw, (x1 - 6, y0 + 48), f"#{p.id}", 10, fill=TEXT_FAINT, anchor="rm")


def _draw_perm_tile(w: int, h: int, p: Any, attached: str, role: str) -> Image.Image:
    """A permanent's tile: colour by energy (grey when charged), name, type, keyword icons, state."""
    tile = canvas(w, h, SLOT)
    draw = ImageDraw.Draw(tile)
    x0, y0, x1, y1 = 0, 0, w, h
    base = _card_color(p.card)
    fill = charged_fill(base) if p.charged else mix(base, PANEL, 0.35)
    if p.attacking:
        outline, width = ACCENT, 3
    elif p.blocking:
        outline, width = INFO, 3
    else:
        outline, width = (TEXT_FAINT if p.charged or not p.active else EDGE), 1
    panel(draw, (0, 0, w, h), fill=fill, outline=outline, width=width, radius=8)
    ink = TEXT_DIM if p.charged else TEXT
    draw_text(
        draw,
        (x0 + 6, y0 + 4, x1 - 6, y0 + 40),
        p.name,
        14,
        bold=True,
        max_lines=2,
        min_size=10,
        valign="top",
        fill=ink,
    )
    sub = p.type.capitalize() + (" (token)" if p.token else "")
    draw_line(draw, (x0 + 6, y0 + 48), sub, 11, fill=TEXT_DIM, max_width=x1 - x0 - 52)
    per_row = max(1, (w - 12 + 2) // ICON_STEP)
    icon_rows = 0
    for i, kw in enumerate(p.keywords[: 2 * per_row]):
        r, c = divmod(i, per_row)
        icon_rows = r + 1
        tile.paste(keyword_icon(kw, ICON, fill), (x0 + 6 + c * ICON_STEP, y0 + 58 + r * ICON_STEP))
    y = y0 + 96 if icon_rows < 2 else y0 + 118
    tags: list[tuple[str, RGB]] = []
    if p.charged:
        tags.append(("CHARGED", DANGER))
    if p.sick:
        tags.append(("new", TEXT_FAINT))
    if p.phased_out:
        tags.append(("PHASED", TEXT_FAINT))
    if not p.active:
        tags.append(("inactive", TEXT_FAINT))
    for kind, n in p.counters:
        tags.append((f"{kind}×{n}", SUCCESS))
    tx = x0 + 5
    for text, color in tags[:3]:
        b = pill(draw, (tx, y), text, 10, fill=color)
        tx = b[2] + 3
    if attached:
        draw_line(draw, (x0 + 6, y + 18), attached, 10, fill=TEXT_DIM, max_width=x1 - x0 - 12)
    if role:
        draw_line(
            draw,
            (x0 + 6, y1 - 14),
            role,
            11,
            fill=ACCENT if p.attacking else INFO,
            bold=True,
            max_width=x1 - x0 - 60,
        )
    if p.type == "entity":
        draw_line(draw, (x1 - 6, y1 - 16), f"{p.power}/{p.health}", 18, bold=True, anchor="rm", fill=ink)
        if p.damage:
            pill(draw, (x1 - 6, y1 - 40), f"-{p.damage}", 12, fill=DANGER, anchor="right")
    return tile


def _terrain_chip(img: Image.Image, box: Box, t: Any, bg: RGB) -> None:
    x0, y0, x1, y1 = box
    key = ("terrain", x1 - x0, y1 - y0, t.card, t.name, t.charged, bg)
    img.paste(_TILES.get(key, lambda: _draw_terrain_chip(x1 - x0, y1 - y0, t, bg)), (x0, y0))


def _draw_terrain_chip(w: int, h: int, t: Any, bg: RGB) -> Image.Image:
    chip = canvas(w, h, bg)
    draw = ImageDraw.Draw(chip)
    base = _card_color(t.card)
    panel(
        draw,
        (0, 0, w, h),
        fill=charged_fill(base) if t.charged else mix(base, PANEL, 0.3),
        outline=EDGE,
        radius=6,
    )
    draw_text(
        draw,
        (5, 2, w - 5, h - 2),
        t.name + (" (ch)" if t.charged else ""),
        11,
        min_size=8,
        max_lines=2,
        align="center",
        fill=TEXT_DIM if t.charged else TEXT,
    )
    return chip


def _hand_backs(img: Image.Image, xy: tuple[int, int], n: int, bg: RGB) -> None:
    """Up to 10 overlapping card backs for the hand count (one cached strip per count)."""
    n = min(n, 10)
    if n <= 0:
        return

    def make() -> Image.Image:
        strip = canvas(14 * (n - 1) + 22, 32, bg)
        d = ImageDraw.Draw(strip)
        for i in range(n):
            card_back(d, (i * 14, 0, i * 14 + 22, 32))
        return strip

    img.paste(_TILES.get(("backs", n, bg), make), xy)


def keywords_on_board(view: Any) -> list[str]:
    """The keywords (names, in the rules' order) of the permanents on the board."""
    present: set[str] = set()
    for s in view.seats:
        for p in [*s.zone1, *s.zone2]:
            present.update(split_keyword(k)[0] for k in p.keywords)
    return [k for k in KEYWORD_COLORS if k in present] + sorted(present - set(KEYWORD_COLORS))


def _legend_entries(view: Any) -> list[tuple[str, str]]:
    return [("kw", k) for k in keywords_on_board(view)]


def _legend_layout(view: Any) -> list[tuple[int, int, str, str]]:
    """(x, line, kind, label) of each legend entry; line 0 is the first line."""
    x0, x1 = 130, WIDTH - 24
    x, line = x0, 0
    out: list[tuple[int, int, str, str]] = []
    entries = [("charged", "charged (tapped)"), *_legend_entries(view)]
    if len(entries) == 1:
        entries.append(("none", "no keywords in play"))
    for kind, label in entries:
        w = LEGEND_ICON + 6 + int(text_width(label, font(13))) + 22
        if x + w > x1 and x > x0:
            x, line = x0, line + 1
        out.append((x, line, kind, label))
        x += w
    return out


def _legend_height(view: Any) -> int:
    lines = max(ln for _, ln, _, _ in _legend_layout(view)) + 1
    return 12 + lines * LEGEND_LINE + 6


def _draw_legend(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: Any) -> int:
    h = _legend_height(view)
    panel(draw, (10, y, WIDTH - 10, y + h), fill=PANEL, outline=EDGE)
    draw_line(draw, (24, y + 9 + LEGEND_LINE // 2), "Keywords", 14, bold=True)
    for x, line, kind, label in _legend_layout(view):
        cy = y + 9 + line * LEGEND_LINE + LEGEND_LINE // 2
        if kind == "kw":
            img.paste(keyword_icon(label, LEGEND_ICON, PANEL), (x, cy - LEGEND_ICON // 2))
        elif kind == "charged":
            base = ENERGY_COLORS["JUN"]
            panel(
                draw,
                (x + 1, cy - 11, x + LEGEND_ICON - 1, cy + 11),
                fill=charged_fill(base),
                outline=TEXT_FAINT,
                radius=4,
            )
        draw_line(draw, (x + LEGEND_ICON + 6, cy), label, 13, fill=TEXT_DIM if kind == "none" else TEXT)
    return h


def _rows(n: int) -> int:
    return max(1, -(-n // PER_ROW))


def _seat_height(seat: Any) -> int:
    rows = max(_rows(len(seat.zone1)), _rows(len(seat.zone2)))
    return 36 + 46 + rows * (CARD_H + GAP) + 12 + 44 + 10


def _draw_seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    seat: Any,
    name: str,
    view: Any,
    names: dict[int, str],
) -> int:
    h = _seat_height(seat)
    active = view.active == seat.seat and not view.over
    panel(
        draw,
        (10, y, WIDTH - 10, y + h),
        fill=PANEL_HI if active else PANEL,
        outline=ACCENT if active else EDGE,
    )
    # side panel: who, life, counts, pool
    sx = 24
    draw_line(draw, (sx, y + 22), name, 18, bold=True, max_width=SIDE - 30, fill=ACCENT if active else TEXT)
    life_col = DANGER if seat.life <= 5 else TEXT
    draw_line(draw, (sx, y + 62), f"{seat.life}", 40, bold=True, fill=life_col)
    draw_line(draw, (sx + 90, y + 62), "life", 14, fill=TEXT_DIM)
    lines = [
        f"Hand: {seat.hand_count}",
        f"Codex: {seat.codex_count}",
        f"Void: {len(seat.void)}   Exile: {len(seat.exile)}",
        "Pool: " + (" ".join(f"{n} {c}" for c, n in seat.pool) or "empty"),
    ]
    if seat.lost:
        lines.append("LOST")
    for i, text in enumerate(lines):
        draw_line(
            draw,
            (sx, y + 104 + 24 * i),
            text,
            14,
            fill=DANGER if text == "LOST" else TEXT,
            max_width=SIDE - 30,
        )
    _hand_backs(img, (sx, y + h - 46), seat.hand_count, PANEL_HI if active else PANEL)
    # the two battlefield zones
    zx0 = SIDE + 10
    zw = (WIDTH - 20 - zx0 - GAP) // 2
    rows_h = max(_rows(len(seat.zone1)), _rows(len(seat.zone2))) * (CARD_H + GAP)
    for zi, perms in enumerate((seat.zone1, seat.zone2)):
        bx = zx0 + zi * (zw + GAP)
        box = (bx, y + 10, bx + zw, y + 10 + 36 + 40 + rows_h)
        panel(draw, box, fill=SLOT, outline=EDGE, radius=10)
        draw_line(draw, (bx + 10, y + 26), f"Zone {zi + 1}", 14, bold=True)
        at = seat.active_terrains[zi]
        tb = (bx + 80, y + 14, bx + 300, y + 40)
        if at is None:
            draw_line(draw, (bx + 86, y + 27), "no active terrain", 12, fill=TEXT_FAINT)
        else:
            _terrain_chip(img, tb, at, SLOT)
        for i, p in enumerate(perms):
            _perm_tile(img, draw, _tile_box(y, zi, i), p, names)
    # terrain stack and artifact stack
    ry = y + 10 + 36 + 40 + rows_h + 8
    draw_line(draw, (zx0, ry + 16), "Terrains:", 13, bold=True)
    tx = zx0 + 78
    shown = seat.terrain_stack[:8]
    for t in shown:
        _terrain_chip(img, (tx, ry + 2, tx + 92, ry + 32), t, PANEL_HI if active else PANEL)
        tx += 96
    if len(seat.terrain_stack) > len(shown):
        draw_line(draw, (tx + 4, ry + 16), f"+{len(seat.terrain_stack) - len(shown)}", 13, fill=TEXT_DIM)
    ax = WIDTH - 20 - 300
    draw_line(draw, (ax, ry + 16), "Artifacts:", 13, bold=True)
    if seat.artifacts:
        top = seat.artifacts[-1]
        label = f"{top.name}{' (ch)' if top.charged else ''}  [top of {len(seat.artifacts)}]"
        draw_text(draw, (ax + 82, ry + 2, WIDTH - 24, ry + 32), label, 12, min_size=9, fill=TEXT)
    else:
        draw_line(draw, (ax + 82, ry + 16), "none", 12, fill=TEXT_FAINT)
    return h


def _tile_box(seat_y: int, zone: int, i: int) -> Box:
    """Where the ``i``-th permanent of a zone (0 or 1) goes on a seat panel starting at ``seat_y``."""
    zx0 = SIDE + 10
    zw = (WIDTH - 20 - zx0 - GAP) // 2
    cx = zx0 + zone * (zw + GAP) + 10 + (i % PER_ROW) * (CARD_W + GAP)
    cy = seat_y + 50 + (i // PER_ROW) * (CARD_H + GAP)
    return (cx, cy, cx + CARD_W, cy + CARD_H)


def _seat_order(view: Any) -> list[Any]:
    """Seats top to bottom: in a duel the first seat sits at the bottom, facing the other."""
    seats = list(view.seats)
    return list(reversed(seats)) if len(seats) == 2 else seats


def _stack_height(view: Any) -> int:
    return 40 + 26 * max(1, len(view.stack))


def tile_boxes(view: Any) -> dict[int, Box]:
    """The box of every permanent's tile in Zone 1 and Zone 2 on ``board(view)``, by object id."""
    out: dict[int, Box] = {}
    y = 70
    for n, s in enumerate(_seat_order(view)):
        for zi, perms in enumerate((s.zone1, s.zone2)):
            for i, p in enumerate(perms):
                out[p.id] = _tile_box(y, zi, i)
        y += _seat_height(s) + 12
        if n == 0:
            y += _stack_height(view) + 12
    return out


def board(view: Any, names: Sequence[str], **_options: Any) -> Image.Image:
    """The public Afrika board for ``view`` (any seat's view or the spectator's gives the same image)."""
    seats = list(view.seats)
    obj_names: dict[int, str] = {}
    for s in seats:
        for p in [*s.zone1, *s.zone2, *s.terrain_stack, *s.artifacts, *[t for t in s.active_terrains if t]]:
            obj_names[p.id] = p.name
    order = _seat_order(view)
    stack_h = _stack_height(view)
    legend_h = _legend_height(view)
    height = 70 + sum(_seat_height(s) + 12 for s in order) + stack_h + 12 + legend_h + 20
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)

    def label(seat: int) -> str:
        return names[seat] if seat < len(names) else f"P{seat + 1}"

    title = f"Chronicles of Afrika — turn {view.turn}"
    if view.over:
        status = view.reason or "game over"
    else:
        status = f"{label(view.active)}'s turn · {view.step_name}"
        if view.priority is not None:
            status += f" · priority: {label(view.priority)}"
        elif view.choice is not None:
            status += f" · {label(view.choice.player)} decides ({view.choice.kind}" + (
                f": {view.choice.about})" if view.choice.about else ")"
            )
    draw_line(draw, (20, 24), title, 22, bold=True)
    draw_line(draw, (20, 52), status, 15, fill=ACCENT if view.over else TEXT_DIM, max_width=WIDTH - 40)
    y = 70
    for i, s in enumerate(order):
        y += _draw_seat(img, draw, y, s, label(s.seat), view, obj_names) + 12
        if i == 0:
            box = (10, y, WIDTH - 10, y + stack_h)
            panel(draw, box, fill=PANEL, outline=EDGE)
            draw_line(draw, (24, y + 20), f"Stack ({len(view.stack)})", 14, bold=True)
            if not view.stack:
                draw_line(draw, (140, y + 20), "empty", 13, fill=TEXT_FAINT)
            for j, it in enumerate(reversed(view.stack)):
                tg = (
                    f" → {', '.join(obj_names.get(int(t), t) if t.isdigit() else t for t in it.targets)}"
                    if it.targets
                    else ""
                )
                text = f"{'top: ' if j == 0 else ''}{label(it.controller)}: {it.text}{tg}"
                draw_line(draw, (140, y + 20 + 26 * j), text, 13, max_width=WIDTH - 180)
            y += stack_h + 12
    _draw_legend(img, draw, y, view)
    return img


_FACES = ImageCache(2_500_000)
"""Card faces at hand size (~40): resizing a face costs more than drawing a whole board."""

HAND_SCALE = 0.56
"""Hand cards are the full 375x525 card images at 210x294: the rules text stays readable."""


def hand(view: Any, name: str, **_options: Any) -> Image.Image:
    """The viewer's own hand as card images (private: send it only to that player)."""
    from render.afrika.card import card_image

    if view.viewer is None:
        raise ValueError("a spectator has no hand to draw")
    cards = list(view.hand)
    per_row = 7
    cw, ch = round(375 * HAND_SCALE), round(525 * HAND_SCALE)
    rows = max(1, -(-len(cards) // per_row))
    width = 20 + per_row * (cw + GAP) + 10
    img = canvas(width, 60 + rows * (ch + GAP) + 10)
    draw = ImageDraw.Draw(img)
    draw_line(draw, (20, 28), f"{name} — hand ({len(cards)})", 20, bold=True)
    if not cards:
        draw_line(draw, (20, 80), "no cards", 16, fill=TEXT_FAINT)
    for i, c in enumerate(cards):
        x = 20 + (i % per_row) * (cw + GAP)
        y = 60 + (i // per_row) * (ch + GAP)

        def face_of(card: str = c.card) -> Image.Image:
            return card_image(card).resize((cw, ch), Image.Resampling.LANCZOS)

        face = _FACES.get((c.card, cw, ch), face_of)
        img.paste(face, (x, y))
    return img


__all__ = ["board", "hand"]
