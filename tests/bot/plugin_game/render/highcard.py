"""High Card's board and hand: numbers on panels, the tricks taken and the card led (the fixture's
renderer, module 2 of the doc)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import canvas, font


def board(view: Any, names: Sequence[str], **_options: Any) -> Image.Image:
    img = canvas(560, 220)
    draw = ImageDraw.Draw(img)
    for seat, cards in enumerate(view.table):
        y = 30 + 90 * seat
        draw.text(
            (20, y),
            f"{names[seat]}: {' '.join(map(str, cards)) or '-'}",
            font=font(28, True),
            fill=(230, 230, 230),
        )
        draw.text(
            (20, y + 40),
            f"{view.hand_counts[seat]} in hand, {view.tricks[seat]} trick{'' if view.tricks[seat] == 1 else 's'}",
            font=font(20),
            fill=(180, 180, 180),
        )
    if view.led:
        draw.text((380, 30), f"Led: {view.led}", font=font(28, True), fill=(240, 200, 90))
    return img


def hand(view: Any, name: str, **_options: Any) -> Image.Image:
    img = canvas(560, 120)
    ImageDraw.Draw(img).text(
        (20, 40), f"{name}: {' '.join(map(str, view.hand))}", font=font(28, True), fill=(230, 230, 230)
    )
    return img
