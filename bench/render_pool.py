"""Issue #22 item 3, rendering on every core: board images drawn through the bot's render pool
(``CARDHOST_RENDER_WORKERS``, default the core count; bot/services/renders.py) against the same
images drawn on a thread of the bot's process (the setting 0), in the same run.

Each side draws the same boards (consecutive positions of random Afrika and Chrono games), all
requested at once as the bot does when many matches move together. Two figures per side: images
per second, and the event loop's worst stall while they were drawn (a 1 ms ticker measures how
late it ran): on a thread, Pillow holds the process's GIL and clicks wait behind it; in workers,
the loop only pickles a view and reads back the PNG.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from bench.core import Context, Figure
from bench.render_bench import positions
from engines.core import load_all


async def _draw_all(pool: Any, jobs: list[tuple[Any, tuple[Any, ...]]]) -> tuple[float, float]:
    """(seconds for every image, worst loop stall in seconds)."""
    worst = 0.0
    stop = False

    async def ticker() -> None:
        nonlocal worst
        while not stop:
            t0 = time.perf_counter()
            await asyncio.sleep(0.001)
            worst = max(worst, time.perf_counter() - t0 - 0.001)

    tick = asyncio.create_task(ticker())
    t0 = time.perf_counter()
    await asyncio.gather(*(pool.png(draw, *args) for draw, args in jobs))
    wall = time.perf_counter() - t0
    stop = True
    await tick
    return wall, worst


def run(ctx: Context) -> list[Figure]:
    from bot.presenters.registry import entry

    load_all()
    jobs: list[tuple[Any, tuple[Any, ...]]] = []
    for game, players in (("afrika", 2), ("chrono", 4)):
        hosted = entry(game)
        engine = hosted.spec.engine
        names = [f"player {i + 1}" for i in range(players)]
        for s in positions(engine, players, ctx.seed, ctx.n(60, 6), 7):
            jobs.append((hosted.board, (engine.view(s, None), names)))
    return asyncio.run(_measure(ctx, jobs))


async def _measure(ctx: Context, jobs: list[tuple[Any, tuple[Any, ...]]]) -> list[Figure]:
    from bot.services.renders import render_pool

    cores = os.cpu_count() or 1
    pooled = render_pool(None)
    pooled.start()
    for _ in range(200):  # the fork server and its workers start once per process
        if pooled.ready:
            break
        await asyncio.sleep(0.05)
    threaded = render_pool(0)
    await _draw_all(pooled, jobs[:4])  # warm both sides' caches
    await _draw_all(threaded, jobs[:4])
    rounds = ctx.n(3, 1)
    pool_runs = [await _draw_all(pooled, jobs) for _ in range(rounds)]
    thread_runs = [await _draw_all(threaded, jobs) for _ in range(rounds)]
    pool_wall, pool_stall = min(r[0] for r in pool_runs), min(r[1] for r in pool_runs)
    thread_wall, thread_stall = min(r[0] for r in thread_runs), min(r[1] for r in thread_runs)
    n = len(jobs)
    ctx.log(
        f"   {n} boards: pool ({pooled.workers} workers) {n / pool_wall:.0f}/s, worst loop stall"
        f" {pool_stall * 1000:.1f} ms; thread {n / thread_wall:.0f}/s, stall {thread_stall * 1000:.1f} ms"
    )
    return [
        Figure(
            "render_pool.boards_per_s",
            f"boards per second, pool of {pooled.workers} workers ({cores} cores)",
            n / pool_wall,
            "/s",
            note=f"in a thread: {n / thread_wall:.0f}/s (x{thread_wall / pool_wall:.2f} faster in the pool)",
        ),
        Figure(
            "render_pool.thread_boards_per_s", "boards per second, drawn on a thread", n / thread_wall, "/s"
        ),
        Figure(
            "render_pool.loop_stall_ms",
            "worst event-loop stall while the pool draws",
            pool_stall * 1000,
            "ms",
            floor=thread_stall * 1000,
            floor_label="the same boards on a thread",
        ),
    ]
