"""``cardhost export`` / ``import`` / ``migrate``: a deployment moves to a new database and its
games go on there (issue #22 item 4).

The move is checked the strict way: every row of every table is equal on both sides, then the bot
is restarted on the new database and the matches and the draft continue from the buttons posted
before the move, with the seq going on, the stored log replaying to the live state, and new ids
above the imported ones.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as cli
from bot.client import create_bot
from bot.db import Database
from bot.db.migrate import discover, discover_postgres
from bot.db.transfer import (
    TableDef,
    TransferError,
    export_database,
    import_database,
    schema_of,
    schema_tables,
)
from bot.db.url import DatabaseUrl
from bot.services.matches import MatchService
from engines.core import PlayerId, Rng, choose_action, replay
from tests.bot.table import make_table, move_ids, panel_message
from tests.bot.test_chrono_table import _member_of_seat, _play_one_click, _start_game
from tests.bot.test_decks import _import, listing
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, pick_options
from tests.bot.test_ratings import challenge

pytestmark = pytest.mark.backends  # the database moved to is SQLite, then PostgreSQL

LATEST = discover()[-1]
AT = f"schema version {LATEST.version} ({LATEST.name})"
"""What ``cardhost migrate`` says of an up-to-date database of this cardhost."""


async def rows_of(db: Database, tables: list[TableDef] | None = None) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary key order, read through the Database contract (so the
    same check reads SQLite and PostgreSQL)."""
    schema = schema_tables() if tables is None else tables

    def read(conn: Any) -> dict[str, list[tuple[Any, ...]]]:
        return {
            t.name: [
                tuple(r) for r in conn.execute(f"SELECT * FROM {t.name} ORDER BY {', '.join(t.order_by)}")
            ]
            for t in schema
        }

    return await db.query(read)


async def rows_at(url: str) -> dict[str, list[tuple[Any, ...]]]:
    db = await DatabaseUrl.parse(url).open_database().open()
    try:
        return await rows_of(db)
    finally:
        await db.close()


async def play_directly(svc: MatchService, moves: int, seed: int, user: int) -> Any:
    """A 2-player Chrono match played part-way through MatchService (no Discord around it)."""
    live = await svc.create(
        "chrono",
        {},
        [(user, "p1", False), (user + 1, "p2", False)],
        guild_id=1,
        channel_id=2,
        host_id=user,
        seed=seed,
    )
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        seat = min(live.current)
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        await svc.submit(live.id, live.seats[seat].user_id, action, live.seq)
    return live


def replayed(live: Any, actions: list[Any]) -> Any:
    return replay(live.engine, live.cfg, live.seed, [(a.seat, a.action_id) for a in actions])


# ------------------------------------------------------------------ the whole move, through the bot


@pytest.fixture
def bot_settings(
    bot_settings: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, Any]:
    """The deployment that moves is always on SQLite (what a deployment grows out of); where it
    moves to is the test's backend."""
    monkeypatch.delenv("CARDHOST_DATABASE_URL", raising=False)
    return {**bot_settings, "CARDHOST_DB": str(tmp_path / "source.sqlite3")}


