"""Issue #8's acceptance path: an 8-seat pod, 3 people and 5 bots, from the lobby to final standings.

The people draft by clicks (select + Confirm), build their decks in the DM panel (auto-build,
submit), and their matches are ended by the host (an aborted match is a draw); the bots draft,
build and play their own tables. Swiss, 3 rounds, no rematch.
"""

from __future__ import annotations

import time

import discord

from tests.bot.table import last_reply, make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, pick_options
from tests.bot.test_podplay_building import build_panel


async def test_eight_seat_pod_from_lobby_to_final_standings(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = (t.members[n] for n in ("alice", "bob", "carol"))
    humans = (alice, bob, carol)
    started = time.perf_counter()
    live = await open_pod(env, t, "alice", ("bob", "carol"), seats=8, timer="slow")
    pod_id = live.id
    assert sum(1 for s in live.seats if s.is_bot) == 5
    picks = 0
    for _ in range(2000):
        if live.row.status != "drafting":
            break
        for m in humans:
            msg = panel(m, pod_id)
            if msg is not None and pick_options(msg):
                try:
                    await pick_by_clicks(m, msg)
                except AssertionError:  # the pack moved on between the select and Confirm
                    continue
                picks += 1
    drafted = time.perf_counter()
    assert picks == 3 * 54
    await env.settle()
    store = env.bot.podplay.store
    pod = await store.pod(pod_id)
    assert pod.status == "building"
    seats = await store.seats(pod_id)
    assert all(len(s.pool) == 54 for s in seats) and sum(s.submitted for s in seats) == 5
    for m in humans:
        await m.user.click(build_panel(m), label="🤖 Auto-build")
        await m.user.click(build_panel(m), label="✅ Submit deck")
    await env.settle()
    built = time.perf_counter()
    assert (await store.pod(pod_id)).status == "playing"
    ids = {m.id for m in humans}
    # tables between two people are rated: a moderator who plays at none of them ends them
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = t.guild.add_member(env.create_user("mod"), roles=[mods])
    for _ in range(10):
        pod = await store.pod(pod_id)
        if pod.status == "finished":
            break
        for row in await store.matches(pod_id):
            if row.status != "playing":
                continue
            live_match = await env.bot.matches.get(row.match_id)
            assert any(s.user_id in ids for s in live_match.seats), "a bots' table waits"
            thread = next(th for th in t.channel.threads if th.id == live_match.thread_id)
            result = await mod.slash(thread, "game end", reason="time")
            assert "ended" in last_reply(result).content
        await env.settle()
    pod = await store.pod(pod_id)
    assert pod.status == "finished"
    rows = await store.matches(pod_id)
    assert len(rows) == 12 and len({frozenset((r.seat_a, r.seat_b)) for r in rows}) == 12
    texts = [m.content for m in t.channel.threads[0].history()]
    assert sum("Standings after round" in x for x in texts) == 2
    final = next(x for x in texts if "Final standings" in x)
    assert all(m.name in final for m in humans)
    print(
        f"\n8-seat pod: draft {drafted - started:.1f} s ({picks} clicks x2), decks {built - drafted:.1f} s, "
        f"rounds {time.perf_counter() - built:.1f} s"
    )
