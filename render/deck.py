"""A deck as an image: the name, the game and format, a cost curve, and every card grouped by type.

``deck_image(summary)`` draws an ``engines.decks.DeckSummary`` (plain values: no pool, no card
loader), so it works for every game with a card pool. Cost symbols like ``{2}{VOL}`` become small
pips; energy codes take the colours of the palette the caller passes (the game's ``TableSpec.palette``),
a stable hash colour otherwise.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engines.decks import DeckSummary
from engines.decks.deck import Group
from render.common import (
    ACCENT,
    EDGE,
    INFO,
    PANEL,
    PANEL_HI,
    RGB,
    SUIT_COLORS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    canvas,
    darken,
    draw_line,
    font,
    panel,
    text_width,
)

WIDTH = 1200
PAD = 24
HEADER_H = 170
COLS = 3
COL_GAP = 16
ROW_H = 28
GROUP_HEAD = 40
GROUP_GAP = 14
SECTION_HEAD = 44
PIP = 18
GENERIC: RGB = (112, 118, 130)
_TOKEN = re.compile(r"\{([^}]*)\}")


def _accent(key: str, palette: Mapping[str, RGB]) -> RGB:
    if not key:
        return GENERIC
    if key in palette:
        return palette[key]
    return SUIT_COLORS[zlib.crc32(key.encode()) % len(SUIT_COLORS)]


def _pips(cost_text: str) -> list[str]:
    return _TOKEN.findall(cost_text)


def _draw_pips(
    draw: ImageDraw.ImageDraw, right: int, yc: int, cost_text: str, palette: Mapping[str, RGB]
) -> int:
    """Cost pips right-aligned at ``right``; returns the left edge used."""
    pips = _pips(cost_text)
    if len(pips) > 6:  # a long cost: the first five pips, then an ellipsis
        pips = [*pips[:5], "…"]
    x = right
    fnt = font(11, True)
    for sym in reversed(pips):
        x -= PIP
        box = (x, yc - PIP // 2, x + PIP - 2, yc + PIP // 2 - 1)
        color = GENERIC if sym.isdigit() or sym in ("X", "…") else _accent(sym, palette)
        draw.ellipse(box, fill=color, outline=darken(color, 0.35))
        label = sym if sym.isdigit() or sym in ("X", "…") else sym[:1]
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=fnt, fill=TEXT, anchor="mm")
    return x


def _group_height(g: Group) -> int:
    return GROUP_HEAD + len(g.rows) * ROW_H + 10


def _chunks(groups: Sequence[Group]) -> list[Group]:
    """A group much longer than a third of the rows is split so the columns stay balanced."""
    rows = sum(len(g.rows) for g in groups)
    most = max(12, -(-rows // COLS))
    out: list[Group] = []
    for g in groups:
        if len(g.rows) <= most + 4:
            out.append(g)
            continue
        for i in range(0, len(g.rows), most):
            title = g.title if i == 0 else f"{g.title} (cont.)"
            out.append(Group(title, g.count, g.rows[i : i + most]))
    return out


def _layout(groups: Sequence[Group]) -> tuple[list[list[Group]], int]:
    """Groups into ``COLS`` columns in order, each group to the currently shortest column."""
    cols: list[list[Group]] = [[] for _ in range(COLS)]
    heights = [0] * COLS
    for g in _chunks(groups):
        i = heights.index(min(heights))
        cols[i].append(g)
        heights[i] += _group_height(g) + GROUP_GAP
    return cols, max(heights, default=0)


def _draw_group(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, g: Group, palette: Mapping[str, RGB]) -> int:
    h = _group_height(g)
    panel(draw, (x, y, x + w, y + h), fill=PANEL, outline=EDGE, radius=10)
    draw_line(draw, (x + 14, y + GROUP_HEAD // 2 + 2), g.title, 18, bold=True, max_width=w - 80)
    draw_line(
        draw, (x + w - 14, y + GROUP_HEAD // 2 + 2), str(g.count), 18, bold=True, fill=ACCENT, anchor="rm"
    )
    draw.line((x + 10, y + GROUP_HEAD - 2, x + w - 10, y + GROUP_HEAD - 2), fill=EDGE)
    ry = y + GROUP_HEAD
    for i, row in enumerate(g.rows):
        yc = ry + ROW_H // 2
        if i % 2:
            draw.rectangle((x + 4, ry, x + w - 5, ry + ROW_H - 1), fill=PANEL_HI)
        stripe = _accent(row.accent, palette)
        draw.rectangle((x + 6, ry + 5, x + 9, ry + ROW_H - 6), fill=stripe)
        draw_line(draw, (x + 40, yc), f"{row.count}", 16, bold=True, fill=ACCENT, anchor="rm")
        left = _draw_pips(draw, x + w - 10, yc, row.cost_text, palette)
        draw_line(draw, (x + 48, yc), row.name, 16, fill=TEXT, max_width=left - (x + 48) - 6)
        ry += ROW_H
    return h


def _draw_curve(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], curve: Sequence[tuple[str, int]], off: int
) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, fill=PANEL, outline=EDGE, radius=10)
    draw_line(draw, (x0 + 12, y0 + 16), "Cost curve", 15, bold=True, fill=TEXT_DIM)
    if off:
        draw_line(draw, (x1 - 12, y0 + 16), f"+{off} off-curve", 13, fill=TEXT_FAINT, anchor="rm")
    top, bottom = y0 + 46, y1 - 24
    n = len(curve)
    slot = (x1 - x0 - 24) / max(1, n)
    peak = max((c for _, c in curve), default=0) or 1
    for i, (label, count) in enumerate(curve):
        cx = x0 + 12 + slot * i + slot / 2
        bw = slot * 0.62
        bh = (bottom - top) * count / peak
        if count:
            draw.rectangle((cx - bw / 2, bottom - bh, cx + bw / 2, bottom), fill=INFO)
            draw_line(draw, (cx, bottom - bh - 9), str(count), 13, bold=True, anchor="mm")
        draw_line(draw, (cx, y1 - 12), label, 13, fill=TEXT_DIM, anchor="mm")
    draw.line((x0 + 12, bottom, x1 - 12, bottom), fill=EDGE)


def deck_image(summary: DeckSummary, palette: Mapping[str, RGB] | None = None) -> Image.Image:
    """``palette``: the game's accent colours (its ``TableSpec.palette``); others get hash colours."""
    palette = palette or {}
    col_w = (WIDTH - 2 * PAD - (COLS - 1) * COL_GAP) // COLS
    layouts = [(s, *_layout(s.groups)) for s in summary.sections]
    height = PAD + HEADER_H + sum(SECTION_HEAD + h for _, _, h in layouts) + PAD
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)
    curve_w = 420
    name_w = WIDTH - 2 * PAD - curve_w - 20
    draw_line(draw, (PAD, PAD + 30), summary.name, 36, bold=True, max_width=name_w)
    sub = f"{summary.game_title} · {summary.format_title} · {summary.total} cards"
    draw_line(draw, (PAD, PAD + 76), sub, 20, fill=TEXT_DIM, max_width=name_w)
    y = PAD + 112
    for s in summary.sections:
        chips = " · ".join(f"{g.title} {g.count}" for g in s.groups)
        draw_line(draw, (PAD, y), f"{s.title} {s.count}: {chips}", 15, fill=TEXT_FAINT, max_width=name_w)
        y += 22
    _draw_curve(
        draw, (WIDTH - PAD - curve_w, PAD, WIDTH - PAD, PAD + HEADER_H - 16), summary.curve, summary.off_curve
    )
    y = PAD + HEADER_H
    for section, cols, h in layouts:
        title = f"{section.title} — {section.count}"
        draw_line(draw, (PAD, y + SECTION_HEAD // 2), title, 22, bold=True, fill=ACCENT)
        x_rule = PAD + int(text_width(title, font(22, True))) + 14
        draw.line((x_rule, y + SECTION_HEAD // 2, WIDTH - PAD, y + SECTION_HEAD // 2), fill=EDGE)
        top = y + SECTION_HEAD
        for i, col in enumerate(cols):
            cx = PAD + i * (col_w + COL_GAP)
            cy = top
            for g in col:
                cy += _draw_group(draw, cx, cy, col_w, g, palette) + GROUP_GAP
        y = top + h
    return img
