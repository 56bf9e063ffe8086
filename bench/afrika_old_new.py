"""CPU per Afrika action on two copies of the code, back to back: is a change free?

    git archive <commit> engines | tar -x -C /tmp/old     # the code before the change
    nice -n 10 python -m bench.afrika_old_new /tmp/old [repeats=7] [games=40]

Each run is a fresh process on one tree (``engines`` imported from it), playing ``games`` whole
duels from fixed seeds, either random legal moves (``legal_actions`` + ``apply``: what a click
costs) or the game's AI on both seats, and prints its process CPU time per action and a digest of
the action ids played: the same digest on both trees means the same moves, so the same work. Old
and new runs alternate, ``repeats`` times each, and the medians are compared (on this shared
machine one run can be a tenth off; alternating spreads the load over both).
"""

from __future__ import annotations

import hashlib
import statistics
import subprocess
import sys
import time
from pathlib import Path

NEW = str(Path(__file__).resolve().parent.parent)


def one_run(root: str, mode: str, games: int) -> tuple[float, str]:
    """(CPU microseconds per action, digest of the ids) of ``games`` games on the tree ``root``:
    run in this process, which must have imported nothing of ``engines`` before."""
    sys.path.insert(0, root)
    from engines.afrika import ENGINE
    from engines.afrika.ai import afrika_policy
    from engines.core import MatchConfig, PlayerId, Rng, random_action

    h = hashlib.sha256()
    n = 0
    c0 = time.process_time()
    for g in range(games):
        rng = Rng.from_seed(1000 + g)
        s = ENGINE.setup(MatchConfig(players=2), 500 + g)
        k = 0
        while ENGINE.outcome(s) is None and k < 30_000:
            p = PlayerId(min(ENGINE.current_players(s)))
            a = random_action(ENGINE, s, p, rng) if mode == "random" else afrika_policy(ENGINE, s, p, rng)
            h.update(a.to_id().encode())
            s = ENGINE.apply(s, p, a).state
            k += 1
        n += k
    return (time.process_time() - c0) / n * 1e6, h.hexdigest()[:12]


def _spawn(root: str, mode: str, games: int) -> tuple[float, str]:
    out = subprocess.run(
        [sys.executable, __file__, "--one", root, mode, str(games)],
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), out[1]


def main(argv: list[str]) -> None:
    if argv[:1] == ["--one"]:
        del sys.path[0]  # this script's folder: only the tree measured provides modules
        us, digest = one_run(argv[1], argv[2], int(argv[3]))
        print(f"{us:.3f} {digest}")
        return
    old = argv[0]
    repeats = int(argv[1]) if len(argv) > 1 else 7
    games = int(argv[2]) if len(argv) > 2 else 40
    for mode in ("random", "ai"):
        runs: dict[str, list[float]] = {"old": [], "new": []}
        digests = set()
        for _ in range(repeats):
            for which, root in (("old", old), ("new", NEW)):
                us, digest = _spawn(root, mode, games)
                runs[which].append(us)
                digests.add(digest)
        ratio = statistics.median(n / o for o, n in zip(runs["old"], runs["new"], strict=True))
        print(
            f"{mode}: old median {statistics.median(runs['old']):.1f} us/action, new "
            f"{statistics.median(runs['new']):.1f}, paired new/old median {ratio:.3f}, "
            f"same moves: {len(digests) == 1}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
