"""Issue #22 item 5, durable action on PostgreSQL: ``MatchService.submit`` against a raw asyncpg
``BEGIN; INSERT; COMMIT`` of one log row, on the same server in the same run.

The server is a throwaway cluster (bot/db/localpg.py) with PostgreSQL's default durability
(``fsync=on``, ``synchronous_commit=on``: a commit is on disk before it is acknowledged), so both
the floor and the service pay the same WAL flush per commit; the ratio is what the backend's layer
costs on top (statement translation, the worker thread that runs a repository's function, the
per-statement SAVEPOINT, the per-match lock, the engine). Moves are scripted first, exactly as in
bench/durable.py, whose ``measure`` this reuses.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bench.core import Context, Figure, NotAvailable, us
from bench.durable import measure


async def raw_floor(dsn: str, n: int) -> float:
    """Seconds per BEGIN + INSERT + COMMIT of one log row over one asyncpg connection."""
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS log (match_id BIGINT, seq BIGINT, seat BIGINT, action_id TEXT,"
            " at DOUBLE PRECISION, by_ai BIGINT, PRIMARY KEY (match_id, seq))"
        )
        insert = "INSERT INTO log VALUES ($1, $2, $3, $4, $5, $6)"
        for i in range(20):
            await conn.execute(insert, 0, i, 0, "warm", time.time(), 0)
        t0 = time.perf_counter()
        for i in range(n):
            async with conn.transaction():
                await conn.execute(insert, 1, i, i % 2, "play:H7", time.time(), 0)
        return (time.perf_counter() - t0) / n
    finally:
        await conn.close()


def run(ctx: Context) -> list[Figure]:
    from bot.db.localpg import PgServer, PostgresUnavailable

    try:
        server = PgServer(durable=True).start()
    except PostgresUnavailable as exc:
        raise NotAvailable(str(exc)) from exc
    try:
        return asyncio.run(_run(ctx, server))
    finally:
        server.stop()


async def _run(ctx: Context, server: Any) -> list[Figure]:
    from bot.db.postgres import PostgresDatabase
    from bot.services.matches import MatchService

    floor = min([await raw_floor(server.new_database(), ctx.n(2000, 200)) for _ in range(3)])
    figures = [Figure("durable_pg.raw_floor_us", "raw asyncpg BEGIN + INSERT + COMMIT (fsync on)", us(floor), "us")]

    async def service(name: str) -> Any:
        db = await PostgresDatabase(server.new_database()).open()
        return db, MatchService(db)

    for matches, total in ((1, ctx.n(1000, 60)), (50, ctx.n(3000, 150))):
        r = await measure(ctx, matches, total, service)
        figures.append(
            Figure(
                f"durable_pg.action_us@{matches}",
                f"durable action on PostgreSQL, {matches} concurrent match{'es' if matches > 1 else ''}",
                us(r["per_action"]),
                "us",
                floor=us(floor),
                floor_label="raw asyncpg insert+commit",
                target=3.0,
                note=f"{r['n']:.0f} actions, p50 {us(r['p50']):.0f} us, p99 {us(r['p99']):.0f} us",
            )
        )
        ctx.log(
            f"   {matches} match(es): {us(r['per_action']):.0f} us/action"
            f" (x{r['per_action'] / floor:.1f} the {us(floor):.0f} us floor), p99 {us(r['p99']):.0f} us"
        )
    return figures
