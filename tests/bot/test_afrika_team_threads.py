"""Each team of people gets a private thread (R124, issue #34 item 13): Allied Kingdoms opens one
per team with its two players, greets them there once and posts nothing else in it (the hands stay
in the DM panels); the rivals can't read it. A team of one person and an AI gets none, and a
channel that does not let the bot open private threads gets one sentence, and the game goes on."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import SetupError

from engines.core import Rng
from tests.bot.afrika_tables import click_for, human_to_act, latest_live, lobby_message
from tests.bot.table import game_thread, make_table, panel_message


def _private_threads(t: Any) -> list[Any]:
    from simcord.enums import ChannelType

    channels = t.env.backend.channels
    return [th for th in t.channel.threads if channels[th.id].type == ChannelType.PRIVATE_THREAD]


async def _allied(t: Any, team1: tuple[str, ...], team2: tuple[str, ...], ais: int = 0) -> None:
    host = t.members[team1[0]]
    await host.slash(t.channel, "play afrika", variant="allied")
    for name in team1[1:]:
        await t.members[name].click(lobby_message(t), label="Join team 1")
    for name in team2:
        await t.members[name].click(lobby_message(t), label="Join team 2")
    for _ in range(ais):
        await host.click(lobby_message(t), label="Add AI")
    await host.click(lobby_message(t), label="Start")


async def test_each_team_talks_in_a_private_thread_the_rivals_cannot_read(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    await _allied(t, ("alice", "bob"), ("carol", "dave"))
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["alice", "bob", "carol", "dave"]
    rooms = _private_threads(t)
    assert [th.name for th in rooms] == [
        f"Chronicles of Afrika #{live.id} · Team 1",
        f"Chronicles of Afrika #{live.id} · Team 2",
    ]
    members = t.members
    for room, (mine, rivals) in zip(
        rooms, ((("alice", "bob"), ("carol", "dave")), (("carol", "dave"), ("alice", "bob"))), strict=True
    ):
        said = room.history(viewer=members[mine[0]])
        assert len(said) == 1, [m.content for m in said]
        ids = [members[n].id for n in mine]
        assert said[0].content.startswith(
            f"🔒 **Team {1 if mine[0] == 'alice' else 2}**: <@{ids[0]}> & <@{ids[1]}>."
        )
        assert "the other team can't read it" in said[0].content
        assert room.history(viewer=members[mine[1]]), "both teammates read it"
        for rival in rivals:
            with pytest.raises(SetupError):
                room.history(viewer=members[rival])
    # The game goes on in its public thread; the team threads get nothing more.
    assert game_thread(t).id == live.thread_id
    people = {i: members[n] for i, n in enumerate(["alice", "bob", "carol", "dave"])}
    rng = Rng.from_seed(5)
    for _ in range(40):
        seat = human_to_act(live)
        if seat is None or not live.active:
            break
        await click_for(live, people[seat], seat, rng)
    assert live.seq > 20
    for room in rooms:
        assert len(room.history()) == 1, "the bot posts nothing but the greeting in a team's thread"


async def test_a_team_of_one_person_and_an_ai_gets_no_thread(simcord_env) -> None:
    t = make_table(simcord_env)
    await _allied(t, ("alice", "bob"), ("carol",), ais=1)
    live = await latest_live(simcord_env)
    assert [s.name for s in live.seats] == ["alice", "bob", "carol", "AI 1"]
    assert [th.name for th in _private_threads(t)] == [f"Chronicles of Afrika #{live.id} · Team 1"]


async def test_a_channel_without_private_threads_says_so_and_the_game_goes_on(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    closed = t.guild.create_text_channel(
        "closed", overwrites={t.guild.default_role: discord.PermissionOverwrite(create_private_threads=False)}
    )
    t.channel = closed
    await _allied(t, ("alice", "bob"), ("carol", "dave"))
    live = await latest_live(env)
    assert not _private_threads(t)
    lines = [m.content for m in game_thread(t).history()]
    assert any("couldn't open a private thread for each team" in line for line in lines), lines
    assert any(m.attachments for m in game_thread(t).history()), "the board is posted"
    assert panel_message(t.members["alice"], live.id) is not None, "the DM panels are dealt"
