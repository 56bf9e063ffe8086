"""The lobby's message as a surface written through the sender (issue #33 item 1), through the
real bot on a Discord that says no (tests/bot/limited_discord.py).

Three players who click Join at once cost fewer writes of the lobby than clicks: a version still
waiting is replaced by the newest (each version is the lobby as stored after its change, so the
newest shows all three). A lobby write that fails
for good stays stale and the sender's sweep repairs it once Discord accepts writes again.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.limited_discord import LimitedDiscord
from tests.bot.table import make_table

EDIT_ORIGINAL = "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original"


@pytest.fixture
def bot_settings(bot_settings: dict[str, Any]) -> dict[str, Any]:
    """The budget of production (45 requests a second, 5 writes per 5 s per channel)."""
    return {**bot_settings, "CARDHOST_DISCORD_GLOBAL_RATE": 45, "CARDHOST_DISCORD_CHANNEL_WRITES": 5}


def _lobby(t: Any) -> Any:
    return next(m for m in reversed(t.channel.history()) if m.embeds)


def _players(message: Any) -> str:
    return str(message.embeds[0].fields[0].value)


async def test_joins_at_once_coalesce_into_one_write_of_the_newest_lobby(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    env = simcord_env
    t = make_table(env)
    await t.members["alice"].slash(t.channel, "play chrono")
    lobby = _lobby(t)
    # Every interaction request travels a second (virtual): the three clicks overlap.
    limited_discord.configure(latency=1.0, faults_on_interactions=True)
    mark = limited_discord.mark()
    for name in ("bob", "carol", "dave"):
        await t.members[name].click(lobby, label="Join")
    await env.advance_time(10.0)
    limited_discord.configure(latency=0.0, faults_on_interactions=False)
    edits = [r for r in limited_discord.since(mark) if r.route == EDIT_ORIGINAL]
    # One write per click before the sender; now the newest waiting version replaces the others.
    assert 1 <= len(edits) < 3, limited_discord.by_route(limited_discord.since(mark))
    shown = _players(_lobby(t))
    assert all(name in shown for name in ("alice", "bob", "carol", "dave")), shown
    assert not env.bot.sender.behind()


async def test_a_lobby_write_that_failed_for_good_is_repaired_by_the_sweep(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    env = simcord_env
    t = make_table(env)
    await t.members["alice"].slash(t.channel, "play chrono")
    lobby = _lobby(t)
    env.inject_error("PATCH", "/webhooks/*", status=503, times=None)
    await t.members["bob"].click(lobby, label="Join")
    await env.advance_time(60.0)
    assert "bob" not in _players(_lobby(t)), "the fault kept the lobby back"
    assert env.bot.sender.behind(), "the failed lobby stays stale"
    env.backend.faults.clear()  # Discord accepts writes again
    # A try on its way may first sleep out its backoff; then the next try or the sweep writes it.
    await env.advance_time(env.bot.sender.backoff_max + env.bot.sender.sweep_seconds + 1.0)
    assert "bob" in _players(_lobby(t)), "the lobby was not repaired"
    assert not env.bot.sender.behind()
