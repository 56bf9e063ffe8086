"""simcord fixtures: the real CardhostBot on a real SQLite file, in an offline Discord."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from simcord import SetupError

from bot.client import CardhostBot, create_bot
from bot.db import Database
from bot.services import deadlines
from tests.bot.limited_discord import limited_discord  # noqa: F401  (the fixture, for every bot test)


@pytest.fixture
def db_file(tmp_path: Path, backend: str, databases: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The SQLite file of the test's bots; on PostgreSQL, CARDHOST_DATABASE_URL is set instead
    (it wins over CARDHOST_DB), so every bot the test makes, restarts included, shares that server."""
    if backend == "postgresql":
        monkeypatch.setenv("CARDHOST_DATABASE_URL", databases.url())
    return tmp_path / "cardhost.sqlite3"


@pytest.fixture
def bot_settings(db_file: Path) -> dict[str, Any]:
    """The test bot's settings; a module that needs one more overrides this fixture (asking for
    it by name gets these) rather than copying the bot fixture."""
    return {
        "DISCORD_TOKEN": "",
        "CARDHOST_DB": str(db_file),
        "CARDHOST_TURN_SECONDS": 90,
        "CARDHOST_RESERVE_SECONDS": 30,
        "CARDHOST_WARN_SECONDS": 20,
        "CARDHOST_SNAPSHOT_EVERY": 7,
    }


@pytest.fixture(autouse=True)
def unpaced_sender(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain simcord has no rate limits and its players click at machine speed: the sender does
    not pace there, for every bot a test makes (restarts too). A test on the limited Discord sets
    the real budget in its settings, which win over the environment (tests/bot/test_sender_table.py)."""
    monkeypatch.setenv("CARDHOST_DISCORD_GLOBAL_RATE", "10000")
    monkeypatch.setenv("CARDHOST_DISCORD_CHANNEL_WRITES", "1000")


@pytest_asyncio.fixture
async def simcord_env(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """simcord's environment, with the bot's timers (turn and pick clocks, building and series
    deadlines) ended by virtual time only: a plain sleep of the bot also ends on real time there,
    and a slow machine ran a clock out in the middle of a test (``bot/services/deadlines.py``)."""
    env = simcord_env

    async def wait_virtually(delay: float) -> None:
        try:
            await env.external_wait(asyncio.sleep(delay), reason="a cardhost deadline")
        except SetupError:  # a runner the test itself started, outside the bot's work
            await asyncio.sleep(delay)

    monkeypatch.setattr(deadlines, "wait_until_due", wait_virtually)
    yield env


@pytest.fixture
def simcord_bot(bot_settings: dict[str, Any]) -> CardhostBot:
    bot = create_bot(**bot_settings)
    seeds = itertools.count(1)  # match seeds 1, 2, 3, ...: the same games on every run
    bot.matches.seed_source = lambda: next(seeds)
    return bot


@pytest.fixture(autouse=True)
async def close_bot_databases(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """simcord detaches a bot at the end of a test (or on a restart) but does not close it, so the
    bot's SQLite connection (aiosqlite's worker thread) outlived the test's event loop, and a job
    finishing late printed an "Event loop is closed" traceback from that thread during some later
    test. Every database a test opens (each bot's, before and after restarts) is closed here, while
    the loop still runs (autouse: torn down after ``simcord_env`` has detached the bot)."""
    opened: list[Database] = []
    real_open = Database.open

    async def open_and_remember(self: Database) -> Database:
        opened.append(self)
        return await real_open(self)

    monkeypatch.setattr(Database, "open", open_and_remember)
    from bot.db.postgres import PostgresDatabase

    real_pg_open = PostgresDatabase.open

    async def open_pg_and_remember(self: PostgresDatabase) -> PostgresDatabase:
        opened.append(self)
        return await real_pg_open(self)

    monkeypatch.setattr(PostgresDatabase, "open", open_pg_and_remember)
    yield
    for db in opened:
        await db.close()


class _ErrorLogs(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_error_logs() -> Any:
    """Every bot test fails on an ERROR log from discord.py or cardhost."""
    handler = _ErrorLogs()
    loggers = [logging.getLogger("discord"), logging.getLogger("cardhost"), logging.getLogger("bot")]
    for lg in loggers:
        lg.addHandler(handler)
    yield handler
    for lg in loggers:
        lg.removeHandler(handler)
    messages = [f"{r.name}: {r.getMessage()}" for r in handler.records if not getattr(r, "expected", False)]
    assert not messages, f"ERROR logs during the test: {messages}"
