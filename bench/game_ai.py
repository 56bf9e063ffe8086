"""A game's AI figures: the AI against a uniformly random legal player, and the starter matchups AI
against AI (Alchemy issue #18 item 3, Spirit Tactics #17 item 3: games whose decks are a
``decks`` option and whose starters the GameSpec lists). Prints win rates; nothing is timed.

    python -m bench.game_ai GAME [games] [matchup_games]     (GAME: alchemy, spirit, ...)

AI vs random: ``games`` games (default 200); the AI alternates seats, and both seats' decks cycle
through every ordered pair of starter decks, so no deck or seat is favoured. A draw counts half.

Starter matchups: for each pair of different starters, ``matchup_games`` games (default 100) with
the same AI on both seats, each deck on each seat half of the time; the figure is the first
deck's win rate (the target is 40-60 %).
"""

from __future__ import annotations

import importlib
import itertools
import sys
import time
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng, random_action
from engines.core.game import GameSpec

MAX_ACTIONS = 20_000

SPEC: GameSpec[Any, Any, Any]
"""The game measured (set by ``main``; a package built but not declared yet is found too)."""


def _use(game: str) -> None:
    global SPEC, ENGINE, policy_of_ai
    SPEC = importlib.import_module(f"engines.{game}").GAME
    ENGINE = SPEC.engine
    policy_of_ai = SPEC.ai


def starter_decks() -> dict[str, list[str]]:
    return {k: list(v) for k, v in SPEC.starter_decks().items()}


ENGINE: Any = None
policy_of_ai: Any = None


def play(
    decks: list[list[str]], seed: int, ai_seats: frozenset[int]
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """One game from ``seed``: (final ranking, actions). Seats in ``ai_seats`` play the AI."""
    cfg = MatchConfig(players=2, options={"decks": decks})
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 1_000_003 + 17)
    n = 0
    while ENGINE.outcome(s) is None and n < MAX_ACTIONS:
        p = min(ENGINE.current_players(s))  # the lower seat first when both act (a simultaneous step)
        policy = policy_of_ai if p in ai_seats else random_action
        s = ENGINE.apply(s, p, policy(ENGINE, s, PlayerId(p), rng)).state
        n += 1
    out = ENGINE.outcome(s)
    return (out.ranking if out is not None else ((0, 1),)), n


def score_of(ranking: tuple[tuple[int, ...], ...], seat: int) -> float:
    if len(ranking) == 1:
        return 0.5
    return 1.0 if seat in ranking[0] else 0.0


def ai_vs_random(games: int, first_seed: int = 0) -> tuple[float, int]:
    """(AI score share, total actions) over ``games`` games."""
    decks = list(starter_decks().values())
    pairs = list(itertools.product(range(len(decks)), repeat=2))
    total = 0.0
    actions = 0
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        ai = i % 2
        ranking, n = play([decks[a], decks[b]], first_seed + i, frozenset({ai}))
        total += score_of(ranking, ai)
        actions += n
    return total / games, actions


def matchups(games: int, first_seed: int = 0) -> dict[tuple[str, str], float]:
    """For each pair of starters, the first one's score share with the AI on both seats."""
    decks = starter_decks()
    names = list(decks)
    out: dict[tuple[str, str], float] = {}
    for x, y in itertools.combinations(names, 2):
        total = 0.0
        for i in range(games):
            x_seat = i % 2
            pair = [decks[x], decks[y]] if x_seat == 0 else [decks[y], decks[x]]
            ranking, _ = play(pair, first_seed + 7919 * i + 13, frozenset({0, 1}))
            total += score_of(ranking, x_seat)
        out[(x, y)] = total / games
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    _use(argv[1])
    games = int(argv[2]) if len(argv) > 2 else 200
    per_matchup = int(argv[3]) if len(argv) > 3 else 100
    t0 = time.perf_counter()
    share, actions = ai_vs_random(games)
    dt = time.perf_counter() - t0
    print(
        f"{ENGINE.title} AI vs random legal player: {100 * share:.1f}% over {games} games "
        f"({actions} actions, {dt:.1f} s)"
    )
    t0 = time.perf_counter()
    for (x, y), rate in matchups(per_matchup).items():
        flag = "" if 0.4 <= rate <= 0.6 else "  <- outside 40-60%"
        print(f"  {x} vs {y}: {100 * rate:.1f}% for {x} ({per_matchup} AI-vs-AI games){flag}")
    print(f"  matchups: {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
