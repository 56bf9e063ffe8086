"""The schema migration runner.

``migrations/V001__init.sql``, ``V002__<name>.sql``, ... are applied in numeric order. They are
package data of the top-level ``migrations`` package, read with ``importlib.resources`` so that an
installed wheel finds them as well as a checkout; tests may point the runner at any folder. Each file
runs in its own transaction together with the row that records it in ``schema_migrations``
(version, name, checksum, applied_at), so a migration is either fully applied and recorded or not
at all. ``sqlite3``'s ``executescript`` commits on its own, so the runner splits a file into
statements itself (with SQLite's own ``complete_statement``, which understands strings, comments
and trigger bodies) and executes them one by one between an explicit BEGIN and COMMIT.

The files at the top of the folder are SQLite's. PostgreSQL's are in ``migrations/postgres/``, one
for each SQLite file, with the same version and name, written in PostgreSQL's own spelling
(``BIGINT``, ``DOUBLE PRECISION``, ``BYTEA``, identity columns); ``discover_postgres`` pairs them.
A version is recorded on both backends under its SQLite file's checksum, as it was before the
PostgreSQL files existed (they were then translated from the SQLite ones at run time): databases
migrated then keep working, and an export carries the same checksums from either backend.

The runner refuses, with a message for the operator, when an applied file was edited, when an
applied file is missing, when a new file sorts before an applied one, or when the database was
migrated by a newer cardhost than this one; and it checks that the file can be written at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

import aiosqlite

from .errors import ChecksumMismatch, DatabaseTooNew, MigrationError, MigrationFailed

MIGRATIONS_DIR: Traversable = files("migrations")
"""The ``migrations`` package's files, wherever it is installed."""

_FILE_RE = re.compile(r"^V(\d+)__([A-Za-z0-9_]+)\.sql$")
_COMMENTS_RE = re.compile(r"--[^\n]*|/\*.*?\*/", re.DOTALL)
_TX_CONTROL = ("BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE")

_CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    """One migration file."""

    version: int
    name: str
    filename: str
    sql: str
    checksum: str

    def statements(self) -> list[str]:
        return split_statements(self.sql, source=self.filename)


@dataclass(frozen=True)
class AppliedMigration:
    """One row of ``schema_migrations``."""

    version: int
    name: str
    checksum: str
    applied_at: float


def checksum(sql: str) -> str:
    """SHA-256 of the file text with line endings normalised (a CRLF checkout is not an edit)."""
    return hashlib.sha256(sql.replace("\r\n", "\n").encode("utf-8")).hexdigest()


def discover(directory: Path | Traversable | None = None) -> list[Migration]:
    """The migration files of ``directory`` (default ``MIGRATIONS_DIR``), in version order."""
    directory = MIGRATIONS_DIR if directory is None else directory
    if not directory.is_dir():
        raise MigrationError(f"Migrations folder {directory} does not exist.")
    found: dict[int, Migration] = {}
    for entry in sorted(directory.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".sql") or not entry.is_file():
            continue
        m = _FILE_RE.match(entry.name)
        if m is None:
            raise MigrationError(
                f"{entry.name}: migration files must be named V<number>__<name>.sql (e.g. V002__decks.sql)."
            )
        version = int(m.group(1))
        if version in found:
            raise MigrationError(
                f"{entry.name} and {found[version].filename} both claim migration version {version}."
            )
        sql = entry.read_text(encoding="utf-8")
        found[version] = Migration(version, m.group(2), entry.name, sql, checksum(sql))
    return [found[v] for v in sorted(found)]


POSTGRES_FOLDER = "postgres"
"""The subfolder of a migrations folder that holds PostgreSQL's files."""


def discover_postgres(directory: Path | Traversable | None = None) -> list[Migration]:
    """PostgreSQL's migrations: the files of ``<directory>/postgres/``, each paired with the SQLite
    file of ``directory`` of the same version (and name), whose checksum it is recorded under.

    A version written for one backend only is refused: both must reach the same schema version.
    """
    directory = MIGRATIONS_DIR if directory is None else directory
    lite = {m.version: m for m in discover(directory)}
    own_dir = directory / POSTGRES_FOLDER
    own = {m.version: m for m in discover(own_dir)} if own_dir.is_dir() else {}
    missing = sorted(set(lite) - set(own))
    extra = sorted(set(own) - set(lite))
    if missing or extra:
        raise MigrationError(
            "Each migration is written once for SQLite and once for PostgreSQL: "
            + "; ".join(
                [f"{lite[v].filename} has no {POSTGRES_FOLDER}/{lite[v].filename}" for v in missing]
                + [f"{POSTGRES_FOLDER}/{own[v].filename} has no SQLite file {own[v].filename}" for v in extra]
            )
            + "."
        )
    paired: list[Migration] = []
    for version in sorted(lite):
        twin, m = lite[version], own[version]
        if twin.name != m.name:
            raise MigrationError(
                f"{POSTGRES_FOLDER}/{m.filename} and {twin.filename} are the same version with different names."
            )
        paired.append(Migration(version, m.name, f"{POSTGRES_FOLDER}/{m.filename}", m.sql, twin.checksum))
    return paired


def _is_blank(sql: str) -> bool:
    return not _COMMENTS_RE.sub("", sql).replace(";", "").strip()


