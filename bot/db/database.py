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

What SQLite refuses leaves ``open()``, a block, ``write`` and ``query`` as a typed
``StorageError`` (``bot/db/errors.py``, mapped in ``bot/db/sqliteerrors.py``): the same classes
PostgreSQL's backend raises, so no caller outside ``bot/db`` handles a ``sqlite3`` exception.

Hot paths use ``Database.write(fn)`` / ``Database.query(fn)`` instead: ``fn`` is a plain function
of the ``sqlite3.Connection``. They run on the event loop's own thread, on the same connection,
whenever no block or thread job holds it (no thread hop: a small WAL commit with
``synchronous=NORMAL`` is a write() to the OS, no fsync); otherwise they queue behind the lock and
run when it is free. Writes issued in the same loop iteration are grouped into one transaction
(group commit), each in its own SAVEPOINT so one failing write does not undo the others; every
caller is answered only after the COMMIT that made its write durable.

Why this never busy-waits on the loop: the loop thread and aiosqlite's thread use the *same*
connection, and the loop only touches it while ``_lock`` is free and no aiosqlite job is in flight
(``_thread_jobs``), so no other connection of this process can hold SQLite's write lock against
it. The one other connection is the checkpointer's: the loop connection runs with
``wal_autocheckpoint=0`` (a checkpoint fsyncs, and must not run on the loop), and a daemon thread
runs ``PRAGMA wal_checkpoint(PASSIVE)`` on its own connection every ``CHECKPOINT_EVERY`` writes or
``CHECKPOINT_SECONDS``; a PASSIVE checkpoint never takes the write lock and never waits. Under a
steady stream of writes such a checkpoint may never catch up with the end of the WAL, and SQLite
only rewinds the WAL after one that did; so when the WAL keeps more than
``QUIET_CHECKPOINT_FRAMES`` frames, one checkpoint runs on aiosqlite's thread while ``_lock`` is
held (writes queue meanwhile, the loop stays free), and it finishes. (The bot is the only writer of
its file; a second process writing it could make the loop wait up to the busy timeout.)
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib.resources.abc import Traversable
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiosqlite

from .decks import DeckStore
from .errors import MigrationError, StorageError
from .lobbies import LobbyStore
from .matches import MatchStore
from .migrate import Migration, migrate
from .players import PlayerStore
from .sqliteerrors import storage_error

DEFAULT_BUSY_TIMEOUT_MS = 5000
MAX_GROUP = 128
"""Most writes committed by one group commit."""
CHECKPOINT_EVERY = 500
"""Writes between two WAL checkpoints (SQLite's own default is about 1,000 pages). Measured: every
200 writes the checkpoint thread's I/O and GIL hand-offs cost a 1-match submit ~4 us (x3.0 -> x2.7
of the raw insert floor); every 500 with a quiet checkpoint past 2,500 frames the WAL file peaks at
about 20 MB under a steady stream of commits (9 MB before, 36 MB with 1,000 / 5,000)."""
CHECKPOINT_SECONDS = 2.0
"""A checkpoint at least this often while the database is open."""
MIN_SQLITE = (3, 35, 0)
"""The oldest SQLite library the repositories' SQL reads on (``INSERT ... RETURNING``, bot/db/sql.py)."""
QUIET_CHECKPOINT_FRAMES = 2500
"""WAL frames (pages) left after a background checkpoint that call for a quiet one (see below)."""

