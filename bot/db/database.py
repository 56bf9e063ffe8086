"""The one connection the bot holds, its set-up, and the transaction discipline around it.

All coroutines share one aiosqlite connection in autocommit mode. Every repository call runs
inside ``Database.transaction()`` (writes: BEGIN IMMEDIATE) or ``Database.read()`` (BEGIN
DEFERRED, a consistent view across several SELECTs); an asyncio lock makes those blocks take
turns, so one coroutine's statements never land inside another's transaction. Inside a block, the
same task may open further blocks: they become SAVEPOINTs, so a service can make several
repository calls (create the match, mark the lobby started) one atomic unit:

    async with db.transaction():
        match_id = await db.matches.create_match(...)
        await db.lobbies.set_status(lobby_id, "started", match_id=match_id)

Do not start other tasks that use the database from inside a block: they would wait for the lock
the block holds.

Hot paths use ``Database.write(fn)`` / ``Database.query(fn)`` instead: ``fn`` is a plain function
of the ``sqlite3.Connection`` that runs on the connection's thread, so the whole transaction
(BEGIN, statements, COMMIT) costs one thread hop instead of one per statement. Writes that arrive
while another is in flight are grouped into one transaction (group commit), each in its own
SAVEPOINT so one failing write does not undo the others; every caller is answered only after the
COMMIT that made its write durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import aiosqlite

from .migrate import Migration, migrate

if TYPE_CHECKING:
    from .decks import DeckStore
    from .lobbies import LobbyStore
    from .matches import MatchStore
    from .players import PlayerStore

DEFAULT_BUSY_TIMEOUT_MS = 5000
MAX_GROUP = 256
"""Most writes committed by one group commit."""

T = TypeVar("T")
SyncFn = Callable[[sqlite3.Connection], Any]


def dump_json(value: Any) -> str:
    """Compact, key-sorted JSON text for a JSON column."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def load_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