def split_statements(sql: str, source: str = "<sql>") -> list[str]:
    """Split a script into single statements; comment-only pieces are dropped.

    Transaction control (BEGIN, COMMIT, ...) is refused: the runner owns the transaction.
    """
    statements: list[str] = []
    buf = ""
    parts = sql.split(";")
    for i, part in enumerate(parts):
        buf += part
        if i < len(parts) - 1:
            buf += ";"
            if not sqlite3.complete_statement(buf):
                continue
        elif _is_blank(buf):
            break
        elif not sqlite3.complete_statement(buf + ";"):
            raise MigrationError(f"{source}: the last statement is incomplete: {buf.strip()[:200]!r}")
        if not _is_blank(buf):
            stmt = buf.strip()
            first = _COMMENTS_RE.sub("", stmt).split(None, 1)[0].rstrip(";").upper()
            if first in _TX_CONTROL:
                raise MigrationError(
                    f"{source}: migrations must not contain {first}; "
                    "each file already runs in one transaction."
                )
            statements.append(stmt)
        buf = ""
    return statements


async def applied_migrations(conn: aiosqlite.Connection) -> dict[int, AppliedMigration]:
    """The rows of ``schema_migrations`` (empty when the table does not exist yet)."""
    async with conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ) as cur:
        if await cur.fetchone() is None:
            return {}
    async with conn.execute(
        "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version"
    ) as cur:
        rows = await cur.fetchall()
    return {int(r[0]): AppliedMigration(int(r[0]), str(r[1]), str(r[2]), float(r[3])) for r in rows}


def _check_applied(migration: Migration, applied: AppliedMigration) -> None:
    if applied.checksum != migration.checksum:
        raise ChecksumMismatch(
            f"Migration {migration.filename} was changed after it was applied to this database "
            f"(recorded checksum {applied.checksum[:12]}, file now {migration.checksum[:12]}). "
            "Applied migrations must never be edited: restore the file and put the change in a new "
            "V<number>__<name>.sql."
        )


def plan(migrations: list[Migration], applied: dict[int, AppliedMigration]) -> list[Migration]:
    """The migrations still to apply, after checking the database against the files."""
    known = {m.version: m for m in migrations}
    newest_known = max(known, default=0)
    newest_applied = max(applied, default=0)
    if newest_applied > newest_known:
        raise DatabaseTooNew(
            f"The database is at schema version {newest_applied} ({applied[newest_applied].name}) but "
            f"this cardhost only knows versions up to {newest_known}. Upgrade cardhost, or point "
            "CARDHOST_DB at another file."
        )
    for version, row in applied.items():
        if version not in known:
            raise MigrationError(
                f"Migration V{version:03d}__{row.name}.sql is recorded as applied but its file is missing."
            )
        _check_applied(known[version], row)
    pending = [m for m in migrations if m.version not in applied]
    for m in pending:
        if m.version < newest_applied:
            raise MigrationError(
                f"Migration {m.filename} is not applied but the newer version {newest_applied} is; "
                "renumber it after the newest applied migration."
            )
    return pending


async def check_writable(conn: aiosqlite.Connection) -> None:
    """Raise SQLite's own "attempt to write a readonly database" now if the file cannot be written.

    An up-to-date database needs no write to be migrated, and a read-only file (or folder) opens
    and reads fine: the bot would start and then refuse the first move. A write that is rolled back
    (the schema version set to what it is) finds out at start-up instead.
    """
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute(f"PRAGMA user_version = {int(row[0]) if row else 0}")
    finally:
        await conn.execute("ROLLBACK")


async def migrate(
    conn: aiosqlite.Connection,
    directory: Path | Traversable | None = None,
    *,
    clock: Callable[[], float] = time.time,
) -> list[Migration]:
    """Bring the schema up to date; returns the migrations applied now (empty when up to date).

    ``conn`` must be in autocommit mode (``isolation_level=None``) and not inside a transaction.
    """
    if conn.isolation_level is not None:
        raise ValueError("migrate() needs a connection opened with isolation_level=None")
    if conn.in_transaction:
        raise ValueError("migrate() cannot run inside an open transaction")
    migrations = discover(directory)
    await conn.execute(_CREATE_TABLE)
    await check_writable(conn)
    pending = plan(migrations, await applied_migrations(conn))
    done: list[Migration] = []
    for m in pending:
        statements = m.statements()
        await conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have applied it while we waited for the write lock.
            async with conn.execute(
                "SELECT name, checksum, applied_at FROM schema_migrations WHERE version = ?", (m.version,)
            ) as cur:
                row = await cur.fetchone()
            if row is not None:
                _check_applied(m, AppliedMigration(m.version, str(row[0]), str(row[1]), float(row[2])))
                await conn.execute("ROLLBACK")
                continue
            for n, stmt in enumerate(statements, 1):
                try:
                    await conn.execute(stmt)
                except sqlite3.Error as exc:
                    raise MigrationFailed(
                        f"Migration {m.filename} failed at statement {n} of {len(statements)} and was "
                        f"rolled back: {exc}. Statement: {stmt[:300]}"
                    ) from exc
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                (m.version, m.name, m.checksum, clock()),
            )
            await conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.OperationalError):
                    await conn.execute("ROLLBACK")
            raise
        done.append(m)
    return done
