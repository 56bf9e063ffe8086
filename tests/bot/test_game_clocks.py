"""Each game's own turn clock (issue 34, item 4), through the bot: a match starts with the clock its
game declares (``GameSpec.clock``: a Spirit Tactics turn is some twenty decisions, an Alchemy turn
a few), says it in its greeting, and a server's ``CARDHOST_TURN_SECONDS`` /
``CARDHOST_RESERVE_SECONDS`` still override it for every game. Before, every game had 90 s and a
180 s reserve."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import create_bot
from engines.games import game_spec
from tests.bot.table import last_reply, make_table


@pytest.fixture
def bot_settings(bot_settings: dict[str, Any]) -> dict[str, Any]:
    """The test bot without a server-wide clock: each game's declared one holds."""
    return {
        k: v
        for k, v in bot_settings.items()
        if k not in ("CARDHOST_TURN_SECONDS", "CARDHOST_RESERVE_SECONDS")
    }


async def _start(env: Any, game: str) -> tuple[str, Any]:
    t = make_table(env, ("alice",))
    result = await t.members["alice"].slash(t.channel, f"play {game}")
    live = await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))
    return last_reply(result).content, live


@pytest.mark.parametrize("game", ["spirit", "afrika", "chronomagia", "alchemy"])
async def test_a_match_starts_with_its_games_declared_clock(simcord_env, game: str) -> None:
    declared = game_spec(game).clock
    said, live = await _start(simcord_env, game)
    turn, reserve = declared.turn_seconds, declared.reserve_seconds
    assert f"Turn clock: {turn} s per turn plus a {reserve} s reserve." in said, said
    clock = await simcord_env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0
    assert clock.reserve_seconds == reserve and clock.reserve[0] == reserve
    if clock.kind == "turn":  # (Alchemy opens with an offer to respond: its short clock)
        assert clock.turn_seconds == turn


async def test_spirit_thinks_longer_than_alchemy() -> None:
    spirit, alchemy = game_spec("spirit").clock, game_spec("alchemy").clock
    assert spirit.turn_seconds > alchemy.turn_seconds and spirit.reserve_seconds > alchemy.reserve_seconds
    afrika = game_spec("afrika").clock
    assert afrika.turn_seconds > alchemy.turn_seconds and afrika.reserve_seconds > alchemy.reserve_seconds


async def test_the_servers_clock_overrides_every_games(simcord_env, db_file) -> None:
    env = simcord_env
    await env.restart_bot(
        create_bot(
            DISCORD_TOKEN="", CARDHOST_DB=str(db_file), CARDHOST_TURN_SECONDS=45, CARDHOST_RESERVE_SECONDS=60
        )
    )
    said, live = await _start(env, "spirit")
    assert "Turn clock: 45 s per turn plus a 60 s reserve." in said, said
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and (clock.turn_seconds, clock.reserve_seconds) == (45, 60)
