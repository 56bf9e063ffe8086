"""Both backends raise the same typed storage errors (bot/db/errors.py) for the same situations:
a taken log seq is ``StaleSeq``, another constraint ``Conflict``, a database that takes no writes
``ReadOnly``, a write lock held past the timeout or a lost connection ``Unavailable``, no room
``Full``. Each situation is made for real, on SQLite and on a real PostgreSQL server (a full disk
only on SQLite: a server's disk cannot be filled here, so its mapping is checked on asyncpg's own
exception for SQLSTATE 53100)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.db import (
    Conflict,
    Database,
    Full,
    ReadOnly,
    SeatInfo,
    StaleSeq,
    StorageError,
    Unavailable,
)
from bot.db.pgerrors import storage_error

pytestmark = pytest.mark.backends  # tests taking a database run on SQLite and on PostgreSQL

SEATS = [SeatInfo(101, "Ada"), SeatInfo(None, "Robot", is_ai=True)]
INSERT_ACTION = "INSERT INTO match_actions (match_id, seq, seat, action_id, at) VALUES (?, ?, 0, 'x', 1.0)"


@pytest.fixture
async def db(databases: Any) -> AsyncIterator[Database]:
    async with databases.make() as database:
        yield database


async def new_match(db: Database) -> int:
    return await db.matches.create_match(
        game="counter",
        engine_version="1",
        config={},
        seed=1,
        seats=SEATS,
        guild_id=1,
        channel_id=10,
        host_id=101,
    )


def insert(sql: str, params: tuple[Any, ...]) -> Callable[[Any], None]:
    def fn(conn: Any) -> None:
        conn.execute(sql, params)

    return fn


async def logged_seqs(db: Database, match_id: int) -> list[int]:
    return [a.seq for a in await db.matches.actions(match_id)]


async def test_a_taken_log_seq_is_a_stale_seq(db: Database) -> None:
    """Two writers storing the same move: the second insert of ``(match_id, seq)`` loses."""
    match_id = await new_match(db)
    await db.matches.append_action(match_id, 1, 0, "add:1")
    with pytest.raises(StaleSeq) as raced:
        await db.write(insert(INSERT_ACTION, (match_id, 1)))
    assert isinstance(raced.value, Conflict)
    assert (raced.value.table, raced.value.backend) == ("match_actions", db.backend)
    with pytest.raises(StaleSeq):  # in a block as well as in write(fn)
        async with db.transaction() as conn:
            await conn.execute(INSERT_ACTION, (match_id, 1))
    assert await logged_seqs(db, match_id) == [1]
    await db.matches.append_action(match_id, 2, 0, "add:1")  # the connection works on
    assert await logged_seqs(db, match_id) == [1, 2]


async def test_other_constraints_are_conflicts_and_not_stale_seqs(db: Database) -> None:
    match_id = await new_match(db)
    refused = []
    for sql, params in (
        ("INSERT INTO players (user_id, created_at) VALUES (?, ?)", (101, 1.0)),  # taken primary key
        ("INSERT INTO match_seats (match_id, seat, display_name, is_ai) VALUES (?, 0, 'x', 1)", (999,)),
        (INSERT_ACTION, (match_id, 0)),  # CHECK (seq >= 1)
    ):
        with pytest.raises(Conflict) as failed:
            await db.write(insert(sql, params))
        refused.append(failed.value)
    assert [type(e) for e in refused] == [Conflict] * 3
    assert {e.backend for e in refused} == {db.backend}


@asynccontextmanager
async def read_only(db: Database) -> AsyncIterator[None]:
    """The database takes no writes: SQLite's ``query_only`` (SQLITE_READONLY, the code of a
    read-only file too), PostgreSQL's read-only transactions (a standby's refusal)."""
    if db.backend == "sqlite":
        raw = db.conn._conn
        raw.execute("PRAGMA query_only = ON")
        try:
            yield
        finally:
            raw.execute("PRAGMA query_only = OFF")
        return
    server = db.engine.conn  # type: ignore[attr-defined]
    await server.execute("SET default_transaction_read_only = on")
    try:
        yield
    finally:
        await server.execute("SET default_transaction_read_only = off")


async def test_a_database_that_takes_no_writes_is_read_only(db: Database) -> None:
    match_id = await new_match(db)
    async with read_only(db):
        with pytest.raises(ReadOnly) as refused:
            await db.matches.append_action(match_id, 1, 0, "add:1")
        assert refused.value.backend == db.backend
        with pytest.raises(ReadOnly):
            async with db.transaction() as conn:
                await conn.execute("UPDATE matches SET seed = 2 WHERE id = ?", (match_id,))
        assert await logged_seqs(db, match_id) == []  # reads still work
    await db.matches.append_action(match_id, 1, 0, "add:1")
    assert await logged_seqs(db, match_id) == [1]


@asynccontextmanager
async def write_lock_held_elsewhere(db: Database) -> AsyncIterator[None]:
    """Another process holds the write lock longer than this one waits (SQLite's busy timeout,
    PostgreSQL's lock_timeout on the lock every write transaction takes)."""
    if db.backend == "sqlite":
        raw = db.conn._conn
        raw.execute("PRAGMA busy_timeout = 50")
        other = sqlite3.connect(db.path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
            raw.execute(f"PRAGMA busy_timeout = {db.busy_timeout_ms}")
        return
    from bot.db.postgres import WRITE_LOCK

    server = db.engine.conn  # type: ignore[attr-defined]
    other = await asyncpg.connect(db.dsn)  # type: ignore[attr-defined]
    await other.execute("SELECT pg_advisory_lock($1)", WRITE_LOCK)
    await server.execute("SET lock_timeout = '50ms'")
    try:
        yield
    finally:
        await server.execute("RESET lock_timeout")
        await other.close()


async def test_a_write_lock_held_past_the_timeout_is_unavailable(db: Database) -> None:
    match_id = await new_match(db)
    async with write_lock_held_elsewhere(db):
        with pytest.raises(Unavailable) as waited:
            await db.matches.append_action(match_id, 1, 0, "add:1")
        assert waited.value.backend == db.backend
    await db.matches.append_action(match_id, 1, 0, "add:1")  # the lock is free: it works again
    assert await logged_seqs(db, match_id) == [1]


async def lose_connection(db: Database) -> None:
    """The connection goes away under the bot: SQLite's is closed, PostgreSQL's server ends it."""
    if db.backend == "sqlite":
        db.conn._conn.close()
        return
    server = db.engine.conn  # type: ignore[attr-defined]
    other = await asyncpg.connect(db.dsn)  # type: ignore[attr-defined]
    try:
        assert await other.fetchval("SELECT pg_terminate_backend($1)", server.get_server_pid())
    finally:
        await other.close()
    for _ in range(500):  # the server's goodbye reaches the client's socket: the bot is idle
        if server.is_closed():
            break
        await asyncio.sleep(0.01)
    assert server.is_closed()


async def test_a_lost_connection_is_unavailable(db: Database) -> None:
    match_id = await new_match(db)
    await lose_connection(db)
    with pytest.raises(Unavailable) as lost:
        await db.matches.append_action(match_id, 1, 0, "add:1")
    assert lost.value.backend == db.backend
    with pytest.raises(Unavailable):  # and every later call, reads too
        await db.matches.actions(match_id)
    with pytest.raises(Unavailable):
        async with db.transaction() as conn:
            await conn.execute("UPDATE matches SET seed = 2 WHERE id = ?", (match_id,))


async def test_a_full_sqlite_file_is_full(tmp_path: Path) -> None:
    async with Database(tmp_path / "full.sqlite3", snapshot_every=1) as db:
        match_id = await new_match(db)
        raw = db.conn._conn
        assert tuple(raw.execute("PRAGMA freelist_count").fetchone()) == (0,)
        raw.execute("PRAGMA max_page_count = 1")  # SQLite keeps the current size: not a page more
        try:
            with pytest.raises(Full) as full:
                await db.matches.append_action(match_id, 1, 0, "add:1", state_after=["x" * 20_000])
        finally:
            raw.execute("PRAGMA max_page_count = 1073741823")
        assert full.value.backend == "sqlite"
        assert await logged_seqs(db, match_id) == []


@pytest.mark.parametrize(
    ("sqlstate", "fields", "kind"),
    [
        ("53100", {}, Full),  # disk_full
        ("25006", {}, ReadOnly),  # read_only_sql_transaction
        ("23505", {"t": "match_actions", "n": "match_actions_pkey"}, StaleSeq),
        ("23505", {"t": "pod_picks", "n": "pod_picks_pkey"}, StaleSeq),
        ("23505", {"t": "pod_picks", "n": "pod_picks_pod_id_seat_round_pick_no_key"}, Conflict),
        ("40001", {}, Conflict),  # serialization_failure: two writers
        ("40P01", {}, Conflict),  # deadlock_detected
        ("57P03", {}, Unavailable),  # cannot_connect_now
        ("08003", {}, Unavailable),  # connection_does_not_exist
        ("55P03", {}, Unavailable),  # lock_not_available
        ("53300", {}, Unavailable),  # too_many_connections
        ("42601", {}, StorageError),  # syntax_error: a bug, no subclass
    ],
)
def test_postgresql_states_map_to_the_typed_errors(
    sqlstate: str, fields: dict[str, str], kind: type[StorageError]
) -> None:
    """The situations the server cannot be brought into here, by SQLSTATE as the server sends it."""
    native = asyncpg.PostgresError.new({"C": sqlstate, "M": "refused", **fields})
    typed = storage_error(native)
    assert typed is not None and type(typed) is kind and typed.backend == "postgresql"
    assert storage_error(ConnectionResetError("reset by peer")).__class__ is Unavailable
    assert storage_error(ValueError("a bug")) is None  # not the database's: raised as it is
