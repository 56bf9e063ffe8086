"""A player's own Spirit Tactics hand: two cards a row, each with its name, kind and affinity,
Strength and Resilience for a Spirit, keywords and rules text; 900 px wide so Discord's 550 px
copy keeps text at 11 px. Only ``view.hand`` (the viewer's own cards) is read."""

from __future__ import annotations

from PIL import Image

from engines.spirit.cards import card
from engines.spirit.view import SpiritView
from render.common import EDGE, INFO, PANEL, TEXT, TEXT_DIM, canvas, darken, panel
from render.labels import Label, Pen

WIDTH = 900
CELL_H = 200
GAP = 12
TOP = 60


def card_face(pen: Pen, cid: str, box: tuple[int, int, int, int]) -> None:
    """One card drawn into ``box`` (the hand; the /card image when the game is registered)."""
    c = card(cid)
    x0, y0, x1, y1 = box
    panel(pen.draw, box, fill=darken(INFO, 0.6) if c.kind == "spirit" else PANEL, outline=EDGE, radius=12)
    pen.text((x0 + 12, y0 + 8, x1 - 12, y0 + 40), c.name, 22, bold=True, max_lines=1, min_size=18)
    kind = c.kind.title() + (f" · {c.affinity}" if c.affinity else "")
    if c.kind == "spirit":
        kind += f" · S {c.strength} · R {c.resilience}"
    pen.line((x0 + 12, y0 + 56), kind, 18, fill=TEXT_DIM, max_width=x1 - x0 - 24)
    text = c.text or ("Gather it onto a Spirit or your Commander." if c.kind == "essence" else "")
    if text:
        pen.text(
            (x0 + 12, y0 + 74, x1 - 12, y1 - 10), text, 18, fill=TEXT, max_lines=5, min_size=18, valign="top"
        )


def hand_labels(view: SpiritView, name: str) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, name, labels), labels


def hand(view: SpiritView, name: str, **_: object) -> Image.Image:
    return _draw(view, name, None)


def _draw(view: SpiritView, name: str, labels: list[Label] | None) -> Image.Image:
    cards = list(view.hand)
    rows = max(1, -(-len(cards) // 2))
    img = canvas(WIDTH, TOP + rows * (CELL_H + GAP) + GAP)
    pen = Pen(img, labels)
    pen.line((16, 32), f"{name}'s hand · {len(cards)} cards", 26, bold=True, max_width=WIDTH - 32)
    if not cards:
        pen.line((16, TOP + 40), "No cards in hand.", 22, fill=TEXT_DIM)
    w = (WIDTH - 3 * GAP) // 2
    for i, cid in enumerate(cards):
        x0 = GAP + (i % 2) * (w + GAP)
        y0 = TOP + (i // 2) * (CELL_H + GAP)
        card_face(pen, cid, (x0, y0, x0 + w, y0 + CELL_H))
    return img
