"""AI levels (issues #23 item 4, #37 item 1): how ``hard`` does against ``normal``, and ``normal``
against ``easy``, with a 95% confidence interval, in parallel processes.

    python -m bench.ai_levels GAME [games=200] [rN | seconds] [players] [easy | both | random] [jobs=N]
    python -m bench.ai_levels all 200 [both] [jobs=2]     # the four duels and Chrono at 6 seats

Words may also be given as ``games=200``, ``rounds=40`` (or ``r40``), ``seconds=1.0``,
``players=6``, ``jobs=2`` (default: every core), ``z=1.64``, ``width=6`` and ``turns=2`` (the search's
``confidence``, ``width`` and ``turns`` instead of the game's own, to measure a change before
making it), ``calibrate=8`` (positions sampled for the 1 s
calibration; 0 skips it) and ``out=PATH`` (default ``bench/results.json``; ``out=-`` writes
nothing).

``hard`` plays a fixed number of search rounds per decision: the game's own
(``game_spec(g).search.rounds``) unless ``rN`` says otherwise, with no seconds cap, so a figure is
the same on a busy or an idle machine and whatever ``jobs`` is (each game is seeded by its number
alone and played in one process). A bare number of seconds instead (``1.0``) gives ``hard`` that
thinking time a decision and a rounds cap of a million (the old way; the figure then depends on
the machine). Duels: the stronger level takes each seat half of the time. Tables of more seats
(Chrono: 6 unless ``players`` says otherwise): one stronger seat among weaker ones, moving round
the table; its score is its share of the wins, against the 1/players a seat of the weaker level
gets, and its mean place is printed too.

The score counts a win 1, a draw (a shared first place) 1/2 (1/k among k), a loss 0. Its 95%
confidence interval is the normal approximation on the per-game scores: mean +- 1.96 s / sqrt(n),
s the scores' sample standard deviation (clipped to [0, 1]); 200 games give about +- 6.5 points at
65%. Seconds per decision count only the stronger seat's decisions with a choice (more than one
legal move); the mean and the 95th percentile (wall clock) are printed, and the mean CPU time of
the process (what the decision costs on an idle core).

The calibration runs before the games, in this process alone: at ``calibrate`` positions of
``normal``-vs-``normal`` games (the seat to move has a choice) ``hard`` thinks for 1 s of this
process's CPU time with no rounds cap; the median rounds it reached is what 1 s a decision is on
one idle core of this machine, printed with the load average at the time (a shared machine gives
a process less than a core, so a decision then takes longer on the wall clock).

``random`` plays ``normal`` against a seat that picks a uniformly random legal move: not a level of
the bot, the yardstick of how much a game rewards skill at all (in a game where normal barely
beats random, no level can differ much from another).

Results are merged into ``bench/results.json`` under ``hard_vs_normal`` / ``normal_vs_easy`` /
``normal_vs_random``
(per game) and ``hard_calibration``; other keys and other games are kept. Figures, not tests:
nothing here fails on a number.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import mean, median
from typing import Any

from engines.core import MatchConfig, PlayerId, Rng
from engines.core.levels import hard, level_policy
from engines.core.search import Search, SearchSettings
from engines.games import game_spec

RESULTS = Path(__file__).resolve().parent / "results.json"
DUELS = ("afrika", "spirit", "alchemy", "chronomagia")
ALL = (*DUELS, "chrono")
"""``all``: the four duel games, then Chrono at six seats."""
TABLE_SEATS = {"chrono": 6}
NO_CAP = 1e9
"""The seconds "cap" of a rounds-bound bench search: never reached."""
PAIRINGS = {"hard": ("normal", "hard"), "easy": ("easy", "normal"), "random": ("random", "normal")}
KEYS = {
    ("normal", "hard"): "hard_vs_normal",
    ("easy", "normal"): "normal_vs_easy",
    ("random", "normal"): "normal_vs_random",
}
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Duel:
    """One bench configuration: ``high`` (the stronger level) against ``low`` in ``game``."""

    game: str
    players: int
    low: str
    high: str
    settings: SearchSettings | None
    """``hard``'s settings when ``high`` is ``hard`` (None otherwise)."""


def _options(spec: Any, players: int, g: int) -> dict[str, Any]:
    starters = list(spec.starter_decks().values()) if spec.deck_option else []
    if not starters:
        return {}
    return {spec.deck_option: [starters[(g + i) % len(starters)] for i in range(players)]}


