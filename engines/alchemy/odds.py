"""How likely a strike is to get through: the AI's model of an unseen hand (pure, cached).

The AI never looks at hidden cards. It treats each card of the opponent's hand as an element
with probability ``ELEMENT_SHARE`` (the starter decks hold 60-70 % elements), of a type and MG
drawn evenly from the 20 element cards, and asks: could a single card, or a pair making a complex
element, stop this strike (reach at least its MG after alignment)? A rational defender blocks only
to counter or parry; a lower block gives the point away anyway (AL28).
"""

from __future__ import annotations

from functools import cache

from .alignment import blocked_value2, can_block, multiplier2
from .cards import TYPES, complex_name

ELEMENT_SHARE = 0.65
PAIR_WEIGHT = 0.1
_BASICS = tuple((t, mg) for t in TYPES for mg in range(1, 6))


@cache
def stop_chances(strike: str, value2: int, override: str) -> tuple[float, float]:
    """(q1, q2): the share of single element cards, and of pairs of different types, that can
    counter or parry a strike of type ``strike`` worth ``value2`` (MG x 2)."""
    singles = [
        blocked_value2(2 * mg, multiplier2(t, strike, override)) >= value2
        for t, mg in _BASICS
        if can_block(t, strike)
    ]
    pairs = []
    for i, (ta, ma) in enumerate(_BASICS):
        for tb, mb in _BASICS[i + 1 :]:
            if ta == tb:
                continue
            kind = complex_name(ta, tb)
            if not can_block(kind, strike):
                continue
            pairs.append(blocked_value2(2 * (ma + mb), multiplier2(kind, strike, override)) >= value2)
    q1 = sum(singles) / max(1, len(singles))
    q2 = sum(pairs) / max(1, len(pairs))
    return q1, q2


def through_chance(strike: str, value2: int, opp_hand: int, override: str = "") -> float:
    """Estimated chance a strike is neither countered nor parried by a hand of ``opp_hand`` cards.

    Pairs count far less than singles: a defender seldom spends two cards, both exhausted for good,
    to save one point."""
    if opp_hand <= 0:
        return 1.0
    q1, q2 = stop_chances(strike, value2, override)
    k = ELEMENT_SHARE * opp_hand
    pairs = k * (k - 1) / 2
    return float((1 - q1) ** k * (1 - PAIR_WEIGHT * q2) ** max(0.0, pairs))
