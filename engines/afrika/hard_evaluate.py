"""How good an Afrika duel position is for a seat, in [0, 1], where the ``hard`` AI's playouts stop:
a logistic model over the differences between the two sides (life, entities and their power and
health, cards in hand, terrains), with weights fitted on the outcomes of ``normal`` self-play.

``bench/afrika_eval_fit.py`` plays the games, fits the weights and prints ``WEIGHTS``; the hand-made
evaluator (``evaluate.py``) stays the reference it is compared with. Only ``hard`` reads this.
"""

from __future__ import annotations

import math

from .rules import entities_ro, opponents, stats
from .state import AfrikaState, Game, peek

FEATURES: tuple[str, ...] = (
    "life",
    "entities",
    "power",
    "health",
    "hand",
    "terrains",
    "others",
    "ready",
    "lethal",
    "to_move",
)
"""Each is the seat's figure minus its strongest opponent's (``ready``: entities not charged, the
ones that can block), except ``lethal`` (1 when the seat's
entities' power reaches the opponent's life, -1 the other way, 0 both or neither) and ``to_move``
(1 when the turn that starts or runs is the seat's own, -1 otherwise)."""

WEIGHTS: tuple[float, ...] = (0.1007, -0.1590, 0.1295, 0.1007, 0.2614, 0.1914, 0.0872, 0.0705, 0.2045, 0.2248)
"""Fitted by ``bench/afrika_eval_fit.py`` on 800 normal-vs-normal duels (600 to fit, 31,282 turn
starts in all): held-out log loss 0.559, the hand-made ``evaluate.py`` 0.610."""


def _side(g: Game, seat: int) -> tuple[float, float, float, float, float, float, float, float]:
    p = g.players[seat]
    ents = entities_ro(g, seat)
    power = 0.0
    health = 0.0
    ready = 0.0
    for o in ents:
        ready += 0.0 if o.charged else 1.0
        st = stats(g, o)
        power += max(st.power, 0)
        health += max(st.health - o.damage, 0)
    terrains = len(p.terrains) + sum(1 for i in p.slots if i)
    others = len(p.field) - len(ents) + len(p.artifacts)
    return (
        float(p.life),
        float(len(ents)),
        power,
        health,
        float(len(p.hand)),
        float(terrains),
        float(others),
        ready,
    )


def features(s: AfrikaState, seat: int) -> list[float]:
    """The model's inputs for ``seat`` against its strongest opponent (lowest model value)."""
    g = peek(s)
    opps = opponents(g, seat) or [o for o in range(len(g.players)) if o != seat]
    mine = _side(g, seat)
    best: list[float] | None = None
    for o in opps:
        theirs = _side(g, o)
        diff = [a - b for a, b in zip(mine, theirs, strict=True)]
        lethal = float(mine[2] >= max(theirs[0], 1)) - float(theirs[2] >= max(mine[0], 1))
        row = [*diff, lethal, 1.0 if g.active == seat else -1.0]
        if best is None or _score(row) < _score(best):
            best = row
    return best if best is not None else [0.0] * len(FEATURES)


def _score(row: list[float], weights: tuple[float, ...] = WEIGHTS) -> float:
    return sum(w * x for w, x in zip(weights, row, strict=True))


def evaluate(s: AfrikaState, seat: int) -> float:
    p = s.players[seat]
    if p.lost:
        return 0.0
    if all(q.lost for i, q in enumerate(s.players) if i != seat):
        return 1.0
    z = _score(features(s, seat))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
