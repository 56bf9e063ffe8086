"""Draft bots against each other: 8-seat pods draft, every seat auto-builds, the decks play.

    python -m bench.draft_bots [--pods 16] [--seed 1] [--workers 2] [--quick]

Each pod seats three kinds of drafter (the seating rotates from pod to pod, so every kind sits in
every seat equally often):

- ``bot``: ``engines.draft.bots.bot_pick`` (card quality plus the energies it has committed to);
- ``rating``: card quality alone, no energy commitment;
- ``random``: a uniformly random card of the pack (R86's plain default).

The picks are made in a random order among the seats holding a pack (so queues build up, as with
people). Every seat then builds a 40-card Codex with ``autobuild.build_deck`` and the pod plays a
round robin (28 AI-vs-AI Afrika games per pod, who goes first alternating). It prints the win rate
per drafter kind, head to head, per seat, and what the decks look like (cards of the chosen pair
drafted, mean rating of the deck's spells). ``--quick`` plays two pods (a smoke run).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from itertools import combinations
from multiprocessing import Pool

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.cards import CARDS
from engines.afrika.draftsource import card_rating, energy_of
from engines.core import MatchConfig, PlayerId, Rng
from engines.draft import pod
from engines.draft.autobuild import best_pair, build_deck
from engines.draft.bots import bot_pick, random_pick, rating_pick

SEATS = 8
LAYOUT: tuple[str, ...] = ("bot", "rating", "random", "bot", "rating", "random", "bot", "rating")
Picker = Callable[[Sequence[str], Sequence[str], Rng], str]
PICKERS: dict[str, Picker] = {
    "bot": lambda pack, pool, rng: bot_pick(pack, pool, rng),
    "rating": lambda pack, pool, rng: rating_pick(pack, pool, rng),
    "random": random_pick,
}


def picker(kind: str) -> Picker:
    """``bot``, ``rating``, ``random``, or ``bot@W``: ``bot_pick`` with ``commit_weight=W``."""
    if kind in PICKERS:
        return PICKERS[kind]
    if kind.startswith("bot@"):
        w = float(kind[4:])
        return lambda pack, pool, rng: bot_pick(pack, pool, rng, commit_weight=w)
    raise SystemExit(f"unknown drafter kind {kind!r}: bot, rating, random or bot@WEIGHT")


def seating(pod_no: int, layout: Sequence[str] = LAYOUT) -> list[str]:
    """The drafter kind of each seat in pod ``pod_no``: ``layout`` rotated by the pod number."""
    k = pod_no % len(layout)
    return list(layout[k:]) + list(layout[:k])


def draft(seed: int, kinds: Sequence[str]) -> tuple[list[list[str]], list[list[str]]]:
    """One pod drafted to the end by ``kinds`` (one per seat): (40-card decks, 54-card pools)."""
    state = pod.new_pod(pod.PodConfig(len(kinds)), seed)
    rng = Rng.from_seed(seed * 31 + 7)
    while not pod.is_done(state):
        seat = rng.choice(sorted(pod.waiting_seats(state)))
        pack = pod.current_pack(state, seat)
        assert pack is not None
        card = picker(kinds[seat])(pack.cards, state.pools[seat], rng)
        state = pod.pick(state, seat, card, pod.current_ref(state, seat))
    return [build_deck(list(p)) for p in state.pools], [list(p) for p in state.pools]


Job = tuple[int, int, int, list[str], list[str], int, int]


def play(job: Job) -> tuple[int, int, int, float, str, int]:
    """(pod, seat a, seat b, score of a, error, actions): seat a's deck goes first."""
    pod_no, a, b, deck_a, deck_b, seed, max_actions = job
    try:
        s = ENGINE.setup(
            MatchConfig(players=2, options={"decks": [deck_a, deck_b], "format": "limited"}), seed
        )
        rng = Rng.from_seed(seed * 7919 + 3)
        n = 0
        while ENGINE.outcome(s) is None and n < max_actions:
            p = PlayerId(min(ENGINE.current_players(s)))
            s = ENGINE.apply(s, p, afrika_policy(ENGINE, s, p, rng)).state
            n += 1
        out = ENGINE.outcome(s)
        score = 0.5 if out is None or len(out.winners) != 1 else float(0 in out.winners)
        return pod_no, a, b, score, "", n
    except Exception:  # the bench reports every failure
        return pod_no, a, b, 0.5, traceback.format_exc(limit=6), 0


def deck_stats(pool: Sequence[str], deck: Sequence[str]) -> tuple[int, float]:
    """(non-terrain cards of the deck's pair in the pool, mean rating of the deck's non-terrains)."""
    cards = CARDS()
    pair = frozenset(best_pair(pool))
    on = sum(1 for c in pool if cards[c].type != "terrain" and energy_of(cards[c]) <= pair)
    spells = [card_rating(cards[c]) for c in deck if cards[c].type != "terrain"]
    return on, sum(spells) / max(1, len(spells))


