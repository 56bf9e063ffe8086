"""Item 7, memory: bytes per live match, and per idle match after eviction.

The bot's services (no Discord): N 2-player Chrono matches are created through ``MatchService``,
played a few random moves, and their turn clock armed through ``ClockService`` (a sleeping task
each). Live = in the service's cache with its clock; idle = evicted from the cache (the clock task
stays, as it does in the bot until the turn ends). Figures: Python heap per match (``tracemalloc``,
exact) and resident set per match (``/proc/self/statm`` deltas over 1,000 matches; coarse: memory
freed earlier in the process is reused before the resident set grows).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import multiprocessing
import os
import tracemalloc
from pathlib import Path
from typing import Any

from bench.core import Context, Figure


def rss_bytes() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # not Linux: peak RSS is the best we have
        import resource

        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _sample() -> tuple[int, int]:
    gc.collect()
    return tracemalloc.get_traced_memory()[0], rss_bytes()


async def measure(ctx: Context, count: int) -> dict[str, float]:
    from bot.client import create_bot
    from engines.core import PlayerId, Rng, load_all

    load_all()
    path = ctx.tmp("memory") / "cardhost.sqlite3"
    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(path))
    await bot.db.open()
    rng = Rng.from_seed(ctx.seed)
    ids: list[int] = []
    try:
        # One match first, so imports, caches and the connection are warm before the baseline.
        await _make(bot, rng, 0, PlayerId)
        bot.matches.evict(max(bot.matches._cache))
        tracemalloc.start()
        heap0, rss0 = _sample()
        for i in range(1, count + 1):
            ids.append(await _make(bot, rng, i, PlayerId))
        heap1, rss1 = _sample()
        for mid in ids:
            bot.matches.evict(mid)
        heap2, rss2 = _sample()
        tracemalloc.stop()
        armed = bot.clocks.armed
    finally:
        bot.clocks.close()
        await asyncio.sleep(0)
        await bot.db.close()
    return {
        "live_heap": (heap1 - heap0) / count,
        "live_rss": (rss1 - rss0) / count,
        "idle_heap": (heap2 - heap0) / count,
        "idle_rss": (rss2 - rss0) / count,
        "armed": armed,
    }


async def _make(bot: Any, rng: Any, i: int, player_id: Any) -> int:
    u1, u2 = 600_000 + 2 * i, 600_001 + 2 * i
    live = await bot.matches.create(
        "chrono", {}, [(u1, f"user{u1}", False), (u2, f"user{u2}", False)],
        guild_id=1, channel_id=1, host_id=u1, seed=ctx_seed(i),
    )  # fmt: skip
    for _ in range(rng.randint(5, 25)):
        if live.outcome is not None:
            break
        seat = min(live.current)
        action = rng.choice(list(live.engine.legal_actions(live.state, player_id(seat))))
        await bot.matches.submit(live.id, live.seats[seat].user_id, action.to_id(), live.seq)
    await bot.clocks.arm(live)
    return int(live.id)


def ctx_seed(i: int) -> int:
    return 5_000 + i


def _measure_fresh(quick: bool, workdir: Path, seed: int, count: int) -> dict[str, float]:
    return asyncio.run(measure(Context(quick, workdir, seed), count))


def run(ctx: Context) -> list[Figure]:
    """In a fresh process: after other benches the allocator already holds free pages, and the
    RSS delta of 1,000 matches would read as zero."""
    count = ctx.n(1000, 20)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        r = pool.submit(_measure_fresh, ctx.quick, ctx.workdir, ctx.seed, count).result()
    ctx.log(f"   {count} matches: live {r['live_heap']:.0f} B heap, idle {r['idle_heap']:.0f} B heap")
    return [
        Figure("memory.live_heap_bytes", "Python heap per live match (tracemalloc)", r["live_heap"], "B"),
        Figure("memory.live_rss_bytes", "resident bytes per live match (RSS delta)", r["live_rss"], "B"),
        Figure("memory.idle_heap_bytes", "Python heap per idle match after eviction", r["idle_heap"], "B"),
        Figure("memory.idle_rss_bytes", "resident bytes per idle match after eviction", r["idle_rss"], "B"),
    ]
