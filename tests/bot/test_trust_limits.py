"""What one player can make the bot hold or say (issue #15 items 6 and 9): refusals fit Discord's
limits, a /game end reason too long to show is refused before the game ends, and a player's open
lobbies and pods are capped while finished matches leave memory."""

from __future__ import annotations

import pytest
from simcord import assert_error

from bot.cogs.game import REASON_LIMIT
from engines.core import CardhostError
from tests.bot.table import game_thread, last_reply, make_table, move_ids, panel_message


async def _duel(env, t):
    """Alice (the host) and Bob, in a Chronicles lobby started at two seats."""
    alice = t.members["alice"]
    await alice.slash(t.channel, "play", game="chrono", seats=2)
    lobby = t.channel.last_message
    await t.members["bob"].click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def test_a_reason_over_the_limit_is_refused_and_the_game_goes_on(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _duel(env, t)
    alice = t.members["alice"]
    thread = game_thread(t)
    result = await alice.slash(thread, "game end", reason="x" * 1990)
    said = last_reply(result).content
    assert f"at most {REASON_LIMIT} characters" in said and "1990" in said
    assert_error(env, CardhostError, contains="the game goes on")
    await env.settle()
    assert (await env.bot.matches.get(live.id)).active
    assert move_ids(panel_message(alice, live.id)), "the panel keeps its buttons: the game goes on"


async def test_a_reason_at_the_limit_ends_the_game_and_is_shown_whole(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _duel(env, t)
    alice = t.members["alice"]
    reason = "y" * REASON_LIMIT
    result = await alice.slash(game_thread(t), "game end", reason=reason)
    assert "ended" in last_reply(result).content
    await env.settle()
    assert not (await env.bot.matches.get(live.id)).active
    assert any(reason in m.content and "was ended" in m.content for m in game_thread(t).history())
    assert not move_ids(panel_message(alice, live.id)), "the DM panel lost its move buttons"


@pytest.mark.parametrize("length", [REASON_LIMIT + 1])
async def test_the_limit_is_exact(simcord_env, length: int) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _duel(env, t)
    await t.members["alice"].slash(game_thread(t), "game end", reason="z" * length)
    assert_error(env, CardhostError, contains=f"yours has {length}")
    assert (await env.bot.matches.get(live.id)).active
