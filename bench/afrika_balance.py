"""Cosmic Core balance: sealed pools -> AI-built 40-card Codexes -> AI-vs-AI games per energy pair.

    python bench/afrika_balance.py [--rounds 1] [--seed 1] [--workers 2] [--quick] [--focus A+B,...]

For every pair of energies (45 pairs) a Codex is built by ``engines.draft.autobuild`` from its
own sealed pool (six R80 boosters, R81), forced to that pair. Every pair meets every other pair
``--rounds`` times (a full round robin is 990 games per round), both seats played by the Afrika
AI. It prints each pair's win rate, flags pairs outside 40-60%, and reports which set cards were
played (cast, or played as a terrain) and any game that raised an error. Set cards that no
round-robin game played (rare multi-energy cards seldom reach a deck of their own pair) then get
coverage games: the card is added three times to a sealed pool of a pair that can cast it, the Codex
is built from that pool with the card forced in, and it plays the round-robin Codex of another pair
(up to ``--cover`` games per card; they do not count towards the win rates). ``--quick`` plays a
handful of games (the pytest smoke test uses it). ``--focus RIF+SKY,SAV+SKY`` plays only the
games of the named pairs (each against all 44 others, ``--rounds`` times) and prints only their rows:
a cheap way to re-measure a few pairs at other seeds. Exit status 1 if a game raised an error.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import traceback
from collections import Counter
from itertools import combinations
from multiprocessing import Pool

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.cards import CARDS, ENERGY
from engines.afrika.draftsource import afrika_set, energy_of
from engines.afrika.state import thaw
from engines.core import MatchConfig, PlayerId, Rng
from engines.draft.autobuild import build_deck
from engines.draft.boosters import open_boosters

PAIRS: list[tuple[str, str]] = list(combinations(ENERGY, 2))
LOW, HIGH = 0.40, 0.60


def sealed_deck(seed: int, pair: tuple[str, str], force: str = "") -> list[str]:
    pool = [cid for pack in open_boosters(afrika_set(), seed, 6) for cid in pack]
    if not force:
        return build_deck(pool, pair)
    deck = build_deck([*pool, force, force, force], pair)
    if force not in deck:  # replace the last-picked spell or the first basic terrain
        cards = CARDS()
        terrain = cards[force].type == "terrain"
        i = next(
            (
                k
                for k in (range(len(deck)) if terrain else range(len(deck) - 1, -1, -1))
                if (cards[deck[k]].basic if terrain else cards[deck[k]].type != "terrain")
            ),
            0,
        )
        deck[i] = force
    return deck


def _pair(name: str) -> tuple[str, str]:
    """``"SKY+RIF"`` or ``"RIF+SKY"`` -> the pair as listed in ``PAIRS``."""
    a, b = name.strip().upper().split("+")
    return (a, b) if (a, b) in PAIRS else (b, a)


def cover_pair(cid: str) -> tuple[str, str]:
    """A pair of energies that can cast (or use) the card ``cid``."""
    need = sorted(energy_of(CARDS()[cid]) & set(ENERGY), key=ENERGY.index)
    if len(need) >= 2:
        return need[0], need[1]
    first = need[0] if need else ENERGY[0]
    other = next(e for e in ENERGY if e != first)
    pr = (first, other) if ENERGY.index(first) < ENERGY.index(other) else (other, first)
    return pr


Job = tuple[int, int, int, int, str]


def play_game(job: Job) -> tuple[int, int, float, list[str], str, int]:
    """(pair a, pair b, score of a, cards played, error, actions) for one AI-vs-AI game."""
    ia, ib, seed, max_actions, force = job
    played: set[str] = set()
    try:
        decks = [sealed_deck(seed * 2 + 1, PAIRS[ia], force), sealed_deck(seed * 2 + 2, PAIRS[ib])]
        s = ENGINE.setup(MatchConfig(players=2, options={"decks": decks, "format": "limited"}), seed)
        rng = Rng.from_seed(seed * 7919 + 3)
        n = 0
        while ENGINE.outcome(s) is None and n < max_actions:
            p = min(ENGINE.current_players(s))
            a = afrika_policy(ENGINE, s, PlayerId(p), rng)
            if a.kind == "terrain":
                played.add(thaw(s).objs[a.num].card)
            s = ENGINE.apply(s, PlayerId(p), a).state
            for it in s.stack:
                if it.kind == "spell":
                    played.add(it.card)
            n += 1
        out = ENGINE.outcome(s)
        score = 0.5 if out is None or len(out.winners) != 1 else float(0 in out.winners)
        return ia, ib, score, sorted(played), "", n
    except Exception:  # the bench reports every failure
        return ia, ib, 0.5, sorted(played), traceback.format_exc(limit=6), 0


def schedule(rounds: int, seed: int, quick: bool, focus: frozenset[int] = frozenset()) -> list[Job]:
    jobs = []
    matchups = list(combinations(range(len(PAIRS)), 2))
    if focus:
        matchups = [(a, b) for a, b in matchups if a in focus or b in focus]
    if quick:
        matchups = [(i, (i * 7 + 5) % len(PAIRS)) for i in range(0, len(PAIRS), 9)]
        matchups = [(a, b) for a, b in matchups if a != b]
    k = 0
    for r in range(rounds):
        for a, b in matchups:
            # alternate who sits in seat 0 between rounds
            x, y = (a, b) if (r + k) % 2 == 0 else (b, a)
            jobs.append((x, y, seed * 1_000_003 + k, 3000 if quick else 20_000, ""))
            k += 1
    return jobs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--cover", type=int, default=6, help="coverage games per unplayed card (0: none)")
    ap.add_argument("--focus", default="", help="only these pairs' games, e.g. RIF+SKY,SAV+SKY")
    args = ap.parse_args(argv)
    focus = frozenset(PAIRS.index(_pair(name)) for name in args.focus.split(",") if name)
    jobs = schedule(args.rounds, args.seed, args.quick, focus)
    t0 = time.perf_counter()
    pool = Pool(args.workers) if args.workers > 1 else None

    def run(batch: list[Job]) -> list[tuple[int, int, float, list[str], str, int]]:
        if pool is not None and len(batch) > 4:
            return pool.map(play_game, batch, chunksize=4)
        return [play_game(j) for j in batch]

    results = run(jobs)
    dt = time.perf_counter() - t0
    score: dict[int, float] = dict.fromkeys(range(len(PAIRS)), 0.0)
    games: Counter[int] = Counter()
    played: set[str] = set()
    errors = []
    actions = 0
    for ia, ib, sa, cards, err, n in results:
        games[ia] += 1
        games[ib] += 1
        score[ia] += sa
        score[ib] += 1 - sa
        played.update(cards)
        actions += n
        if err:
            errors.append((PAIRS[ia], PAIRS[ib], err))
    print(
        f"Cosmic Core balance: {len(results)} AI-vs-AI games, sealed pools of 6 boosters, "
        f"{actions} actions in {dt:.1f} s"
    )
    print(f"{'pair':<10} {'games':>5} {'wins':>6} {'win%':>6}")
    flagged = []
    for i, pr in sorted(enumerate(PAIRS), key=lambda x: -score[x[0]] / max(1, games[x[0]])):
        if not games[i] or (focus and i not in focus):
            continue
        rate = score[i] / games[i]
        flag = "" if LOW <= rate <= HIGH else "  <-- outside 40-60%"
        if flag:
            flagged.append(pr)
        print(f"{pr[0]}+{pr[1]:<6} {games[i]:>5} {score[i]:>6g} {100 * rate:>5.1f}%{flag}")
    n_pair = max(games[i] for i in (focus or range(len(PAIRS))))
    print(f"sampling error of a pair's win rate at {n_pair} games: about {50 / math.sqrt(n_pair):.1f} points")
    by_energy: dict[str, float] = dict.fromkeys(ENERGY, 0.0)
    games_e: Counter[str] = Counter()
    for i, pr in enumerate(PAIRS):
        for e in pr:
            by_energy[e] += score[i]
            games_e[e] += games[i]
    if not focus:  # with --focus the other pairs have played only against the focus pairs
        print(
            "per energy: "
            + ", ".join(f"{e} {100 * by_energy[e] / games_e[e]:.0f}%" for e in ENERGY if games_e[e])
        )
    set_cards = sorted(c.id for c in CARDS().values() if not c.token)
    missing = [c for c in set_cards if c not in played]
    print(
        f"cards played{' (focus games only)' if focus else ''}: {len(set_cards) - len(missing)}/{len(set_cards)}"
        + (f" (not seen: {', '.join(missing[:30])}{' …' if len(missing) > 30 else ''})" if missing else "")
    )
    if missing and args.cover > 0 and not args.quick and not focus:
        cover_jobs = []
        for n, cid in enumerate(missing):
            ia = PAIRS.index(cover_pair(cid))
            for k in range(args.cover):
                ib = (ia + 1 + (k * 7 + n) % (len(PAIRS) - 1)) % len(PAIRS)
                cover_jobs.append((ia, ib, args.seed * 7_000_001 + 1000 * n + k, 20_000, cid))
        cover = run(cover_jobs)
        seen = {cid: False for cid in missing}
        for job, (_ia, _ib, _sa, cards, err, n) in zip(cover_jobs, cover, strict=True):
            seen[job[4]] |= job[4] in cards
            actions += n
            if err:
                errors.append((PAIRS[job[0]], PAIRS[job[1]], err))
        still = [c for c, ok in seen.items() if not ok]
        print(
            f"coverage games: {len(cover_jobs)} ({args.cover} per card, card forced into its pair's Codex); "
            f"cards played overall: {len(set_cards) - len(still)}/{len(set_cards)}"
            + (f" (never played: {', '.join(still)})" if still else "")
        )
    if pool is not None:
        pool.close()
    print(
        f"pairs outside 40-60%: {len(flagged)}"
        + (f" ({', '.join(a + '+' + b for a, b in flagged)})" if flagged else "")
    )
    for a, b, err in errors[:5]:
        print(f"ERROR in {a} vs {b}:\n{err}")
    print(f"errors: {len(errors)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