async def configure(conn: aiosqlite.Connection, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
    """WAL journal, foreign keys enforced, busy timeout, synchronous=NORMAL (safe with WAL)."""
    async with conn.execute("PRAGMA journal_mode = WAL") as cur:
        row = await cur.fetchone()
    mode = str(row[0]).lower() if row else "?"
    if mode != "wal" and mode != "memory":
        raise RuntimeError(f"SQLite refused WAL mode (journal_mode is {mode!r})")
    await conn.execute("PRAGMA foreign_keys = ON")
    await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    await conn.execute("PRAGMA synchronous = NORMAL")


class Database:
    """Owns the connection to one SQLite file; ``open()`` migrates it and builds the repositories."""

    def __init__(
        self,
        path: str | Path,
        *,
        migrations_dir: Path | None = None,
        snapshot_every: int = 50,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.migrations_dir = migrations_dir
        self.snapshot_every = snapshot_every
        self.busy_timeout_ms = busy_timeout_ms
        self.clock = clock
        self.applied_now: list[Migration] = []
        """The migrations the last ``open()`` applied (for a start-up log line)."""
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0
        self._pending: list[tuple[SyncFn, asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.group_commits = 0
        """How many transactions ``write`` has committed (for the benchmarks)."""
        self._matches: MatchStore | None = None
        self._lobbies: LobbyStore | None = None
        self._players: PlayerStore | None = None

    # -- life cycle -------------------------------------------------------------------------

    async def open(self) -> Database:
        if self._conn is not None:
            return self
        from .lobbies import LobbyStore
        from .matches import MatchStore
        from .players import PlayerStore

        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(self.path, isolation_level=None, timeout=self.busy_timeout_ms / 1000)
        try:
            conn.row_factory = aiosqlite.Row
            await configure(conn, self.busy_timeout_ms)
            self.applied_now = await migrate(conn, self.migrations_dir, clock=self.clock)
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        self._matches = MatchStore(self, snapshot_every=self.snapshot_every)
        self._lobbies = LobbyStore(self)
        self._players = PlayerStore(self)
        return self

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            async with self._lock:
                await conn.close()

    async def __aenter__(self) -> Database:
        return await self.open()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("Database is not open; call `await db.open()` first")
        return self._conn

    # -- repositories -----------------------------------------------------------------------

    @property
    def matches(self) -> MatchStore:
        self.conn  # noqa: B018 - raises when closed
        assert self._matches is not None
        return self._matches

    @property
    def lobbies(self) -> LobbyStore:
        self.conn  # noqa: B018
        assert self._lobbies is not None
        return self._lobbies

    @property
    def players(self) -> PlayerStore:
        self.conn  # noqa: B018
        assert self._players is not None
        return self._players

    @property
    def decks(self) -> DeckStore:
        """The deck library (bot/db/decks.py), built on first use."""
        from .decks import DeckStore

        self.conn  # noqa: B018
        store: DeckStore | None = self.__dict__.get("_decks")
        if store is None:
            store = self.__dict__["_decks"] = DeckStore(self)
        return store

    # -- transactions -----------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction (BEGIN IMMEDIATE for writes), or a SAVEPOINT when this task is already in one.

        Commits when the block ends normally; rolls back (to the savepoint) when it raises.
        """
        conn = self.conn
        task = asyncio.current_task()
        if task is not None and self._owner is task:
            self._depth += 1
            name = f"sp{self._depth}"
            await conn.execute(f"SAVEPOINT {name}")
            try:
                yield conn
            except BaseException:
                await conn.execute(f"ROLLBACK TO {name}")
                await conn.execute(f"RELEASE {name}")
                raise
            else:
                await conn.execute(f"RELEASE {name}")
            finally:
                self._depth -= 1
            return
        async with self._lock:
            self._owner = task
            try:
                await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield conn
                    await conn.execute("COMMIT")
                except BaseException:
                    await rollback_quietly(conn)
                    raise
            finally:
                self._owner = None
                self._depth = 0

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only block: one consistent view of the database for several SELECTs."""
        return self.transaction(write=False)

    # -- one-hop transactions ---------------------------------------------------------------

    def _in_block(self) -> bool:
        task = asyncio.current_task()
        return task is not None and self._owner is task

    async def _hop(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the connection's thread (one queue round trip)."""
        # aiosqlite runs every statement this way; its ``_execute`` is the one entry point for
        # running our own function there. The caller holds ``_lock`` (or owns the open block).
        result: T = await self.conn._execute(fn, *args)
        return result

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(sqlite3_connection)`` in a write transaction; one thread hop, group commit.

        Returns ``fn``'s result once the transaction that holds its changes has committed; if
        ``fn`` raises, its changes are rolled back and the exception is raised here. Inside a
        ``transaction()`` block of this task, ``fn`` runs in a SAVEPOINT of that block instead.
        """
        raw = self.conn._conn
        if self._in_block():
            return await self._hop(_in_savepoint, raw, fn, f"sp{self._depth + 1}")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((fn, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="cardhost-group-commit")
        return await future

    async def _flush(self) -> None:
        while self._pending:
            async with self._lock:
                batch, self._pending = self._pending[:MAX_GROUP], self._pending[MAX_GROUP:]
                batch = [(fn, fut) for fn, fut in batch if not fut.cancelled()]
                if not batch:
                    continue
                try:
                    outcomes = await self._hop(_group_commit, self.conn._conn, [fn for fn, _ in batch])
                    self.group_commits += 1
                except BaseException as exc:  # the COMMIT itself failed: nobody's write is durable
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))
                    if not isinstance(exc, Exception):
                        raise
                    continue
            for (_, fut), (ok, value) in zip(batch, outcomes, strict=True):
                if fut.done():
                    continue
                if ok:
                    fut.set_result(value)
                else:
                    fut.set_exception(value)

    async def query(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run the read-only ``fn(sqlite3_connection)`` in one thread hop (one consistent view)."""
        raw = self.conn._conn
        if self._in_block():
            return await self._hop(fn, raw)
        async with self._lock:
            return await self._hop(_in_read, raw, fn)

    def now(self) -> float:
        return self.clock()


def _in_savepoint(raw: sqlite3.Connection, fn: SyncFn, name: str) -> Any:
    raw.execute(f"SAVEPOINT {name}")
    try:
        result = fn(raw)
    except BaseException:
        raw.execute(f"ROLLBACK TO {name}")
        raw.execute(f"RELEASE {name}")
        raise
    raw.execute(f"RELEASE {name}")
    return result


def _in_read(raw: sqlite3.Connection, fn: SyncFn) -> Any:
    raw.execute("BEGIN")
    try:
        return fn(raw)
    finally:
        if raw.in_transaction:
            raw.execute("COMMIT")


def _group_commit(raw: sqlite3.Connection, fns: list[SyncFn]) -> list[tuple[bool, Any]]:
    """One transaction for several writes, each in a SAVEPOINT; (ok, result or exception) each."""
    outcomes: list[tuple[bool, Any]] = []
    raw.execute("BEGIN IMMEDIATE")
    try:
        for fn in fns:
            if len(fns) == 1:
                try:
                    outcomes.append((True, fn(raw)))
                except Exception as exc:
                    raw.execute("ROLLBACK")
                    return [(False, exc)]
                continue
            try:
                outcomes.append((True, _in_savepoint(raw, fn, "gc")))
            except Exception as exc:
                outcomes.append((False, exc))
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                raw.execute("ROLLBACK")
        raise
    return outcomes


async def rollback_quietly(conn: aiosqlite.Connection) -> None:
    """Roll back if a transaction is open; SQLite may already have rolled back (or committed,
    when a cancellation arrived while COMMIT was queued), which is not a second error."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.OperationalError):
            await conn.execute("ROLLBACK")


async def fetch_one(
    conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()
) -> aiosqlite.Row | None:
    async with conn.execute(sql, params) as cur:
        row: aiosqlite.Row | None = await cur.fetchone()
    return row


async def fetch_all(
    conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()
) -> list[aiosqlite.Row]:
    async with conn.execute(sql, params) as cur:
        rows = await cur.fetchall()
    return list(rows)
