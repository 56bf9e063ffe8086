"""Alchemy's colours: one per basic element, complex elements as the mix of their two parts."""

from __future__ import annotations

from render.common import RGB, mix

ELEMENT_COLORS: dict[str, RGB] = {
    "Fire": (214, 72, 48),
    "Air": (120, 178, 222),
    "Earth": (128, 150, 62),
    "Water": (44, 104, 196),
}
PROCESS_COLOR: RGB = (126, 88, 170)
OPUS_COLOR: RGB = (196, 152, 40)


def element_color(element: str) -> RGB:
    """A basic element's colour; a complex one's is its two parts mixed (Steam: Fire and Water)."""
    if element in ELEMENT_COLORS:
        return ELEMENT_COLORS[element]
    from engines.alchemy.cards import rules

    for name, a, b in rules().complexes:
        if name == element:
            return mix(ELEMENT_COLORS[a], ELEMENT_COLORS[b], 0.5)
    return PROCESS_COLOR


def card_color(cid: str) -> RGB:
    from engines.alchemy import card

    c = card(cid)
    if c.kind == "element":
        return element_color(c.element)
    return OPUS_COLOR if c.kind == "opus" else PROCESS_COLOR
