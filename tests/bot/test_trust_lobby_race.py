"""Clicks that reach the bot together on one lobby: Start twice, or Start and a moderator's Cancel.

Exactly one of them wins; a started lobby has exactly one match and it has its thread; a cancelled
lobby leaves no match behind (not in the database, not in the bot's memory)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import interactions as sim_interactions
from simcord.actors import _find_component, _visible_message
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult

from tests.bot.table import last_reply, make_table


async def click_together(env: Any, clicks: list[tuple[Any, Any, str]]) -> list[InteractionResult]:
    """Each (member, message, button label) clicked in one gateway burst, then settled together.

    simcord's ``click`` runs one interaction to its end before the next; two people (or one
    double-clicking) on a real lobby send theirs within the same instant, so both handlers run
    interleaved. This emits the INTERACTION_CREATE events the way ``click`` builds them, all
    before the first is handled."""
    env._begin_operation("click")
    try:
        records = []
        for member, message, label in clicks:
            stored = _visible_message(member, message)
            button = _find_component(
                stored.components, types=(ComponentType.BUTTON,), custom_id=None, label=label
            )
            record, payload = sim_interactions.base_payload(
                env.backend,
                type=InteractionType.MESSAGE_COMPONENT,
                channel_id=stored.channel_id,
                guild_id=member.guild.id,
                user_id=member.id,
                data={"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON},
            )
            payload["message"] = dict(serializers.message_payload(env.backend, stored))
            record.source_message_id = stored.id
            records.append((record, payload))
        for _, payload in records:
            env.backend.emit("INTERACTION_CREATE", payload)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
        return [InteractionResult(env, record) for record, _ in records]
    finally:
        env._end_operation()


async def _all_matches(env: Any) -> list[tuple[int, str, int | None]]:
    rows = await env.bot.db.query(
        lambda c: c.execute("SELECT id, status, thread_id FROM matches ORDER BY id").fetchall()
    )
    return [(r[0], r[1], r[2]) for r in rows]


async def _lobby(env: Any, t: Any) -> Any:
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play chrono", seats=2)
    lobby = t.channel.last_message
    await bob.click(lobby, label="Join")
    return lobby


async def test_two_start_clicks_at_once_start_one_match(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    lobby = await _lobby(env, t)
    alice = t.members["alice"]
    first, second = await click_together(env, [(alice, lobby, "Start"), (alice, lobby, "Start")])
    answers = [last_reply(r).content for r in (first, second) if r.followups]
    assert answers == ["This lobby is no longer open."]
    matches = await _all_matches(env)
    assert len(matches) == 1, matches
    match_id, status, thread_id = matches[0]
    assert status == "active" and thread_id is not None and len(t.channel.threads) == 1
    row = await env.bot.db.lobbies.get(1)
    assert row.status == "started" and row.match_id == match_id
    assert set(env.bot.matches._cache) == {match_id}
    # /game status in the channel finds the game that has the thread.
    status_reply = await alice.slash(t.channel, "game status")
    assert f"game #{match_id}" in last_reply(status_reply).content


@pytest.mark.parametrize("cancel_first", [False, True])
async def test_start_and_a_moderators_cancel_at_once(simcord_env, cancel_first: bool) -> None:
    env = simcord_env
    t = make_table(env)
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, t.members["carol"].id, mods.id)
    lobby = await _lobby(env, t)
    start = (t.members["alice"], lobby, "Start")
    cancel = (t.members["carol"], lobby, "Cancel")
    results = await click_together(env, [cancel, start] if cancel_first else [start, cancel])
    refused = [last_reply(r).content for r in results if r.followups]
    assert refused == ["This lobby is no longer open."]
    row = await env.bot.db.lobbies.get(1)
    matches = await _all_matches(env)
    if row.status == "cancelled":
        assert matches == [] and not env.bot.matches._cache and not t.channel.threads
        assert "Cancelled" in t.channel.last_message.embeds[0].description
    else:
        assert row.status == "started" and len(matches) == 1
        assert matches[0][0] == row.match_id and matches[0][2] is not None
    # The next game in this channel gets a fresh id and is not confused with a rolled-back one.
    again = await _lobby(env, t)
    await t.members["alice"].click(again, label="Start")
    matches = await _all_matches(env)
    newest = matches[-1]
    assert newest[1] == "active" and newest[2] is not None
    live = await env.bot.matches.get(newest[0])
    assert live.thread_id == newest[2]
