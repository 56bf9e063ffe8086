"""A hostile player cannot make the bot ping: names and reasons pass through, mentions do not.

Every message the bot sends during a lobby, a game, a challenge and a pod is checked in simcord's
record of it: its mention policy lets no @everyone, @here or role through, and the only users it
may ping are the players that flow is about (never the bystander a nickname names).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import assert_error

from engines.core import CardhostError
from tests.bot.table import game_thread, last_reply, make_table
from tests.bot.test_chrono_table import _play_one_click
from tests.bot.test_podplay_building import make_pod
from tests.bot.test_podplay_rounds import start


def _hostile_table(env: Any) -> tuple[Any, Any, Any, str]:
    """A server with a mentionable role, a bystander, and mallory whose nickname pings them all."""
    t = make_table(env)
    # The bot may mention everyone in this server: a loose mention policy would really ping.
    loud = t.guild.create_role("loud bot", permissions=discord.Permissions(mention_everyone=True))
    env.backend.add_member_role(t.guild.id, env.bot.user.id, loud.id)
    staff = t.guild.create_role("staff", mentionable=True)
    bystander = t.guild.add_member(env.create_user("bystander"), roles=[staff])
    hostile = f"@everyone @here {staff.mention} <@{bystander.id}>"
    mallory = t.guild.add_member(env.create_user("mallory"), nick=hostile)
    return t, mallory, bystander, hostile


SENT_TYPES = {
    discord.MessageType.default.value,
    discord.MessageType.reply.value,
    discord.MessageType.chat_input_command.value,
    discord.MessageType.context_menu_command.value,
}
"""What the bot writes (system notices such as "thread created" are Discord's, and ping nobody)."""


def _bot_messages(env: Any) -> list[Any]:
    """simcord's stored messages written by the bot (interaction responses included)."""
    humans = {u.id for u in env.backend.users.values() if not u.bot}
    return [
        m
        for channel in env.backend.messages.values()
        for m in channel.values()
        if m.author_id not in humans and m.type in SENT_TYPES
    ]


def _assert_pings_only(env: Any, players: set[int], bystander: Any, hostile: str) -> int:
    """Every bot message: no @everyone/@here, no role, users only among ``players``."""
    sent = _bot_messages(env)
    assert sent
    hostile_seen = 0
    for m in sent:
        policy = m.allowed_mentions
        where = f"{m.content[:120]!r}"
        assert policy.everyone is False, f"@everyone/@here allowed in {where}"
        assert policy.roles == frozenset(), f"roles allowed in {where}"
        assert policy.users is not None and policy.users <= players, f"users {policy.users} in {where}"
        assert not m.mention_everyone and not m.ping_role_ids, where
        assert set(m.ping_user_ids) <= players and bystander.id not in m.ping_user_ids, where
        hostile_seen += hostile in m.content
    return hostile_seen


async def test_a_hostile_host_pings_nobody_through_lobby_game_and_end_reason(simcord_env) -> None:
    env = simcord_env
    t, mallory, bystander, hostile = _hostile_table(env)
    alice = t.members["alice"]
    await mallory.slash(t.channel, "play chrono", seats=2)
    lobby = t.channel.last_message
    await alice.click(lobby, label="Join")
    await mallory.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    t.members["mallory"] = mallory
    for _ in range(6):
        await _play_one_click(t, live)
    reason = f"@everyone @here <@&{next(iter(t.guild.roles.values())).id}> <@{bystander.id}> gg"
    # the game is rated: mallory, a player, is refused (docs/ratings.md); a moderator who does not
    # play ends it with her hostile reason
    refused = await mallory.slash(game_thread(t), "game end", reason=reason)
    assert "cannot end it without a result" in last_reply(refused).content
    assert_error(env, CardhostError, contains="cannot end it without a result")
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = t.guild.add_member(env.create_user("mod"), roles=[mods])
    ended = await mod.slash(game_thread(t), "game end", reason=reason)
    assert "ended" in last_reply(ended).content
    await env.settle()
    texts = [m.content for m in game_thread(t).history()]
    assert any("gg" in x and "@everyone" in x for x in texts), "the reason is still shown"
    seen = _assert_pings_only(env, {mallory.id, alice.id}, bystander, hostile)
    assert seen, "the hostile nickname was shown somewhere (and pinged nobody)"


async def test_a_challenge_pings_its_two_players_only(simcord_env) -> None:
    env = simcord_env
    t, mallory, bystander, hostile = _hostile_table(env)
    bob = t.members["bob"]
    await mallory.slash(t.channel, "play afrika", opponent=bob)
    challenge = env.backend.messages[t.channel.id][t.channel.last_message.id]
    assert f"<@{bob.id}>" in challenge.content
    assert challenge.allowed_mentions.users == {bob.id, mallory.id}
    assert bob.id in challenge.ping_user_ids
    _assert_pings_only(env, {mallory.id, bob.id}, bystander, hostile)


@pytest.mark.simcord(settle_timeout=60)
async def test_a_hostile_seat_name_in_a_pod_pings_nobody(simcord_env) -> None:
    env = simcord_env
    t, mallory, bystander, hostile = _hostile_table(env)
    pod_id = await make_pod(env, t, [mallory], bots=3, seed=5)
    await env.bot.db.write(
        lambda c: c.execute(
            "UPDATE pod_seats SET display_name = ? WHERE pod_id = ? AND seat = 0", (hostile, pod_id)
        )
    )
    await start(env, pod_id)
    from tests.bot.test_podplay_play import _submit_auto

    await _submit_auto(mallory)
    await env.settle()
    # Mallory's round-1 table is on: she ends it (a draw) so the standings come out.
    rows = await env.bot.podplay.store.matches(pod_id)
    mine = next(r for r in rows if r.round == 1 and 0 in (r.seat_a, r.seat_b))
    match = await env.bot.db.matches.get(mine.match_id)
    thread = next(th for th in t.channel.threads if th.id == match.thread_id)
    await mallory.slash(thread, "game end", reason="@everyone")
    await env.settle()
    texts = [m.content for m in _bot_messages(env)]
    assert any("Standings after round 1" in x for x in texts)
    seen = _assert_pings_only(env, {mallory.id}, bystander, hostile)
    assert seen, "the hostile seat name was shown in the pod's messages"