def _ci(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / max(n, 1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pods", type=int, default=16, help="a multiple of 8 balances the seating")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="two pods: a smoke run")
    ap.add_argument(
        "--layout",
        default=",".join(LAYOUT),
        help="the 8 seats' drafters, comma-separated: bot, rating, random or bot@WEIGHT (an experiment)",
    )
    args = ap.parse_args(argv)
    layout = tuple(args.layout.split(","))
    if len(layout) != SEATS:
        ap.error(f"--layout needs {SEATS} drafters")
    for kind in layout:
        picker(kind)
    kinds_all = list(dict.fromkeys(layout))
    pods = 2 if args.quick else args.pods
    max_actions = 3000 if args.quick else 20_000

    t0 = time.perf_counter()
    jobs: list[Job] = []
    kinds_of: list[list[str]] = []
    stats: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for p in range(pods):
        kinds = seating(p, layout)
        kinds_of.append(kinds)
        seed = args.seed * 1_000_003 + p
        decks, pools = draft(seed, kinds)
        for s in range(SEATS):
            stats[kinds[s]].append(deck_stats(pools[s], decks[s]))
        for k, (a, b) in enumerate(combinations(range(SEATS), 2)):
            first, second = (a, b) if (a + b + p) % 2 == 0 else (b, a)
            jobs.append((p, first, second, decks[first], decks[second], seed * 100 + k, max_actions))
    t_draft = time.perf_counter() - t0
    if args.workers > 1:
        with Pool(args.workers) as workers:
            results = workers.map(play, jobs, chunksize=4)
    else:
        results = [play(j) for j in jobs]
    dt = time.perf_counter() - t0

    score: Counter[str] = Counter()
    games: Counter[str] = Counter()
    h2h: dict[tuple[str, str], list[float]] = defaultdict(list)
    seat_score: Counter[int] = Counter()
    seat_games: Counter[int] = Counter()
    first_score = 0.0
    errors = []
    actions = 0
    for pod_no, a, b, sa, err, n in results:
        ka, kb = kinds_of[pod_no][a], kinds_of[pod_no][b]
        score[ka] += sa
        score[kb] += 1 - sa
        games[ka] += 1
        games[kb] += 1
        seat_score[a] += sa
        seat_score[b] += 1 - sa
        seat_games[a] += 1
        seat_games[b] += 1
        first_score += sa
        if ka != kb:
            h2h[(ka, kb)].append(sa)
            h2h[(kb, ka)].append(1 - sa)
        actions += n
        if err:
            errors.append(err)

    print(
        f"Draft bots: {pods} pods of {SEATS} (seating {'/'.join(layout)}, rotated per pod), "
        f"{len(results)} AI-vs-AI games, {actions} actions; drafting+building {t_draft:.1f} s, "
        f"total {dt:.1f} s"
    )
    print(f"\n{'drafter':<8} {'games':>6} {'win%':>7} {'±95%':>6}  {'pair cards':>10} {'deck rating':>11}")
    for k in kinds_all:
        if not games[k]:
            continue
        rate = score[k] / games[k]
        on = sum(x for x, _ in stats[k]) / len(stats[k])
        rt = sum(y for _, y in stats[k]) / len(stats[k])
        print(
            f"{k:<8} {games[k]:>6} {100 * rate:>6.1f}% {100 * _ci(rate, games[k]):>5.1f}  {on:>10.1f} {rt:>11.2f}"
        )
    print("\nhead to head (row's win% against column):")
    print(f"{'':<8} " + " ".join(f"{k:>14}" for k in kinds_all))
    for ka in kinds_all:
        cells = []
        for kb in kinds_all:
            xs = h2h.get((ka, kb), [])
            cells.append(f"{100 * sum(xs) / len(xs):>6.1f}% (n={len(xs):>3})" if xs else f"{'-':>14}")
        print(f"{ka:<8} " + " ".join(cells))
    print("\nper seat (every kind sits in every seat across pods):")
    print("  " + "  ".join(f"s{s} {100 * seat_score[s] / max(1, seat_games[s]):.0f}%" for s in range(SEATS)))
    print(f"first player's win%: {100 * first_score / max(1, len(results)):.1f}%")
    print(
        "\n'pair cards': non-terrain cards of the deck's two energies in the 54-card pool "
        "(a Codex wants 23); 'deck rating': mean card_rating of the deck's non-terrain cards."
    )
    if errors:
        print(f"\n{len(errors)} game(s) raised an error; the first:\n{errors[0]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
