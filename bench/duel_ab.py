"""Engine speed before and after a change: CPU microseconds per random legal action of the duel
engines, on two source trees, in one run (issue 36 item 1: the duel kernel must cost no speed).

    git archive <old commit> engines | tar -x -C /tmp/old
    python -m bench.duel_ab /tmp/old . [actions] [pairs]

Each measurement is a fresh process with one tree first on ``sys.path``: from seed 0 (the next
seed when a game ends) the lowest acting seat plays a uniformly random legal action (``Rng(12345)``,
``legal_actions`` + ``apply``: what a click costs the engine), ``actions`` times per game, timed in
process CPU time (wall time on this shared machine also counts other jobs). The trees alternate,
old then new, ``pairs`` times, so drift in the machine's load falls on both; the median is printed.
"""

from __future__ import annotations

import json
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
print(json.dumps(out))
"""


def measure(tree: Path, actions: int) -> dict[str, float]:
    code = _CHILD.format(tree=str(tree.resolve()), games=GAMES, actions=actions)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str]) -> None:
    old, new = Path(argv[0]), Path(argv[1])
    actions = int(argv[2]) if len(argv) > 2 else 4000
    pairs = int(argv[3]) if len(argv) > 3 else 5
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for i in range(pairs):
        runs["old"].append(measure(old, actions))
        runs["new"].append(measure(new, actions))
        print(f"pair {i + 1}: old {runs['old'][-1]}  new {runs['new'][-1]}", flush=True)
    print(f"{'game':<12} {'old us':>8} {'new us':>8} {'new/old':>8}")
    for game in GAMES:
        o = statistics.median(r[game] for r in runs["old"])
        n = statistics.median(r[game] for r in runs["new"])
        print(f"{game:<12} {o:8.1f} {n:8.1f} {n / o:8.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