def random_move(engine: Any, state: Any, player: PlayerId, rng: Rng) -> Any:
    """A uniformly random legal move: no level of the bot, the yardstick of how much a game rewards
    skill at all (``random``: normal against it)."""
    return rng.choice(list(engine.legal_actions(state, player)))


def play_game(job: tuple[Duel, int]) -> dict[str, Any]:
    """Game number ``g`` of ``duel``, seeded by ``g`` alone (any process, any order)."""
    duel, g = job
    spec = game_spec(duel.game)
    engine = spec.engine
    rounds: list[int] = []
    if duel.high == "hard":
        strong = hard(spec, duel.settings, observe=lambda s: rounds.append(s.rounds))
    else:
        strong = level_policy(spec, duel.high)
    weak = random_move if duel.low == "random" else level_policy(spec, duel.low)
    me = g % duel.players
    state = engine.setup(MatchConfig(duel.players, _options(spec, duel.players, g)), 7919 * g + 13)
    rng = Rng.from_seed(g)
    times: list[float] = []
    cpu: list[float] = []
    moves = 0
    while engine.outcome(state) is None:
        seat = min(engine.current_players(state))
        if seat == me:
            choice = len(engine.legal_actions(state, PlayerId(seat))) > 1
            t0, c0 = time.perf_counter(), time.process_time()
            action = strong(engine, state, PlayerId(seat), rng)
            if choice:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            elif rounds:
                rounds.pop()  # a forced move: no search, no rounds to count
        else:
            action = weak(engine, state, PlayerId(seat), rng)
        state = engine.apply(state, PlayerId(seat), action).state
        moves += 1
    ranking = engine.outcome(state).ranking  # type: ignore[union-attr]
    place = next(i for i, group in enumerate(ranking) if me in group)
    group = ranking[place]
    return {
        "game": g,
        "score": 1.0 / len(group) if place == 0 else 0.0,
        "place": sum(len(gr) for gr in ranking[:place]) + (len(group) + 1) / 2,
        "times": times,
        "cpu": cpu,
        "rounds": rounds,
        "moves": moves,
    }


