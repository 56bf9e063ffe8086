"""Moving a whole deployment between databases: ``cardhost export`` and ``cardhost import``.

The purpose is SQLite -> PostgreSQL (a bot that outgrew one process), but nothing here knows
either dialect: it goes through the ``Database`` contract (``query(fn)`` for one consistent view,
``transaction()`` for one atomic import, ``reset_sequences()``), so it works between any two
backends and the receiving one may even be the same kind.

The export file is gzip-compressed JSON lines, self-describing and versioned:

* a header: ``{"format": "cardhost-export", "version": 1, "schema_version": 11, "migrations":
  [[1, "init", "<sha256>"], ...], "tables": [...], "source": "sqlite", "exported_at": ...}``;
* per table, ``{"table": "matches", "columns": [...]}`` followed by its rows, one JSON array each
  (ints, floats, text and null as JSON; bytes as ``{"b64": "..."}``);
* a last line ``{"end": {"matches": 12, ...}}`` with every table's row count, so a file cut short
  (a full disk, a copy interrupted) is refused instead of imported in part.

Which tables, in which order: read from the CREATE TABLE statements of the migration files in
version order (a table created later may reference one created earlier, never the reverse), minus
the tables a later file dropped. That needs no catalogue query (``sqlite_master`` or
``information_schema``), which would differ per dialect. Each table is read ordered by its
primary key, so two exports of the same data are the same file apart from the header's time.

An import refuses, in a sentence, a database that already holds any row (it never merges: ids
would collide, and a half-merged deployment is worse than none), and an export whose schema
version or migration checksums differ from the target's (run ``cardhost migrate`` with the same
cardhost on both sides first). Otherwise every row goes in within one transaction, then each
generated id is moved past the largest imported one, so a new match gets a new id.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import sqlite3
import time
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .errors import StorageError
from .migrate import Migration, discover

if TYPE_CHECKING:
    from .database import Database

FORMAT = "cardhost-export"
FORMAT_VERSION = 1
"""The file layout's version; a reader refuses a newer one rather than guess."""
BATCH = 1000
"""Rows per ``executemany`` while importing."""
SUMMARY_TABLES = {"matches": "match", "pods": "pod", "series": "series", "players": "player", "decks": "deck",
                  "ratings": "rating"}  # fmt: skip
"""The tables a summary line names (plural: singular), when they have rows (every table is
counted all the same)."""

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_COMMENTS = re.compile(r"--[^\n]*|/\*.*?\*/", re.DOTALL)
_CREATE = re.compile(
    r"^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\"`]?(\w+)[\"`]?\s*\((.*)\)[^()]*$", re.I | re.S
)
_DROP = re.compile(r"^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?[\"`]?(\w+)[\"`]?\s*$", re.I)
_ALTER = re.compile(r"^ALTER\s+TABLE\s+[\"`]?(\w+)[\"`]?\s+(.*)$", re.I | re.S)
_ADD = re.compile(r"^ADD\s+(?:COLUMN\s+)?[\"`]?(\w+)[\"`]?", re.I)
_DROP_COLUMN = re.compile(r"^DROP\s+(?:COLUMN\s+)?[\"`]?(\w+)[\"`]?\s*$", re.I)
_RENAME_TABLE = re.compile(r"^RENAME\s+TO\s+[\"`]?(\w+)[\"`]?\s*$", re.I)
_RENAME_COLUMN = re.compile(r"^RENAME\s+(?:COLUMN\s+)?[\"`]?(\w+)[\"`]?\s+TO\s+[\"`]?(\w+)[\"`]?\s*$", re.I)
_PRIMARY_KEY = re.compile(r"\bPRIMARY\s+KEY\b", re.I)
_KEY_LIST = re.compile(r"\bPRIMARY\s+KEY\s*\(([^)]*)\)", re.I)
_CONSTRAINTS = frozenset({"PRIMARY", "UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT"})


class TransferError(Exception):
    """An export or import that cannot be done; the message says why and what to do instead."""


# -------------------------------------------------------------------------------- the schema


