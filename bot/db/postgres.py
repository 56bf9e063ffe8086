"""The PostgreSQL backend: the same ``Database`` contract over asyncpg.

The repositories are written against two shapes of connection: an aiosqlite-like one inside
``transaction()`` blocks (``await conn.execute(sql, params)`` and a cursor) and a plain
``sqlite3``-like one in the functions handed to ``write(fn)`` / ``query(fn)``, which the SQLite
backend runs on the loop's thread with no await. Here both shapes are served by one asyncpg
connection:

- ``AsyncConn`` answers the first shape directly.
- ``SyncConn`` answers the second from a worker thread: ``fn`` runs there, and each statement it
  executes is sent to the loop (``run_coroutine_threadsafe``) and waited for. The loop is free
  meanwhile, so a slow server never blocks it, and the repositories keep one copy of their code.

Each statement arrives written for PostgreSQL too (the shared subset, or its own text in an ``Sql``,
``bot/db/sql.py``); ``pgsql.Statements`` only numbers its parameters for asyncpg. What the server or
the connection refuses is raised as the typed ``StorageError`` SQLite's backend raises for the
same situation (``bot/db/errors.py``, mapped in ``bot/db/pgerrors.py``: a taken log seq is a
``StaleSeq``, a read-only transaction ``ReadOnly``, a lost connection ``Unavailable``). One
difference cannot be hidden cheaply: PostgreSQL spoils the whole transaction when
a statement fails, where SQLite undoes only that statement. A SAVEPOINT around every statement
would hide it at three round trips a statement, so instead no repository catches a failed
statement and goes on (``matches.append_action`` inserts with ``ON CONFLICT DO NOTHING`` and
reads the row count); a failure ends the ``write(fn)`` and rolls it back, on both backends.

One connection and one asyncio lock keep SQLite's discipline within the process (one block at a
time, nested blocks become SAVEPOINTs). Between processes PostgreSQL's own locking applies:
migrations take an advisory lock, so processes starting together apply each file once.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from .database import Database
from .errors import MigrationFailed
from .migrate import AppliedMigration, Migration, discover_postgres, plan
from .pgerrors import storage_error
from .pgsql import COMPAT_FUNCTIONS, Statement, Statements
from .redact import redact

T = TypeVar("T")

MIGRATION_LOCK = 0x63617264  # "card": the advisory lock migrations run under


class Row:
    """A result row read like ``sqlite3.Row``: by position, by column name, ``keys()``, ``dict(row)``."""

    __slots__ = ("_index", "_values")

    def __init__(self, values: tuple[Any, ...], index: dict[str, int]) -> None:
        self._values = values
        self._index = index

    def __getitem__(self, key: int | str | slice) -> Any:
        if isinstance(key, str):
            return self._values[self._index[key]]
        return self._values[key]

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def keys(self) -> list[str]:
        return list(self._index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Row):
            return self._values == other._values
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return f"Row({dict(zip(self._index, self._values, strict=False))!r})"


def _plain(value: Any) -> Any:
    """SUM and AVG of integers come back as ``numeric`` (a Decimal); SQLite gives int or float."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _rows(records: Sequence[asyncpg.Record]) -> list[Row]:
    if not records:
        return []
    index = {k: i for i, k in enumerate(records[0].keys())}
    return [Row(tuple(_plain(v) for v in r.values()), index) for r in records]


def _params(stmt: Statement, params: Any) -> list[Any]:
    if params is None:
        values: list[Any] = []
    elif stmt.names is not None:
        values = [params[name] for name in stmt.names]
    else:
        values = list(params)
    for i in stmt.limits:
        if isinstance(values[i], int) and values[i] < 0:
            values[i] = None
    return values  # asyncpg takes a bool for an integer column, and needs one where SQL wants a boolean


async def _on_server(call: Awaitable[T]) -> T:
    """A call of asyncpg's own (not a repository's statement), its failure as a ``StorageError``."""
    try:
        return await call
    except BaseException as exc:
        mapped = storage_error(exc)
        if mapped is None:
            raise
        raise mapped from exc


class Cursor:
    """The result of one statement, read like a ``sqlite3`` / aiosqlite cursor."""

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self._rows = rows
        self._at = 0
        self.rowcount = rowcount

    def fetchone(self) -> Row | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    def fetchall(self) -> list[Row]:
        rest, self._at = self._rows[self._at :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


class _AsyncCursor:
    def __init__(self, cursor: Cursor) -> None:
        self._cursor = cursor
        self.rowcount = cursor.rowcount

    async def fetchone(self) -> Row | None:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Row]:
        return self._cursor.fetchall()

    async def close(self) -> None:
        pass

    def __aiter__(self) -> AsyncIterator[Row]:
        async def rows() -> AsyncIterator[Row]:
            for row in self._cursor.fetchall():
                yield row

        return rows()


