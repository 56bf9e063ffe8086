"""Afrika AI versus a uniformly random legal player: prints the AI's win rate over N games.

    python bench/afrika_ai.py [games] [first_seed]

The AI alternates seats (and so starter Codexes) between games. No timing is asserted.
"""

from __future__ import annotations

import sys
import time

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.core import MatchConfig, PlayerId, Rng, random_action


def play(seed: int, ai_seat: int, max_actions: int = 30_000) -> tuple[float, int]:
    """1.0 for an AI win, 0.5 for a draw, 0.0 otherwise; and the number of actions."""
    cfg = MatchConfig(players=2)
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 1_000_003 + 17)
    n = 0
    while ENGINE.outcome(s) is None and n < max_actions:
        p = min(ENGINE.current_players(s))
        if p == ai_seat:
            a = afrika_policy(ENGINE, s, PlayerId(p), rng)
        else:
            a = random_action(ENGINE, s, PlayerId(p), rng)
        s = ENGINE.apply(s, PlayerId(p), a).state
        n += 1
    out = ENGINE.outcome(s)
    if out is None:
        return 0.5, n
    if len(out.ranking) == 1:
        return 0.5, n
    return (1.0 if ai_seat in out.winners else 0.0), n


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 200
    first = int(argv[2]) if len(argv) > 2 else 0
    t0 = time.perf_counter()
    score = 0.0
    actions = 0
    for i in range(games):
        r, n = play(first + i, i % 2)
        score += r
        actions += n
    dt = time.perf_counter() - t0
    print(
        f"Afrika AI vs random legal player: {score:g}/{games} = {100 * score / games:.1f}% "
        f"({actions} actions, {actions / dt:.0f} actions/s, {dt:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
