"""A player's own Afrika hand, drawn to be read at Discord's inline size (about 550 px wide).

A row of full card faces is unreadable once Discord shrinks it (seven 210 px cards became 70 px
each). Each card is instead a panel: a small copy of its face (art and frame, to recognise it)
beside its name, cost pips, type line and rules text in type that stays at least 11 px on
screen. Two cards a row, as many rows as cards. Private: only the viewer's ``view.hand`` is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from render.common import (
    EDGE,
    PANEL,
    TEXT_DIM,
    TEXT_FAINT,
    Box,
    ImageCache,
    canvas,
    fit_text,
    font,
    panel,
    text_width,
    wrap,
)
from render.labels import Label, Pen

HAND_WIDTH = 900
"""Same width as the board, so both read at the same scale inline."""
HAND_MIN_TEXT = 18
HAND_COLS = 2
HAND_FACE = (150, 210)
"""The card face inside each panel (the 375x525 face at 0.4): recognisable, not meant to be read."""
CELL_GAP = 10
CELL_W = (HAND_WIDTH - 2 * 10 - (HAND_COLS - 1) * CELL_GAP) // HAND_COLS
TEXT_X = 10 + HAND_FACE[0] + 12
"""Where a card's words start inside its panel."""
TOP = 64

_FACES = ImageCache(2_500_000)
"""Card faces at hand size (~40): resizing a face costs more than drawing the rest of the hand."""


def _words_height(c: Any) -> int:
    """Height of a card's name, cost/type line and whole rules text in its panel."""
    width = CELL_W - TEXT_X - 10
    name = fit_text(
        c.name, (0, 0, width, 56), 22, bold=True, max_lines=2, min_size=HAND_MIN_TEXT, valign="top"
    )
    rules = wrap(c.text, font(HAND_MIN_TEXT), width)
    return name.extent[3] + 18 + 30 + 18 + len(rules) * 24


def _row_heights(cards: Sequence[Any]) -> list[int]:
    return [
        max(HAND_FACE[1] + 20, *(_words_height(c) + 20 for c in cards[r : r + HAND_COLS]))
        for r in range(0, len(cards), HAND_COLS)
    ]


def hand_cells(cards: Sequence[Any]) -> list[Box]:
    """The panel of each card on the hand image; its face sits 10 px inside the top-left corner."""
    out: list[Box] = []
    y = TOP
    for r, h in enumerate(_row_heights(cards)):
        for c in range(len(cards[r * HAND_COLS : (r + 1) * HAND_COLS])):
            x = 10 + c * (CELL_W + CELL_GAP)
            out.append((x, y, x + CELL_W, y + h))
        y += h + CELL_GAP
    return out


def hand_boxes(cards: Sequence[Any]) -> list[Box]:
    """Where the face of each card is on the hand image (what the hidden-information test reads)."""
    return [
        (x + 10, y + 10, x + 10 + HAND_FACE[0], y + 10 + HAND_FACE[1]) for x, y, _, _ in hand_cells(cards)
    ]


def _cost_pips(pen: Pen, x: int, y: int, cost: str) -> int:
    """The cost as energy pips from ``x`` (centre line ``y``); returns the x after the last pip."""
    from render.afrika.card import draw_energy_symbol

    codes = [part for part in cost.replace("}", "").split("{") if part]
    r = 17  # 34 px, its number 21 px: 12.8 px at 550 px wide (issue #34, 5)
    for code in codes:
        draw_energy_symbol(pen.draw, (x + r, y), r, code)
        pen.record(code, 2 * r, (x, y - r, x + 2 * r, y + r), "icon")
        x += 2 * r + 4
    return x


def _stats(card_id: str) -> str:
    """ " · 2/3" for an entity (its printed power/health), else nothing."""
    from engines.afrika.cards import card

    c = card(card_id)
    return f" · {c.power}/{c.health}" if c.type == "entity" else ""


def _hand(view: Any, name: str, labels: list[Label] | None) -> Image.Image:
    from render.afrika.card import card_image

    if view.viewer is None:
        raise ValueError("a spectator has no hand to draw")
    cards = list(view.hand)
    cells = hand_cells(cards)
    img = canvas(HAND_WIDTH, (cells[-1][3] if cells else TOP + 80) + 10)
    pen = Pen(img, labels)
    pen.line((20, 32), f"{name} — hand ({len(cards)})", 30, bold=True, max_width=HAND_WIDTH - 40)
    if not cards:
        pen.line((20, TOP + 40), "no cards", 22, fill=TEXT_FAINT)
    fw, fh = HAND_FACE
    for c, cell in zip(cards, cells, strict=True):
        panel(pen.draw, cell, fill=PANEL, outline=EDGE, radius=10)
        x, y = cell[0] + 10, cell[1] + 10

        def face_of(card: str = c.card) -> Image.Image:
            return card_image(card).resize((fw, fh), Image.Resampling.LANCZOS)

        img.paste(_FACES.get((c.card, fw, fh), face_of), (x, y))
        tx0, tx1 = x + fw + 12, cell[2] - 10
        name_fit = pen.text(
            (tx0, y, tx1, y + 56), c.name, 22, bold=True, max_lines=2, min_size=HAND_MIN_TEXT, valign="top"
        )
        ty = name_fit.extent[3] + 18
        type_line = c.type_line + _stats(c.card)
        after = _cost_pips(pen, tx0, ty, c.cost) + 6 if c.cost else tx0
        if after > tx0 and text_width(type_line, font(HAND_MIN_TEXT)) > tx1 - after:
            ty += 30  # the type line goes under the cost pips rather than being cut
            after = tx0
        pen.line((after, ty), type_line, HAND_MIN_TEXT, fill=TEXT_DIM, max_width=tx1 - after)
        pen.text(
            (tx0, ty + 18, tx1, cell[3] - 8),
            c.text,
            HAND_MIN_TEXT,
            max_lines=40,
            min_size=HAND_MIN_TEXT,
            valign="top",
        )
    return img


def hand(view: Any, name: str, **_options: Any) -> Image.Image:
    """The viewer's own hand (private: send it only to that player)."""
    return _hand(view, name, None)


def hand_labels(view: Any, name: str) -> tuple[Image.Image, list[Label]]:
    """The hand image and every label drawn on it."""
    labels: list[Label] = []
    return _hand(view, name, labels), labels


__all__ = ["HAND_FACE", "HAND_WIDTH", "hand", "hand_boxes", "hand_cells", "hand_labels"]
