"""A bot restart between picks, and the draft log (who may read it when, and what it holds)."""

from __future__ import annotations

import json
from typing import Any

from bot.client import create_bot
from engines.draft import pod as engine
from tests.bot.table import last_reply, make_table
from tests.bot.test_draft_flow import (
    draft_to_the_end,
    open_pod,
    panel,
    pick_by_clicks,
    pick_options,
    pod_thread,
    refetch,
    selects,
)
from tests.bot.test_podplay_building import build_panel


async def test_a_restart_between_picks_resumes_every_seat_and_its_clock(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    live = await open_pod(env, t, seats=4, timer="slow")
    pod_id = live.id
    a_seat, b_seat = live.seat_of(alice.id).seat, live.seat_of(bob.id).seat
    await pick_by_clicks(alice, panel(alice, pod_id))
    # Bob has his pack's menu in front of him when the bot goes down.
    msg = panel(bob, pod_id)
    choice = pick_options(msg)[2]
    bob_menu = selects(msg)[0].custom_id
    state, deadlines = live.state, dict(live.deadlines)
    stored = await env.bot.drafts.store.picks(pod_id)
    assert b_seat in deadlines and len(stored) == sum(len(p) for p in state.pools)

    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    drafts = env.bot.drafts
    reloaded = await drafts.get(pod_id)
    assert reloaded is not live
    # Every seat where it was: the same packs, pools and queues (replayed from the seed and picks)...
    assert reloaded.state == state and reloaded.drafting
    # ...and the clocks go on from their stored deadlines (not restarted from a full pick time).
    assert reloaded.deadlines == deadlines
    assert (pod_id, b_seat) in drafts.clocks.handles

    # Bob's menu, posted before the restart, still takes the card he chooses in it.
    result = await bob.user.select(refetch(bob, msg), [choice], custom_id=bob_menu)
    assert not result.followups, last_reply(result).content
    assert reloaded.state.pools[b_seat] == (choice,)
    # Alice's panel (the same DM message, edited) goes on with her next pack.
    msg = panel(alice, pod_id)
    if pick_options(msg):
        await pick_by_clicks(alice, msg)
        assert len(reloaded.state.pools[a_seat]) == 2
    # Both leave; the bots draft to the end, and the stored picks replay to the final state.
    await alice.slash(pod_thread(t, reloaded), "draft leave")
    await bob.slash(pod_thread(t, reloaded), "draft leave")
    assert not reloaded.drafting
    rows = await drafts.store.picks(pod_id)
    assert [r.seq for r in rows] == list(range(1, 4 * 54 + 1))
    assert engine.replay(reloaded.state.config, reloaded.row.seed, ((r.seat, r.card) for r in rows)) == (
        reloaded.state
    )


async def test_a_clock_that_ran_out_while_the_bot_was_down_picks_at_start_up(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    live = await open_pod(env, t, joiners=(), seats=4, timer="slow")
    pod_id, seat = live.id, live.seat_of(alice.id).seat
    assert not live.state.pools[seat]
    # The bot is down past Alice's deadline.
    await env.bot.drafts.store.set_clock(pod_id, seat, 1.0)
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.drafts.get(pod_id)
    rows = [r for r in await env.bot.drafts.store.picks(pod_id) if r.seat == seat]
    assert [r.by for r in rows][:1] == ["timeout"]
    assert reloaded.state.pools[seat][0] == rows[0].card
    # She picks on from the same DM panel.
    msg = panel(alice, pod_id)
    assert pick_options(msg), msg.content
    await pick_by_clicks(alice, msg)
    assert [r.by for r in await env.bot.drafts.store.picks(pod_id) if r.seat == seat][1] == "player"


async def _files(result: Any) -> dict[str, bytes]:
    return {a.filename: await a.read() for a in last_reply(result).attachments}


async def test_the_draft_log_nobody_while_drafting_own_picks_after_everyone_when_finished(
    simcord_env,
) -> None:
    env = simcord_env
    t = make_table(env)
    alice, carol = t.members["alice"], t.members["carol"]
    live = await open_pod(env, t, joiners=(), seats=4, timer="slow")
    pod_id = live.id
    thread = pod_thread(t, live)
    refused = await alice.slash(thread, "draft log")
    assert "once the draft is over" in last_reply(refused).content
    first = pick_options(panel(alice, pod_id))[0]
    await pick_by_clicks(alice, panel(alice, pod_id), first)
    await draft_to_the_end(env, t, live, ("alice",), check_progress=False)
    await env.settle()
    assert not live.drafting

    # Deck building: Alice gets her own picks; someone outside the pod gets nothing yet.
    own = await alice.slash(thread, "draft log")
    assert "Your picks" in last_reply(own).content and last_reply(own).ephemeral
    files = await _files(own)
    assert set(files) == {f"draft-{pod_id}-seat1.json", f"draft-{pod_id}-seat1.txt"}
    data = json.loads(files[f"draft-{pod_id}-seat1.json"])
    assert {p["seat"] for p in data["picks"]} == {0} and len(data["picks"]) == 54
    assert data["pod"]["seed"] is None  # the seed would give away every pack
    assert data["picks"][0]["card"] == first and data["picks"][0]["by"] == "player"
    assert len(data["picks"][0]["pack"]) == 18 and first in data["picks"][0]["pack"]
    assert {p["by"] for p in data["picks"]} == {"player"}
    assert "alice" in files[f"draft-{pod_id}-seat1.txt"].decode()
    outsider = await carol.slash(thread, "draft log", pod=pod_id)
    assert "once the pod is finished" in last_reply(outsider).content

    # Alice builds, then concedes each of her round-robin matches: the pod finishes.
    await alice.user.click(build_panel(alice), label="🤖 Auto-build")
    await alice.user.click(build_panel(alice), label="✅ Submit deck")
    await env.settle()
    for _ in range(3):
        rows = await env.bot.podplay.store.matches(pod_id)
        mine = [r for r in rows if r.status == "playing" and 0 in (r.seat_a, r.seat_b)]
        if not mine:
            break
        match = await env.bot.db.matches.get(mine[0].match_id)
        game = next(th for th in t.channel.threads if th.id == match.thread_id)
        conceded = await alice.slash(game, "game concede")
        assert "You conceded" in last_reply(conceded).content
        await env.settle()
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished"
    everyone = await carol.slash(thread, "draft log", pod=pod_id)
    files = await _files(everyone)
    data = json.loads(files[f"draft-{pod_id}.json"])
    assert len(data["picks"]) == 4 * 54 and data["pod"]["seed"] == live.row.seed
    assert {p["seat"] for p in data["picks"]} == {0, 1, 2, 3}
    # The log replays the draft exactly (seed + picks in order).
    replayed = engine.replay(
        live.state.config, data["pod"]["seed"], ((p["seat"], p["card"]) for p in data["picks"])
    )
    assert replayed == live.state
