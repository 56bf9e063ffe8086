"""asyncpg's exceptions as the storage layer's typed errors (``bot/db/errors.py``).

``PostgresDatabase`` calls ``storage_error`` on every statement and on its own calls to the
server (connect, BEGIN, advisory locks), so callers see the same classes as on SQLite. PostgreSQL
says what went wrong in its SQLSTATE, which asyncpg turns into a class per code and a class per
code family (``IntegrityConstraintViolationError`` is 23xxx): the families are mapped here, with
the codes that differ from their family's meaning first.
"""

from __future__ import annotations

import asyncpg

from .errors import LOG_TABLES, Conflict, Full, ReadOnly, StaleSeq, StorageError, Unavailable

_BY_CLASS: tuple[tuple[type[BaseException], type[StorageError]], ...] = (
    (asyncpg.ReadOnlySQLTransactionError, ReadOnly),  # 25006; a hot standby says so too
    (asyncpg.DiskFullError, Full),  # 53100
    (asyncpg.IntegrityConstraintViolationError, Conflict),  # 23xxx: unique, foreign key, check, not null
    (asyncpg.TransactionRollbackError, Conflict),  # 40xxx: serialization failure, deadlock
    (asyncpg.PostgresConnectionError, Unavailable),  # 08xxx: the connection failed or is gone
    (asyncpg.OperatorInterventionError, Unavailable),  # 57xxx: shut down, starting, query cancelled
    (asyncpg.InsufficientResourcesError, Unavailable),  # 53xxx but disk full: memory, connections
    (asyncpg.LockNotAvailableError, Unavailable),  # 55P03: lock_timeout
    (OSError, Unavailable),  # the socket: refused, reset, timed out (TimeoutError is an OSError)
)


def storage_error(exc: BaseException) -> StorageError | None:
    """The typed error for a driver or socket exception (raise it ``from exc``); None for anything
    else (a cancellation, a bug of the caller's), which is raised as it is."""
    text = f"PostgreSQL: {exc}"
    if isinstance(exc, asyncpg.UniqueViolationError):
        table = exc.table_name  # set from the server's message
        if table in LOG_TABLES and exc.constraint_name == f"{table}_pkey":
            return StaleSeq(text, backend="postgresql", table=table)
    for native, kind in _BY_CLASS:
        if isinstance(exc, native):
            return kind(text, backend="postgresql")
    if isinstance(exc, asyncpg.InterfaceError) and "connection is closed" in str(exc):
        return Unavailable(text, backend="postgresql")
    if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | asyncpg.InternalClientError):
        return StorageError(text, backend="postgresql")
    return None