class _Pending:
    """``conn.execute(...)`` in a block: awaited for a cursor, or used as ``async with``."""

    def __init__(self, run: Callable[[], Any]) -> None:
        self._run = run

    def __await__(self) -> Any:
        return self._cursor().__await__()

    async def _cursor(self) -> _AsyncCursor:
        return _AsyncCursor(await self._run())

    async def __aenter__(self) -> _AsyncCursor:
        return await self._cursor()

    async def __aexit__(self, *exc: object) -> None:
        pass


class _Engine:
    """Runs the repositories' statements on the one asyncpg connection."""

    def __init__(self, conn: asyncpg.Connection, statements: Statements) -> None:
        self.conn = conn
        self.statements = statements

    async def run(self, sql: str, params: Any = None) -> Cursor:
        stmt = self.statements(sql)
        args = _params(stmt, params)
        try:
            if stmt.returns_rows:
                rows = _rows(await self.conn.fetch(stmt.sql, *args))
                cursor = Cursor(rows, len(rows) if stmt.kind != "SELECT" else -1)
            else:
                status = await self.conn.execute(stmt.sql, *args)
                cursor = Cursor([], _count(status))
        except BaseException as exc:
            mapped = storage_error(exc)
            if mapped is None:
                raise
            raise mapped from exc
        return cursor

    async def run_many(self, sql: str, rows: Iterable[Any]) -> Cursor:
        stmt = self.statements(sql)
        batch = [_params(stmt, r) for r in rows]
        try:
            if batch:
                await self.conn.executemany(stmt.sql, batch)
        except BaseException as exc:
            mapped = storage_error(exc)
            if mapped is None:
                raise
            raise mapped from exc
        return Cursor([], len(batch))


def _count(status: str) -> int:
    """asyncpg's command tag ("UPDATE 3", "INSERT 0 1") -> the row count."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else -1


class AsyncConn:
    """What a ``transaction()`` block gets: aiosqlite's ``execute`` / ``executemany``."""

    def __init__(self, engine: _Engine) -> None:
        self._engine = engine
        self.in_transaction = True

    def execute(self, sql: str, params: Any = None) -> _Pending:
        return _Pending(lambda: self._engine.run(sql, params))

    def executemany(self, sql: str, rows: Iterable[Any]) -> _Pending:
        return _Pending(lambda: self._engine.run_many(sql, rows))


class SyncConn:
    """What ``write(fn)`` / ``query(fn)`` functions get, on a worker thread: ``sqlite3``'s calls,
    each statement run on the loop and waited for."""

    def __init__(self, engine: _Engine, loop: asyncio.AbstractEventLoop) -> None:
        self._engine = engine
        self._loop = loop
        self.in_transaction = True

    def _wait(self, coro: Any) -> Cursor:
        result: Cursor = asyncio.run_coroutine_threadsafe(coro, self._loop).result()
        return result

    def execute(self, sql: str, params: Any = None) -> Cursor:
        return self._wait(self._engine.run(sql, params))

    def executemany(self, sql: str, rows: Iterable[Any]) -> Cursor:
        return self._wait(self._engine.run_many(sql, list(rows)))


