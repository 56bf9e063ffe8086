"""One Alchemy card, large (``/card`` and "Card details"): its colour, name, MG pips top right for
an element (as the rulebook prints them), cost and reaction windows for a Process, and rules text."""

from __future__ import annotations

from PIL import Image

from engines.alchemy import card
from render.alchemy.palette import card_color
from render.common import TEXT, TEXT_DIM, canvas, darken, lighten, panel
from render.labels import Label, Pen

SIZE = (600, 420)


def card_face(pen: Pen, cid: str, box: tuple[int, int, int, int], big: bool = True) -> None:
    """A card drawn into ``box`` (used by the card image and the hand)."""
    c = card(cid)
    color = card_color(cid)
    x0, y0, x1, y1 = box
    panel(pen.draw, box, fill=darken(color, 0.35), outline=lighten(color, 0.2), width=3, radius=14)
    title = 30 if big else 22
    pen.text(
        (x0 + 14, y0 + 8, x1 - 120, y0 + 8 + title * 2 + 8),
        c.name,
        title,
        bold=True,
        max_lines=2,
        min_size=18,
    )
    if c.kind == "element":
        for i in range(c.mg):  # MG as pips, top right
            cx = x1 - 22 - i * 22
            pen.draw.ellipse((cx - 8, y0 + 20, cx + 8, y0 + 36), fill=lighten(color, 0.5))
        kind = f"{c.element} element · MG {c.mg}"
    elif c.kind == "process":
        kind = "Process · Reaction" if c.reaction else "Process"
    else:
        kind = "Magnum Opus"
    pen.line((x0 + 14, y0 + title * 2 + 40), kind, 20, fill=TEXT_DIM, max_width=x1 - x0 - 28)
    text = c.text or ("A basic element: attack or block with it." if c.kind == "element" else "")
    if text:
        pen.text(
            (x0 + 14, y0 + title * 2 + 60, x1 - 14, y1 - 12),
            text,
            20,
            fill=TEXT,
            max_lines=6,
            min_size=18,
            valign="top",
        )


def card_image(cid: str) -> Image.Image:
    img = canvas(*SIZE)
    card_face(Pen(img), cid, (10, 10, SIZE[0] - 10, SIZE[1] - 10))
    return img


def card_labels(cid: str) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    img = canvas(*SIZE)
    card_face(Pen(img, labels), cid, (10, 10, SIZE[0] - 10, SIZE[1] - 10))
    return img, labels
