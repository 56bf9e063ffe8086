"""The migration runner and connection set-up, on real SQLite files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.db import (
    MIGRATIONS_DIR,
    ChecksumMismatch,
    Database,
    DatabaseTooNew,
    MigrationError,
    MigrationFailed,
    migrate,
)
from bot.db.database import configure
from bot.db.migrate import checksum, discover, split_statements

V1 = "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO a (name) VALUES ('one; two');\n"
V2 = (
    "-- adds b, which needs a\n"
    "CREATE TABLE b (a_id INTEGER REFERENCES a (id));\n"
    "INSERT INTO b SELECT id FROM a;\n"
)
V10 = "ALTER TABLE a ADD COLUMN extra INTEGER NOT NULL DEFAULT 10;"


def write(d: Path, files: dict[str, str]) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    for name, sql in files.items():
        (d / name).write_text(sql, encoding="utf-8")
    return d


async def connect(path: Path) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    await configure(conn)
    return conn


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as c:
        return {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def recorded(path: Path) -> list[tuple[int, str, str]]:
    with sqlite3.connect(path) as c:
        return list(c.execute("SELECT version, name, checksum FROM schema_migrations ORDER BY version"))


async def test_applies_in_numeric_order_and_records_each(tmp_path: Path) -> None:
    # V10 sorts before V2 as text; numeric order must win (V10 alters a table V1 made).
    mig = write(tmp_path / "m", {"V10__extra.sql": V10, "V2__b.sql": V2, "V001__a.sql": V1})
    conn = await connect(tmp_path / "db.sqlite3")
    try:
        done = await migrate(conn, mig, clock=lambda: 1234.5)
    finally:
        await conn.close()
    assert [m.version for m in done] == [1, 2, 10]
    assert recorded(tmp_path / "db.sqlite3") == [
        (1, "a", checksum(V1)),
        (2, "b", checksum(V2)),
        (10, "extra", checksum(V10)),
    ]
    with sqlite3.connect(tmp_path / "db.sqlite3") as c:
        assert c.execute("SELECT name, extra FROM a").fetchall() == [("one; two", 10)]
        assert c.execute("SELECT DISTINCT applied_at FROM schema_migrations").fetchall() == [(1234.5,)]


async def test_rerun_is_a_no_op_and_new_files_are_applied_later(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1})
    db = tmp_path / "db.sqlite3"
    conn = await connect(db)
    try:
        assert len(await migrate(conn, mig)) == 1
        assert await migrate(conn, mig) == []
        write(mig, {"V002__b.sql": V2})
        assert [m.name for m in await migrate(conn, mig)] == ["b"]
        assert await migrate(conn, mig) == []
    finally:
        await conn.close()
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT COUNT(*) FROM a").fetchone() == (1,)  # V1's insert ran once


async def test_changed_checksum_is_refused(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1, "V002__b.sql": V2})
    db = tmp_path / "db.sqlite3"
    conn = await connect(db)
    try:
        await migrate(conn, mig)
        write(mig, {"V001__a.sql": V1 + "-- an innocent edit\n"})
        with pytest.raises(ChecksumMismatch, match=r"V001__a\.sql was changed after it was applied"):
            await migrate(conn, mig)
    finally:
        await conn.close()


async def test_line_ending_change_is_not_an_edit(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1})
    conn = await connect(tmp_path / "db.sqlite3")
    try:
        await migrate(conn, mig)
        (mig / "V001__a.sql").write_bytes(V1.replace("\n", "\r\n").encode())
        assert await migrate(conn, mig) == []
    finally:
        await conn.close()


async def test_database_newer_than_code_is_refused(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1, "V002__b.sql": V2})
    db = tmp_path / "db.sqlite3"
    conn = await connect(db)
    try:
        await migrate(conn, mig)
        (mig / "V002__b.sql").unlink()
        with pytest.raises(DatabaseTooNew, match=r"schema version 2 .*only knows versions up to 1"):
            await migrate(conn, mig)
    finally:
        await conn.close()


async def test_missing_applied_file_and_out_of_order_file_are_refused(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1, "V003__c.sql": "CREATE TABLE c (x);"})
    conn = await connect(tmp_path / "db.sqlite3")
    try:
        await migrate(conn, mig)
        write(mig, {"V002__b.sql": V2})
        with pytest.raises(MigrationError, match=r"V002__b\.sql is not applied but the newer version 3"):
            await migrate(conn, mig)
        (mig / "V002__b.sql").unlink()
        (mig / "V001__a.sql").unlink()
        with pytest.raises(
            MigrationError, match=r"V001__a\.sql is recorded as applied but its file is missing"
        ):
            await migrate(conn, mig)
    finally:
        await conn.close()


async def test_failing_migration_is_rolled_back_and_not_recorded(tmp_path: Path) -> None:
    bad = (
        "CREATE TABLE half_done (x INTEGER);\n"
        "INSERT INTO a (name) VALUES ('partial');\n"
        "CREATE INDEX half_done_x ON half_done (x);\n"
        "INSERT INTO no_such_table VALUES (1);\n"
    )
    mig = write(tmp_path / "m", {"V001__a.sql": V1, "V002__bad.sql": bad})
    db = tmp_path / "db.sqlite3"
    conn = await connect(db)
    try:
        with pytest.raises(MigrationFailed, match=r"V002__bad\.sql failed at statement 4 of 4") as info:
            await migrate(conn, mig)
        assert "no_such_table" in str(info.value)
        assert not conn.in_transaction
    finally:
        await conn.close()
    assert "half_done" not in tables(db)
    assert [r[0] for r in recorded(db)] == [1]  # V001 stays applied; V002 left no trace
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT name FROM a").fetchall() == [("one; two",)]
        assert c.execute("SELECT name FROM sqlite_master WHERE name = 'half_done_x'").fetchall() == []
    # Fixing the file lets the next start apply it.
    write(mig, {"V002__bad.sql": bad.replace("no_such_table", "half_done")})
    conn = await connect(db)
    try:
        assert [m.version for m in await migrate(conn, mig)] == [2]
    finally:
        await conn.close()
    assert "half_done" in tables(db)


async def test_failing_first_migration_leaves_an_empty_database(tmp_path: Path) -> None:
    mig = write(tmp_path / "m", {"V001__a.sql": V1 + "CREATE TABLE a (dup INTEGER);"})
    db = tmp_path / "db.sqlite3"
    with pytest.raises(MigrationFailed):
        async with Database(db, migrations_dir=mig):
            pass
    assert tables(db) == {"schema_migrations"}
    assert recorded(db) == []


def test_bad_file_names_and_duplicate_versions_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MigrationError, match=r"V<number>__<name>\.sql"):
        discover(write(tmp_path / "x", {"V2_oops.sql": V2}))
    with pytest.raises(MigrationError, match="both claim migration version 2"):
        discover(write(tmp_path / "y", {"V2__b.sql": V2, "V002__c.sql": V2}))
    with pytest.raises(MigrationError, match="does not exist"):
        discover(tmp_path / "nowhere")


def test_split_statements_understands_strings_comments_and_triggers() -> None:
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    /* block; comment */
    CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        UPDATE t SET x = x || ';' WHERE rowid = new.rowid;
        SELECT 1;
    END;
    INSERT INTO t VALUES ('no semicolon at the end')
    """
    stmts = split_statements(sql)
    assert len(stmts) == 3
    assert stmts[0].endswith("DEFAULT 'a;b');")
    assert stmts[1].startswith("/* block; comment */") and stmts[1].endswith("END;")
    assert stmts[2] == "INSERT INTO t VALUES ('no semicolon at the end')"
    assert split_statements("-- nothing\n;\n/* here */") == []


