"""Engine speed before and after a change: CPU microseconds per random legal action of the duel
engines, on two source trees, in one run (issue 36 item 1: the duel kernel must cost no speed).

    git archive <old commit> engines | tar -x -C /tmp/old
    python -m bench.duel_ab /tmp/old . [actions] [pairs]

Each measurement is a fresh process with one tree first on ``sys.path``: from seed 0 (the next
seed when a game ends) the lowest acting seat plays a uniformly random legal action (``Rng(12345)``,
``legal_actions`` + ``apply``: what a click costs the engine), ``actions`` times per game, timed in
process CPU time (wall time on this shared machine also counts other jobs). The trees alternate,
``pairs`` times (old first, then new first), so drift in the machine's load falls on both; the
median is printed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ("alchemy", "spirit", "chronomagia")

_CHILD = """
import importlib, json, sys, time
sys.path.insert(0, {tree!r})
import engines
assert engines.__file__.startswith({tree!r}), engines.__file__
from engines.core import MatchConfig, Rng, random_action
out = {{}}
games = {{}}
for game in {games!r}:
    eng = importlib.import_module(f"engines.{{game}}").ENGINE
    rng, seed = Rng(12345), 0
    s = eng.setup(MatchConfig(2), seed)
    done = 0
    t0 = time.process_time()
    while done < {actions}:
        if eng.outcome(s) is not None:
            seed += 1
            s = eng.setup(MatchConfig(2), seed)
            continue
        p = min(eng.current_players(s))
        s = eng.apply(s, p, random_action(eng, s, p, rng)).state
        done += 1
    out[game] = (time.process_time() - t0) / {actions} * 1e6
    games[game] = [seed, eng.turn_marker(s)]
print(json.dumps([out, games]))
"""


def measure(tree: Path, actions: int) -> tuple[dict[str, float], dict[str, list[int]]]:
    """CPU us per action by game, and where the random games got to (the same on both trees when
    the engines behave the same: games started, last turn)."""
    code = _CHILD.format(tree=str(tree.resolve()), games=GAMES, actions=actions)
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same set orders, so the same random games
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    us, reached = json.loads(done.stdout)
    return us, reached


def main(argv: list[str]) -> None:
    old, new = Path(argv[0]), Path(argv[1])
    actions = int(argv[2]) if len(argv) > 2 else 4000
    pairs = int(argv[3]) if len(argv) > 3 else 5
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    reached: dict[str, dict[str, list[int]]] = {}
    for i in range(pairs):
        order = ("old", "new") if i % 2 == 0 else ("new", "old")  # neither is always second
        for which in order:
            us, reached[which] = measure(old if which == "old" else new, actions)
            runs[which].append(us)
        shown = {w: {g: round(v, 1) for g, v in runs[w][-1].items()} for w in runs}
        print(f"pair {i + 1}: {shown}", flush=True)
    print("the same random games on both trees:", reached["old"] == reached["new"], reached["new"])
    print(f"{'game':<12} {'old us':>8} {'new us':>8} {'new/old':>8}")
    for game in GAMES:
        o = statistics.median(r[game] for r in runs["old"])
        n = statistics.median(r[game] for r in runs["new"])
        print(f"{game:<12} {o:8.1f} {n:8.1f} {n / o:8.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
