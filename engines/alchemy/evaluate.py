"""How good an Alchemy position is for a seat, in [0, 1] (the ``hard`` AI's playouts cut short):
a logistic model of who wins, over differences between the two seats (``features``), with weights
fitted on ``normal``-vs-``normal`` games (``python -m bench.fit_evaluator alchemy``)."""

from __future__ import annotations

import math

from .cards import card, rules
from .opus import condition_met
from .state import AlchemyState

FEATURES = (
    "points",
    "closeness",
    "ap",
    "hand",
    "elements",
    "hand_mg",
    "store",
    "deck",
    "recharge",
    "opus_revealed",
    "opus_ready",
    "to_move",
)
WEIGHTS: tuple[float, ...] = (
    0.5077,
    5.1795,
    0.2490,
    0.2297,
    -0.1186,
    0.2273,
    -0.0552,
    -0.1447,
    0.4462,
    -0.4892,
    1.0120,
    -0.1028,
)
"""One weight per feature, in ``FEATURES``'s order: ``python -m bench.fit_evaluator alchemy 2000``
(2,000 normal-vs-normal duels, 170,360 positions from both sides; log loss 0.605 against 0.693
for an even guess)."""


def _side(s: AlchemyState, p: int) -> list[float]:
    st = s.seats[p]
    hand = [card(s.card_of[o]) for o in st.hand]
    elements = [c for c in hand if c.kind == "element"]
    left = max(0, rules().target - st.points)
    return [
        float(st.points),
        1.0 / (left + 1),
        float(st.ap),
        float(len(hand)),
        float(len(elements)),
        sum(c.mg for c in elements) / 10,
        float(len(st.store)),
        len(st.deck) / 10,
        len(st.recharge) / 10,
        1.0 if st.opus_revealed else 0.0,
        1.0 if condition_met(s, p) else 0.0,
        1.0 if s.current == p else 0.0,
    ]


def features(s: AlchemyState, seat: int) -> list[float]:
    mine = _side(s, seat)
    theirs = _side(s, 1 - seat)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def evaluate(s: AlchemyState, seat: int) -> float:
    z = sum(w * f for w, f in zip(WEIGHTS, features(s, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
