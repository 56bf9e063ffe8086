"""The WAL stays bounded under a steady stream of commits: the checkpoint thread and, when it cannot
catch up, the quiet checkpoint keep the file small (a growing WAL slows every read and a restart)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.db import Database
from bot.db.database import CHECKPOINT_EVERY, QUIET_CHECKPOINT_FRAMES


async def _checkpointer_caught_up(db: Database) -> None:
    """Wait (real time) for a checkpoint the thread was woken for, and for the quiet one it asked
    for: on a starved machine the thread ran late and the WAL grew past the bound while the loop
    went on writing, so the test measured the scheduler rather than the checkpoints."""
    cp = db._checkpointer
    assert cp is not None
    start = cp.checkpoints
    if cp._wake.is_set():
        for _ in range(30_000):  # at most about 30 s; at once on an idle machine
            if cp.checkpoints > start:
                break
            await asyncio.sleep(0.001)
    await asyncio.sleep(0)  # the thread's call_soon_threadsafe, if it asked for a quiet checkpoint
    if db._quiet is not None:
        await db._quiet


async def test_the_wal_is_checkpointed_and_stays_bounded(tmp_path: Path) -> None:
    path = tmp_path / "cardhost.sqlite3"
    db = await Database(path).open()
    try:
        await db.write(lambda c: c.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)"))
        payload = b"x" * 3000  # about one page per write
        largest = 0
        writes = 4000
        for i in range(writes):
            await db.write(lambda c, i=i: c.execute("INSERT INTO t VALUES (?, ?)", (i, payload)))
            if i % 200 == 0:
                await _checkpointer_caught_up(db)
                largest = max(largest, (path.with_name(path.name + "-wal")).stat().st_size)
        assert db._checkpointer is not None and db._checkpointer.checkpoints >= 2
        # Each commit here adds about 12 KB to the WAL (three pages): never rewound, it would reach
        # ~50 MB. Bounded: the quiet checkpoint's threshold and a round or two of writes.
        assert largest <= (QUIET_CHECKPOINT_FRAMES + 3 * 3 * CHECKPOINT_EVERY) * 4120
        assert largest < 30 * 2**20
    finally:
        await db.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == writes
