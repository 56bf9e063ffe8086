"""What highlighting the AI's move costs a panel (issue 34, item 3): the time of
``engines.core.suggest.suggested_action`` at the positions of AI-against-AI games of each game,
where a seat has two or more legal moves (a panel with one move needs no highlight worth timing).

    python -m bench.suggest_cost [games] [positions per game]

Prints, per game, how many positions were timed and the median, 95th percentile and largest
time in milliseconds. The figure is a bench, not a test: nothing asserts on it.
"""

from __future__ import annotations

import sys
import time
from statistics import median
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng, choose_action
from engines.core.suggest import suggested_action
from engines.games import GAMES, game_spec


def _config(game: str) -> MatchConfig:
    spec = game_spec(game)
    options: dict[str, Any] = {}
    if spec.deck_option:
        decks = list(spec.starter_decks().values())
        options[spec.deck_option] = [list(decks[0]), list(decks[-1])]
    engine = spec.engine
    return MatchConfig(players=max(engine.min_players, min(engine.max_players, 2)), options=options)


def measure(game: str, positions: int, seed: int = 1) -> list[float]:
    spec = game_spec(game)
    engine = spec.engine
    times: list[float] = []
    s = engine.setup(_config(game), seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while len(times) < positions and steps < 20_000:
        if engine.outcome(s) is not None:
            seed += 1
            s = engine.setup(_config(game), seed)
            continue
        p = min(engine.current_players(s))
        if len(engine.legal_actions(s, PlayerId(p))) > 1:
            t = time.perf_counter()
            suggested_action(engine, s, p)
            times.append((time.perf_counter() - t) * 1000)
        s = engine.apply(s, PlayerId(p), choose_action(engine, s, PlayerId(p), rng)).state
        steps += 1
    return times


def main(argv: list[str]) -> int:
    games = argv[0].split(",") if argv and argv[0] else list(GAMES)
    count = int(argv[1]) if len(argv) > 1 else 200
    for game in games:
        times = sorted(measure(game, count))
        if not times:
            print(f"{game}: no position with a choice")
            continue
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"{game}: {len(times)} positions, median {median(times):.1f} ms, "
            f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
