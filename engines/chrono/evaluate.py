"""How good an Epochs Chrono position is for a seat, in [0, 1] (the ``hard`` AI's playouts cut
short): players go out by emptying their hand, so fewer cards than the others is better; a seat
already out is ranked by when it went out."""

from __future__ import annotations

from .state import ChronoState


def evaluate(s: ChronoState, seat: int) -> float:
    n = s.players
    if seat in s.out_order:
        return 1.0 - s.out_order.index(seat) / max(1, n - 1) * 0.5
    mine = len(s.hands[seat])
    others = [len(s.hands[o]) for o in range(n) if o != seat and o not in s.out_order]
    if not others:
        return 0.0
    fewer = sum(1 for h in others if h > mine) + 0.5 * sum(1 for h in others if h == mine)
    return 0.1 + 0.8 * fewer / len(others)