@dataclass
class TableDef:
    """One table as the migration files leave it."""

    name: str
    columns: list[str] = field(default_factory=list)
    primary_key: list[str] = field(default_factory=list)

    @property
    def order_by(self) -> list[str]:
        """Rows in a stable order that needs no rowid: the primary key, else every column."""
        return self.primary_key or self.columns


def _top_level_items(body: str) -> list[str]:
    """The comma-separated items of a CREATE TABLE body (commas inside parentheses or quotes
    belong to their item)."""
    items: list[str] = []
    depth, quote, start = 0, "", 0
    for i, c in enumerate(body):
        if quote:
            if c == quote:
                quote = ""
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(body[start:i].strip())
            start = i + 1
    items.append(body[start:].strip())
    return [item for item in items if item]


def _names(text: str) -> list[str]:
    return [part.strip().strip('"`').split()[0] for part in text.split(",") if part.strip()]


def _created(name: str, body: str) -> TableDef:
    table = TableDef(name)
    for item in _top_level_items(body):
        first = item.split(None, 1)[0].strip('"`')
        if first.upper() in _CONSTRAINTS:
            keys = _KEY_LIST.search(item)
            if keys and first.upper() in ("PRIMARY", "CONSTRAINT"):
                table.primary_key = _names(keys.group(1))
            continue
        table.columns.append(first)
        # A column's own PRIMARY KEY (not one inside a CHECK's parentheses).
        if _PRIMARY_KEY.search(re.sub(r"\(.*\)", "", item, flags=re.S)):
            table.primary_key = [first]
    return table


def schema_tables(migrations: Sequence[Migration] | None = None) -> list[TableDef]:
    """Every table the migrations leave, in the order they were created (foreign keys point
    backwards in that order, so inserting in it never meets a missing parent)."""
    tables: dict[str, TableDef] = {}
    for migration in discover() if migrations is None else migrations:
        for statement in migration.statements():
            sql = _COMMENTS.sub("", statement).strip().rstrip(";").strip()
            if m := _CREATE.match(sql):
                tables[m.group(1)] = _created(m.group(1), m.group(2))
            elif m := _DROP.match(sql):
                tables.pop(m.group(1), None)
            elif (m := _ALTER.match(sql)) and m.group(1) in tables:
                _altered(tables, m.group(1), m.group(2).strip())
    return list(tables.values())


def _altered(tables: dict[str, TableDef], name: str, change: str) -> None:
    table = tables[name]
    if m := _RENAME_TABLE.match(change):
        table.name = m.group(1)
        tables[m.group(1)] = tables.pop(name)
    elif m := _RENAME_COLUMN.match(change):
        old, new = m.group(1), m.group(2)
        table.columns = [new if c == old else c for c in table.columns]
        table.primary_key = [new if c == old else c for c in table.primary_key]
    elif m := _DROP_COLUMN.match(change):
        table.columns = [c for c in table.columns if c != m.group(1)]
    elif m := _ADD.match(change):
        table.columns.append(m.group(1))


def schema_of(directory: Path | Traversable | None = None) -> list[TableDef]:
    """``schema_tables`` of a migrations folder (default: the one this cardhost ships)."""
    return schema_tables(discover(directory))


# -------------------------------------------------------------------------------- values


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, bytes | bytearray | memoryview):
        return {"b64": base64.b64encode(bytes(value)).decode("ascii")}
    raise TransferError(f"A stored value of type {type(value).__name__} cannot be exported: {value!r:.80}.")


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        return base64.b64decode(value["b64"])
    return value


