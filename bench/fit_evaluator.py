"""Fit a game's position evaluator (issue #37 item 2) on self-play outcomes.

    python -m bench.fit_evaluator GAME [games=2000]

Plays ``games`` ``normal``-vs-``normal`` games (starter decks in turn, seeds apart from the AI
bench's), takes every third position from both seats' side, and fits a logistic regression of the
final result (a win 1, a draw 1/2, a loss 0) on the game's ``features(state, seat)``: differences
between the two seats, so the model has no intercept and is the same from either side. It prints
the weights to paste into the game's module (``WEIGHTS``) with the fit's log loss, against the
weights there now. Games: ``alchemy`` (``engines.alchemy.evaluate``), ``spirit``
(``engines.spirit.worth``).
"""

from __future__ import annotations

import importlib
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from engines.core import MatchConfig, Rng
from engines.games import game_spec

MODULES = {"alchemy": "engines.alchemy.evaluate", "spirit": "engines.spirit.worth"}
SEED_BASE = 1_000_003
"""Fitting games are seeded apart from ``bench.ai_levels``'s (which uses 7919 g + 13)."""
EVERY = 3
RIDGE = 1.0


def positions(
    game: str, games: int, features: Callable[[Any, int], list[float]]
) -> tuple[list[list[float]], list[float]]:
    spec = game_spec(game)
    engine = spec.engine
    starters = list(spec.starter_decks().values()) if spec.deck_option else []
    xs: list[list[float]] = []
    ys: list[float] = []
    for g in range(games):
        options: dict[str, Any] = {}
        if starters and spec.deck_option:
            options[spec.deck_option] = [starters[(g + i) % len(starters)] for i in range(2)]
        state = engine.setup(MatchConfig(2, options), SEED_BASE + 7 * g)
        rng = Rng.from_seed(SEED_BASE + g)
        seen: list[Any] = []
        moves = 0
        while engine.outcome(state) is None:
            if moves % EVERY == 0:
                seen.append(state)
            mover = min(engine.current_players(state))
            state = engine.apply(state, mover, spec.ai(engine, state, mover, rng)).state
            moves += 1
        ranking = engine.outcome(state).ranking  # type: ignore[union-attr]
        for seat in (0, 1):
            result = 0.5 if len(ranking[0]) > 1 else 1.0 if seat in ranking[0] else 0.0
            for s in seen:
                xs.append(features(s, seat))
                ys.append(result)
    return xs, ys


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def log_loss(w: Sequence[float], xs: list[list[float]], ys: list[float]) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        q = min(1 - 1e-9, max(1e-9, _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))))
        total -= y * math.log(q) + (1 - y) * math.log(1 - q)
    return total / len(ys)


def fit(xs: list[list[float]], ys: list[float], steps: int = 12) -> list[float]:
    """Newton's method on the ridge-penalised log loss."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [RIDGE * wi for wi in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            q = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            d = q - y
            h = q * (1 - q)
            for i in range(k):
                if x[i]:
                    grad[i] += d * x[i]
                    hx = h * x[i]
                    row = hess[i]
                    for j in range(k):
                        row[j] += hx * x[j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def main(argv: list[str]) -> int:
    game = argv[1] if len(argv) > 1 else "alchemy"
    games = int(argv[2].removeprefix("games=")) if len(argv) > 2 else 2000
    module = importlib.import_module(MODULES[game])
    xs, ys = positions(game, games, module.features)
    w = fit(xs, ys)
    print(f"{game}: {games} games, {len(xs)} positions (both sides)")
    print(
        f"log loss now {log_loss(module.WEIGHTS, xs, ys):.4f}, fitted {log_loss(w, xs, ys):.4f} (even: {math.log(2):.4f})"
    )
    for name, value in zip(module.FEATURES, w, strict=True):
        print(f"    {name:>16} {value:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
