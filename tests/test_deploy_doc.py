"""docs/deploy.md is followed: its shell commands run as written (in a scratch directory holding a
deployment with matches in play), in the order the page gives them, and do what it says.

Only the install line and the PostgreSQL server's address are not taken literally: the install is
this checkout's, and ``postgresql://cardhost:PASSWORD@db-host:5432/cardhost`` becomes a database
on the test's own PostgreSQL server (bot/db/localpg.py; those steps are skipped without one)."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as cli
from bot.db import Database
from bot.db.migrate import discover
from bot.db.transfer import schema_tables
from bot.db.url import DatabaseUrl
from bot.health import HealthServer
from bot.services.matches import MatchService
from bot.settings import Settings, SettingsError, load_settings
from engines.core import PlayerId, Rng, choose_action

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "deploy.md"
PG_URL = "postgresql://cardhost:PASSWORD@db-host:5432/cardhost"
LATEST = f"{discover()[-1].version} ({discover()[-1].name})"


def commands() -> list[tuple[str, str]]:
    """(section, line) of every line in the page's ``sh`` blocks, in order."""
    found: list[tuple[str, str]] = []
    section, block = "", False
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif line.strip() == "```sh":
            block = True
        elif line.strip() == "```":
            block = False
        elif block and line.strip():
            found.append((section, line.strip()))
    return found


async def seed(path: Path) -> None:
    """A deployment with two Chrono matches in play."""
    db = await Database(path).open()
    svc = MatchService(db)
    for n in range(2):
        live = await svc.create(
            "chrono",
            {},
            [(10 + 2 * n, "a", False), (11 + 2 * n, "b", False)],
            guild_id=1,
            channel_id=1,
            host_id=10,
        )
        rng = Rng.from_seed(n)
        for _ in range(4 + n):
            seat = min(live.current)
            action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
            await svc.submit(live.id, live.seats[seat].user_id, action, live.seq)
    await db.close()


async def rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    db = await DatabaseUrl.parse(url).open_database().open()
    try:

        def read(conn: Any) -> dict[str, list[tuple[Any, ...]]]:
            return {
                t.name: [
                    tuple(r) for r in conn.execute(f"SELECT * FROM {t.name} ORDER BY {', '.join(t.order_by)}")
                ]
                for t in schema_tables()
            }

        return await db.query(read)
    finally:
        await db.close()


def run(line: str, capsys: pytest.CaptureFixture[str], pg_url: str | None = None) -> str:
    """One line of the page: ``cardhost`` in this process, anything else as a program."""
    if pg_url is not None:
        line = line.replace(PG_URL, pg_url)
    argv = shlex.split(line)
    if argv[0] == ".venv/bin/cardhost":
        code = cli(argv[1:])
        out = capsys.readouterr()
        assert code == 0, f"{line}: exit {code}: {out.err}"
        return out.out
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{line}: {done.stderr}"
    return done.stdout


