"""The pieces of a card drawn as a line of words rather than a face (the draft pack, a pool).

A face shrunk to fit 18 cards in Discord's 550 px shows a 5 px name; a row shows the name, the
cost as energy symbols, the rarity and the power/health in type of its own. Every text here is at
least ``MIN_TEXT`` px on an image ``WIDTH`` px wide: 11 px once Discord shows it 550 px wide.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import ImageDraw

from engines.afrika.cards import ENERGY, CardDef
from render.common import RGB, TEXT_DIM

WIDTH = 900
"""Same width as Afrika's board and hand: read at the same scale inline."""
MIN_TEXT = 18
"""18 px on a 900 px image is 11 px at 550 px (issue #35, item 3)."""
PIP_R = 15
"""A cost symbol's radius: a generic number in it is drawn at ``round(r * 1.25)`` = 19 px."""
GENERIC: RGB = (112, 118, 130)

RARITY_NAMES = {"C": "Common", "U": "Uncommon", "R": "Rare", "M": "Mythic"}
RARITY_COLORS: dict[str, RGB] = {
    "C": (190, 194, 202),
    "U": (125, 190, 235),
    "R": (240, 196, 60),
    "M": (250, 120, 60),
}


def accent(key: str) -> RGB:
    """The colour of an energy code (grey for anything else: multi, colourless, terrains)."""
    from render.afrika.board import ENERGY_COLORS

    return ENERGY_COLORS.get(key, GENERIC)


def card_accent(c: CardDef) -> RGB:
    """A card's colour: its first energy symbol, or the energy it produces (a terrain)."""
    codes = [code for code, _ in c.cost.typed] or [p for p in c.produces if p in ENERGY]
    return accent(codes[0]) if codes else GENERIC


def stats(c: CardDef) -> str:
    """ "2/3" for a card with power and health (an entity, a vehicle), else ""."""
    if c.type == "entity" or (c.type == "vehicle" and (c.power or c.health)):
        return f"{c.power}/{c.health}"
    return ""


def symbols(c: CardDef) -> list[str]:
    """The cost as the symbols a card prints: X, the generic number, one per typed energy."""
    if c.type == "terrain":
        return []
    from render.afrika.card import cost_symbols

    return cost_symbols(c) or ["0"]


def cost_width(syms: Iterable[str], r: int = PIP_R) -> int:
    n = len(list(syms))
    return n * (2 * r + 3) - 3 if n else 0


def draw_cost(draw: ImageDraw.ImageDraw, right: int, yc: int, syms: list[str], r: int = PIP_R) -> int:
    """The cost symbols right-aligned at ``right`` on the centre line ``yc``; returns their left."""
    from render.afrika.card import draw_energy_symbol

    x = right - cost_width(syms, r)
    left = x
    for code in syms:
        draw_energy_symbol(draw, (x + r, yc), r, code)
        x += 2 * r + 3
    return left


def rarity_color(c: CardDef) -> RGB:
    return RARITY_COLORS.get(c.rarity, TEXT_DIM)


def rarity_name(c: CardDef) -> str:
    return RARITY_NAMES.get(c.rarity, c.rarity)


__all__ = [
    "GENERIC",
    "MIN_TEXT",
    "PIP_R",
    "RARITY_COLORS",
    "RARITY_NAMES",
    "WIDTH",
    "accent",
    "card_accent",
    "cost_width",
    "draw_cost",
    "rarity_color",
    "rarity_name",
    "stats",
    "symbols",
]
