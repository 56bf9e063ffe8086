"""One of two bot processes is SIGKILLed mid-game; the other carries on and takes over its clocks.

The killed process (``shard_process.py``, shard 0 of 2) is a real process: it starts three duels on
a shared PostgreSQL database, arms their turn clocks, holds one match's lock as if in the middle
of a move, and is killed with SIGKILL. This test's bot (shard 1 of 2) never saw those matches. It
finds the clocks that ran out in the database and plays them out (the timed-out player's turn
goes to the AI, once), except the match whose lock the dead process held, which it can take only
once the kill has freed that lock. It then keeps the next turns' clocks itself. The matches'
threads live in the dead process's simulated Discord, so here they read as deleted threads: the
game goes on without its board, as it would if a moderator had deleted the thread.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import simcord

from bot.client import create_bot
from bot.db.postgres import PostgresDatabase
from bot.services.clock import TAKEOVER_GRACE

ROOT = Path(__file__).resolve().parents[2]
TURN = 60
POLL = 5.0


async def _start_other_process(dsn: str) -> tuple[subprocess.Popen[str], list[int]]:
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "bot" / "shard_process.py"), dsn, "3"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 120)
    if not line.startswith("READY"):
        proc.kill()
        raise AssertionError(f"the other process did not start: {line!r} {proc.communicate()[1][-3000:]}")
    return proc, json.loads(line.split(" ", 1)[1])


async def _seen(db: PostgresDatabase, match_id: int) -> dict[str, Any]:
    seats = await db.matches.seats(match_id)
    clock = await db.matches.get_clock(match_id)
    actions = await db.matches.actions(match_id)
    return {
        "timeouts": [s.consecutive_timeouts for s in seats],
        "ai_moves": sum(a.by_ai for a in actions),
        "seq": len(actions),
        "clock": None if clock is None else (clock.seat, clock.turn_seq, clock.deadline),
    }


async def test_a_killed_process_leaves_its_clocks_to_the_other(pg_server: Any, pg_template: str) -> None:
    dsn = pg_server.new_database(pg_template)
    proc: subprocess.Popen[str] | None = None
    try:
        bot = create_bot(
            DISCORD_TOKEN="",
            CARDHOST_DATABASE_URL=dsn,
            CARDHOST_SHARDS="1",
            CARDHOST_SHARD_COUNT=2,
            CARDHOST_TURN_SECONDS=TURN,
            CARDHOST_RESERVE_SECONDS=0,
            CARDHOST_WARN_SECONDS=0,
            CARDHOST_CLOCK_POLL_SECONDS=POLL,
            CARDHOST_RENDER_WORKERS=0,
        )
        async with simcord.run(bot, settle_timeout=30.0) as env:
            # Started first: the other process's matches are not among the clocks this one
            # restored at start-up; it can only find them by looking (the poll).
            proc, ids = await _start_other_process(dsn)
            held = ids[-1]
            db = bot.db
            start = {m: await _seen(db, m) for m in ids}
            assert all(s["timeouts"] == [0, 0] and s["clock"] is not None for s in start.values())

            # Past the deadlines, the grace and a poll: the other process is frozen, so this one
            # plays out every clock it can lock.
            await env.advance_time(TURN + TAKEOVER_GRACE + 2 * POLL)
            after = {m: await _seen(db, m) for m in ids}
            for m in ids[:-1]:
                assert sum(after[m]["timeouts"]) == 1, (m, after[m])  # one timeout, not two
                assert after[m]["ai_moves"] > start[m]["ai_moves"]
                assert after[m]["clock"] != start[m]["clock"], "the next turn's clock runs"
            assert after[held] == start[held], "a match locked by a live process is left alone"

            proc.send_signal(signal.SIGKILL)
            await asyncio.to_thread(proc.wait, 30)
            await env.advance_time(2 * POLL)
            late = await _seen(db, held)
            assert sum(late["timeouts"]) == 1 and late["ai_moves"] > start[held]["ai_moves"]

            # This process keeps the clocks it armed: the next turn runs out here too, once.
            await env.advance_time(TURN + POLL)
            for m in ids:
                final = await _seen(db, m)
                assert sum(final["timeouts"]) == 2, (m, final)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(30)
