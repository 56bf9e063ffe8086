"""A second bot process for the SIGKILL test (``test_shard_kill.py``): shard 0 of 2 on a shared
PostgreSQL database, in a simulated Discord of its own.

It starts ``count`` Spirit Tactics duels (their turn clocks armed here), takes the lock of the last
one as if it were in the middle of a move there, prints ``READY <match ids as JSON>`` and freezes
(its loop blocked, its database session open) until it is killed. Nothing of its own cleanup runs
then: what the other process finds is what a SIGKILL leaves.

    python tests/bot/shard_process.py <database url> <count>
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for bot/ and tests/


async def main(url: str, count: int) -> None:
    import simcord

    from bot.client import create_bot
    from tests.bot.table import make_table, start_challenge

    bot = create_bot(
        DISCORD_TOKEN="",
        CARDHOST_DATABASE_URL=url,
        CARDHOST_SHARDS="0",
        CARDHOST_SHARD_COUNT=2,
        CARDHOST_TURN_SECONDS=60,
        CARDHOST_RESERVE_SECONDS=0,
        CARDHOST_WARN_SECONDS=0,
        CARDHOST_RENDER_WORKERS=0,
    )
    seeds = itertools.count(1)  # the same games on every run, as tests/bot/conftest.py's bots
    bot.matches.seed_source = lambda: next(seeds)
    async with simcord.run(bot, settle_timeout=30.0) as env:
        table = make_table(env, ("alice", "bob"))
        while (table.guild.id >> 22) % 2 != 0:  # a guild of this process's shard
            table = make_table(env, ("alice", "bob"))
        for _ in range(count):
            await start_challenge(table, "alice", "bob", "spirit", best_of=1)
        ids = sorted(m.id for m in await bot.db.matches.active_matches())
        held = await bot.matches.get(ids[-1])
        await held.lock.__aenter__()  # in the middle of a move on this match when it dies
        print("READY", json.dumps(ids), flush=True)
        time.sleep(3600)  # frozen: the loop never runs again; the parent kills the process


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
