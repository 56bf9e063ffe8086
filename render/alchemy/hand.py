"""A player's own Alchemy hand: two cards a row, each with its name, MG or cost and rules text,
900 px wide so Discord's 550 px copy keeps text at 11 px. Only ``view.hand`` (the viewer's own
cards) is read; ``hand_seen`` marks cards the opponent has already seen."""

from __future__ import annotations

from PIL import Image

from engines.alchemy.view import AlchemyView
from render.alchemy.card import card_face
from render.common import ACCENT, TEXT_DIM, canvas
from render.labels import Label, Pen

WIDTH = 900
CELL_H = 230
GAP = 12
TOP = 60


def hand_labels(view: AlchemyView, name: str) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, name, labels), labels


def hand(view: AlchemyView, name: str, **_: object) -> Image.Image:
    return _draw(view, name, None)


def _draw(view: AlchemyView, name: str, labels: list[Label] | None) -> Image.Image:
    cards = list(view.hand)
    rows = max(1, -(-len(cards) // 2))
    img = canvas(WIDTH, TOP + rows * (CELL_H + GAP) + GAP)
    pen = Pen(img, labels)
    me = view.seats[view.viewer] if view.viewer is not None else None
    ap = f" · {me.ap} AP" if me is not None else ""
    pen.line((16, 32), f"{name}'s hand · {len(cards)} cards{ap}", 26, bold=True, max_width=WIDTH - 32)
    if not cards:
        pen.line((16, TOP + 40), "No cards in hand.", 22, fill=TEXT_DIM)
    w = (WIDTH - 3 * GAP) // 2
    for i, cid in enumerate(cards):
        x0 = GAP + (i % 2) * (w + GAP)
        y0 = TOP + (i // 2) * (CELL_H + GAP)
        card_face(pen, cid, (x0, y0, x0 + w, y0 + CELL_H), big=False)
        if i < len(view.hand_seen) and view.hand_seen[i]:
            pen.line((x0 + w - 14, y0 + CELL_H - 18), "seen", 18, fill=ACCENT, anchor="rm")
        if cid in view.marked:
            pen.line((x0 + 14, y0 + CELL_H - 18), "to Recharge", 18, fill=ACCENT)
    return img