async def test_a_deployment_moves_to_a_new_database_and_its_games_go_on(
    simcord_env: Any, databases: Any, tmp_path: Path
) -> None:
    env = simcord_env
    t = make_table(env)
    bot = env.bot
    # A finished, rated duel (results, ratings, rating changes), a deck, then live games.
    await challenge(env, t, "alice", "bob", loser="bob")
    await _import(t.members["alice"], t.channel, file=("flames.txt", listing().encode()))
    live = await _start_game(env, t, humans=("alice", "bob"), ais=0)
    for _ in range(6):
        await _play_one_click(t, live)
    direct = await play_directly(bot.matches, 9, seed=5, user=900)
    pod = await open_pod(env, t, host="carol", joiners=("dave",), seats=4, timer="slow")
    await pick_by_clicks(t.members["carol"], panel(t.members["carol"], pod.id))
    await env.settle()
    before = await rows_of(bot.db)
    for name in ("matches", "match_actions", "match_snapshots", "match_clocks", "results", "ratings",
                 "rating_changes", "decks", "deck_cards", "pods", "pod_seats", "pod_picks", "pod_clocks",
                 "players", "lobbies"):  # fmt: skip
        assert before[name], f"the source has no {name}: the test would prove nothing about them"

    # Exported while the bot runs; imported into a new database.
    out = tmp_path / "deploy.jsonl.gz"
    exported = await export_database(bot.db, out)
    assert exported.counts == {name: len(rows) for name, rows in before.items()}
    target = await databases.make("moved").open()
    imported = await import_database(target, out)
    assert imported.counts == exported.counts
    assert await rows_of(target) == before, "a row differs after the move"
    await target.close()

    # The bot starts on the new database: the same buttons go on with the same games.
    match_id, seq, state = live.id, live.seq, live.state
    seat = min(live.current)
    member = _member_of_seat(t, live, seat)
    old_panel = panel_message(member, match_id)
    old_ids = move_ids(old_panel)
    pod_state, pod_deadlines = pod.state, dict(pod.deadlines)
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DATABASE_URL=databases.url("moved")))
    bot = env.bot
    assert bot.db.backend == databases.backend
    reloaded = await bot.matches.get(match_id)
    assert reloaded is not live and (reloaded.seq, reloaded.state) == (seq, state)
    result = await member.user.click(old_panel, custom_id=old_ids[0])
    assert not result.followups, [f.content for f in result.followups]
    assert reloaded.seq > seq
    for _ in range(3):
        await _play_one_click(t, reloaded)
    actions = await bot.db.matches.actions(match_id)
    assert [a.seq for a in actions] == list(range(1, reloaded.seq + 1))
    assert replayed(reloaded, actions) == reloaded.state

    # The match played without Discord continues through the same service.
    again = await bot.matches.get(direct.id)
    assert (again.seq, again.state) == (direct.seq, direct.state)
    rng = Rng.from_seed(77)
    for _ in range(4):
        s = min(again.current)
        action = choose_action(again.engine, again.state, PlayerId(s), rng).to_id()
        await bot.matches.submit(again.id, again.seats[s].user_id, action, again.seq)
    assert again.seq == direct.seq + 4
    assert replayed(again, await bot.db.matches.actions(direct.id)) == again.state

    # The draft: every seat where it was, the clocks from their stored deadlines, and Carol picks on.
    pod_again = await bot.drafts.get(pod.id)
    assert pod_again.state == pod_state and pod_again.deadlines == pod_deadlines
    carol_seat = pod_again.seat_of(t.members["carol"].id).seat
    msg = panel(t.members["carol"], pod.id)
    assert msg is not None and pick_options(msg), "Carol's next pack did not wait for her"
    await pick_by_clicks(t.members["carol"], msg)
    assert len(pod_again.state.pools[carol_seat]) == len(pod_state.pools[carol_seat]) + 1

    # New rows get ids after the imported ones.
    new = await bot.matches.create("chrono", {}, [(1, "x", False), (2, "y", False)], guild_id=1,
                                   channel_id=2, host_id=1)  # fmt: skip
    assert new.id == max(r[0] for r in before["matches"]) + 1
    second = await open_pod(env, t, host="alice", joiners=("bob",), seats=4, timer="slow")
    assert second.id == max(r[0] for r in before["pods"]) + 1


# ------------------------------------------------------------------ refusals


async def _source(tmp_path: Path) -> tuple[Path, Path]:
    """A SQLite database with two matches in play; returns (its file, its export)."""
    path = tmp_path / "source.sqlite3"
    db = await Database(path).open()
    svc = MatchService(db)
    await play_directly(svc, 5, seed=3, user=100)
    await play_directly(svc, 12, seed=4, user=200)
    out = tmp_path / "source.jsonl.gz"
    await export_database(db, out)
    await db.close()
    return path, out


async def test_an_import_never_merges_into_a_database_that_holds_data(tmp_path: Path, databases: Any) -> None:
    _, out = await _source(tmp_path)
    target = await databases.make("busy").open()
    await play_directly(MatchService(target), 2, seed=9, user=300)
    rows = await rows_of(target)
    with pytest.raises(TransferError, match=r"already holds data \(1 match, 2 players\).*never merges"):
        await import_database(target, out)
    assert await rows_of(target) == rows
    await target.close()


