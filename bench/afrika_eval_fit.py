"""Fit the weights of Afrika's ``hard`` evaluator (``engines/afrika/hard_evaluate.py``) on the
outcomes of ``normal`` self-play (issue #37 item 2).

    python -m bench.afrika_eval_fit [games=400]

Plays ``normal`` against itself (both starter Codexes, seeds apart from ``bench.ai_levels``'s),
records each seat's features at the start of every turn (where the search's playouts stop) with
whether that seat won, fits a logistic regression by gradient descent (plain Python, no intercept:
the features are differences, so the model is symmetric) on three quarters of the games and prints
the held-out log loss of the fit and of the hand-made ``evaluate.py``, then the ``WEIGHTS`` line.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from engines.afrika.evaluate import evaluate as hand_made
from engines.afrika.hard_evaluate import FEATURES, features
from engines.core import MatchConfig, PlayerId, Rng
from engines.games import game_spec

Row = tuple[list[float], float, float]
"""(features, won, the hand-made evaluator's value)."""


def positions(games: int) -> list[list[Row]]:
    spec = game_spec("afrika")
    engine = spec.engine
    starters = list(spec.starter_decks().values())
    out: list[list[Row]] = []
    for g in range(games):
        options: dict[str, Any] = {"decks": [starters[(g + i) % len(starters)] for i in range(2)]}
        state = engine.setup(MatchConfig(2, options), 1_000_003 * g + 77)
        rng = Rng.from_seed(10_000 + g)
        marker = engine.turn_marker(state)
        seen: list[tuple[list[float], int, float]] = []
        while engine.outcome(state) is None:
            now = engine.turn_marker(state)
            if now != marker and state.turn >= 1:
                marker = now
                for seat in (0, 1):
                    seen.append((features(state, seat), seat, hand_made(state, seat)))
            seat = min(engine.current_players(state))
            state = engine.apply(state, PlayerId(seat), spec.ai(engine, state, PlayerId(seat), rng)).state
        ranking = engine.outcome(state).ranking  # type: ignore[union-attr]
        winners = set(ranking[0]) if len(ranking[0]) == 1 else set()
        draw = len(ranking[0]) > 1
        out.append([(x, 0.5 if draw else float(seat in winners), h) for x, seat, h in seen])
    return out


def fit(rows: list[Row], steps: int = 400, rate: float = 0.5) -> list[float]:
    n = len(FEATURES)
    scale = [max(1e-9, math.sqrt(sum(r[0][i] ** 2 for r in rows) / len(rows))) for i in range(n)]
    xs = [[x / s for x, s in zip(r[0], scale, strict=True)] for r in rows]
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        for x, r in zip(xs, rows, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            e = p - r[1]
            for i in range(n):
                grad[i] += e * x[i]
        w = [wi - rate * (gi / len(rows) + 1e-3 * wi) for wi, gi in zip(w, grad, strict=True)]
    return [wi / s for wi, s in zip(w, scale, strict=True)]


def log_loss(rows: list[Row], value: Any) -> float:
    total = 0.0
    for r in rows:
        p = min(1 - 1e-6, max(1e-6, value(r)))
        total -= r[1] * math.log(p) + (1 - r[1]) * math.log(1 - p)
    return total / len(rows)


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 400
    played = positions(games)
    cut = games * 3 // 4
    train = [r for g in played[:cut] for r in g]
    test = [r for g in played[cut:] for r in g]
    w = fit(train)

    def model(r: Row) -> float:
        z = sum(a * b for a, b in zip(w, r[0], strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    print(f"{games} games, {len(train)} training and {len(test)} held-out positions")
    print(
        f"held-out log loss: fitted {log_loss(test, model):.4f}, hand-made {log_loss(test, lambda r: r[2]):.4f}"
    )
    print("WEIGHTS: tuple[float, ...] = (" + ", ".join(f"{x:.4f}" for x in w) + ")")
    print("  # " + ", ".join(FEATURES))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