class PostgresDatabase(Database):
    """``Database`` on a PostgreSQL server (``CARDHOST_DATABASE_URL=postgresql://...``)."""

    backend = "postgresql"
    BEGIN_WRITE = "BEGIN"
    BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    def __init__(
        self,
        dsn: str,
        *,
        migrations_dir: Path | Traversable | None = None,
        snapshot_every: int = 50,
        clock: Callable[[], float] = time.time,
        connect_timeout: float = 10.0,
    ) -> None:
        super().__init__(
            Path("/dev/null"), migrations_dir=migrations_dir, snapshot_every=snapshot_every, clock=clock
        )
        self.dsn = dsn
        self.connect_timeout = connect_timeout
        self._engine: _Engine | None = None

    def __repr__(self) -> str:
        return f"PostgresDatabase({redact(self.dsn)})"

    # -- life cycle -------------------------------------------------------------------------

    async def open(self) -> PostgresDatabase:
        if self._engine is not None:
            return self
        try:
            conn = await asyncpg.connect(self.dsn, timeout=self.connect_timeout)
        except BaseException as exc:
            mapped = storage_error(exc)
            if mapped is None:
                raise
            raise mapped from exc
        try:
            self.applied_now = await _on_server(self._migrate(conn))
        except BaseException:
            await conn.close()
            raise
        self._engine = _Engine(conn, Statements())
        # what the base class's transaction() runs on: aiosqlite's execute(), by duck typing
        self._conn = AsyncConn(self._engine)  # type: ignore[assignment]
        self._build_stores()
        return self

    async def close(self) -> None:
        engine, self._engine = self._engine, None
        self._conn = None
        self.__dict__.pop("_decks", None)
        if engine is not None:
            async with self._lock:
                await engine.conn.close()

    async def _migrate(self, conn: asyncpg.Connection) -> list[Migration]:
        """PostgreSQL's migration files (``migrations/postgres/``), in order; each recorded under its
        SQLite twin's checksum (``discover_postgres``)."""
        found = discover_postgres(self.migrations_dir)
        done: list[Migration] = []
        await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            await conn.execute(COMPAT_FUNCTIONS)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL,"
                " checksum TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
            )
            rows = await conn.fetch("SELECT version, name, checksum, applied_at FROM schema_migrations")
            applied = {
                int(r[0]): AppliedMigration(int(r[0]), str(r[1]), str(r[2]), float(r[3])) for r in rows
            }
            for m in plan(found, applied):
                statements = m.statements()
                async with conn.transaction():
                    for n, stmt in enumerate(statements, 1):
                        try:
                            await conn.execute(stmt)
                        except asyncpg.PostgresError as exc:
                            raise MigrationFailed(
                                f"Migration {m.filename} failed at statement {n} of {len(statements)} and was "
                                f"rolled back: {exc}. Statement: {stmt[:300]}"
                            ) from exc
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                        m.version,
                        m.name,
                        m.checksum,
                        self.clock(),
                    )
                done.append(m)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return done

    @property
    def engine(self) -> _Engine:
        if self._engine is None:
            raise RuntimeError("Database is not open; call `await db.open()` first")
        return self._engine

    # -- transactions -----------------------------------------------------------------------
    # ``transaction()`` and ``read()`` are the base class's, on ``AsyncConn`` (nested blocks are
    # SAVEPOINTs there too).

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` on a worker thread, in a transaction of its own (or a SAVEPOINT of this task's
        block); returns once that transaction has committed."""
        return await self._run(fn, write=True)

    async def query(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await self._run(fn, write=False)

    async def _run(self, fn: Callable[[sqlite3.Connection], T], *, write: bool) -> T:
        sync = SyncConn(self.engine, asyncio.get_running_loop())
        async with self.transaction(write=write):  # a SAVEPOINT inside this task's block
            return await _on_thread(fn, sync)

    async def _begin(self, conn: Any, write: bool) -> None:
        if not write:
            await _on_server(self.engine.conn.execute(self.BEGIN_READ))
            return
        # SQLite's BEGIN IMMEDIATE across processes: one writer at a time, so a read-then-write
        # transaction (a lobby's last free seat, a deck name) cannot interleave with another
        # process's. Taken in the same round trip as BEGIN; freed by COMMIT or ROLLBACK.
        server = self.engine.conn
        try:
            await _on_server(server.execute(f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})"))
        except BaseException:
            # BEGIN ran but the lock was not taken (lock_timeout, a cancel): that transaction is
            # spoilt and nobody's to roll back, so every later statement would be refused.
            if not server.is_closed() and server.is_in_transaction():
                with contextlib.suppress(Exception):
                    await server.execute("ROLLBACK")
            raise

    async def try_lock(self, space: int, key: int) -> bool:
        if self._owner is not None and self._owner is asyncio.current_task():
            # Waiting for a lock while holding the write lock would stall every other process.
            raise RuntimeError("a shared lock must be taken outside any transaction")
        async with self._lock:
            return bool(
                await _on_server(
                    self.engine.conn.fetchval("SELECT pg_try_advisory_lock($1)", _lock_key(space, key))
                )
            )

    async def unlock(self, space: int, key: int) -> None:
        async with self._lock:
            await _on_server(
                self.engine.conn.fetchval("SELECT pg_advisory_unlock($1)", _lock_key(space, key))
            )

    async def reset_sequences(self) -> None:
        """Each generated id continues after the largest stored one (after ``cardhost import``)."""
        async with self._lock:
            for table, column in await _on_server(identity_columns(self.engine.conn)):
                await _on_server(
                    self.engine.conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                        f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
                    )
                )


WRITE_LOCK = 0x6361_7264_0001
"""The advisory lock every write transaction holds (``_begin``); apart from ``MIGRATION_LOCK``."""


def _lock_key(space: int, key: int) -> int:
    """One bigint advisory key for (space, id): the space in the top bits, apart from WRITE_LOCK."""
    return ((space & 0x7FFF) << 48) | (key & 0xFFFF_FFFF_FFFF)


async def _on_thread(fn: Callable[[Any], T], sync: SyncConn) -> T:
    """``fn(sync)`` on a worker thread. Cancelled meanwhile, it waits for ``fn`` to stop before
    giving up: the thread still sends statements to the connection, and the ROLLBACK that follows
    must not overlap them (asyncpg: "another operation is in progress")."""
    # in the caller's context, as asyncio.to_thread does (a simulated clock lives in a contextvar)
    context = contextvars.copy_context()
    job = asyncio.get_running_loop().run_in_executor(None, functools.partial(context.run, fn, sync))
    try:
        return await asyncio.shield(job)
    except asyncio.CancelledError:
        with contextlib.suppress(BaseException):
            await job
        raise


async def identity_columns(conn: asyncpg.Connection) -> list[tuple[str, str]]:
    """(table, column) of each generated id column (``GENERATED BY DEFAULT AS IDENTITY``)."""
    rows = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name"
    )
    return [(str(r[0]), str(r[1])) for r in rows]
