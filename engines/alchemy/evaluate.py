"""How good an Alchemy position is for a seat, in [0, 1] (the ``hard`` AI's playouts cut short):
the race to 10 points, then action points and cards in hand."""

from __future__ import annotations

import math

from .state import AlchemyState

SCALE = 2.5


def evaluate(s: AlchemyState, seat: int) -> float:
    def worth(i: int) -> float:
        st = s.seats[i]
        return st.points + 0.15 * st.ap + 0.1 * len(st.hand)

    lead = worth(seat) - max(worth(o) for o in range(len(s.seats)) if o != seat)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
