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
    darken,
    font,
    mix,
    panel,
    put_text,
    text_width,
    wrap,
)
from render.labels import Label, Pen

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


# ------------------------------------------------------------------------------ layout
# The board is drawn for the size Discord shows it inline (about 550 px wide, WIDTH scaled by
# 0.61): every text is at least MIN_TEXT px here, i.e. 11 px on screen. Zones take only the room
# their permanents need, terrains are grouped by name with a count, and each permanent is a tile
# wide enough for its name in two lines and four keyword icons a row.

WIDTH = 900
"""Board and hand width. Inline, Discord scales it to ~550 px: every size below is x0.61 on screen."""
MIN_TEXT = 18
"""The smallest font size drawn on the board and hand (11 px once scaled to 550 px wide)."""
PAD = 12
GAP = 10
PER_ROW = 4
TILE_W = (WIDTH - 2 * 10 - 2 * PAD - (PER_ROW - 1) * GAP) // PER_ROW
ICON = 40
"""Keyword icon size on a tile (px): 24 px on screen, big enough to tell the glyphs apart."""
ICON_STEP = ICON + 6
ICON_Y = 90
"""Top of a tile's first row of keyword icons."""
ICONS_PER_ROW = (TILE_W - 16 + 6) // ICON_STEP
LEGEND_ICON = 36
CHIP = 20
"""Font size of chips (counts, terrains, badges)."""
CHIP_H = 32
"""Height of a row of chips (a chip of size CHIP is 29 px tall)."""