def confidence(scores: Sequence[float]) -> tuple[float, float, float]:
    """Mean score and its 95% interval: normal approximation on the sample variance, clipped to [0, 1]."""
    n = len(scores)
    m = mean(scores)
    if n < 2:
        return m, 0.0, 1.0
    var = sum((x - m) ** 2 for x in scores) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, max(0.0, m - half), min(1.0, m + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def summarise(duel: Duel, games: list[dict[str, Any]], wall: float, jobs: int) -> dict[str, Any]:
    """The figures of one bench configuration, from its games in game order."""
    games = sorted(games, key=lambda r: int(r["game"]))
    scores = [float(r["score"]) for r in games]
    score, low, high = confidence(scores)
    times = [t for r in games for t in r["times"]]
    cpu = [t for r in games for t in r.get("cpu", ())]
    rounds = [n for r in games for n in r["rounds"]]
    # times and rounds are appended together, one pair per hard decision with a choice
    searched = [t for r in games for t, n in zip(r["times"], r["rounds"], strict=False) if n > 0]
    return {
        "game": duel.game,
        "players": duel.players,
        "stronger": duel.high,
        "weaker": duel.low,
        "games": len(games),
        "score": score,
        "ci_low": low,
        "ci_high": high,
        "ci": "95%, normal approximation on the per-game scores' sample variance",
        "even": 1 / duel.players,
        "wins": sum(1 for s in scores if s == 1.0),
        "draws": sum(1 for s in scores if 0.0 < s < 1.0),
        "losses": sum(1 for s in scores if s == 0.0),
        "mean_place": mean(float(r["place"]) for r in games),
        "rounds": duel.settings.rounds if duel.settings is not None else None,
        "seconds_cap": duel.settings.seconds if duel.settings and duel.settings.seconds < NO_CAP else None,
        "confidence": duel.settings.confidence if duel.settings is not None else None,
        "width": duel.settings.width if duel.settings is not None else None,
        "turns": duel.settings.turns if duel.settings is not None else None,
        "mean_rounds": mean(rounds) if rounds else None,
        "decisions": len(times),
        "seconds_per_decision": mean(times) if times else 0.0,
        "seconds_per_decision_p95": percentile(times, 95),
        "cpu_seconds_per_decision": mean(cpu) if cpu else 0.0,
        "searched_decisions": len(searched),
        "seconds_per_searched_decision": mean(searched) if searched else None,
        "moves": sum(int(r["moves"]) for r in games),
        "wall_seconds": wall,
        "jobs": jobs,
        "load_average": list(os.getloadavg()),
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def run(duel: Duel, games: int, jobs: int) -> dict[str, Any]:
    """Play ``games`` games of ``duel`` on ``jobs`` processes; the figures do not depend on ``jobs``."""
    work = [(duel, g) for g in range(games)]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []

    def done(result: dict[str, Any]) -> None:
        results.append(result)
        if len(results) % max(1, games // 10) == 0 or len(results) == games:
            score = mean(float(r["score"]) for r in results)
            print(
                f"  {duel.game} {duel.high} vs {duel.low}: {len(results)}/{games} games, score so far {score:.1%}, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    if jobs <= 1:
        for w in work:
            done(play_game(w))
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for result in pool.imap_unordered(play_game, work, chunksize=1):
                done(result)
    return summarise(duel, results, time.perf_counter() - started, jobs)


def calibrate(game: str, players: int, positions: int = 8, seconds: float = 1.0) -> dict[str, Any]:
    """The rounds ``hard`` reaches in ``seconds`` at ``positions`` positions of normal-vs-normal
    games (the seat to move has a choice the search plays out), on this machine now. The seconds
    are this process's CPU time (``time.process_time``): what an idle core does in a second, so the
    figure moves little with the load of a shared machine (which slows the wall clock by up to
    load/cores)."""
    spec = game_spec(game)
    engine = spec.engine
    settings = replace(spec.search, seconds=seconds, rounds=10**9)
    reached: list[int] = []
    load = list(os.getloadavg())
    seed = 0
    while len(reached) < positions and seed < positions * 4:
        state = engine.setup(MatchConfig(players, _options(spec, players, seed)), 100_003 + seed)
        rng = Rng.from_seed(50_000 + seed)
        moves = taken = 0
        while engine.outcome(state) is None and len(reached) < positions and taken < 2:
            seat = PlayerId(min(engine.current_players(state)))
            # Positions spread through a game (every 11th move, when the seat has a choice).
            if moves % 11 == 5 and len(engine.legal_actions(state, seat)) > 1:
                searches: list[Search] = []
                think = hard(spec, settings, clock=time.process_time, observe=searches.append)
                think(engine, state, seat, Rng.from_seed(moves))
                # A decision the game's focus leaves to the game AI searches no round: not counted.
                if searches[0].rounds > 0:
                    reached.append(searches[0].rounds)
                    taken += 1  # two positions a game at most: the others come from other games
            state = engine.apply(state, seat, spec.ai(engine, state, seat, rng)).state
            moves += 1
        seed += 1
    return {
        "game": game,
        "players": players,
        "seconds": seconds,
        "clock": "process CPU time",
        "positions": len(reached),
        "median_rounds": median(reached) if reached else None,
        "rounds": reached,
        "load_average": load,
        "cpus": os.cpu_count(),
        "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def merge(path: Path, key: str, game: str, entry: dict[str, Any]) -> None:
    """Put ``entry`` at ``key`` / ``game`` in the JSON file at ``path``, keeping everything else
    (``python -m bench`` writes the same file and keeps these keys too)."""
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    section = data.get(key)
    if not isinstance(section, dict):
        section = {}
    section[game] = entry
    data[key] = section
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    os.replace(tmp, path)


def describe(r: dict[str, Any]) -> str:
    how = "" if r["rounds"] is None else f", {r['rounds']} rounds a decision"
    if r.get("confidence"):
        how += f", z {r['confidence']}"
    if r["seconds_cap"] is not None:
        how += f" (capped at {r['seconds_cap']} s; {r['mean_rounds'] or 0:.1f} on average)"
    head = f"{r['game']}, {r['players']} seats: {r['stronger']}{how} vs {r['weaker']}, {r['games']} games:"
    ci = f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}]"
    if r["players"] == 2:
        body = f"score {r['score']:.1%} {ci}, W/D/L {r['wins']}/{r['draws']}/{r['losses']}"
    else:
        body = (
            f"wins {r['score']:.1%} {ci} against {r['even']:.1%} ({r['weaker']} seats' even share) "
            f"(sole {r['wins']}, shared {r['draws']}, lost {r['losses']}), mean place {r['mean_place']:.2f} of {r['players']}"
        )
    searched = ""
    if r.get("seconds_per_searched_decision") is not None and r["searched_decisions"] < r["decisions"]:
        searched = (
            f", {r['searched_decisions']} searched: {r['seconds_per_searched_decision'] * 1000:.0f} ms each"
        )
    timing = (
        f"{r['seconds_per_decision'] * 1000:.0f} ms a decision (p95 {r['seconds_per_decision_p95'] * 1000:.0f} ms, "
        f"CPU {r['cpu_seconds_per_decision'] * 1000:.0f} ms; {r['decisions']} decisions{searched}), wall {r['wall_seconds']:.0f} s on {r['jobs']} process(es)"
    )
    return f"{head} {body}; {timing}"


def describe_calibration(c: dict[str, Any]) -> str:
    load = ", ".join(f"{x:.1f}" for x in c["load_average"])
    return (
        f"{c['game']}, {c['players']} seats: {c['seconds']} s of CPU a decision = {c['median_rounds']} rounds "
        f"(median of {c['positions']} positions; load {load} on {c['cpus']} cores)"
    )


@dataclass
class Args:
    games: list[str]
    count: int = 200
    rounds: int | None = None
    seconds: float | None = None
    players: int | None = None
    pairings: tuple[str, ...] = ("hard",)
    jobs: int = os.cpu_count() or 1
    positions: int = 8
    out: Path | None = RESULTS
    confidence: float | None = None
    width: int | None = None
    turns: int | None = None


def parse(argv: Sequence[str]) -> Args:
    """The command line: positional ``GAME games budget players``, the words ``easy``/``both``,
    and ``key=value`` for any of them."""
    words = list(argv)
    args = Args(games=[])
    positional: list[str] = []
    for w in words:
        key, eq, value = w.partition("=")
        if not eq:
            if w in ("easy", "both", "random"):
                args.pairings = {"easy": ("easy",), "both": ("hard", "easy"), "random": ("random",)}[w]
            else:
                positional.append(w)
            continue
        if key == "games":
            args.count = int(value)
        elif key == "rounds":
            args.rounds = int(value.lstrip("r"))
        elif key == "seconds":
            args.seconds = float(value)
        elif key == "players":
            args.players = int(value)
        elif key == "jobs":
            args.jobs = max(1, int(value))
        elif key == "calibrate":
            args.positions = int(value)
        elif key == "out":
            args.out = None if value == "-" else Path(value)
        elif key == "z":
            args.confidence = float(value)
        elif key == "width":
            args.width = int(value)
        elif key == "turns":
            args.turns = int(value)
        else:
            raise SystemExit(f"unknown word {w!r}; see: python -m bench.ai_levels --help")
    game = positional[0] if positional else "alchemy"
    args.games = list(ALL) if game == "all" else [game]
    if len(positional) > 1:
        args.count = int(positional[1])
    if len(positional) > 2 and positional[2] not in ("-", "default"):
        budget = positional[2]
        if budget.startswith("r"):
            args.rounds = int(budget[1:])
        else:
            args.seconds = float(budget)
    if len(positional) > 3:
        args.players = int(positional[3])
    return args


def settings_for(game: str, args: Args) -> SearchSettings:
    own = game_spec(game).search
    if args.confidence is not None:
        own = replace(own, confidence=args.confidence)
    if args.width is not None:
        own = replace(own, width=args.width)
    if args.turns is not None:
        own = replace(own, turns=args.turns)
    if args.seconds is not None and args.rounds is None:
        return replace(own, seconds=args.seconds, rounds=10**6)
    rounds = args.rounds if args.rounds is not None else own.rounds
    return replace(own, rounds=rounds, seconds=args.seconds if args.seconds is not None else NO_CAP)


def main(argv: list[str]) -> int:
    if any(w in ("-h", "--help") for w in argv[1:]):
        print(__doc__)
        return 0
    args = parse(argv[1:])
    for game in args.games:
        table = TABLE_SEATS.get(game, 2)
        players = table if len(args.games) > 1 else args.players or table
        name = game if players == table else f"{game}@{players}"
        calibration = None
        if "hard" in args.pairings and args.positions > 0:
            calibration = calibrate(game, players, args.positions)
            print(describe_calibration(calibration), flush=True)
            if args.out is not None:
                merge(args.out, "hard_calibration", name, calibration)
        for pairing in args.pairings if args.count > 0 else ():
            low, high = PAIRINGS[pairing]
            duel = Duel(game, players, low, high, settings_for(game, args) if high == "hard" else None)
            r = run(duel, args.count, args.jobs)
            if calibration is not None and high == "hard":
                r["rounds_for_1s"] = calibration["median_rounds"]
            # the words that make the figure (where it was written is no part of it)
            r["command"] = " ".join(
                ["python -m bench.ai_levels", *(w for w in argv[1:] if not w.startswith("out="))]
            )
            print(describe(r), flush=True)
            if args.out is not None:
                merge(args.out, KEYS[(low, high)], name, r)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
