"""SQLite's exceptions as the storage layer's typed errors (``bot/db/errors.py``).

``Database`` (the SQLite backend) calls ``storage_error`` where a ``sqlite3`` exception would
leave it (``open``, ``transaction``, ``write``, ``query``), so callers see the same classes as on
PostgreSQL. SQLite says what went wrong in its result code (``sqlite_errorcode``, whose low byte is
the primary code), not in the exception's class: an ``OperationalError`` may be a lock, a full
disk or a read-only file.
"""

from __future__ import annotations

import sqlite3

from .errors import LOG_TABLES, Conflict, Full, ReadOnly, StaleSeq, StorageError, Unavailable

SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_PROTOCOL = 15
SQLITE_CONSTRAINT = 19

_BY_CODE: dict[int, type[StorageError]] = {
    SQLITE_BUSY: Unavailable,
    SQLITE_LOCKED: Unavailable,
    SQLITE_IOERR: Unavailable,
    SQLITE_CANTOPEN: Unavailable,
    SQLITE_PROTOCOL: Unavailable,
    SQLITE_READONLY: ReadOnly,
    SQLITE_FULL: Full,
    SQLITE_CONSTRAINT: Conflict,
}

UNIQUE_FAILED = "UNIQUE constraint failed: "


def storage_error(exc: sqlite3.Error) -> StorageError:
    """The typed error for ``exc``; raise it ``from exc``."""
    text = str(exc)
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        # Python's own checks carry no result code: a closed connection is one that is gone.
        if isinstance(exc, sqlite3.ProgrammingError) and "closed" in text:
            return Unavailable(text, backend="sqlite")
        if isinstance(exc, sqlite3.IntegrityError):
            return Conflict(text, backend="sqlite")
        return StorageError(text, backend="sqlite")
    kind = _BY_CODE.get(code & 0xFF, StorageError)
    if kind is Conflict:
        table = _log_seq_taken(text)
        if table is not None:
            return StaleSeq(text, backend="sqlite", table=table)
    return kind(text, backend="sqlite")


def _log_seq_taken(text: str) -> str | None:
    """The log table whose ``(owner, seq)`` key a unique failure is about, or None.

    SQLite names the key's columns: ``UNIQUE constraint failed: match_actions.match_id,
    match_actions.seq``."""
    if not text.startswith(UNIQUE_FAILED):
        return None
    columns = [c.strip().split(".") for c in text[len(UNIQUE_FAILED) :].split(",")]
    tables = {c[0] for c in columns if len(c) == 2}
    names = {c[1] for c in columns if len(c) == 2}
    if len(tables) == 1 and "seq" in names and len(names) == 2:
        (table,) = tables
        if table in LOG_TABLES:
            return table
    return None
