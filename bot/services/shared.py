"""Locks that hold across every process sharing one database (several shards on PostgreSQL).

A match, a pod or a series is changed by one task at a time. In one process an ``asyncio.Lock``
is enough; when several processes share the database (``cardhost --shards``), any of them may get
the next click, so the lock is also taken in the database (an advisory lock, freed by PostgreSQL
when a process dies) and what this process cached is checked against the stored rows before use.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

MATCH_SPACE = 1
POD_SPACE = 2
SERIES_SPACE = 3
PODPLAY_SPACE = 4

FIRST_RETRY = 0.002
LAST_RETRY = 0.05
"""Seconds between tries of a lock another process holds, doubling from the first to the last."""

Refresh = Callable[[], Awaitable[None]]


class SharedLock:
    """``async with`` it like an ``asyncio.Lock``. Once ``bind`` gave it a database, entering also
    takes that database's lock for (space, key) and runs ``refresh`` (reload what another process
    may have changed) before the block; leaving frees both."""

    def __init__(self) -> None:
        self._local = asyncio.Lock()
        self._db: Any = None
        self._space = 0
        self._key = 0
        self._refresh: Refresh | None = None

    def bind(self, db: Any, space: int, key: int, refresh: Refresh | None) -> None:
        self._db, self._space, self._key, self._refresh = db, space, key, refresh

    def locked(self) -> bool:
        return self._local.locked()

    def across_processes(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """This lock when other processes share the database, else nothing to hold: for work
        that one process already does in order (showing its own moves) but several must not
        interleave (the last panel edit must show the newest position)."""
        return self if self._db is not None else contextlib.nullcontext()

    async def catch_up(self) -> None:
        """Bring what this process cached up to the database (a no-op for one process), before
        showing it: another process may have made the last change."""
        if self._db is not None:
            async with self:
                pass

    async def __aenter__(self) -> None:
        if self._db is None:
            await self._local.acquire()
            return
        # Bound, both locks are tried and retried after a short sleep rather than queued for:
        # a task never waits on another's future, only on time (what a simulated Discord can
        # move forward), and this process's tasks take turns with the other processes' alike.
        delay = FIRST_RETRY
        while self._local.locked():
            await asyncio.sleep(delay)
            delay = min(delay * 2, LAST_RETRY)
        await self._local.acquire()  # free, and nobody queues on it: taken without waiting
        try:
            delay = FIRST_RETRY
            while not await self._db.try_lock(self._space, self._key):
                await asyncio.sleep(delay)
                delay = min(delay * 2, LAST_RETRY)
            try:
                if self._refresh is not None:
                    await self._refresh()
            except BaseException:
                await asyncio.shield(self._db.unlock(self._space, self._key))
                raise
        except BaseException:
            self._local.release()
            raise

    async def __aexit__(self, *exc: object) -> None:
        try:
            if self._db is not None and self._db.is_open:
                await asyncio.shield(self._db.unlock(self._space, self._key))
        finally:
            self._local.release()


def lock_in(locks: dict[int, SharedLock], db: Any, shared: bool, space: int, key: int) -> SharedLock:
    """The lock of ``key`` in a service's ``locks``, made on first use; bound to the database
    (without a refresh: the service reads its rows anew under it) when processes share it."""
    lock = locks.get(key)
    if lock is None:
        lock = locks[key] = SharedLock()
        if shared:
            lock.bind(db, space, key, None)
    return lock