def _chip_w(text: str, size: int = CHIP) -> int:
    """The width ``render.common.pill`` gives a chip of ``text``."""
    return int(text_width(text, font(size, True))) + 2 * max(4, size // 2)


def _flow(widths: Sequence[int], x0: int, x1: int, gap: int = 8) -> list[tuple[int, int]]:
    """(x, line) of items of ``widths`` laid left to right from ``x0``, wrapping before ``x1``."""
    out: list[tuple[int, int]] = []
    x, line = x0, 0
    for w in widths:
        if x + w > x1 and x > x0:
            x, line = x0, line + 1
        out.append((x, line))
        x += w + gap
    return out


def _lines(placed: Sequence[tuple[int, int]]) -> int:
    return max((ln for _, ln in placed), default=-1) + 1


# ------------------------------------------------------------------------------ tiles
_TILES = ImageCache(6_000_000)
"""Permanent tiles and terrain chips: consecutive boards of a match reuse most."""


def _vehicle_bonus(card_id: str) -> str:
    """What a vehicle gives the entities of its zone ("+1/+1"), from the card's static ability."""
    from engines.afrika.cards import card

    for st in card(card_id).static:
        if st.op == "anthem" and (st.power or st.health):
            return f"+{st.power}/+{st.health}"
    return ""


def _badges(p: Any) -> list[tuple[str, str, RGB]]:
    """(legend key, chip text, colour) of each state badge a permanent shows."""
    out: list[tuple[str, str, RGB]] = []
    if p.charged:
        out.append(("charged", "CHARGED", DANGER))
    if p.damage:
        out.append(("damage", f"{p.damage} dmg", DANGER))
    if p.sick:
        out.append(("new", "new", TEXT_FAINT))
    if p.phased_out:
        out.append(("phased", "PHASED", TEXT_FAINT))
    if not p.active:
        out.append(("inactive", "inactive", TEXT_FAINT))
    for kind, n in p.counters:
        out.append(("marker", f"{kind} ×{n}", SUCCESS))
    return out


def _tile_parts(p: Any, names: dict[int, str], seat_names: Sequence[str]) -> tuple[str, str, str]:
    """(attached, role, corner): "on <name>", "ATK → bob" / "BLK <name>", and power/health."""
    attached = ("on " + names.get(p.attached_to, f"#{p.attached_to}")) if p.attached_to else ""
    if p.attacking:
        ref = p.attacking
        if ref.isdigit():
            target = names.get(int(ref), ref)
        elif ref.startswith("P") and ref[1:].isdigit() and int(ref[1:]) - 1 < len(seat_names):
            target = seat_names[int(ref[1:]) - 1]
        else:
            target = ref
        role = "ATK → " + target
    elif p.blocking:
        role = "BLK " + names.get(p.blocking, "")
    else:
        role = ""
    if p.type == "entity":
        corner = f"{p.power}/{p.health}"
    elif p.type == "vehicle":
        corner = _vehicle_bonus(p.card)
    else:
        corner = ""
    return attached, role, corner


def _tile_height(p: Any, attached: str, role: str) -> int:
    icon_rows = min(2, -(-len(p.keywords) // ICONS_PER_ROW))
    badges = _badges(p)
    badge_lines = _lines(_flow([_chip_w(t, MIN_TEXT) for _, t, _ in badges], 8, TILE_W - 8, 4))
    h = ICON_Y + icon_rows * ICON_STEP + badge_lines * 30 + (28 if attached else 0) + (54 if role else 0) + 44
    return max(h, 180)


def _draw_tile(pen: Pen, w: int, h: int, p: Any, attached: str, role: str, corner: str) -> None:
    """A permanent's tile: colour by energy (grey when charged), name, type, keyword icons, badges."""
    base = _card_color(p.card)
    fill = charged_fill(base) if p.charged else mix(base, PANEL, 0.35)
    if p.attacking:
        outline, width = ACCENT, 4
    elif p.blocking:
        outline, width = INFO, 4
    else:
        outline, width = (TEXT_FAINT if p.charged or not p.active else EDGE), 1
    panel(pen.draw, (0, 0, w, h), fill=fill, outline=outline, width=width, radius=10)
    ink = TEXT_DIM if p.charged else TEXT
    pen.text((8, 6, w - 8, 58), p.name, 22, bold=True, max_lines=2, min_size=MIN_TEXT, valign="top", fill=ink)
    id_box = pen.line((w - 8, 72), f"#{p.id}", MIN_TEXT, fill=TEXT_DIM, anchor="rm")
    sub = p.type.capitalize() + (" token" if p.token else "")
    pen.line((8, 72), sub, MIN_TEXT, fill=TEXT_DIM, max_width=id_box[0] - 8 - 8)
    y = ICON_Y
    shown = p.keywords[: 2 * ICONS_PER_ROW]
    for i, kw in enumerate(shown):
        r, c = divmod(i, ICONS_PER_ROW)
        pen.paste(keyword_icon(kw, ICON, fill), (8 + c * ICON_STEP, y + r * ICON_STEP), name=kw)
    y += -(-len(shown) // ICONS_PER_ROW) * ICON_STEP
    badges = _badges(p)
    placed = _flow([_chip_w(t, MIN_TEXT) for _, t, _ in badges], 8, w - 8, 4)
    for (_, text, color), (bx, line) in zip(badges, placed, strict=True):
        pen.chip((bx, y + 15 + 30 * line), text, MIN_TEXT, fill=color)
    y += 30 * _lines(placed)
    if attached:
        pen.line((8, y + 14), attached, MIN_TEXT, fill=TEXT_DIM, max_width=w - 16)
    if corner:
        pen.line((w - 8, h - 22), corner, 30, bold=True, anchor="rm", fill=ink)
    if role:  # up to two lines above the corner, so a long name and a 10/10 both fit
        bottom = h - 42 if corner else h - 8
        pen.text(
            (8, bottom - 50, w - 8, bottom),
            role,
            MIN_TEXT,
            bold=True,
            max_lines=2,
            min_size=MIN_TEXT,
            valign="bottom",
            fill=ACCENT if p.attacking else INFO,
        )


def _tile(pen: Pen, box: Box, p: Any, names: dict[int, str], seat_names: Sequence[str]) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    attached, role, corner = _tile_parts(p, names, seat_names)
    if pen.recording:  # a test wants the labels: draw it fresh instead of pasting a cached copy
        tile = canvas(w, h, SLOT)
        _draw_tile(pen.child(tile, x0, y0), w, h, p, attached, role, corner)
    else:
        key = ("perm", w, h, p, attached, role, corner)

        def make() -> Image.Image:
            img = canvas(w, h, SLOT)
            _draw_tile(Pen(img), w, h, p, attached, role, corner)
            return img

        tile = _TILES.get(key, make)
    pen.img.paste(tile, (x0, y0))


# ------------------------------------------------------------------------------ terrains


def terrain_groups(terrains: Sequence[Any]) -> list[tuple[str, str, bool, int]]:
    """(name, card, charged, count) per kind of terrain, in the order they were first played."""
    counts: dict[tuple[str, str, bool], int] = {}
    for t in terrains:
        key = (t.name, t.card, bool(t.charged))
        counts[key] = counts.get(key, 0) + 1
    return [(n, c, ch, k) for (n, c, ch), k in counts.items()]


def _terrain_text(name: str, charged: bool, count: int) -> str:
    return f"{name} ×{count}" + (" charged" if charged else "")


def _terrain_color(card_id: str, charged: bool) -> RGB:
    base = _card_color(card_id)
    return charged_fill(base) if charged else mix(base, PANEL, 0.2)


# ------------------------------------------------------------------------------ seats


def _seat_chips(seat: Any) -> list[tuple[str, RGB]]:
    pool = ", ".join(f"{n} {c}" for c, n in seat.pool) or "empty"
    chips = [
        (f"Hand {seat.hand_count}", SLOT),
        (f"Codex {seat.codex_count}", SLOT),
        (f"Void {len(seat.void)}", SLOT),
        (f"Exile {len(seat.exile)}", SLOT),
        (f"Pool: {pool}", SLOT),
    ]
    if seat.artifacts:
        top = seat.artifacts[-1]
        more = f" (top of {len(seat.artifacts)})" if len(seat.artifacts) > 1 else ""
        chips.append(
            (f"Artifact: {top.name}{' (charged)' if top.charged else ''}{more}", mix(GENERIC, PANEL, 0.3))
        )
    return chips


class _SeatLayout:
    """Where everything of one seat's panel goes, relative to the panel's top (computed once)."""

    def __init__(self, seat: Any, names: dict[int, str], seat_names: Sequence[str]) -> None:
        x0, x1 = 10 + PAD, WIDTH - 10 - PAD
        y = 62
        self.chips = _seat_chips(seat)
        self.chip_xy = [
            (x, y + CHIP_H // 2 + CHIP_H * ln) for x, ln in _flow([_chip_w(t) for t, _ in self.chips], x0, x1)
        ]
        y += CHIP_H * _lines([(0, ln) for _, ln in _flow([_chip_w(t) for t, _ in self.chips], x0, x1)]) + 6
        self.groups = terrain_groups(seat.terrain_stack)
        head = int(text_width("Terrains", font(CHIP, True))) + 12
        texts = [_terrain_text(n, ch, k) for n, _, ch, k in self.groups] or ["none"]
        placed = _flow([_chip_w(t) for t in texts], x0 + head, x1)
        self.terrain_y = y
        self.terrain_xy = [(x, y + CHIP_H // 2 + CHIP_H * ln) for x, ln in placed]
        y += CHIP_H * _lines(placed) + 8
        # zones: a zone with nothing in it and no active terrain takes no room at all
        self.zones: list[tuple[int, int, list[Box]]] = []  # (zone index, header y, tile boxes)
        for zi, perms in enumerate((seat.zone1, seat.zone2)):
            if not perms and seat.active_terrains[zi] is None:
                continue
            header_y = y
            y += 40
            boxes: list[Box] = []
            for r in range(0, len(perms), PER_ROW):
                row = perms[r : r + PER_ROW]
                h = max(_tile_height(p, *_tile_parts(p, names, seat_names)[:2]) for p in row)
                for c in range(len(row)):
                    bx = x0 + c * (TILE_W + GAP)
                    boxes.append((bx, y, bx + TILE_W, y + h))
                y += h + GAP
            self.zones.append((zi, header_y, boxes))
        if not self.zones:
            self.empty_y = y + 14
            y += 30
        self.height = y + 8


def _draw_seat(
    pen: Pen,
    y0: int,
    seat: Any,
    name: str,
    view: Any,
    names: dict[int, str],
    seat_names: Sequence[str],
    lay: _SeatLayout,
) -> None:
    active = view.active == seat.seat and not view.over
    bg = PANEL_HI if active else PANEL
    panel(
        pen.draw,
        (10, y0, WIDTH - 10, y0 + lay.height),
        fill=bg,
        outline=ACCENT if active else EDGE,
        width=2 if active else 1,
    )
    x0, x1 = 10 + PAD, WIDTH - 10 - PAD
    # who, and their life: the two things a glance looks for first
    life_box = pen.line((x1, y0 + 32), "life", 22, fill=TEXT_DIM, anchor="rm")
    num_box = pen.line(
        (life_box[0] - 8, y0 + 32),
        str(seat.life),
        44,
        bold=True,
        anchor="rm",
        fill=DANGER if seat.life <= 5 else TEXT,
    )
    title = name + ("  — LOST" if seat.lost else "")
    pen.line(
        (x0, y0 + 32),
        title,
        30,
        bold=True,
        fill=DANGER if seat.lost else (ACCENT if active else TEXT),
        max_width=num_box[0] - 16 - x0,
    )
    for (text, color), (x, y) in zip(lay.chips, lay.chip_xy, strict=True):
        pen.chip_on((x, y0 + y), text, CHIP, fill=color, bg=bg, cache=_TILES)
    pen.line(
        (x0, y0 + lay.terrain_xy[0][1] if lay.terrain_xy else y0 + lay.terrain_y), "Terrains", CHIP, bold=True
    )
    if not lay.groups:
        x, y = lay.terrain_xy[0]
        pen.line((x, y0 + y), "none", CHIP, fill=TEXT_FAINT)
    for (tname, cid, charged, count), (x, y) in zip(
        lay.groups, lay.terrain_xy[: len(lay.groups)], strict=True
    ):
        pen.chip_on(
            (x, y0 + y),
            _terrain_text(tname, charged, count),
            CHIP,
            fill=_terrain_color(cid, charged),
            text_fill=TEXT_DIM if charged else TEXT,
            bg=bg,
            cache=_TILES,
        )
    for zi, hy, boxes in lay.zones:
        zbox = pen.line((x0, y0 + hy + 18), f"Zone {zi + 1}", 22, bold=True)
        at = seat.active_terrains[zi]
        if at is None:
            pen.line((zbox[2] + 14, y0 + hy + 18), "no active terrain", MIN_TEXT, fill=TEXT_FAINT)
        else:
            pen.chip(
                (zbox[2] + 14, y0 + hy + 18),
                at.name + (" (charged)" if at.charged else ""),
                CHIP,
                fill=_terrain_color(at.card, at.charged),
            )
        for p, (bx0, by0, bx1, by1) in zip((seat.zone1, seat.zone2)[zi], boxes, strict=True):
            _tile(pen, (bx0, y0 + by0, bx1, y0 + by1), p, names, seat_names)
    if not lay.zones:
        pen.line((x0, y0 + lay.empty_y), "No permanents in play", CHIP, fill=TEXT_FAINT)


def _seat_order(view: Any) -> list[Any]:
    """Seats top to bottom: in a duel the first seat sits at the bottom, facing the other."""
    seats = list(view.seats)
    return list(reversed(seats)) if len(seats) == 2 else seats


# ------------------------------------------------------------------------------ legend


def keywords_on_board(view: Any) -> list[str]:
    """The keywords (names, in the rules' order) of the permanents on the board."""
    present: set[str] = set()
    for s in view.seats:
        for p in [*s.zone1, *s.zone2]:
            present.update(split_keyword(k)[0] for k in p.keywords)
    return [k for k in KEYWORD_COLORS if k in present] + sorted(present - set(KEYWORD_COLORS))


_BADGE_LEGEND: dict[str, tuple[str, str, RGB]] = {
    "charged": ("CHARGED", "charged (tapped): greyed", DANGER),
    "damage": ("2 dmg", "damage marked", DANGER),
    "new": ("new", "entered this turn", TEXT_FAINT),
    "phased": ("PHASED", "phased out", TEXT_FAINT),
    "inactive": ("inactive", "zone has no active terrain", TEXT_FAINT),
}


def _legend_entries(view: Any) -> list[tuple[str, str]]:
    """(kind, key) of what the legend explains: the keywords, badges and roles on this board."""
    perms = [p for s in view.seats for p in [*s.zone1, *s.zone2]]
    present = {key for p in perms for key, _, _ in _badges(p)}
    if any(t.charged for s in view.seats for t in [*s.terrain_stack, *s.artifacts]):
        present.add("charged")
    out: list[tuple[str, str]] = [("badge", k) for k in _BADGE_LEGEND if k in present and k != "marker"]
    out += [("marker", k) for k in sorted({kind for p in perms for kind, _ in p.counters})]
    if any(p.attacking for p in perms):
        out.append(("role", "attacking"))
    if any(p.blocking for p in perms):
        out.append(("role", "blocking"))
    if any(p.type == "vehicle" for p in perms):
        out.append(("role", "vehicle"))
    out += [("kw", k) for k in keywords_on_board(view)]
    return out


def _legend_label(kind: str, key: str) -> str:
    if kind == "marker":
        return f"{key} markers"
    if kind == "badge":
        return _BADGE_LEGEND[key][1]
    if kind == "role":
        return {
            "attacking": "attacking (gold edge, ATK → target)",
            "blocking": "blocking (blue edge, BLK attacker)",
            "vehicle": "vehicle: +x/+y to its zone",
        }[key]
    return key


def _legend_mark_w(kind: str, key: str) -> int:
    if kind == "badge":
        return _chip_w(_BADGE_LEGEND[key][0], MIN_TEXT)
    if kind == "marker":
        return _chip_w(f"{key} ×n", MIN_TEXT)
    return LEGEND_ICON


def _legend_layout(view: Any) -> tuple[list[tuple[str, str, int, int]], int]:
    """((kind, key, x, line) per entry, lines)."""
    entries = _legend_entries(view)
    widths = [
        _legend_mark_w(k, v) + 8 + int(text_width(_legend_label(k, v), font(MIN_TEXT))) for k, v in entries
    ]
    placed = _flow(widths, 10 + PAD, WIDTH - 10 - PAD, 22)
    return [(k, v, x, ln) for (k, v), (x, ln) in zip(entries, placed, strict=True)], _lines(placed)


LEGEND_LINE = 44


def _legend_height(view: Any) -> int:
    entries, lines = _legend_layout(view)
    return 0 if not entries else 44 + lines * LEGEND_LINE + 6


def _draw_legend(pen: Pen, y: int, view: Any) -> None:
    entries, _ = _legend_layout(view)
    if not entries:
        return
    panel(pen.draw, (10, y, WIDTH - 10, y + _legend_height(view)), fill=PANEL, outline=EDGE)
    pen.line((10 + PAD, y + 22), "Legend", 22, bold=True)
    for kind, key, x, line in entries:
        cy = y + 44 + line * LEGEND_LINE + LEGEND_LINE // 2
        if kind == "kw":
            pen.paste(keyword_icon(key, LEGEND_ICON, PANEL), (x, cy - LEGEND_ICON // 2), name=key)
        elif kind == "badge":
            text, _, color = _BADGE_LEGEND[key]
            pen.chip_on((x, cy), text, MIN_TEXT, fill=color, bg=PANEL, cache=_TILES)
        elif kind == "marker":
            pen.chip_on((x, cy), f"{key} ×n", MIN_TEXT, fill=SUCCESS, bg=PANEL, cache=_TILES)
        elif key == "vehicle":
            pen.draw.rounded_rectangle(
                (x, cy - 16, x + LEGEND_ICON - 1, cy + 16), radius=6, fill=mix(GENERIC, PANEL, 0.3)
            )
        else:
            panel(
                pen.draw,
                (x, cy - 16, x + LEGEND_ICON, cy + 16),
                fill=SLOT,
                outline=ACCENT if key == "attacking" else INFO,
                width=4,
                radius=6,
            )
        pen.line((x + _legend_mark_w(kind, key) + 8, cy), _legend_label(kind, key), MIN_TEXT)


# ------------------------------------------------------------------------------ the board


def _seat_label(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _named(text: str, names: Sequence[str]) -> str:
    """The engine's seat labels ("P2 reached 0 life") with the players' names."""
    import re

    return re.sub(r"\bP(\d{1,2})\b", lambda m: _seat_label(names, int(m.group(1)) - 1), text)


def _status(view: Any, names: Sequence[str]) -> str:
    if view.over:
        return _named(view.reason or "game over", names)
    status = f"{view.step_name}"
    if view.priority is not None:
        status += f" · priority: {_seat_label(names, view.priority)}"
    elif view.choice is not None:
        status += f" · {_seat_label(names, view.choice.player)} decides ({view.choice.kind}" + (
            f": {_named(view.choice.about, names)})" if view.choice.about else ")"
        )
    return status


def _object_names(view: Any) -> dict[int, str]:
    out: dict[int, str] = {}
    for s in view.seats:
        for p in [*s.zone1, *s.zone2, *s.terrain_stack, *s.artifacts, *[t for t in s.active_terrains if t]]:
            out[p.id] = p.name
    return out


def _stack_lines(view: Any, names: Sequence[str], objects: dict[int, str]) -> list[str]:
    lines = []
    for j, it in enumerate(reversed(view.stack)):
        targets = [objects.get(int(t), t) if t.isdigit() else _named(t, names) for t in it.targets]
        tg = f" → {', '.join(targets)}" if targets else ""
        lines.append(
            f"{'top: ' if j == 0 else ''}{_seat_label(names, it.controller)}: {_named(it.text, names)}{tg}"
        )
    return lines


STACK_TEXT_W = WIDTH - 2 * (10 + PAD)


class _BoardLayout:
    def __init__(self, view: Any, names: Sequence[str]) -> None:
        self.objects = _object_names(view)
        self.order = _seat_order(view)
        self.seats = [_SeatLayout(s, self.objects, names) for s in self.order]
        self.status = _status(view, names)
        self.stack = _stack_lines(view, names, self.objects)
        status_lines = len(wrap(self.status, font(22), WIDTH - 2 * 20, max_lines=2))
        self.stack_rows = [len(wrap(t, font(20), STACK_TEXT_W, max_lines=3)) for t in self.stack]
        self.stack_height = 44 + 26 * sum(self.stack_rows) + 8 * len(self.stack) + 8
        y = 56 + 30 * status_lines + 8
        self.seat_y: list[int] = []
        self.stack_y = 0
        for i, lay in enumerate(self.seats):
            self.seat_y.append(y)
            y += lay.height + 10
            if i == 0 and self.stack:
                self.stack_y = y
                y += self.stack_height + 10
        self.legend_y = y
        self.height = y + _legend_height(view) + 10


def tile_boxes(view: Any, names: Sequence[str] = ()) -> dict[int, Box]:
    """The box of every permanent's tile on ``board(view, names)``, by object id."""
    lay = _BoardLayout(view, names)
    out: dict[int, Box] = {}
    for s, sl, y0 in zip(lay.order, lay.seats, lay.seat_y, strict=True):
        for zi, _, boxes in sl.zones:
            for p, (x0, by0, x1, by1) in zip((s.zone1, s.zone2)[zi], boxes, strict=True):
                out[p.id] = (x0, y0 + by0, x1, y0 + by1)
    return out


def legend_box(view: Any, names: Sequence[str] = ()) -> Box:
    """Where the legend panel is on ``board(view, names)``."""
    lay = _BoardLayout(view, names)
    return (10, lay.legend_y, WIDTH - 10, lay.legend_y + _legend_height(view))


def _board(view: Any, names: Sequence[str], labels: list[Label] | None) -> Image.Image:
    lay = _BoardLayout(view, names)
    img = canvas(WIDTH, lay.height)
    pen = Pen(img, labels)
    turn = f"Turn {view.turn}" + ("" if view.over else f" · {_seat_label(names, view.active)}'s turn")
    pen.line((20, 30), turn, 30, bold=True, max_width=WIDTH - 40)
    pen.text(
        (20, 56, WIDTH - 20, 56 + 30 * 2),
        lay.status,
        22,
        max_lines=2,
        min_size=MIN_TEXT,
        valign="top",
        fill=ACCENT if view.over else TEXT_DIM,
    )
    for i, (s, sl, y) in enumerate(zip(lay.order, lay.seats, lay.seat_y, strict=True)):
        _draw_seat(pen, y, s, _seat_label(names, s.seat), view, lay.objects, names, sl)
        if i == 0 and lay.stack:
            sy = lay.stack_y
            panel(pen.draw, (10, sy, WIDTH - 10, sy + lay.stack_height), fill=PANEL, outline=ACCENT)
            pen.line((10 + PAD, sy + 22), f"Stack ({len(lay.stack)})", 22, bold=True)
            ty = sy + 44
            for text, rows in zip(lay.stack, lay.stack_rows, strict=True):
                pen.text(
                    (10 + PAD, ty, 10 + PAD + STACK_TEXT_W, ty + 26 * rows),
                    text,
                    20,
                    max_lines=rows,
                    valign="top",
                )
                ty += 26 * rows + 8
    _draw_legend(pen, lay.legend_y, view)
    return img


def board(view: Any, names: Sequence[str], **_options: Any) -> Image.Image:
    """The public Afrika board for ``view`` (any seat's view or the spectator's gives the same image).

    More than two seats, a multiplayer variant or Cosmic Rifts: ``render.afrika.multi``'s panels."""
    from render.afrika import multi

    if multi.is_multiplayer(view):
        return multi.multi_board(view, names)
    return _board(view, names, None)


def board_labels(view: Any, names: Sequence[str]) -> tuple[Image.Image, list[Label]]:
    """The board and every label drawn on it (what tests check for size and overlaps)."""
    from render.afrika import multi

    if multi.is_multiplayer(view):
        return multi.multi_board_labels(view, names)
    labels: list[Label] = []
    return _board(view, names, labels), labels


from render.afrika.hand import HAND_FACE, hand, hand_boxes, hand_labels  # noqa: E402  (re-exported)

__all__ = [
    "HAND_FACE",
    "MIN_TEXT",
    "WIDTH",
    "board",
    "board_labels",
    "hand",
    "hand_boxes",
    "hand_labels",
    "legend_box",
    "terrain_groups",
    "tile_boxes",
]
