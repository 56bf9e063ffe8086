"""AI levels through the bot: ``/play alchemy ai:hard`` seats a searching AI (stored with the seat, kept
over a restart, thinking in a thread), ``ai:easy`` fills a lobby's "Add AI" seats, a seat the AI
takes over from a player stays ``normal``, and a challenge with ``ai:`` is refused in words."""

from __future__ import annotations

import pytest
from simcord import assert_error

from bot.client import create_bot
from engines.core import CardhostError, PlayerId, Rng, choose_action
from tests.bot.table import last_reply, make_table, play_move

pytestmark = pytest.mark.backends  # stored AI levels over a restart, on SQLite and on PostgreSQL



async def test_a_hard_ai_duel_stored_and_kept_over_a_restart(simcord_env, db_file) -> None:
    env = simcord_env
    env.bot.matches.hard_seconds = 0.05
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    reply = last_reply(await alice.slash(t.channel, "play alchemy", ai="hard"))
    assert "vs the AI" in reply.content and ", hard)" in reply.content, reply.content
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    assert [s.ai_level for s in live.seats] == [None, "hard"]
    rows = await env.bot.db.matches.seats(live.id)
    assert [r.ai_level for r in rows] == [None, "hard"]
    rng = Rng.from_seed(1)
    ai_moves = 0
    for _ in range(40):
        if not live.active:
            break
        before = live.seq
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
        ai_moves += live.seq - before - 1
    assert ai_moves > 0, "the hard AI answered"
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    again = await env.bot.matches.get(live.id)
    assert [s.ai_level for s in again.seats] == [None, "hard"]


async def test_add_ai_seats_take_the_lobby_level(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play chrono", ai="easy")
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await alice.click(lobby, label="Join")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    assert [s.ai_level for s in live.seats if s.is_ai] == ["easy", "easy"]
    assert [s.ai_level for s in live.seats if not s.is_ai] == [None]


async def test_a_challenge_with_an_ai_level_is_refused(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    refused = last_reply(await alice.slash(t.channel, "play alchemy", opponent=bob, ai="hard"))
    assert "A challenge is played between two people" in refused.content
    assert_error(env, CardhostError, contains="between two people")
    assert not await env.bot.matches.active_match_ids()