async def test_an_import_refuses_another_schema_and_changed_migrations(
    tmp_path: Path, databases: Any
) -> None:
    _, out = await _source(tmp_path)
    # A target at an older schema (a cardhost with one migration fewer).
    older = tmp_path / "older"
    (older / "postgres").mkdir(parents=True)
    for m in discover()[:-1]:
        (older / m.filename).write_text(m.sql, encoding="utf-8")
    for m in discover_postgres()[:-1]:
        (older / m.filename).write_text(m.sql, encoding="utf-8")  # postgres/V...sql
    target = await databases.make("old", blank=True, migrations_dir=older).open()
    at = rf"schema version {LATEST.version} but the target database is at {LATEST.version - 1}.*cardhost migrate"
    with pytest.raises(TransferError, match=at):
        await import_database(target, out)
    await target.close()

    # An export whose migration checksums differ from the target's (edited files).
    with gzip.open(out, "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    header["migrations"][3][2] = "0" * 64
    edited = tmp_path / "edited.jsonl.gz"
    with gzip.open(edited, "wt", encoding="utf-8") as f:
        f.write("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    target = await databases.make("target").open()
    with pytest.raises(TransferError, match=r"migrations differ from the target database's \(V004"):
        await import_database(target, edited)

    # A file cut short, a newer format, and something that is not an export at all.
    cut = tmp_path / "cut.jsonl.gz"
    with gzip.open(cut, "wt", encoding="utf-8") as f:
        f.write("\n".join(lines[:-1]) + "\n")
    with pytest.raises(TransferError, match="ends before its last line"):
        await import_database(target, cut)
    header = json.loads(lines[0]) | {"version": 99}
    newer = tmp_path / "newer.jsonl.gz"
    with gzip.open(newer, "wt", encoding="utf-8") as f:
        f.write("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(TransferError, match="export format 99, newer than this cardhost reads"):
        await import_database(target, newer)
    with pytest.raises(TransferError, match="not a complete cardhost export"):
        await import_database(target, tmp_path / "source.sqlite3")
    assert not any((await rows_of(target)).values()), "a refused import wrote something"
    await target.close()


# ------------------------------------------------------------------ the file format and the schema


def test_the_table_list_follows_the_migrations_creates_alters_and_drops(tmp_path: Path) -> None:
    (tmp_path / "V001__one.sql").write_text(
        """
        CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT, body BLOB, x REAL,
                        note TEXT CHECK (note IS NULL OR length(note) > 0));  -- a comment, (with) commas
        CREATE TABLE gone (k TEXT PRIMARY KEY);
        CREATE TABLE b (a_id INTEGER NOT NULL REFERENCES a (id), n INTEGER, label TEXT DEFAULT 'x, y',
                        PRIMARY KEY (a_id, n)) WITHOUT ROWID;
        /* no primary key: ordered by every column */
        CREATE TABLE c (u INTEGER, v TEXT);
        """
    )
    (tmp_path / "V002__two.sql").write_text(
        "DROP TABLE gone;\nALTER TABLE c ADD COLUMN w REAL;\nALTER TABLE b RENAME COLUMN label TO tag;\n"
        "ALTER TABLE c RENAME TO cc;\n"
    )
    found = [(t.name, t.columns, t.order_by) for t in schema_of(tmp_path)]
    assert found == [
        ("a", ["id", "body", "x", "note"], ["id"]),
        ("b", ["a_id", "n", "tag"], ["a_id", "n"]),
        ("cc", ["u", "v", "w"], ["u", "v", "w"]),
    ]


async def test_the_shipped_schema_is_read_as_sqlite_has_it(tmp_path: Path) -> None:
    """The table list read from the migration files is SQLite's own catalogue, column for column
    (the product code never asks the catalogue: it differs per dialect)."""
    await (await Database(tmp_path / "x.sqlite3").open()).close()
    with sqlite3.connect(tmp_path / "x.sqlite3") as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for t in schema_tables():
            info = conn.execute(f"PRAGMA table_info({t.name})").fetchall()
            assert [r[1] for r in info] == t.columns
            assert [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]] == t.primary_key
    assert names - {t.name for t in schema_tables()} == {"schema_migrations", "sqlite_sequence"}


async def test_values_of_every_kind_round_trip_exactly(tmp_path: Path, databases: Any) -> None:
    migrations = tmp_path / "migrations"
    migrations.mkdir()
    (migrations / "V001__kinds.sql").write_text(
        "CREATE TABLE a (id INTEGER PRIMARY KEY AUTOINCREMENT, body BLOB, x REAL, note TEXT, big INTEGER);\n"
        "CREATE TABLE b (a_id INTEGER NOT NULL REFERENCES a (id), n INTEGER NOT NULL, PRIMARY KEY (a_id, n));\n"
    )
    (migrations / "postgres").mkdir()
    (migrations / "postgres" / "V001__kinds.sql").write_text(
        "CREATE TABLE a (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, body BYTEA,"
        " x DOUBLE PRECISION, note TEXT, big BIGINT);\n"
        "CREATE TABLE b (a_id BIGINT NOT NULL REFERENCES a (id), n BIGINT NOT NULL, PRIMARY KEY (a_id, n));\n"
    )
    rows = [
        (1, b"\x00\xffbytes", 0.1, "plain", 2**62),
        (2, b"", 1e300, 'ünïcode ✓ "quoted" \n newline', -(2**63)),
        (7, None, -0.5, None, None),
    ]
    source = await databases.make("s", blank=True, migrations_dir=migrations).open()
    async with source.transaction() as conn:
        await conn.executemany("INSERT INTO a VALUES (?, ?, ?, ?, ?)", rows)
        await conn.executemany("INSERT INTO b VALUES (?, ?)", [(7, 1), (1, 2), (1, 1)])
    tables = schema_of(migrations)
    out = tmp_path / "kinds.jsonl.gz"
    await export_database(source, out, tables=tables)
    await source.close()
    target = await databases.make("t", blank=True, migrations_dir=migrations).open()
    summary = await import_database(target, out, tables=tables)
    assert summary.counts == {"a": 3, "b": 3}
    got = await target.query(lambda c: [tuple(r) for r in c.execute("SELECT * FROM a ORDER BY id")])
    assert got == rows and isinstance(got[0][1], bytes)
    # AUTOINCREMENT goes on after the largest imported id.
    async with target.transaction() as conn:
        cur = await conn.execute("INSERT INTO a (note) VALUES ('new') RETURNING id")
        assert [tuple(r) for r in await cur.fetchall()] == [(8,)]
    await target.close()


# ------------------------------------------------------------------ the command line


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli(args)
    captured = capsys.readouterr()
    return code, captured.out.strip(), captured.err.strip()


def test_migrate_prints_what_it_applied_and_the_schema_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = tmp_path / "new.sqlite3"
    code, out, _ = run_cli(["migrate", "--database", str(new)], capsys)
    first, second = out.splitlines()
    assert code == 0 and first == f"Applied {', '.join(m.filename for m in discover())}."
    assert second == f"Now sqlite:///{new} is at {AT}."
    code, out, _ = run_cli(["migrate", "--database", f"sqlite:///{new}"], capsys)
    assert (code, out) == (0, f"Nothing to apply: sqlite:///{new} is at {AT}.")


def test_export_and_import_from_the_command_line(
    tmp_path: Path, databases: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    source, _ = asyncio.run(_source(tmp_path))
    url = databases.url("new")
    shown = str(DatabaseUrl.parse(url))
    dump = tmp_path / "dump.jsonl.gz"
    code, out, _ = run_cli(["export", "--database", str(source), "--out", str(dump)], capsys)
    assert (code, out) == (
        0,
        f"Exported {sum(len(r) for r in asyncio.run(rows_at(str(source))).values()):,} rows of "
        f"{len(schema_tables())} tables (2 matches, 4 players) at schema version {LATEST.version} "
        f"from sqlite:///{source} to {dump}.",
    )
    code, out, _ = run_cli(["import", "--database", url, str(dump)], capsys)
    assert code == 0 and out.startswith("Imported ") and out.endswith(f" from {dump} into {shown}.")
    assert asyncio.run(rows_at(url)) == asyncio.run(rows_at(str(source)))

    # Twice: refused in a sentence, exit code 1, nothing changed.
    code, out, err = run_cli(["import", "--database", url, str(dump)], capsys)
    assert (code, out) == (1, "")
    assert err.startswith(f"Nothing was imported into {shown}. The target database already holds data")
    assert asyncio.run(rows_at(url)) == asyncio.run(rows_at(str(source)))


def test_migrate_refuses_a_database_newer_than_this_cardhost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "newer.sqlite3"
    assert run_cli(["migrate", "--database", str(path)], capsys)[0] == 0
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (99, 'future', 'x', 0)")
    code, out, err = run_cli(["migrate", "--database", str(path)], capsys)
    assert (code, out) == (1, "")
    assert err == (
        f"sqlite:///{path}: The database is at schema version 99 (future) but this cardhost only knows "
        f"versions up to {LATEST.version}. Upgrade cardhost, or point CARDHOST_DB at another file."
    )
    code, _, err = run_cli(["export", "--database", str(path), "--out", str(tmp_path / "x.gz")], capsys)
    assert code == 1 and "schema version 99" in err and not (tmp_path / "x.gz").exists()


def test_an_edited_migration_is_refused_by_migrate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "edited.sqlite3"
    assert run_cli(["migrate", "--database", str(path)], capsys)[0] == 0
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_migrations SET checksum = 'abc' WHERE version = 2")
    code, _, err = run_cli(["migrate", "--database", str(path)], capsys)
    assert code == 1 and "Migration V002__decks.sql was changed after it was applied" in err