def _line(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Summary:
    """What an export or import moved: rows per table, in the file's order."""

    counts: dict[str, int]
    schema_version: int

    @property
    def rows(self) -> int:
        return sum(self.counts.values())

    def text(self) -> str:
        named = [_rows_of(t, self.counts[t]) for t in SUMMARY_TABLES if self.counts.get(t)]
        what = f" ({', '.join(named)})" if named else ""
        return (
            f"{self.rows:,} rows of {len(self.counts)} tables{what} at schema version {self.schema_version}"
        )


def _rows_of(table: str, n: int) -> str:
    """``3 matches``, ``1 match``."""
    return f"{n:,} {table if n != 1 else SUMMARY_TABLES[table]}"


def dump_sql(table: TableDef) -> str:
    """Every row of a table, in its ``order_by``."""
    return f"SELECT * FROM {table.name} ORDER BY {', '.join(table.order_by)}"


def count_sql(table: str) -> str:
    return f"SELECT COUNT(*) FROM {table}"


def insert_sql(table: str, columns: Sequence[str]) -> str:
    """One row of a table, its values in the order of ``columns`` (the export file's)."""
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"


def _migrations(conn: sqlite3.Connection) -> list[list[Any]]:
    rows = conn.execute("SELECT version, name, checksum FROM schema_migrations ORDER BY version").fetchall()
    return [[int(r[0]), str(r[1]), str(r[2])] for r in rows]


# -------------------------------------------------------------------------------- export


async def export_database(
    db: Database, out: str | Path, *, tables: Sequence[TableDef] | None = None
) -> Summary:
    """Write every row of ``db`` to ``out`` (gzip JSON lines), read in one consistent view: a bot
    may go on playing meanwhile, and the file holds the database as it was at one moment.

    The file is written beside ``out`` and renamed into place once complete."""
    out = Path(out)
    schema = list(schema_of() if tables is None else tables)
    tmp = out.with_name(out.name + ".part")

    def dump(conn: sqlite3.Connection) -> Summary:
        migrations = _migrations(conn)
        version = max((m[0] for m in migrations), default=0)
        counts: dict[str, int] = {}
        with gzip.open(tmp, "wt", encoding="utf-8") as f:
            f.write(
                _line(
                    {
                        "format": FORMAT,
                        "version": FORMAT_VERSION,
                        "schema_version": version,
                        "migrations": migrations,
                        "tables": [t.name for t in schema],
                        "source": getattr(db, "backend", "sqlite"),
                        "exported_at": time.time(),
                    }
                )
            )
            for table in schema:
                counts[table.name] = _dump_table(conn, table, f)
            f.write(_line({"end": counts}))
        return Summary(counts, version)

    try:
        summary = await db.query(dump)
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return summary


def _dump_table(conn: sqlite3.Connection, table: TableDef, f: IO[str]) -> int:
    f.write(_line({"table": table.name, "columns": table.columns}))
    cursor = conn.execute(dump_sql(table))
    picks: list[int] | None = None
    n = 0
    for row in cursor:
        if picks is None:
            keys = list(row.keys())
            if sorted(keys) != sorted(table.columns):
                raise TransferError(
                    f"Table {table.name} has the columns {', '.join(keys)} but the migration files "
                    f"describe {', '.join(table.columns)}: this database was changed outside cardhost's "
                    "migrations, so it cannot be exported faithfully."
                )
            picks = [keys.index(c) for c in table.columns]
        f.write(_line([_encode(row[i]) for i in picks]))
        n += 1
    return n


# -------------------------------------------------------------------------------- import


def _lines(path: Path) -> Iterator[Any]:
    """The file's lines as JSON values; a damaged or foreign file is a TransferError."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                try:
                    yield json.loads(text)
                except ValueError:
                    raise TransferError(
                        f"{path} line {number} is not valid JSON: the export file is damaged."
                    ) from None
    except FileNotFoundError:
        raise TransferError(f"There is no file {path} to import.") from None
    except (gzip.BadGzipFile, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise TransferError(
            f"{path} is not a complete cardhost export ({exc or type(exc).__name__}): "
            "export again with `cardhost export --out FILE`."
        ) from None


def _check_header(header: Any, path: Path, target: list[list[Any]]) -> None:
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TransferError(f"{path} is not a cardhost export (it has no cardhost export header).")
    version = header.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise TransferError(
            f"{path} was written in export format {version}, newer than this cardhost reads "
            f"({FORMAT_VERSION}): import it with the cardhost that exported it, or a newer one."
        )
    theirs = [list(m) for m in header.get("migrations", [])]
    ours_version = max((m[0] for m in target), default=0)
    if header.get("schema_version") != ours_version:
        raise TransferError(
            f"The export is at schema version {header.get('schema_version')} but the target database "
            f"is at {ours_version}: run `cardhost migrate` with the same cardhost on both databases "
            "before exporting, so that both have the same schema."
        )
    if theirs != target:
        differ = [f"V{a[0]:03d}" for a, b in zip(theirs, target, strict=False) if a != b] or [
            "the list of migrations"
        ]
        raise TransferError(
            f"The export's migrations differ from the target database's ({', '.join(differ)}: another "
            "checksum): both must have been migrated by the same cardhost. Nothing was imported."
        )


async def import_database(
    db: Database, source: str | Path, *, tables: Sequence[TableDef] | None = None
) -> Summary:
    """Insert every row of the export ``source`` into the empty database ``db``, in one
    transaction; then generated ids continue after the imported ones."""
    path = Path(source)
    known = {t.name: t for t in (schema_of() if tables is None else tables)}
    lines = _lines(path)
    header = next(lines, None)
    target = await db.query(_migrations)
    _check_header(header, path, target)
    assert isinstance(header, dict)
    try:
        async with db.transaction() as conn:
            await _refuse_data(conn, list(known))
            counts = await _insert_all(conn, lines, known, path)
    except StorageError as exc:
        raise TransferError(f"The import failed and nothing was written: {exc}.") from exc
    await db.reset_sequences()
    return Summary(counts, int(header["schema_version"]))


async def _count(conn: Any, table: str) -> int:
    async with conn.execute(count_sql(table)) as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def _refuse_data(conn: Any, tables: Iterable[str]) -> None:
    held = {t: n for t in tables if (n := await _count(conn, t))}
    if held:
        named = [_rows_of(t, held[t]) for t in SUMMARY_TABLES if t in held] or [
            f"{n:,} rows in {t}" for t, n in list(held.items())[:3]
        ]
        raise TransferError(
            f"The target database already holds data ({', '.join(named)}): cardhost import only "
            "fills a new, empty database and never merges into one. Point --database at a new "
            "database (`cardhost migrate` creates its tables)."
        )


async def _insert_all(
    conn: Any, lines: Iterator[Any], known: dict[str, TableDef], path: Path
) -> dict[str, int]:
    counts: dict[str, int] = {}
    table: TableDef | None = None
    sql = ""
    width = 0
    batch: list[list[Any]] = []

    async def flush() -> None:
        if batch:
            await conn.executemany(sql, batch)
            batch.clear()

    for item in lines:
        if isinstance(item, list):
            if table is None or len(item) != width:
                raise TransferError(
                    f"{path} has a row that belongs to no table, or a wrong number of values."
                )
            batch.append([_decode(v) for v in item])
            counts[table.name] += 1
            if len(batch) >= BATCH:
                await flush()
        elif isinstance(item, dict) and "table" in item:
            await flush()
            table = known.get(str(item["table"]))
            columns = [str(c) for c in item.get("columns", [])]
            if table is None or table.name in counts:
                raise TransferError(
                    f"{path} has rows for a table this cardhost does not have: {item['table']}."
                )
            if sorted(columns) != sorted(table.columns) or not all(_IDENT.match(c) for c in columns):
                raise TransferError(
                    f"{path} gives table {table.name} the columns {', '.join(columns)}, not this schema's "
                    f"{', '.join(table.columns)}."
                )
            counts[table.name] = 0
            width = len(columns)
            sql = insert_sql(table.name, columns)
        elif isinstance(item, dict) and "end" in item:
            await flush()
            expected = {str(k): int(v) for k, v in dict(item["end"]).items()}
            if expected != counts:
                raise TransferError(
                    f"{path} does not hold the rows its last line counts: the file is damaged."
                )
            return counts
        else:
            raise TransferError(f"{path} has a line this cardhost does not understand: {str(item)[:80]}.")
    raise TransferError(
        f"{path} ends before its last line: the export is incomplete (interrupted, or cut short "
        "when it was copied). Nothing was imported; export again."
    )
