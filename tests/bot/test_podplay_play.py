"""A player's pod after the draft: their matches played to a result, restarts, sealed, closed DMs."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.client import create_bot
from engines.core import Rng
from tests.bot.table import last_reply, make_table
from tests.bot.test_afrika_duel import _human_turn
from tests.bot.test_podplay_building import build_panel, make_pod, pod_thread
from tests.bot.test_podplay_rounds import start


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def _my_table(env: Any, pod_id: int, seat: int, round_no: int) -> Any:
    rows = await env.bot.podplay.store.matches(pod_id)
    return next(r for r in rows if r.round == round_no and seat in (r.seat_a, r.seat_b))


def _thread(t: Any, thread_id: int) -> Any:
    return next(th for th in t.channel.threads if th.id == thread_id)


async def _submit_auto(member: Any) -> None:
    await member.user.click(build_panel(member), label="🤖 Auto-build")
    await member.user.click(build_panel(member), label="✅ Submit deck")


async def test_a_players_matches_feed_the_standings_across_restarts(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=3, seed=5)  # 4 seats: round robin, 3 rounds
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()
    thread = pod_thread(env, pod_id, t)
    assert any("plays **3 rounds** (round robin" in x for x in _texts(thread))

    # Round 1: the bots' table is over at once; alice's waits for her. She concedes.
    r1 = await _my_table(env, pod_id, 0, 1)
    assert r1.status == "playing"
    live = await env.bot.matches.get(r1.match_id)
    assert live.active and live.seats[0].user_id == alice.id and not live.seats[0].is_ai
    assert live.cfg.options["decks"][0] == list((await env.bot.podplay.store.seat(pod_id, 0)).deck)
    others = [r for r in await env.bot.podplay.store.matches(pod_id) if r.round == 1 and r is not r1]
    assert all(r.status == "done" for r in others if r.table_no != r1.table_no)
    # She plays it by clicks (the AI's choice for her moves) to a result.
    rng = Rng.from_seed(5)
    clicks = 0
    while live.active:
        clicks += await _human_turn(t, live, alice, rng)
        assert clicks < 3000
    await env.settle()
    r1 = await _my_table(env, pod_id, 0, 1)
    match = await env.bot.db.matches.get(r1.match_id)
    first = match.outcome["ranking"][0]
    me = 0 if r1.seat_a == 0 else 1
    expected = None if len(first) > 1 else (r1.seat_a, r1.seat_b)[first[0]]
    assert r1.status == "done" and r1.winner == expected
    points = {0: 3, None: 1}.get(expected, 0) if expected in (0, None) else 0
    record = {3: "1-0-0", 1: "0-0-1", 0: "0-1-0"}[points]
    texts = _texts(thread)
    after1 = next(x for x in texts if "Standings after round 1" in x)
    assert f"alice: {points} pts ({record})" in after1, (after1, me)
    assert any("Round 2 of 3" in x for x in texts)

    # Round 2 is on. The bot goes down just after alice's match ends, before the pod hears of it
    # (the match is stored as finished, no listener ran): the restart records it and moves on.
    r2 = await _my_table(env, pod_id, 0, 2)
    assert r2.status == "playing"
    alice_index = 0 if r2.seat_a == 0 else 1
    await env.bot.db.matches.finish(
        r2.match_id, "finished", {"ranking": [[alice_index], [1 - alice_index]], "reason": "test"}, "test"
    )
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    r2 = await _my_table(env, pod_id, 0, 2)
    assert r2.status == "done" and r2.winner == 0
    texts = _texts(thread)
    after2 = next(x for x in texts if "Standings after round 2" in x)
    assert f"alice: {points + 3} pts" in after2
    r3 = await _my_table(env, pod_id, 0, 3)
    assert r3.status == "playing"

    # A restart mid-round: alice's round-3 match goes on in the new process; she (the pod's host,
    # so the match's host) ends it without a result: an aborted match counts as a draw.
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    assert (await _my_table(env, pod_id, 0, 3)).status == "playing"
    match = await env.bot.db.matches.get(r3.match_id)
    ended = await alice.slash(_thread(t, match.thread_id), "game end", reason="out of time")
    assert "ended" in last_reply(ended).content
    await env.settle()
    r3 = await _my_table(env, pod_id, 0, 3)
    assert r3.status == "done" and r3.winner is None
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished"
    final = next(x for x in _texts(thread) if "Final standings" in x)
    assert f"alice: {points + 4} pts" in final
    # /pod status tells the whole story.
    status = last_reply(await alice.slash(t.channel, "pod status", pod=pod_id)).content
    assert "finished" in status and "Round 3" in status and "alice" in status and "Standings" in status
    # The deck is locked now; export still works.
    panel = build_panel(alice)
    result = (
        await alice.user.click(panel, label="🤖 Auto-build")
        if any(getattr(c, "label", "") == "🤖 Auto-build" for row in panel.components for c in row.children)
        else None
    )
    assert result is None or "locked" in build_panel(alice).content


async def test_sealed_pod_goes_through_the_same_flow(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    pod_id = await make_pod(env, t, [alice, bob], kind="sealed", boosters=6, seed=2)
    await start(env, pod_id)
    panel = build_panel(alice)
    assert "Sealed #1" in panel.content and "108 cards in your pool" in panel.content
    await _submit_auto(alice)
    assert "Saved to your library as **Sealed 1**" in build_panel(alice).content
    # bob has a deck called "Sealed 1" already: his is saved under another name.
    from engines.decks import Deck

    await env.bot.db.decks.save(bob.id, "Sealed 1", Deck("afrika", "limited", (("main", (("LB02", 40),)),)))
    await _submit_auto(bob)
    assert "Saved to your library as **Sealed 1 (2)**" in build_panel(bob).content
    await env.settle()
    # Two players: one round, alice vs bob.
    r = await _my_table(env, pod_id, 0, 1)
    assert (r.seat_a, r.seat_b) == (0, 1) and r.status == "playing"
    live = await env.bot.matches.get(r.match_id)
    assert [s.user_id for s in live.seats] == [alice.id, bob.id]
    # A moderator who does not play ends the match without a result: a draw. (The table is rated:
    # alice, its host and a player, may not; docs/ratings.md.)
    match = await env.bot.db.matches.get(r.match_id)
    # The match's thread is greeted (through the sender, as the match's other thread lines).
    greeted = _texts(_thread(t, match.thread_id))
    assert any(f"#{r.match_id} begins! Players in seat order: <@{alice.id}>" in x for x in greeted), greeted
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, t.members["carol"].id, mods.id)
    await t.members["carol"].slash(_thread(t, match.thread_id), "game end")
    await env.settle()
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished"
    final = next(x for x in _texts(pod_thread(env, pod_id, t)) if "Final standings" in x)
    assert "1. alice: 1 pts (0-0-1)" in final and "2. bob: 1 pts (0-0-1)" in final


async def test_closed_dms_get_the_panel_through_the_thread_button(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    pod_id = await make_pod(env, t, [alice, bob])
    await start(env, pod_id)
    thread = pod_thread(env, pod_id, t)
    texts = _texts(thread)
    assert any(bob.mention in x and "can't send you direct messages" in x for x in texts)
    intro = next(m for m in thread.history() if "Deck building" in m.content)
    shown = await bob.click(intro, label="Open my deck builder")
    panel = last_reply(shown)
    assert panel.ephemeral and "your deck" in panel.content and panel.attachments
    # The ephemeral panel works like the DM one.
    rows = [getattr(r, "children", None) or r.get("components", []) for r in panel.components]
    items = [
        c if isinstance(c, dict) else {"custom_id": c.custom_id, "options": c.options}
        for row in rows
        for c in row
    ]
    sel = next(c for c in items if str(c.get("custom_id", "")).startswith(f"pds:{pod_id}:1:add"))
    first = sel["options"][0]
    value = first["value"] if isinstance(first, dict) else first.value
    await bob.select(panel, [value], custom_id=sel["custom_id"])
    assert list((await env.bot.podplay.store.seat(pod_id, 1)).draft) == [value]
    # Someone else's panel can't be used, and a player outside the pod gets a sentence.
    carol = t.members["carol"]
    other = await carol.click(intro, label="Open my deck builder")
    assert "not playing in Draft #1" in last_reply(other).content
    await asyncio.sleep(0)
