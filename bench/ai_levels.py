"""AI levels (issue #23 item 4): how the ``hard`` search does against the ``normal`` game AI.

    python -m bench.ai_levels GAME [games=200] [seconds=1.0] [players=2] [easy]

Duels: ``hard`` takes each seat half of the time; the figure is its score (a win 1, a draw 1/2).
Tables of more seats (Chrono with ``players=6``): one ``hard`` seat among ``normal`` ones, moving
round the table; the figures are its wins and mean place against the 1/players a ``normal`` seat
gets. With ``easy`` as the last word, ``normal`` plays ``easy`` instead (the gap between the two
lower levels). Figures, not tests: nothing here fails on a number.
"""

from __future__ import annotations

import sys
import time
from statistics import mean
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng
from engines.core.levels import level_policy
from engines.games import game_spec


def play(
    game: str, games: int, seconds: float, players: int, low: str = "normal", high: str = "hard"
) -> dict[str, Any]:
    spec = game_spec(game)
    engine = spec.engine
    strong = level_policy(spec, high, seconds)
    weak = level_policy(spec, low)
    score = 0.0
    places: list[float] = []
    wins = 0
    moves = 0
    started = time.perf_counter()
    starters = list(spec.starter_decks().values()) if spec.deck_option else []
    for g in range(games):
        seat_of_strong = g % players
        options: dict[str, Any] = {}
        if starters and spec.deck_option:
            options[spec.deck_option] = [starters[(g + i) % len(starters)] for i in range(players)]
        state = engine.setup(MatchConfig(players, options), 7919 * g + 13)
        rng = Rng.from_seed(g)
        while engine.outcome(state) is None:
            seat = min(engine.current_players(state))
            policy = strong if seat == seat_of_strong else weak
            state = engine.apply(state, PlayerId(seat), policy(engine, state, PlayerId(seat), rng)).state
            moves += 1
        ranking = engine.outcome(state).ranking  # type: ignore[union-attr]
        place = next(i for i, group in enumerate(ranking) if seat_of_strong in group)
        group = ranking[place]
        if place == 0:
            wins += 1 if len(group) == 1 else 0
            score += 1.0 / len(group)
        places.append(sum(len(gr) for gr in ranking[:place]) + (len(group) + 1) / 2)
    return {
        "games": games,
        "score": score / games,
        "wins": wins,
        "mean_place": mean(places),
        "seconds": time.perf_counter() - started,
        "moves": moves,
    }


def main(argv: list[str]) -> int:
    game = argv[1] if len(argv) > 1 else "alchemy"
    games = int(argv[2]) if len(argv) > 2 else 200
    seconds = float(argv[3]) if len(argv) > 3 else 1.0
    players = int(argv[4]) if len(argv) > 4 else 2
    low, high = ("easy", "normal") if argv[-1] == "easy" else ("normal", "hard")
    r = play(game, games, seconds, players, low, high)
    print(
        f"{game}, {players} seats, {games} games, {high} ({seconds} s a move) vs {low}: "
        f"score {r['score']:.1%} (a {low} seat: {1 / players:.1%}), wins {r['wins']}, "
        f"mean place {r['mean_place']:.2f} of {players}; {r['seconds']:.0f} s, {r['moves']} moves"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
