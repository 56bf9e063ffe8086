"""Item 3, durable action: ``MatchService.submit`` (per-match lock, apply, append to the log,
commit) against a raw stdlib ``sqlite3`` insert + commit of one log row in WAL mode.

The floor uses the bot's own durability settings (WAL, ``synchronous=NORMAL``: a commit survives a
crash of the process, and an fsync happens at checkpoints), on a file in the same directory; the
same insert with ``synchronous=FULL`` (an fsync per commit) is reported for context.

The moves are scripted: a first pass plays each match through the service on a scratch database
(2 human Chrono seats, random legal moves) and records what was submitted; the timed pass submits
exactly the same moves, so choosing a move is not timed. With 50 matches, 50 tasks submit to their
own match at once; the figure is wall time per action (throughput), plus each submit's latency.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, percentile, us
from engines.core import PlayerId, Rng

GAME = "chrono"
SEATS = [(1001, "alice", False), (1002, "bob", False)]


def raw_floor(path: Path, n: int, synchronous: str = "NORMAL") -> float:
    """Seconds per INSERT + COMMIT of one log row, stdlib sqlite3, WAL."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS log (match_id INTEGER, seq INTEGER, seat INTEGER,"
            " action_id TEXT, at REAL, by_ai INTEGER, PRIMARY KEY (match_id, seq))"
        )
        for i in range(20):
            conn.execute("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?)", (0, i, 0, "warm", time.time(), 0))
        t0 = time.perf_counter()
        for i in range(n):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(
                "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?)", (1, i, i % 2, "play:H7", time.time(), 0)
            )
            conn.execute("COMMIT")
        return (time.perf_counter() - t0) / n
    finally:
        conn.close()


async def _service(path: Path) -> Any:
    from bot.db import Database
    from bot.services.matches import MatchService

    db = await Database(path).open()
    return db, MatchService(db)


async def script(svc: Any, seed: int, limit: int) -> list[tuple[int, str, int]]:
    """The (user, action id, expected seq) a game of ``seed`` submits, up to ``limit`` moves."""
    live = await svc.create(GAME, {}, SEATS, guild_id=1, channel_id=1, host_id=1001, seed=seed)
    rng = Rng.from_seed(seed)
    out: list[tuple[int, str, int]] = []
    while live.active and live.outcome is None and len(out) < limit:
        seat = min(live.current)
        legal = list(live.engine.legal_actions(live.state, PlayerId(seat)))
        action_id = rng.choice(legal).to_id()
        user = live.seats[seat].user_id
        assert user is not None
        out.append((user, action_id, live.seq))
        await svc.submit(live.id, user, action_id, live.seq)
    return out


async def play(svc: Any, match_id: int, moves: list[tuple[int, str, int]], lat: list[float]) -> int:
    for user, action_id, seq in moves:
        t0 = time.perf_counter()
        await svc.submit(match_id, user, action_id, seq)
        lat.append(time.perf_counter() - t0)
    return len(moves)


async def measure(
    ctx: Context, matches: int, total: int, service: Callable[[str], Awaitable[Any]] | None = None
) -> dict[str, float]:
    """Wall seconds per action and per-submit latencies with ``matches`` concurrent matches.

    ``service(name)`` opens a (database, MatchService) pair; by default on a SQLite file."""
    if service is None:

        async def service(name: str) -> Any:
            return await _service(ctx.tmp(f"durable-{name}") / f"{name}.sqlite3")

    sdb, ssvc = await service("script")
    per_match = max(1, total // matches)
    scripts: list[tuple[int, list[tuple[int, str, int]]]] = []
    seed = ctx.seed * 1000 + matches
    # Games end, so each of the `matches` lanes plays games one after another until it has its share.
    for _ in range(matches):
        moves = 0
        while moves < per_match:
            seed += 1
            got = await script(ssvc, seed, per_match - moves)
            scripts.append((seed, got))
            moves += len(got)
    await sdb.close()
    db, svc = await service("bench")
    try:
        # Group the scripted games into `matches` lanes that run concurrently.
        # Create every match first (creating is not a durable action), then group the scripted
        # games into `matches` lanes that run concurrently, each game after the other.
        lanes: list[list[tuple[int, list[tuple[int, str, int]]]]] = [[] for _ in range(matches)]
        lane_moves = [0] * matches
        for s, moves in scripts:
            live = await svc.create(GAME, {}, SEATS, guild_id=1, channel_id=1, host_id=1001, seed=s)
            i = lane_moves.index(min(lane_moves))
            lanes[i].append((live.id, moves))
            lane_moves[i] += len(moves)
        lat: list[float] = []

        async def lane(items: list[tuple[int, list[tuple[int, str, int]]]]) -> int:
            return sum([await play(svc, m, mv, lat) for m, mv in items])

        t0 = time.perf_counter()
        done = sum(await asyncio.gather(*(lane(items) for items in lanes)))
        wall = time.perf_counter() - t0
    finally:
        await db.close()
    return {"per_action": wall / done, "p50": percentile(lat, 50), "p99": percentile(lat, 99), "n": done}


def run(ctx: Context) -> list[Figure]:
    """In a fresh process, like the memory bench: after the latency bench (200 live matches) the
    heap holds many more objects, and the garbage collector's full passes over them add ~10 us
    to every submit of this bench but not to its floor (which allocates almost nothing)."""
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        return pool.submit(_run_fresh, ctx.quick, ctx.workdir, ctx.seed).result()


def _run_fresh(quick: bool, workdir: Path, seed: int) -> list[Figure]:
    ctx = Context(quick, workdir, seed)
    d = ctx.tmp("durable-raw")
    n_raw = ctx.n(3000, 300)
    floor = min(raw_floor(d / f"raw{i}.sqlite3", n_raw) for i in range(3))
    full = raw_floor(d / "full.sqlite3", ctx.n(500, 50), "FULL")
    figures = [
        Figure(
            "durable.raw_floor_us",
            "raw sqlite3 insert + commit (WAL, synchronous=NORMAL)",
            us(floor),
            "us",
            note=f"synchronous=FULL: {us(full):.0f} us",
        ),
        Figure("durable.raw_full_us", "raw sqlite3 insert + commit (WAL, synchronous=FULL)", us(full), "us"),
    ]
    for matches, total in ((1, ctx.n(1500, 60)), (50, ctx.n(5000, 150))):
        r = asyncio.run(measure(ctx, matches, total))
        figures.append(
            Figure(
                f"durable.action_us@{matches}",
                f"durable action, {matches} concurrent match{'es' if matches > 1 else ''} (wall per action)",
                us(r["per_action"]),
                "us",
                floor=us(floor),
                floor_label="raw sqlite3 insert+commit",
                target=3.0,
                note=f"{r['n']:.0f} actions",
            )
        )
        figures.append(
            Figure(f"durable.submit_p50_us@{matches}", f"  submit latency p50 @{matches}", us(r["p50"]), "us")
        )
        figures.append(
            Figure(f"durable.submit_p99_us@{matches}", f"  submit latency p99 @{matches}", us(r["p99"]), "us")
        )
        ctx.log(
            f"   {matches} match(es): {us(r['per_action']):.0f} us/action"
            f" (x{r['per_action'] / floor:.1f} the {us(floor):.0f} us floor), p99 {us(r['p99']):.0f} us"
        )
    return figures
