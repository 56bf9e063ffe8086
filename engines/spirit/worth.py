"""How good a Spirit Tactics position is for a seat, in [0, 1]: the ``hard`` AI's evaluator for
playouts cut short (``GameSpec.evaluate``). A logistic model of who wins over differences between
the two seats (``features``), weights fitted on ``normal``-vs-``normal`` games
(``python -m bench.fit_evaluator spirit``). ``normal`` keeps its own hand-set ``ai.evaluate``:
this module is hard's alone, so refitting it never changes the baseline players meet."""

from __future__ import annotations

import math

from . import grid
from .ai import _lasting_strength, _unit_value
from .board import column_empty, commander_r, opponent
from .state import SpiritState

FEATURES = (
    "commander_r",
    "spirits_value",
    "lanes",
    "hand",
    "commander_essence",
    "spirits",
    "concealed",
    "cards_left",
    "to_move",
)
WEIGHTS: tuple[float, ...] = (0.4534, 0.4554, -0.0350, 0.2642, 0.0663, -0.2840, 0.0119, 0.4566, 0.0328)
"""One weight per feature, in ``FEATURES``'s order: ``python -m bench.fit_evaluator spirit 200``
(200 normal-vs-normal duels, 38,466 positions from both sides; log loss 0.533 against 0.693 for
an even guess)."""


def _side(s: SpiritState, p: int, me: int) -> list[float]:
    value = lanes = 0.0
    spirits = concealed = 0
    for z, u in enumerate(s.board):
        if u is None or u.owner != p:
            continue
        spirits += 1
        concealed += 0 if u.face_up else 1
        value += _unit_value(s, z, me)
        if u.face_up and grid.is_front(z) and column_empty(s, opponent(p), grid.col_of(z)):
            lanes += _lasting_strength(s, z, u)
    st = s.seats[p]
    return [
        commander_r(s, p) / 1000,
        value / 1000,
        lanes / 1000,
        float(len(st.hand)),
        float(len(st.commander.essence)),
        float(spirits),
        float(concealed),
        (len(st.deck) + len(st.reload)) / 10,
        1.0 if s.current == p else 0.0,
    ]


def features(s: SpiritState, seat: int) -> list[float]:
    mine = _side(s, seat, seat)
    theirs = _side(s, opponent(seat), seat)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def worth(s: SpiritState, seat: int) -> float:
    if s.ranking is not None:
        return 0.5 if len(s.ranking) == 1 else 1.0 if seat in s.ranking[0] else 0.0
    z = sum(w * f for w, f in zip(WEIGHTS, features(s, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
