"""How good an Afrika position is for a seat, in [0, 1], for the ``hard`` AI's playouts cut short:
life first, then the board and cards in hand, against the strongest opponent."""

from __future__ import annotations

import math

from .state import AfrikaState

SCALE = 8.0
"""A lead of 8 (life points, or four more permanents) is worth about 0.73."""


def _strength(s: AfrikaState, seat: int) -> float:
    p = s.players[seat]
    if p.lost:
        return -100.0
    return p.life + 2.0 * len(p.field) + 0.5 * len(p.hand) + 0.5 * len(p.terrains)


def evaluate(s: AfrikaState, seat: int) -> float:
    mine = _strength(s, seat)
    best_other = max(_strength(s, o) for o in range(len(s.players)) if o != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / SCALE))
