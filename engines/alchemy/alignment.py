"""Element types and alignment (AL22-AL24, AL30, C11, C13): pure functions of card data.

A placed element is one basic type ("Fire") or a complex one ("Steam" = Fire + Water). The blocking
element's MG is doubled, halved or kept by the sign of its alignment score against the attacker
(AL24); a designer table (``alignment_override``) may replace any cell. Multipliers are returned
doubled (4 = x2, 2 = x1, 1 = x0.5) so everything stays in whole half-points.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .cards import card, complex_name, complex_parts, rules

ASCENDANT, NEUTRAL, DESCENDANT = "ascendant", "neutral", "descendant"
_WORD = {4: ASCENDANT, 2: NEUTRAL, 1: DESCENDANT}


def element_type(card_ids: Sequence[str]) -> str:
    """ "Fire" for one basic card, the complex name for two of different types."""
    if len(card_ids) == 1:
        return card(card_ids[0]).element
    a, b = (card(c).element for c in card_ids)
    return complex_name(a, b)


def parts(element: str) -> tuple[str, ...]:
    """The basic types of an element type: ("Fire",) or ("Fire", "Water") for Steam."""
    return (element,) if element in rules().cycle else complex_parts(element)


def base_mg2(card_ids: Sequence[str]) -> int:
    """Printed MG x 2 of a placed element (the sum for a complex element, AL30)."""
    return 2 * sum(card(c).mg for c in card_ids)


def beats(a: str, b: str) -> bool:
    """AL22: Water beats Fire, Fire beats Air, Air beats Earth, Earth beats Water."""
    cycle = rules().cycle
    return cycle[(cycle.index(a) + 1) % len(cycle)] == b


def score(blocker: str, attacker: str) -> int:
    """AL24's alignment score s: +1 per component pair where the blocker's beats the attacker's,
    -1 where the attacker's beats the blocker's."""
    s = 0
    for d in parts(blocker):
        for a in parts(attacker):
            s += 1 if beats(d, a) else -1 if beats(a, d) else 0
    return s


@cache
def _override(name: str) -> dict[tuple[str, str], int]:
    for o in rules().overrides:
        if o.key == name:
            return {(b, a): m for b, a, m in o.cells}
    raise KeyError(name)


def override_names() -> tuple[str, ...]:
    return tuple(o.key for o in rules().overrides)


def multiplier2(blocker: str, attacker: str, override: str = "") -> int:
    """The blocker's MG multiplier x 2 (4, 2 or 1): the designer table's cell if it has one,
    else from the sign of AL24's score."""
    if override:
        cell = _override(override).get((blocker, attacker))
        if cell is not None:
            return cell
    s = score(blocker, attacker)
    return 4 if s > 0 else 1 if s < 0 else 2


def alignment_word(mult2: int) -> str:
    return _WORD[mult2]


def can_block(blocker: str, attacker: str) -> bool:
    """AL23: no element blocks one of the same type; two complexes are the same type only if made
    of the same pair (so Steam may block Fire)."""
    return blocker != attacker


def apply_mode(mult2: int, mode: str) -> int:
    """A Reaction's change to the exchange: "neutral" keeps x1, "invert" swaps x2 and x0.5."""
    if mode == "neutral":
        return 2
    if mode == "invert":
        return {4: 1, 1: 4}.get(mult2, mult2)
    return mult2


def blocked_value2(block_mg2: int, mult2: int) -> int:
    """A block's compared MG x 2: its MG (with bonuses, never below 0) times the multiplier.

    ``block_mg2`` is even whenever bonuses are whole MG, so halving never loses a half point."""
    return max(0, block_mg2) * mult2 // 2
