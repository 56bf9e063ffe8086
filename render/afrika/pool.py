"""A sealed or draft pool as an image, with the deck being built marked on it.

``pool_image(pool, deck, title)`` draws every card of ``pool`` (Chronicles of Afrika card ids, one
per copy) grouped by energy (one panel per energy, then multi-energy, colourless and non-basic
terrains), inside a panel by type then cost, with its count; cards in ``deck`` are highlighted
with "in deck / in pool" counts, and the Basic terrains of the deck get a panel of their own.
The grouping is the card source's (``engines.afrika.draftsource.pool_groups``), so the
deck-building menus list cards in the order the image shows them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.afrika.cards import CARDS, ENERGY, CardDef
from engines.afrika.draftsource import pool_groups
from engines.draft.source import PoolGroup
from render.common import (
    ACCENT,
    EDGE,
    PANEL,
    PANEL_HI,
    RGB,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    canvas,
    darken,
    draw_line,
    mix,
    panel,
    pill,
    text_width,
)
from render.fonts import font

WIDTH = 1280
PAD = 24
HEADER_H = 112
COLS = 4
COL_GAP = 14
ROW_H = 26
GROUP_HEAD = 38
GROUP_GAP = 12
GENERIC: RGB = (112, 118, 130)


def _accent(key: str) -> RGB:
    from render.afrika.board import ENERGY_COLORS

    return ENERGY_COLORS.get(key, GENERIC)


def _card_accent(c: CardDef) -> RGB:
    codes = [code for code, _ in c.cost.typed] or [p for p in c.produces if p in ENERGY]
    return _accent(codes[0]) if codes else GENERIC


def _height(g: PoolGroup) -> int:
    return GROUP_HEAD + len(g.cards) * ROW_H + 8


def _layout(groups: Sequence[PoolGroup]) -> tuple[list[list[PoolGroup]], int]:
    cols: list[list[PoolGroup]] = [[] for _ in range(COLS)]
    heights = [0] * COLS
    for g in groups:
        i = heights.index(min(heights))
        cols[i].append(g)
        heights[i] += _height(g) + GROUP_GAP
    return cols, max(heights, default=0)


def _draw_group(
    draw: ImageDraw.ImageDraw, x: int, y: int, w: int, g: PoolGroup, in_deck: Counter[str]
) -> int:
    from render.deck import _draw_pips

    defs = CARDS()
    h = _height(g)
    accent = _accent(g.key) if g.key in ENERGY else (ACCENT if g.key == "basic" else GENERIC)
    panel(draw, (x, y, x + w, y + h), fill=PANEL, outline=EDGE, radius=10)
    draw.rounded_rectangle((x, y, x + w - 1, y + 6), radius=3, fill=accent)
    used = sum(min(n, in_deck[cid]) for cid, n in g.cards) if g.key != "basic" else g.count
    right = f"{used}/{g.count}" if used and g.key != "basic" else str(g.count)
    # The title gets all the room the count leaves ("Golden Savannas (SAV)" fits beside "10/10").
    room = w - 24 - text_width(right, font(16, True)) - 10
    draw_line(draw, (x + 12, y + GROUP_HEAD // 2 + 3), g.title, 16, bold=True, max_width=room)
    draw_line(
        draw,
        (x + w - 12, y + GROUP_HEAD // 2 + 3),
        right,
        16,
        bold=True,
        fill=SUCCESS if used else ACCENT,
        anchor="rm",
    )
    ry = y + GROUP_HEAD
    palette = _palette()
    for i, (cid, n) in enumerate(g.cards):
        c = defs[cid]
        k = n if g.key == "basic" else min(in_deck[cid], n)
        yc = ry + ROW_H // 2
        if k and g.key != "basic":
            draw.rectangle((x + 4, ry, x + w - 5, ry + ROW_H - 1), fill=mix(PANEL, SUCCESS, 0.28))
        elif i % 2:
            draw.rectangle((x + 4, ry, x + w - 5, ry + ROW_H - 1), fill=PANEL_HI)
        draw.rectangle((x + 6, ry + 5, x + 9, ry + ROW_H - 6), fill=_card_accent(c))
        if g.key == "basic":
            count, fill = f"{n}", SUCCESS
        elif k:
            count, fill = f"{k}/{n}", SUCCESS
        else:
            count, fill = f"{n}", TEXT_DIM
        draw_line(draw, (x + 48, yc), count, 14, bold=True, fill=fill, anchor="rm")
        left = x + w - 10
        if c.type != "terrain":
            left = _draw_pips(draw, x + w - 10, yc, c.cost.text(), palette)
        draw_line(draw, (x + 56, yc), c.name, 14, fill=TEXT, max_width=left - (x + 56) - 6)
        ry += ROW_H
    return h


def _palette() -> dict[str, RGB]:
    from render.afrika.board import ENERGY_COLORS

    return ENERGY_COLORS


def pool_image(pool: Sequence[str], deck: Sequence[str] = (), title: str = "Your pool") -> Image.Image:
    defs = CARDS()
    in_deck = Counter(deck)
    groups = pool_groups(pool)
    basics = [cid for cid in deck if defs[cid].basic]
    if basics:
        groups += [g for g in pool_groups(basics) if g.key == "basic"]
    cols, body_h = _layout(groups)
    height = PAD + HEADER_H + body_h + PAD
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)
    draw_line(draw, (PAD, PAD + 22), title, 30, bold=True, max_width=WIDTH - 2 * PAD)
    from_pool = sum(min(n, Counter(pool)[cid]) for cid, n in in_deck.items() if not defs[cid].basic)
    total = from_pool + len(basics)
    sub = (
        f"{len(pool)} cards in the pool · deck: {from_pool} from the pool + {len(basics)} basic terrains"
        f" = {total} (at least 40)"
    )
    draw_line(draw, (PAD, PAD + 60), sub, 17, fill=TEXT_DIM, max_width=WIDTH - 2 * PAD)
    symbols: Counter[str] = Counter()
    for cid in deck:
        for code, k in defs[cid].cost.typed:
            symbols[code] += k
    x = PAD
    for code in ENERGY:
        if symbols[code]:
            box = pill(draw, (x, PAD + 90), f"{code} {symbols[code]}", 14, fill=darken(_accent(code), 0.15))
            x = box[2] + 8
    if not symbols:
        draw_line(draw, (PAD, PAD + 90), "Highlighted: in your deck (in deck / in pool)", 14, fill=TEXT_FAINT)
    col_w = (WIDTH - 2 * PAD - (COLS - 1) * COL_GAP) // COLS
    top = PAD + HEADER_H
    for i, col in enumerate(cols):
        cx = PAD + i * (col_w + COL_GAP)
        cy = top
        for g in col:
            cy += _draw_group(draw, cx, cy, col_w, g, in_deck) + GROUP_GAP
    return img
