"""A bot test closes the bot's database before its event loop ends (tests/bot/conftest.py).

simcord detaches the bot without closing it; an aiosqlite connection left open kept its worker
thread, and a job finishing after the loop had closed printed an "Event loop is closed" traceback
into a later test's output. The first test leaves its bot's database behind; the second, run after
it, checks that it was closed.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.db import Database
from tests.bot.table import make_table

_LEFT_BEHIND: list[Database] = []


async def test_a_bot_test_uses_its_database(simcord_env: Any) -> None:
    t = make_table(simcord_env)
    await t.members["alice"].slash(t.channel, "deck list")
    assert simcord_env.bot.db._conn is not None
    _LEFT_BEHIND.append(simcord_env.bot.db)


def test_its_database_was_closed_after_it() -> None:
    if not _LEFT_BEHIND:
        pytest.skip("runs after test_a_bot_test_uses_its_database")
    assert all(db._conn is None for db in _LEFT_BEHIND)