@pytest.fixture
def deployment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch directory with the bot's default database file in it, and no settings set."""
    for name in ("CARDHOST_DB", "CARDHOST_DATABASE_URL", "CARDHOST_HEALTH_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    asyncio.run(seed(tmp_path / "cardhost.sqlite3"))
    return tmp_path


def test_the_sqlite_steps_as_written(deployment: Path, capsys: pytest.CaptureFixture[str]) -> None:
    steps = [line for section, line in commands() if section == "One process with SQLite"]
    assert steps[0].startswith("python3 -m venv .venv") and len(steps) == 5, steps
    original = asyncio.run(rows("sqlite:///cardhost.sqlite3"))
    assert original["matches"] and original["match_actions"]
    for line in steps[1:]:
        if line.startswith("sqlite3 ") and shutil.which("sqlite3") is None:
            pytest.skip("the sqlite3 command-line program is not installed")
        out = run(line, capsys)
        if line.endswith("cardhost migrate"):
            assert (
                out.strip() == f"Nothing to apply: sqlite:///cardhost.sqlite3 is at schema version {LATEST}."
            )
    # The backup, the export and its restore all hold the deployment, row for row.
    for copy in ("backup.sqlite3", "restored.sqlite3"):
        assert asyncio.run(rows(f"sqlite:///{copy}")) == original, copy
    with gzip.open("backup.jsonl.gz", "rt", encoding="utf-8") as f:
        header = json.loads(f.readline())
    assert header["format"] == "cardhost-export" and header["schema_version"] > 0


def test_the_move_to_postgresql_as_written(
    deployment: Path, pg_server: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = [line for section, line in commands() if section == "PostgreSQL"]
    setting, migrate, *move = steps
    assert setting == f"CARDHOST_DATABASE_URL={PG_URL}"
    assert load_settings(_env_file=None, CARDHOST_DATABASE_URL=PG_URL).database.backend == "postgresql"
    url = pg_server.new_database(None)
    assert "Applied V001__init.sql" in run(migrate, capsys, url)
    assert [line.split()[1] for line in move] == ["export", "migrate", "import"]
    for line in move:
        run(line, capsys, url)
    assert asyncio.run(rows(url)) == asyncio.run(rows("sqlite:///cardhost.sqlite3"))


async def test_the_liveness_check_as_written(tmp_path: Path) -> None:
    (line,) = [line for section, line in commands() if section == "Liveness: `/healthz`"]
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    db = await Database(tmp_path / "x.sqlite3").open()
    health = HealthServer(port=0, db=db)
    health.start()
    try:
        argv = shlex.split(re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{health.port}", line))
        done = await asyncio.to_thread(subprocess.run, argv, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["status"] == "ok"
        await db.close()
        failed = await asyncio.to_thread(subprocess.run, argv, capture_output=True, text=True, check=False)
        assert failed.returncode != 0, "curl -f must fail on a 503"
    finally:
        await health.stop()
        await db.close()


def test_the_processes_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each process's command line gives the shards the page says, the processes together run
    every shard once, each one shares the database, and on SQLite each refuses in a sentence."""
    import bot.main

    lines = [line for section, line in commands() if section == "Several processes"]
    assert len(lines) == 2 and all(line.startswith(".venv/bin/cardhost ") for line in lines)
    given: list[dict[str, Any]] = []
    monkeypatch.setattr(bot.main, "run", lambda **kw: given.append(kw) or 0)
    for line in lines:
        assert cli(shlex.split(line)[1:]) == 0
    for name in ("CARDHOST_DB", "CARDHOST_DATABASE_URL", "CARDHOST_SHARDS", "CARDHOST_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    shards: list[int] = []
    for overrides in given:
        settings = load_settings(_env_file=None, CARDHOST_DATABASE_URL=PG_URL, **overrides)
        assert settings.shares_database and settings.shard_count == 8
        assert settings.shard_ids is not None
        shards += settings.shard_ids
        with pytest.raises(SettingsError, match="SQLite serves one process"):
            load_settings(_env_file=None, **overrides)
    assert sorted(shards) == list(range(8))


def test_the_shared_budget_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's two ways for the processes above to keep to one token's budget: each one's share
    is 1/N of a rate under Discord's 50 a second, or all of them send through the proxy's URL."""
    processes = [line for section, line in commands() if section == "Several processes"]
    lines = [line for section, line in commands() if section == "Several processes, one token"]
    given = dict(line.split("=", 1) for line in lines)
    assert set(given) == {
        "CARDHOST_DISCORD_GLOBAL_RATE",
        "CARDHOST_DISCORD_RATE_SHARE",
        "CARDHOST_DISCORD_API_BASE",
    }
    for name in given:
        monkeypatch.delenv(name, raising=False)
    shared = load_settings(
        _env_file=None,
        **{k: v for k, v in given.items() if k != "CARDHOST_DISCORD_API_BASE"},
    )
    assert shared.discord_rate_share * len(processes) == 1
    assert shared.discord_global_rate * shared.discord_rate_share * len(processes) < 50
    proxied = load_settings(_env_file=None, CARDHOST_DISCORD_API_BASE=given["CARDHOST_DISCORD_API_BASE"])
    assert proxied.discord_api_base == given["CARDHOST_DISCORD_API_BASE"]


def test_every_setting_the_page_names_exists_and_is_explained_in_env_example() -> None:
    named = set(re.findall(r"\b(?:CARDHOST|DISCORD)_[A-Z_]+[A-Z]\b", PAGE.read_text(encoding="utf-8")))
    aliases = {f.alias for f in Settings.model_fields.values()}
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    assert sorted(named - aliases) == []
    assert sorted(n for n in named if not re.search(rf"^#? ?{n}=", example, re.MULTILINE)) == []
