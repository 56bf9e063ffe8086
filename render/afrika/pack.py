"""A draft pack as one image drawn for Discord's inline width: a row of words per card.

``pack_image(cards, title="", subtitle="") -> Image``  the cards of a Chronicles of Afrika pack (card
ids, in the order the pick select lists them), two columns read top to bottom, each card a row:
its number in the pick list, its name, its cost in energy symbols, its rarity, type line and
power/health, and the first line of its rules text. Every text is at least 11 px once Discord
shows the image 550 px wide (issue #35, item 3: the old grid of 18 card faces was 1162 px wide,
so names came out at ~5 px, and it weighed ~460 KB a pick). Private: it shows one seat's pack
(R85), so it goes only to the player holding it. The draft reaches it only as Afrika's
``TableSpec.pack_image`` (``bot/presenters/afrika.py``), never by importing this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.afrika.cards import CARDS
from engines.afrika.draftsource import spelled_type_line
from render.afrika.cardrow import (
    MIN_TEXT,
    WIDTH,
    card_accent,
    draw_cost,
    rarity_color,
    rarity_name,
    stats,
    symbols,
)
from render.common import (
    ACCENT,
    BG,
    BLACK,
    EDGE,
    PANEL,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    Box,
    canvas,
    draw_line,
    font,
    panel,
    put_text,
)

COLS = 2
PAD = 12
GAP = 8
HEADER_H = 74
CELL_W = (WIDTH - 2 * PAD - (COLS - 1) * GAP) // COLS
CELL_H = 94
BADGE_R = 17
NAME_X = 58
"""Where a card's name and type line start in its row, right of the number badge."""


def grid_size(n: int) -> tuple[int, int]:
    """Columns and rows for ``n`` cards (two columns once there are two cards)."""
    cols = max(1, min(COLS, n))
    return cols, max(1, -(-n // cols))


def cell_box(i: int, n: int) -> Box:
    """Where the ``i``-th card (0-based, select order) of an ``n``-card pack is: down the left
    column, then down the right one."""
    _, rows = grid_size(n)
    col, row = divmod(i, rows)
    x = PAD + col * (CELL_W + GAP)
    y = HEADER_H + row * (CELL_H + GAP)
    return (x, y, x + CELL_W, y + CELL_H)


def _draw_card(draw: ImageDraw.ImageDraw, box: Box, number: int, card_id: str) -> None:
    c = CARDS()[card_id]
    x0, y0, x1, y1 = box
    panel(draw, box, fill=PANEL, outline=EDGE, radius=8)
    draw.rounded_rectangle((x0, y0, x0 + 6, y1), radius=3, fill=card_accent(c))
    cx, cy = x0 + 32, y0 + 30
    draw.ellipse(
        (cx - BADGE_R, cy - BADGE_R, cx + BADGE_R, cy + BADGE_R), fill=ACCENT, outline=BLACK, width=2
    )
    put_text(draw, (cx, cy), str(number), font(20, True), BLACK, "mm")
    # line 1: the name, the cost at the right
    yc = y0 + 22
    left = draw_cost(draw, x1 - 10, yc, symbols(c))
    draw_line(draw, (x0 + NAME_X, yc), c.name, 21, bold=True, max_width=left - (x0 + NAME_X) - 10)
    # line 2: rarity · type line, power/health at the right
    yc = y0 + 50
    pt = stats(c)
    right = x1 - 10
    if pt:
        right -= int(draw_line(draw, (x1 - 10, yc), pt, 20, bold=True, anchor="rm")) + 10
    x = x0 + NAME_X
    x += int(draw_line(draw, (x, yc), rarity_name(c), MIN_TEXT, bold=True, fill=rarity_color(c)))
    draw_line(draw, (x, yc), f" · {spelled_type_line(c)}", MIN_TEXT, fill=TEXT_DIM, max_width=right - x)
    # line 3: the start of the rules text
    words = " ".join(c.text.split())
    if words:
        draw_line(draw, (x0 + 16, y0 + 77), words, MIN_TEXT, fill=TEXT, max_width=x1 - x0 - 26)


def pack_image(cards: Sequence[str], title: str = "", subtitle: str = "") -> Image.Image:
    n = len(cards)
    _, rows = grid_size(n)
    height = HEADER_H + rows * CELL_H + (rows - 1) * GAP + PAD
    img = canvas(WIDTH, height, BG)
    draw = ImageDraw.Draw(img)
    if title:
        draw_line(draw, (PAD + 4, 24), title, 26, bold=True, max_width=WIDTH - 2 * PAD)
    if subtitle:
        draw_line(draw, (PAD + 4, 55), subtitle, MIN_TEXT, fill=TEXT_DIM, max_width=WIDTH - 2 * PAD)
    if not cards:
        draw_line(draw, (PAD + 4, HEADER_H + 30), "no cards", 20, fill=TEXT_FAINT)
        return img
    for i, cid in enumerate(cards):
        _draw_card(draw, cell_box(i, n), i + 1, cid)
    return img


__all__ = ["CELL_H", "CELL_W", "HEADER_H", "PAD", "cell_box", "grid_size", "pack_image"]
