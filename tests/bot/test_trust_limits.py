"""What one player can make the bot hold or say (issue #15 items 6 and 9): refusals fit Discord's
limits, a /game end reason too long to show is refused before the game ends, and a player's open
lobbies and pods are capped while finished matches leave memory."""

from __future__ import annotations

import discord
import pytest
from simcord import assert_error

from bot.cogs.game import REASON_LIMIT
from engines.core import CardhostError
from tests.bot.table import game_thread, last_reply, make_table, move_ids, panel_message
from tests.bot.test_trust_ids import _click


async def _duel(env, t):
    """Alice (the host) and Bob, in a Chronicles lobby started at two seats."""
    alice = t.members["alice"]
    await alice.slash(t.channel, "play chrono", seats=2)
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
    # the duel is rated: a moderator who does not play in it ends it (docs/ratings.md)
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, t.members["carol"].id, mods.id)
    result = await t.members["carol"].slash(game_thread(t), "game end", reason=reason)
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


def _held(bot) -> dict[str, int]:
    """What the bot keeps per match between clicks."""
    return {
        "matches cached": len(bot.matches._cache),
        "match load locks": len(bot.matches._load_locks),
        "DM panel signatures": len(bot.table._dm_signatures),
        "clock tasks": bot.clocks.armed,
        "clock settings": len(bot.clocks._settings),
    }


async def _duel_to_the_end(env, t) -> None:
    """A duel through the real bot: lobby, join, start, the first move, then Bob concedes."""
    from tests.bot.test_chrono_table import _play_one_click

    live = await _duel(env, t)
    await _play_one_click(t, live)
    conceded = await t.members["bob"].slash(game_thread(t), "game concede")
    assert "You conceded" in last_reply(conceded).content
    await env.settle()
    assert not live.active


@pytest.mark.simcord(settle_timeout=60)
async def test_thirty_duels_leave_memory_where_it_was(simcord_env) -> None:
    import gc
    import tracemalloc

    env = simcord_env
    t = make_table(env)
    await _duel_to_the_end(env, t)  # warm-up: imports, fonts and card images load once
    gc.collect()
    before = _held(env.bot)
    tracemalloc.start()
    for _ in range(30):
        await _duel_to_the_end(env, t)
    # Old buttons of finished matches and forged ids of matches that never were load nothing that stays.
    for n in range(10):
        assert "no longer exists" in await _click(env, t.members["carol"], t.channel, f"hand:{424242 + n}")
        assert "watching" in await _click(env, t.members["carol"], t.channel, f"hand:{n + 1}")
    gc.collect()
    ours = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(True, f"*/{top}/*") for top in ("bot", "engines", "render")]
    )
    kept = {top: 0 for top in ("bot", "engines", "render")}
    for stat in ours.statistics("filename"):
        top = next(t for t in kept if f"/{t}/" in stat.traceback[0].filename)
        kept[top] += stat.size
    tracemalloc.stop()
    after = _held(env.bot)
    # For the record, not asserted: render/'s share is PNG bytes that simcord's stored messages
    # and the bounded board cache hold; engines/' share is game states still referenced.
    print("30 duels, KiB still allocated by", {k: v // 1024 for k, v in kept.items()}, after)
    assert after == before, f"the bot holds more after 30 finished duels: {before} -> {after}"
    assert after["matches cached"] == 0


async def test_a_player_hosts_at_most_three_open_lobbies(simcord_env) -> None:
    from bot.services.lobbies import MAX_OPEN_LOBBIES, LobbyError

    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    lobbies = []
    for _ in range(MAX_OPEN_LOBBIES):
        await alice.slash(t.channel, "play chrono", seats=2)
        lobbies.append(t.channel.last_message)
    refused = await alice.slash(t.channel, "play chrono", seats=2)
    assert f"already host {MAX_OPEN_LOBBIES} open lobbies" in last_reply(refused).content
    assert_error(env, LobbyError)
    assert len(await env.bot.lobbies.store.open_lobbies()) == MAX_OPEN_LOBBIES
    # Bob is not limited by Alice's lobbies; Alice may open one again once one of hers closes.
    await t.members["bob"].slash(t.channel, "play chrono", seats=2)
    await alice.click(lobbies[0], label="Cancel")
    await alice.slash(t.channel, "play chrono", seats=2)
    assert len(await env.bot.lobbies.store.open_lobbies()) == MAX_OPEN_LOBBIES + 1


async def test_a_player_sits_in_at_most_three_unfinished_pods(simcord_env) -> None:
    from bot.services.drafts.lobby import MAX_OPEN_PODS

    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    for _ in range(MAX_OPEN_PODS):
        await alice.slash(t.channel, "draft create")
    refused = await alice.slash(t.channel, "sealed create")
    assert f"already in {MAX_OPEN_PODS} pods" in last_reply(refused).content
    assert len(await env.bot.drafts.store.pods_of(alice.id, ("lobby",))) == MAX_OPEN_PODS
    await t.members["bob"].slash(t.channel, "sealed create")
    assert len(await env.bot.drafts.store.pods_of(t.members["bob"].id, ("lobby",))) == 1


@pytest.mark.simcord(settle_timeout=60)
async def test_a_finished_pod_leaves_memory(simcord_env) -> None:
    from tests.bot.test_podplay_building import make_pod
    from tests.bot.test_podplay_rounds import start

    env = simcord_env
    t = make_table(env)
    pod_id = await make_pod(env, t, [], bots=4, seed=11)
    await env.bot.drafts.get(pod_id)  # e.g. /draft status while the pod runs: held meanwhile
    assert pod_id in env.bot.drafts.pods.live
    await start(env, pod_id)
    assert (await env.bot.podplay.store.pod(pod_id)).status == "finished"
    assert pod_id not in env.bot.drafts.pods.live
    assert _held(env.bot)["matches cached"] == 0, "the pod's six matches left memory too"
    await env.bot.drafts.get(pod_id)  # /draft log reads it again: it is not kept
    assert pod_id not in env.bot.drafts.pods.live
