"""AI levels (issue #23 item 4): how the ``hard`` search does against the ``normal`` game AI.

    python -m bench.ai_levels GAME [games=200] [seconds=1.0 | rounds=r40] [players=2] [easy]

Duels: ``hard`` takes each seat half of the time; the figure is its score (a win 1, a draw 1/2).
Tables of more seats (Chrono with ``players=6``): one ``hard`` seat among ``normal`` ones, moving
round the table; the figures are its wins and mean place against the 1/players a ``normal`` seat
gets. With ``easy`` as the last word, ``normal`` plays ``easy`` instead (the gap between the two
lower levels). ``r40`` instead of seconds gives ``hard`` a fixed 40 rounds a decision (the same
search on a busy or an idle machine); the mean thinking time per decision is printed either way.
Figures, not tests: nothing here fails on a number.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from statistics import mean
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng
from engines.core.levels import hard, level_policy
from engines.games import game_spec


def play(
    game: str,
    games: int,
    seconds: float,
    players: int,
    low: str = "normal",
    high: str = "hard",
    rounds: int | None = None,
) -> dict[str, Any]:
    spec = game_spec(game)
    engine = spec.engine
    if high == "hard" and rounds is not None:
        strong = hard(spec, replace(spec.search, seconds=3600.0, rounds=rounds))
    else:
        strong = level_policy(spec, high, seconds)
    weak = level_policy(spec, low)
    score = 0.0
    places: list[float] = []
    wins = 0
    moves = 0
    thinking = 0.0
    decisions = 0
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
            if seat == seat_of_strong:
                t0 = time.perf_counter()
                action = strong(engine, state, PlayerId(seat), rng)
                thinking += time.perf_counter() - t0
                decisions += 1
            else:
                action = weak(engine, state, PlayerId(seat), rng)
            state = engine.apply(state, PlayerId(seat), action).state
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
        "thinking": thinking / max(1, decisions),
    }


def main(argv: list[str]) -> int:
    game = argv[1] if len(argv) > 1 else "alchemy"
    games = int(argv[2]) if len(argv) > 2 else 200
    budget = argv[3] if len(argv) > 3 else "1.0"
    rounds = int(budget[1:]) if budget.startswith("r") else None
    seconds = 1.0 if rounds is not None else float(budget)
    players = int(argv[4]) if len(argv) > 4 else 2
    low, high = ("easy", "normal") if argv[-1] == "easy" else ("normal", "hard")
    r = play(game, games, seconds, players, low, high, rounds)
    how = f"{rounds} rounds a decision" if rounds is not None else f"{seconds} s a decision"
    print(
        f"{game}, {players} seats, {games} games, {high} ({how}, {r['thinking'] * 1000:.0f} ms on average) vs {low}: "
        f"score {r['score']:.1%} (a {low} seat: {1 / players:.1%}), wins {r['wins']}, "
        f"mean place {r['mean_place']:.2f} of {players}; {r['seconds']:.0f} s, {r['moves']} moves"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
