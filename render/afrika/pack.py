"""A draft pack as one image: the card faces in a grid, each with its number in the pick list.

``pack_image(cards, title="", subtitle="") -> Image``  the faces of ``cards`` (Chronicles of
Afrika card ids, in the order the pick select lists them), scaled down from ``render.afrika.card``, six
to a row, each with a numbered badge (1..n) on the top-left of its art, so "3. Nebula Drake" in the
select is the card with the badge 3. Private: it shows one seat's pack (R85), so it goes only to
the player holding it. The draft reaches it only as Afrika's ``TableSpec.pack_image``
(``bot/presenters/afrika.py``), never by importing this module.

Scaled faces are cached per card, so a pick costs one paste per card plus the PNG encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import ACCENT, BG, BLACK, TEXT_DIM, TEXT_FAINT, canvas, draw_line
from render.fonts import font

THUMB_W, THUMB_H = 180, 252
"""375x525 faces at 48%: the name and cost still read in Discord's preview."""
COLS = 6
GAP = 10
PAD = 16
HEADER_H = 56
BADGE_R = 17
ART_TOP = 28
"""Where the art box starts on a thumbnail: the badge sits on the art, never on the name."""
MIN_WIDTH = 2 * PAD + 3 * THUMB_W + 2 * GAP


@lru_cache(maxsize=512)
def thumbnail(card_id: str) -> Image.Image:
    """The scaled face of ``card_id`` (cached; do not draw on it)."""
    from render.afrika.card import card_image

    return card_image(card_id).resize((THUMB_W, THUMB_H), Image.Resampling.LANCZOS)


def grid_size(n: int, cols: int = COLS) -> tuple[int, int]:
    """Columns and rows of the grid for ``n`` cards."""
    c = max(1, min(cols, n))
    return c, max(1, -(-n // c))


def pack_image(cards: Sequence[str], title: str = "", subtitle: str = "") -> Image.Image:
    cols, rows = grid_size(len(cards))
    width = max(MIN_WIDTH, 2 * PAD + cols * THUMB_W + (cols - 1) * GAP)
    height = HEADER_H + rows * THUMB_H + (rows - 1) * GAP + PAD
    img = canvas(width, height, BG)
    draw = ImageDraw.Draw(img)
    if title:
        draw_line(draw, (PAD, 22), title, 20, bold=True, max_width=width - 2 * PAD)
    if subtitle:
        draw_line(draw, (PAD, 44), subtitle, 14, fill=TEXT_DIM, max_width=width - 2 * PAD)
    if not cards:
        draw_line(draw, (PAD, HEADER_H + 20), "no cards", 16, fill=TEXT_FAINT)
        return img
    badge_font = font(18, True)
    for i, cid in enumerate(cards):
        x = PAD + (i % cols) * (THUMB_W + GAP)
        y = HEADER_H + (i // cols) * (THUMB_H + GAP)
        img.paste(thumbnail(cid), (x, y))
        cx, cy = x + BADGE_R + 8, y + ART_TOP + BADGE_R + 6
        draw.ellipse(
            (cx - BADGE_R, cy - BADGE_R, cx + BADGE_R, cy + BADGE_R), fill=ACCENT, outline=BLACK, width=2
        )
        draw.text((cx, cy), str(i + 1), font=badge_font, fill=BLACK, anchor="mm")
    return img


__all__ = ["THUMB_H", "THUMB_W", "grid_size", "pack_image", "thumbnail"]