T = TypeVar("T")
Connection = sqlite3.Connection
"""What a function handed to ``write`` / ``query`` gets (on PostgreSQL, a connection shaped like it):
code outside ``bot/db`` names it so, and imports nothing of ``sqlite3``."""
SyncFn = Callable[[sqlite3.Connection], Any]
QueueJob = Callable[..., Awaitable[Any]]
"""aiosqlite's ``Connection._execute`` (unannotated upstream): runs ``fn(*args)`` on the
connection's thread and returns its result."""


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
        migrations_dir: Path | Traversable | None = None,
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
        self._queue = GroupCommit(self)
        self._jobs = _JobCounter()
        self._checkpointer: _Checkpointer | None = None
        self._quiet: asyncio.Task[None] | None = None
        self._matches: MatchStore | None = None
        self._lobbies: LobbyStore | None = None
        self._players: PlayerStore | None = None

    # -- life cycle -------------------------------------------------------------------------

    async def open(self) -> Database:
        """Connect, migrate and build the repositories. A file SQLite cannot use raises a
        ``StorageError`` (``ReadOnly``, ``Unavailable`` when it cannot be opened, ...)."""
        try:
            return await self._open()
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc

    async def _open(self) -> Database:
        if self._conn is not None:
            return self
        if sqlite3.sqlite_version_info < MIN_SQLITE:
            raise MigrationError(
                f"cardhost needs SQLite {'.'.join(map(str, MIN_SQLITE))} or newer; this Python's sqlite3 "
                f"module has {sqlite3.sqlite_version}. Use a Python built with a newer SQLite, or PostgreSQL "
                "(CARDHOST_DATABASE_URL=postgresql://...)."
            )

        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # check_same_thread=False: the loop thread uses the connection too (see the module doc).
        pending = aiosqlite.connect(
            self.path, isolation_level=None, timeout=self.busy_timeout_ms / 1000, check_same_thread=False
        )
        # A database left open (a test, a crash path) must not keep the interpreter from exiting;
        # what was committed is durable, an unfinished transaction rolls back on the next open.
        pending._thread.daemon = True
        try:
            conn = await pending
        except BaseException:
            # aiosqlite stops its worker thread by a message the thread answers on this loop: wait
            # for it, or it answers a closed loop after start-up has failed and prints a traceback
            # under the one-line error.
            await asyncio.to_thread(pending._thread.join, 5.0)
            raise
        try:
            conn.row_factory = aiosqlite.Row
            await configure(conn, self.busy_timeout_ms)
            self.applied_now = await migrate(conn, self.migrations_dir, clock=self.clock)
            async with conn.execute("PRAGMA journal_mode") as cur:
                row = await cur.fetchone()
            if row and str(row[0]).lower() == "wal":
                await conn.execute("PRAGMA wal_autocheckpoint = 0")
                self._checkpointer = _Checkpointer(self.path, weakref.ref(self), asyncio.get_running_loop())
        except BaseException:
            await conn.close()
            raise
        self._count_jobs(conn)
        self._conn = conn
        self._build_stores()
        return self

    def _build_stores(self) -> None:
        """The repositories, once the connection is open (either backend)."""
        self._matches = MatchStore(self, snapshot_every=self.snapshot_every)
        self._lobbies = LobbyStore(self)
        self._players = PlayerStore(self)

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        checkpointer, self._checkpointer = self._checkpointer, None
        if conn is not None:
            if checkpointer is not None:
                await asyncio.to_thread(checkpointer.stop)
            async with self._lock:
                await conn.close()

    def _quiet_checkpoint_soon(self) -> None:
        if self._conn is not None and (self._quiet is None or self._quiet.done()):
            self._quiet = asyncio.create_task(self._quiet_checkpoint(), name="cardhost-wal-checkpoint")

    async def _quiet_checkpoint(self) -> None:
        """A checkpoint no write can overtake: on aiosqlite's thread, holding ``_lock``."""
        async with self._lock:
            if self._conn is not None:
                await self._hop(_checkpoint, self._conn._conn)

    def _count_jobs(self, conn: aiosqlite.Connection) -> None:
        """Count the jobs aiosqlite runs on its thread, so the loop knows when it may use the
        connection itself (a job can outlive its cancelled awaiter)."""
        # No reference cycle through the connection: dropped unclosed, aiosqlite's __del__ still
        # stops its (non-daemon) thread, as before.
        queue_job: QueueJob = type(conn)._execute
        conn_ref = weakref.ref(conn)
        jobs = self._jobs

        async def counted(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            def job() -> Any:
                try:
                    return fn(*args, **kwargs)
                finally:
                    jobs.done += 1  # on aiosqlite's thread

            target = conn_ref()
            if target is None:
                raise ValueError("Connection closed")
            jobs.sent += 1
            return await queue_job(target, job)

        conn._execute = counted  # type: ignore[method-assign]

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
        self.conn  # noqa: B018
        store: DeckStore | None = self.__dict__.get("_decks")
        if store is None:
            store = self.__dict__["_decks"] = DeckStore(self)
        return store

    # -- transactions -----------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction (BEGIN IMMEDIATE for writes), or a SAVEPOINT when this task is already in one.

        Commits when the block ends normally; rolls back (to the savepoint) when it raises. A
        failure of the database's own (in the block, BEGIN or COMMIT) leaves it as a ``StorageError``.
        """
        try:
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
                    await self._begin(conn, write)
                    try:
                        yield conn
                        await conn.execute("COMMIT")
                    except BaseException:
                        await rollback_quietly(conn)
                        raise
                finally:
                    self._owner = None
                    self._depth = 0
        except sqlite3.Error as exc:  # what the file or SQLite refused, as the typed error
            raise storage_error(exc) from exc

    async def _begin(self, conn: aiosqlite.Connection, write: bool) -> None:
        await conn.execute(self.BEGIN_WRITE if write else self.BEGIN_READ)

    async def try_lock(self, space: int, key: int) -> bool:
        """Take a lock that every process sharing this database respects (PostgreSQL: a session
        advisory lock); False when another process holds it. SQLite serves one process, whose own
        ``asyncio`` locks are enough: always True."""
        return True

    async def unlock(self, space: int, key: int) -> None:
        """Release a ``try_lock``."""

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only block: one consistent view of the database for several SELECTs."""
        return self.transaction(write=False)

    # -- writes and reads on the loop thread ------------------------------------------------

    def _in_block(self) -> bool:
        task = asyncio.current_task()
        return task is not None and self._owner is task

    def _free(self) -> bool:
        """The loop may use the connection now: no block holds it and no thread job runs on it."""
        return not self._lock.locked() and self._jobs.idle()

    async def _hop(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the connection's thread (one queue round trip)."""
        # Only when a job of aiosqlite's thread may still run (a cancelled block): queued behind it.
        execute: QueueJob = self.conn._execute
        result: T = await execute(fn, *args)
        return result

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(sqlite3_connection)`` in a write transaction; group commit, no thread hop.

        Returns ``fn``'s result once the transaction that holds its changes has committed; if
        ``fn`` raises, its changes are rolled back and the exception is raised here (SQLite's own
        as a ``StorageError``). Inside a ``transaction()`` block of this task, ``fn`` runs in a
        SAVEPOINT of that block instead.
        """
        try:
            raw = self.conn._conn
            if self._in_block():
                # This task owns the block and is running now: nothing else uses the connection.
                if self._jobs.idle():
                    return _in_savepoint(raw, fn, f"sp{self._depth + 1}")
                return await self._hop(_in_savepoint, raw, fn, f"sp{self._depth + 1}")
            loop = asyncio.get_running_loop()
            if self._queue.idle and not getattr(loop, "_ready", True) and self._free():
                # Nothing else can run before this write commits (no other callback is ready), so no
                # other write could join its group: commit it now, on this thread.
                ok, value = _group_commit(raw, [fn])[0]
                self._committed(1)
                if ok:
                    result: T = value  # fn's result: _group_commit keeps results of several fns as Any
                    return result
                raise value
            return await self._queue.enqueue(fn)
        except sqlite3.Error as exc:  # fn's statement, or BEGIN / COMMIT
            raise storage_error(exc) from exc

    def _committed(self, writes: int) -> None:
        if self._checkpointer is not None:
            self._checkpointer.wrote(writes)

    async def query(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run the read-only ``fn(sqlite3_connection)`` in one consistent view, on the loop's thread
        when the connection is free (after yielding once, so a loop of reads stays fair)."""
        try:
            raw = self.conn._conn
            if self._in_block():
                if self._jobs.idle():
                    return fn(raw)
                return await self._hop(fn, raw)
            await asyncio.sleep(0)
            if self._free() and self._conn is not None:
                return _in_read(self._conn._conn, fn)
            async with self._lock:
                if self._jobs.idle():
                    return _in_read(self.conn._conn, fn)
                return await self._hop(_in_read, self.conn._conn, fn)
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc

    def now(self) -> float:
        return self.clock()

    backend = "sqlite"
    """Which SQL dialect the repositories' statements run on (``postgresql``: bot/db/postgres.py)."""
    BEGIN_WRITE = "BEGIN IMMEDIATE"
    """How ``transaction()`` starts a write: SQLite takes the write lock at once, so two writers
    never both read and then fail to upgrade."""
    BEGIN_READ = "BEGIN"

    async def reset_sequences(self) -> None:
        """After rows were inserted with their ids given (``cardhost import``), make the next
        generated id follow the largest stored one. SQLite's AUTOINCREMENT already does."""

    async def latest_time(self) -> float | None:
        """The latest moment anything stored happened (a match, a move, a pod, a pick, a lobby), or
        None for an empty database: where a simulated clock that restarts from a fixed date must
        resume, so stored deadlines keep their meaning (the no-token sandbox)."""

        def read(conn: sqlite3.Connection) -> float | None:
            found = [
                conn.execute(sql).fetchone()[0]
                for sql in (
                    "SELECT MAX(created_at) FROM matches",
                    "SELECT MAX(ended_at) FROM matches",
                    "SELECT MAX(at) FROM match_actions",
                    "SELECT MAX(created_at) FROM pods",
                    "SELECT MAX(at) FROM pod_picks",
                    "SELECT MAX(created_at) FROM lobbies",
                )
            ]
            known = [float(t) for t in found if t is not None]
            return max(known) if known else None

        return await self.query(read)


class GroupCommit:
    """SQLite's queue of writes that commit together: every write queued in one turn of the event
    loop joins one transaction (at most ``MAX_GROUP``), committed on the loop's thread when the
    connection is free, else on aiosqlite's thread after the job running there. A collaborator of
    ``Database`` rather than its methods: PostgreSQL writes without it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._pending: list[tuple[SyncFn, asyncio.Future[Any]]] = []
        self._flush_soon = False
        self._flusher: asyncio.Task[None] | None = None

    @property
    def idle(self) -> bool:
        """Nothing queued and no flush running: a write may commit at once."""
        return not self._pending and (self._flusher is None or self._flusher.done())

    async def enqueue(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._pending.append((fn, future))
        if not self._flush_soon:
            # After the callbacks already queued: writes of this loop iteration commit together.
            self._flush_soon = True
            loop.call_soon(self._flush_queued)
        return await future

    def _flush_queued(self) -> None:
        self._flush_soon = False
        if not self._pending or self.db._conn is None:
            self._fail_pending(RuntimeError("Database is not open"))
            return
        if self.db._free() and (self._flusher is None or self._flusher.done()):
            self._commit_pending()
        elif self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_when_free(), name="cardhost-group-commit")

    def _fail_pending(self, exc: Exception) -> None:
        pending, self._pending = self._pending, []
        for _, fut in pending:
            if not fut.done():
                fut.set_exception(exc)

    async def _flush_when_free(self) -> None:
        while self._pending:
            async with self.db._lock:
                if self.db._conn is None:
                    self._fail_pending(RuntimeError("Database is not open"))
                    return
                if self.db._jobs.idle():
                    self._commit_pending()
                    continue
                # A thread job still runs on the connection: commit on that thread, after it.
                batch = self._take_batch()
                if not batch:
                    continue
                try:
                    outcomes = await self.db._hop(_group_commit, self.db.conn._conn, [fn for fn, _ in batch])
                except BaseException as exc:  # the COMMIT itself failed: nobody's write is durable
                    _fail(batch, exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                self._answer(batch, outcomes)

    def _take_batch(self) -> list[tuple[SyncFn, asyncio.Future[Any]]]:
        batch, self._pending = self._pending[:MAX_GROUP], self._pending[MAX_GROUP:]
        return [(fn, fut) for fn, fut in batch if not fut.cancelled()]

    def _commit_pending(self) -> None:
        """Commit every queued write on this (the loop's) thread, MAX_GROUP per transaction."""
        raw = self.db.conn._conn
        while self._pending:
            batch = self._take_batch()
            if not batch:
                continue
            try:
                outcomes = _group_commit(raw, [fn for fn, _ in batch])
            except BaseException as exc:  # the COMMIT itself failed: nobody's write is durable
                _fail(batch, exc)
                if not isinstance(exc, Exception):
                    raise
                continue
            self._answer(batch, outcomes)

    def _answer(
        self, batch: list[tuple[SyncFn, asyncio.Future[Any]]], outcomes: list[tuple[bool, Any]]
    ) -> None:
        self.db._committed(len(batch))
        for (_, fut), (ok, value) in zip(batch, outcomes, strict=True):
            if fut.done():
                continue
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)


def _fail(batch: list[tuple[SyncFn, asyncio.Future[Any]]], exc: BaseException) -> None:
    for _, fut in batch:
        if not fut.done():
            fut.set_exception(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))


class _JobCounter:
    """aiosqlite jobs queued to / finished on its thread (each counter has one writer thread)."""

    def __init__(self) -> None:
        self.sent = 0
        self.done = 0

    def idle(self) -> bool:
        return self.sent == self.done


class _Checkpointer:
    """Moves WAL frames into the database file from a daemon thread with its own connection
    (``PRAGMA wal_checkpoint(PASSIVE)``: never takes the write lock, never waits), so the loop's
    commits never checkpoint (a checkpoint fsyncs)."""

    def __init__(
        self,
        path: Path,
        owner: weakref.ref[Database],
        loop: asyncio.AbstractEventLoop,
        every: int = CHECKPOINT_EVERY,
        seconds: float = CHECKPOINT_SECONDS,
    ) -> None:
        self.path = path
        self.owner = owner
        """Weak, so a Database dropped without close() is collected and this thread ends."""
        self.loop = loop
        self.every = every
        self.seconds = seconds
        self.checkpoints = 0
        self._writes = 0
        self._wake = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="cardhost-wal-checkpoint", daemon=True)
        self._thread.start()

    def wrote(self, n: int) -> None:
        """Called on the loop after a commit of ``n`` writes."""
        self._writes += n
        if self._writes >= self.every:
            self._writes = 0
            self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        self._thread.join()

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            while True:
                self._wake.wait(self.seconds)
                self._wake.clear()
                try:
                    _, frames, _ = _checkpoint(conn)
                    # The WAL only rewinds after a checkpoint no write overtook; a long one never did.
                    if frames > QUIET_CHECKPOINT_FRAMES:
                        db = self.owner()
                        if db is not None:
                            self.loop.call_soon_threadsafe(db._quiet_checkpoint_soon)
                        del db
                    self.checkpoints += 1  # counted last: a reader that sees it sees the quiet one asked for
                except (sqlite3.Error, RuntimeError):  # the file or the loop is closing: later
                    pass
                if self._stopping or self.owner() is None:
                    break
        finally:
            conn.close()


def _checkpoint(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """PASSIVE checkpoint: (busy, frames in the WAL, frames copied to the database)."""
    row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(row[0]), int(row[1]), int(row[2])


def _in_savepoint(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T], name: str) -> T:
    raw.execute(f"SAVEPOINT {name}")
    try:
        result = fn(raw)
    except BaseException:
        raw.execute(f"ROLLBACK TO {name}")
        raw.execute(f"RELEASE {name}")
        raise
    raw.execute(f"RELEASE {name}")
    return result


def _in_read(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
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
                    if raw.in_transaction:  # SQLite may have rolled back already (a full disk)
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
    when a cancellation arrived while COMMIT was queued), and PostgreSQL's connection may be gone:
    not a second error (the first is the one raised)."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error, StorageError):
            await conn.execute("ROLLBACK")