@pytest.mark.parametrize("stmt", ["BEGIN;", "COMMIT;", "begin transaction;", "SAVEPOINT x;", "END;"])
def test_transaction_control_in_a_migration_is_refused(stmt: str) -> None:
    with pytest.raises(MigrationError, match="already runs in one transaction"):
        split_statements(f"CREATE TABLE t (x);\n{stmt}\n")


async def test_migrate_needs_autocommit_connection(tmp_path: Path) -> None:
    conn = await aiosqlite.connect(tmp_path / "db.sqlite3")  # default isolation level
    try:
        with pytest.raises(ValueError, match="isolation_level=None"):
            await migrate(conn, MIGRATIONS_DIR)
    finally:
        await conn.close()


async def test_database_open_applies_the_real_schema_with_wal(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "cardhost.sqlite3"
    async with Database(path) as db:
        applied = [m.filename for m in db.applied_now]
        assert applied[0] == "V001__init.sql"
        assert applied == [m.filename for m in discover()]
        pragmas = {}
        for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous"):
            async with db.conn.execute(f"PRAGMA {name}") as cur:
                row = await cur.fetchone()
                assert row is not None
                pragmas[name] = row[0]
        assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 5000, "synchronous": 1}
    expected = {
        "players",
        "matches",
        "match_seats",
        "match_actions",
        "match_snapshots",
        "match_clocks",
        "lobbies",
        "lobby_seats",
        "results",
        "schema_migrations",
    }
    assert expected <= tables(path)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # persistent in the file
        assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    async with Database(path) as db:
        assert db.applied_now == []  # reopening is a no-op
    assert [r[0] for r in recorded(path)] == [v.version for v in discover()]


async def test_closed_database_says_so(tmp_path: Path) -> None:
    db = Database(tmp_path / "db.sqlite3")
    with pytest.raises(RuntimeError, match="not open"):
        _ = db.matches
    await db.open()
    await db.close()
    await db.close()  # idempotent
    assert not db.is_open


async def test_an_sqlite_library_too_old_for_the_sql_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repositories write INSERT ... RETURNING (SQLite 3.35): an older library is named at
    start-up, not met at the first new match."""
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.34.1")
    with pytest.raises(MigrationError, match=r"needs SQLite 3\.35\.0 or newer; .* has 3\.34\.1"):
        await Database(tmp_path / "c.sqlite3").open()
    assert not (tmp_path / "c.sqlite3").exists()
