"""One Alchemy card, large (``/card`` and "Card details"): its colour, name, MG pips top right for
an element (as the rulebook prints them), cost and reaction windows for a Process, and rules text."""

from __future__ import annotations

from PIL import Image

from engines.alchemy import card
from render.alchemy.palette import card_color
from render.common import TEXT, TEXT_DIM, canvas, darken, lighten, panel
from render.labels import Label, Pen

SIZE = (600, 420)


def _glyph(
    pen: Pen, kind: str, element: str, box: tuple[int, int, int, int], color: tuple[int, int, int]
) -> None:
    """The card's emblem, drawn: a flame, waves, mountains or a whirl for the four elements, a
    flask for a Process and a star for a Magnum Opus (so a card reads before its name does)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    ink = lighten(color, 0.45)
    d = pen.draw
    if kind == "process":
        d.ellipse((x0 + w * 0.2, y0 + h * 0.4, x0 + w * 0.8, y1), outline=ink, width=4)
        d.rectangle((x0 + w * 0.42, y0, x0 + w * 0.58, y0 + h * 0.45), outline=ink, width=4)
    elif kind == "opus":
        cx, cy, r = x0 + w / 2, y0 + h / 2, min(w, h) / 2
        import math

        pts = [
            (
                cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
                cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5),
            )
            for i in range(10)
        ]
        d.polygon(pts, outline=ink, width=4)
    elif element == "Fire":
        d.polygon([(x0 + w * 0.5, y0), (x1, y1), (x0, y1)], outline=ink, width=4)
        d.polygon([(x0 + w * 0.5, y0 + h * 0.45), (x0 + w * 0.75, y1), (x0 + w * 0.25, y1)], fill=ink)
    elif element == "Water":
        for i in range(3):
            yy = y0 + h * (0.2 + 0.3 * i)
            d.arc((x0, yy - h * 0.15, x0 + w / 2, yy + h * 0.15), 0, 180, fill=ink, width=4)
            d.arc((x0 + w / 2, yy - h * 0.15, x1, yy + h * 0.15), 180, 360, fill=ink, width=4)
    elif element == "Earth":
        d.polygon([(x0, y1), (x0 + w * 0.35, y0 + h * 0.2), (x0 + w * 0.7, y1)], fill=ink)
        d.polygon([(x0 + w * 0.4, y1), (x0 + w * 0.7, y0 + h * 0.45), (x1, y1)], outline=ink, width=4)
    elif element == "Air":
        for i, r in enumerate((0.5, 0.34, 0.18)):
            cx, cy = x0 + w / 2, y0 + h / 2
            d.arc(
                (cx - w * r, cy - h * r, cx + w * r, cy + h * r), 30 + i * 40, 300 + i * 40, fill=ink, width=4
            )


def glyph_box(kind: str, box: tuple[int, int, int, int], big: bool = True) -> tuple[int, int, int, int]:
    """Where a card's emblem goes. A Process's or Magnum Opus's rules text can fill the card down
    to its bottom edge (Solar Tincture's ran into a flask drawn there), so their emblem sits top
    right, beside the name (whose box ends 120 px short of the edge); an element's text is one or
    two short lines, and its MG pips hold the top right, so its emblem stays bottom right and the
    text keeps clear of it."""
    _, y0, x1, y1 = box
    size = 90 if big else 56
    if kind == "element":
        return (x1 - 14 - size, y1 - 14 - size, x1 - 14, y1 - 14)
    return (x1 - 14 - size, y0 + 14, x1 - 14, y0 + 14 + size)


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
    emblem = glyph_box(c.kind, box, big)
    _glyph(pen, c.kind, c.element, emblem, color)
    text = c.text or ("A basic element: attack or block with it." if c.kind == "element" else "")
    if text:
        right = emblem[0] - 12 if c.kind == "element" else x1 - 14
        pen.text(
            (x0 + 14, y0 + title * 2 + 60, right, y1 - 12),
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
