"""Star Lords starter balance: the four starter Codices in 4-player free-for-all AI games.

    python bench/afrika_starlords_balance.py [--games 120] [--seed 1] [--workers 1] [--starters PATH]

Every game seats all four starters of ``engines/afrika/starlords_starters.toml`` (R140-R146: 40
life, 100-card singleton Codex, free-for-all), every seat played by the Afrika AI. The seats rotate
from game to game (game k starts with starter k mod 4), so over a multiple of 4 games each starter
sits in each seat equally often: a first-seat edge can't masquerade as a strong deck. Game k plays
seed ``seed * 1_000_003 + k``, so two ``--seed`` values give two disjoint seed ranges. It prints
each starter's win share (a fair share is 25%), flags starters outside 18-32%, and counts games
with no single winner (a draw or the action cap) and games that raised an error. ``--starters``
reads another starters file of the same shape, to try a change before writing it into the engine's
file. Exit status 1 if a game raised an error.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import tomllib
import traceback
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.decks import check_starlords, starlords_starters
from engines.core import MatchConfig, PlayerId, Rng

LOW, HIGH = 0.18, 0.32
MAX_ACTIONS = 60_000

Starters = dict[str, tuple[str, list[str]]]


def read_starters(path: str) -> Starters:
    """``--starters PATH``: name -> (Star Lord, the 100 cards), read like decks.starlords_starters."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    out: Starters = {}
    for raw in data["codex"]:
        basics = [cid for cid, n in raw["basics"].items() for _ in range(int(n))]
        out[str(raw["name"])] = (str(raw["star_lord"]), [raw["star_lord"], *raw["cards"], *basics])
    return out


Job = tuple[int, list[str], list[str], list[list[str]]]


def play_game(job: Job) -> tuple[int, str, int, int, str]:
    """(game number, the winning starter or '', turns, actions, error) for one 4-player AI game."""
    seed, names, lords, decks = job
    try:
        options = {"variant": "starlords", "decks": decks, "lords": lords}
        s = ENGINE.setup(MatchConfig(players=len(names), options=options), seed)
        rng = Rng.from_seed(seed)
        n = 0
        while ENGINE.outcome(s) is None and n < MAX_ACTIONS:
            p = min(ENGINE.current_players(s))
            s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
            n += 1
        out = ENGINE.outcome(s)
        winner = names[next(iter(out.winners))] if out is not None and len(out.winners) == 1 else ""
        return seed, winner, s.turn, n, ""
    except Exception:  # the bench reports every failure
        return seed, "", 0, 0, traceback.format_exc(limit=6)


def schedule(starters: Starters, games: int, seed: int) -> list[Job]:
    names = list(starters)
    jobs = []
    for k in range(games):
        order = names[k % len(names) :] + names[: k % len(names)]
        jobs.append(
            (seed * 1_000_003 + k, order, [starters[n][0] for n in order], [starters[n][1] for n in order])
        )
    return jobs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--starters", default="", help="another starters .toml (default: the engine's)")
    args = ap.parse_args(argv)
    starters = read_starters(args.starters) if args.starters else starlords_starters()
    for name, (lord, cards) in starters.items():
        problem = check_starlords(cards, lord)
        if problem:
            print(f"{name} is not a legal Star Lords Codex: {problem}")
            return 1
    jobs = schedule(starters, args.games, args.seed)
    t0 = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(play_game, jobs, chunksize=2)
    else:
        results = [play_game(j) for j in jobs]
    dt = time.perf_counter() - t0
    wins: Counter[str] = Counter(w for _, w, _, _, err in results if w and not err)
    errors = [(seed, err) for seed, _, _, _, err in results if err]
    undecided = sum(1 for _, w, _, _, err in results if not w and not err)
    turns = [t for _, w, t, _, err in results if not err]
    actions = sum(n for _, _, _, n, _ in results)
    print(
        f"Star Lords starters: {len(results)} four-player AI games (seats rotated), seeds "
        f"{args.seed * 1_000_003}+0..{len(results) - 1}, {actions} actions in {dt:.1f} s"
    )
    print(f"{'starter':<16} {'wins':>5} {'share':>6}")
    flagged = []
    for name in sorted(starters, key=lambda n: -wins[n]):
        share = wins[name] / max(1, len(results))
        flag = "" if LOW <= share <= HIGH else f"  <-- outside {100 * LOW:.0f}-{100 * HIGH:.0f}%"
        if flag:
            flagged.append(name)
        print(f"{name:<16} {wins[name]:>5} {100 * share:>5.1f}%{flag}")
    print(f"no single winner: {undecided}; mean length {sum(turns) / max(1, len(turns)):.1f} turns")
    error = 100 * math.sqrt(0.25 * 0.75 / max(1, len(results)))  # a fair share is 1/4
    print(f"sampling error of a share at {len(results)} games: about {error:.1f} points")
    band = f"{100 * LOW:.0f}-{100 * HIGH:.0f}%"
    print(f"starters outside {band}: {len(flagged)}" + (f" ({', '.join(flagged)})" if flagged else ""))
    for seed, err in errors[:3]:
        print(f"ERROR in game seed {seed}:\n{err}")
    print(f"errors: {len(errors)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
