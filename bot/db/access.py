"""What a store needs of its database, and the row helpers every store uses.

The stores (``bot/db/matches.py``, ``lobbies.py``, ...) are built by the database they read and
write (``Database._build_stores``), so a store that imported ``bot.db.database`` for its type or
its helpers would close an import cycle (``tests/test_bot_layers.py`` counts it). They depend on
this contract instead, which both backends (SQLite and PostgreSQL) meet.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite

T = TypeVar("T")


class Access(Protocol):
    """The database as its stores use it (``bot.db.database.Database`` and its PostgreSQL kin)."""

    path: Path

    def now(self) -> float:
        """The database's clock (seconds), which tests may freeze."""
        ...

    async def query(self, fn: Callable[[Any], T]) -> T:
        """``fn(connection)`` read-only, in one consistent view."""
        ...

    async def write(self, fn: Callable[[Any], T]) -> T:
        """``fn(connection)`` in a write transaction, returned once it has committed."""
        ...

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read-only block for several SELECTs."""
        ...

    def transaction(self, *, write: bool = True) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A transaction (or a savepoint inside one this task holds)."""
        ...


def dump_json(value: Any) -> str:
    """Compact, key-sorted JSON text for a JSON column."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def load_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def new_id(cur: Any) -> int:
    """The id an ``INSERT ... RETURNING id`` made (a ``sqlite3`` cursor, or PostgreSQL's). Every
    row is read, so SQLite finishes the statement before the transaction commits."""
    rows = cur.fetchall()
    return int(rows[0][0])


async def new_id_of(cur: Any) -> int:
    """``new_id`` of an aiosqlite cursor (a ``transaction()`` block's)."""
    rows = await cur.fetchall()
    return int(rows[0][0])


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
