"""Pick clocks (R86): a warning on the picker's DM panel, the bot's pick on timeout, a bot takes the seat after three missed
picks in a row, /draft reclaim gives it back; async pods: long clocks, a DM when a pack waits."""

from __future__ import annotations

import discord

from bot.services.drafts import ASYNC_PICK_SECONDS, TAKEOVER_AFTER, TIMER_PRESETS, WARN_SECONDS, pick_seconds
from tests.bot.table import custom_ids, last_reply, make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, pick_options, pod_thread, selects


def now() -> float:
    return discord.utils.utcnow().timestamp()


def test_pick_time_shrinks_to_a_tenth_of_a_full_pack() -> None:
    full = TIMER_PRESETS["fast"]
    assert pick_seconds(full, 18) == full
    assert abs(pick_seconds(full, 1) - full * 0.10) < 1e-9
    times = [pick_seconds(full, n) for n in range(18, 0, -1)]
    assert times == sorted(times, reverse=True)


async def test_timeouts_warn_pick_for_the_player_then_a_bot_takes_the_seat_and_reclaim(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    live = await open_pod(simcord_env, t, seats=4, timer="fast")
    drafts = simcord_env.bot.drafts
    a = live.seat_of(alice.id).seat
    thread = pod_thread(t, live)
    assert abs(live.deadlines[a] - now() - TIMER_PRESETS["fast"]) < 1

    async def bob_picks() -> None:
        while (msg := panel(bob, live.id)) is not None and pick_options(msg) and live.drafting:
            await pick_by_clicks(bob, msg)

    for missed in range(1, TAKEOVER_AFTER + 1):
        await bob_picks()
        left = live.deadlines[a] - now()
        before = len(thread.history())
        await simcord_env.advance_time(left - WARN_SECONDS + 1)
        # The warning reaches Alice where she picks: her DM panel, edited (issue #35 item 2), with
        # her pack still to pick from; the pod's thread gets no ping.
        warned = panel(alice, live.id)
        assert "Only seconds left" in warned.content and "the bot picks for you" in warned.content
        assert pick_options(warned)
        assert (
            len([m for m in alice.user.dm_channel.history() if m.content.startswith("**Cosmic Draft")]) == 1
        )
        said = thread.history()[before:]
        assert not any("seconds left" in m.content or alice.mention in m.content for m in said)
        await simcord_env.advance_time(WARN_SECONDS)
        rows = [r for r in await drafts.store.picks(live.id) if r.seat == a]
        assert [r.by for r in rows if r.by != "bot"] == [
            "timeout"
        ] * missed  # the bot's picks follow a takeover
        assert live.seats[a].missed == missed
        if missed < TAKEOVER_AFTER:
            assert not live.seats[a].is_bot
            note = panel(alice, live.id).content
            assert "Time ran out" in note and "the bot took" in note

    # Three in a row: a bot drafts for Alice now, without waiting.
    assert live.seats[a].is_bot and a not in live.deadlines
    assert any("missed 3 picks in a row" in m.content for m in thread.history())
    takeover_panel = panel(alice, live.id)
    assert "A bot is drafting for your seat" in takeover_panel.content
    assert any(c.startswith("drr:") for c in custom_ids(takeover_panel))
    assert live.state.queues[a] == () or not live.drafting
    refused = await drafts.store.get(live.id)
    assert refused.seats[a].is_bot

    # Reclaim: the seat is Alice's again (the button on her DM panel).
    result = await alice.user.click(takeover_panel, custom_id=f"drr:{live.id}")
    assert "yours again" in last_reply(result).content
    assert not live.seats[a].is_bot and live.seats[a].missed == 0
    assert any("is back" in m.content for m in thread.history())
    again = await alice.slash(thread, "draft reclaim")
    assert "yourself already" in last_reply(again).content
    # Her next pack reaches her as a player again (with a clock), not a bot.
    await bob_picks()
    if live.drafting and live.state.queues[a]:
        assert a in live.deadlines and selects(panel(alice, live.id))


async def test_async_pod_long_clocks_ping_and_no_takeover(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await open_pod(
        simcord_env, t, joiners=("bob", "carol", "dave"), seats=4, bots=False, **{"async": True}
    )
    drafts = simcord_env.bot.drafts
    assert all(s.user_id is not None for s in live.seats)
    assert all(abs(d - now() - ASYNC_PICK_SECONDS) < 1 for d in live.deadlines.values())
    # Alice picks; she waits for the pack of the player on her right; when it comes, a DM pings her.
    alice = t.members["alice"]
    await pick_by_clicks(alice, panel(alice, live.id))
    a = live.seat_of(alice.id).seat
    source = next(m for m in t.members.values() if live.seat_of(m.id).seat == (a - 1) % 4)
    assert not live.state.queues[a]
    await pick_by_clicks(source, panel(source, live.id))
    pings = [
        m.content for m in alice.user.dm_channel.history() if m.content.startswith("📦 A pack is waiting")
    ]
    assert len(pings) == 1 and "pick 2" in pings[0]
    # Nobody picks for a day and a half: the bot picks for everyone, but nobody loses the seat.
    for _ in range(TAKEOVER_AFTER):
        await simcord_env.advance_time(ASYNC_PICK_SECONDS + 1)
    rows = await drafts.store.picks(live.id)
    assert sum(r.by == "timeout" for r in rows) >= 3 * 3
    assert not any(s.is_bot for s in live.seats)
    assert not any("seconds left" in m.content for m in pod_thread(t, live).history())
