"""Deck building has a time limit: a player who never submits cannot hold the pod in 'building'.

When the deadline runs out (or the host or a moderator uses ``/pod start``), the AI builds a deck
from every missing seat's pool, saves it to the player's library as a submit would, and the rounds
start. The deadline is stored, so a restart re-arms it (and fires one that passed meanwhile).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.client import create_bot
from bot.services.podplay import BUILD_WARN_SECONDS, PodError, build_seconds, deck_problems, library_deck
from tests.bot.table import dm_messages, last_reply, make_table
from tests.bot.test_podplay_building import build_panel, make_pod, pod_thread
from tests.bot.test_podplay_play import _submit_auto
from tests.bot.test_podplay_rounds import start

pytestmark = pytest.mark.backends  # a pod's stored deadlines, on SQLite and on PostgreSQL



def now() -> float:
    return discord.utils.utcnow().timestamp()


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def _assert_auto_built(env: Any, pod_id: int, seat_no: int, member: Any, name: str) -> None:
    """The seat's deck is a legal build of its pool, saved in the player's library under ``name``
    with the rest of the pool as the sideboard (what a submit saves)."""
    seat = await env.bot.podplay.store.seat(pod_id, seat_no)
    assert seat.submitted and seat.deck_id is not None
    assert len(seat.deck) >= 40 and deck_problems(seat.pool, seat.deck) == []
    stored = await env.bot.db.decks.get(member.id, seat.deck_id)
    assert stored.row.name == name and stored.row.format == "limited"
    assert Counter(stored.deck.cards("main")) == Counter(seat.deck)
    assert Counter(stored.deck.cards("main")) + Counter(stored.deck.cards("side")) >= Counter(seat.pool)


async def _assert_playing(env: Any, pod_id: int, t: Any) -> None:
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "playing" and pod.round == 1
    rows = await env.bot.podplay.store.matches(pod_id)
    assert [r.round for r in rows] == [1] and rows[0].match_id is not None
    texts = _texts(pod_thread(env, pod_id, t))
    assert sum("Every deck is in!" in x for x in texts) == 1
    assert sum("Round 1 of 1" in x for x in texts) == 1


async def test_host_pod_start_builds_the_missing_deck_and_starts_the_rounds(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    pod_id = await make_pod(env, t, [alice, bob])  # alice hosts
    await start(env, pod_id)
    pod = await env.bot.podplay.store.pod(pod_id)
    thread = pod_thread(env, pod_id, t)
    # The deadline (20 minutes by default) is stored and shown in the thread and on the panel.
    assert pod.build_deadline is not None and abs(pod.build_deadline - now() - 20 * 60) < 5
    stamp = f"<t:{int(pod.build_deadline)}:R>"
    assert any("Deck building" in x and stamp in x for x in _texts(thread))
    assert stamp in build_panel(bob).content
    await _submit_auto(alice)
    await env.settle()
    # Bob already has a deck named like the pod's: the auto-built one gets " (2)", as a submit would.
    name = pod.title.replace("#", "")
    bob_seat = await env.bot.podplay.store.seat(pod_id, 1)
    await env.bot.db.decks.save(bob.id, name, library_deck(bob_seat.pool, bob_seat.pool))

    # Only the host or a moderator; bob (a player) and carol (not in the pod) are refused.
    for who in (bob, carol):
        refused = await who.slash(thread, "pod start", pod=pod_id)
        assert "Only the pod's host or a moderator" in last_reply(refused).content
        assert_error(env, PodError, contains="Only the pod's host")
    assert (await env.bot.podplay.store.pod(pod_id)).status == "building"
    assert not (await env.bot.podplay.store.seat(pod_id, 1)).submitted

    result = await alice.slash(thread, "pod start", pod=pod_id)
    await env.settle()
    reply = last_reply(result)
    assert reply.ephemeral and "The AI built decks for bob." in reply.content
    await _assert_auto_built(env, pod_id, 1, bob, f"{name} (2)")
    # Alice's own submitted deck is untouched (no second copy in her library).
    alice_seat = await env.bot.podplay.store.seat(pod_id, 0)
    assert [d.name for d in await env.bot.db.decks.list(alice.id, "afrika")] == [name]
    assert alice_seat.deck_id is not None
    texts = _texts(thread)
    assert any(x.startswith("⏩ alice closed deck building: the AI built decks for bob.") for x in texts)
    await _assert_playing(env, pod_id, t)
    # The pod left 'building': no timer of it is left, and /pod start is refused.
    assert pod_id not in env.bot.podplay.deadline.handles
    again = await alice.slash(thread, "pod start", pod=pod_id)
    assert "is not building decks: it is playing its rounds" in last_reply(again).content
    assert_error(env, PodError, contains="not building decks")
    # Bob is told by DM; his old panel is locked at the next click.
    assert any(
        "the AI built one from your pool" in m.content and f"{name} (2)" in m.content
        for m in dm_messages(bob)
    )
    await bob.user.click(build_panel(bob), label="🤖 Auto-build")
    assert "locked" in build_panel(bob).content and stamp not in build_panel(bob).content


async def test_a_moderator_starts_from_the_pod_thread(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    mods = t.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = t.guild.add_member(env.create_user("moderator"), roles=[mods])
    pod_id = await make_pod(env, t, [alice, bob])
    await start(env, pod_id)
    thread = pod_thread(env, pod_id, t)
    await mod.slash(thread, "pod start")  # the thread's pod; the moderator plays in no pod
    await env.settle()
    name = (await env.bot.podplay.store.pod(pod_id)).title.replace("#", "")
    await _assert_auto_built(env, pod_id, 0, alice, name)
    await _assert_auto_built(env, pod_id, 1, bob, name)
    assert any(
        x.startswith("⏩ moderator closed deck building: the AI built decks for alice, bob.")
        for x in _texts(thread)
    )
    await _assert_playing(env, pod_id, t)


async def test_warning_then_the_deadline_runs_out_on_its_timer(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    pod_id = await make_pod(env, t, [alice, bob, carol], config={"build_minutes": 6})
    await start(env, pod_id)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert abs(pod.build_deadline - now() - 6 * 60) < 5
    await _submit_auto(alice)
    await env.settle()
    thread = pod_thread(env, pod_id, t)

    # Two minutes before the end, the players still building are pinged (not alice: her deck is in).
    await env.advance_time(pod.build_deadline - now() - BUILD_WARN_SECONDS - 5)
    assert not any(x.startswith("⏰") for x in _texts(thread))
    await env.advance_time(10)
    warnings = [x for x in _texts(thread) if x.startswith("⏰")]
    assert len(warnings) == 1
    assert bob.mention in warnings[0] and carol.mention in warnings[0] and alice.mention not in warnings[0]
    assert f"<t:{int(pod.build_deadline)}:R>" in warnings[0]
    assert (await env.bot.podplay.store.pod(pod_id)).status == "building"

    # Time is up: bob and carol get the AI's decks, saved to their libraries; the rounds start.
    await env.advance_time(BUILD_WARN_SECONDS)
    await env.settle()
    name = pod.title.replace("#", "")
    await _assert_auto_built(env, pod_id, 1, bob, name)
    await _assert_auto_built(env, pod_id, 2, carol, name)
    texts = _texts(thread)
    assert any(x.startswith("⌛ Deck building time is up: the AI built decks for bob, carol.") for x in texts)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "playing" and pod.round == 1
    # Three players: round robin, three rounds, one bye per round.
    assert any("Round 1 of 3" in x for x in texts)
    assert sum(x.startswith("⏰") for x in texts) == 1


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_restart(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    pod_id = await make_pod(env, t, [alice, bob], bots=1)
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()
    assert (await env.bot.podplay.store.pod(pod_id)).status == "building"

    # A restart with time left: the stored deadline is kept and re-armed, nothing happens.
    deadline = (await env.bot.podplay.store.pod(pod_id)).build_deadline
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "building" and pod.build_deadline == deadline
    assert len(env.bot.podplay.deadline.handles[pod_id]) == 2  # the warning and the deadline

    # The bot is down when the deadline passes: at start-up it fires at once.
    def past(conn: Any) -> None:
        conn.execute("UPDATE pods SET build_deadline = ? WHERE id = ?", (now() - 60, pod_id))

    await env.bot.db.write(past)
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    await env.bot.podplay.drain()
    await env.settle()
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "playing" and pod.round >= 1
    await _assert_auto_built(env, pod_id, 1, bob, pod.title.replace("#", ""))
    texts = _texts(pod_thread(env, pod_id, t))
    assert any(x.startswith("⌛ Deck building time is up: the AI built decks for bob.") for x in texts)
    assert sum("Every deck is in!" in x for x in texts) == 1
    assert pod_id not in env.bot.podplay.deadline.handles


async def test_deadline_and_start_at_once_start_the_rounds_once(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    pod_id = await make_pod(env, t, [alice, bob], bots=2)
    await start(env, pod_id)
    podplay = env.bot.podplay
    deadline = (await podplay.store.pod(pod_id)).build_deadline
    with env._bot_scope():
        both = asyncio.ensure_future(
            asyncio.gather(
                podplay.close_building(pod_id, deadline=deadline),
                podplay.close_building(pod_id, by="alice"),
                podplay.maybe_start_rounds(pod_id),
                return_exceptions=True,
            )
        )
    await env.settle()
    first, second, third = both.result()
    assert first == ["alice", "bob"] and third is None
    assert isinstance(second, PodError) and "not building decks" in str(second)
    rows = await podplay.store.matches(pod_id)
    assert sorted(r.table_no for r in rows if r.round == 1) == [1, 2]
    texts = _texts(pod_thread(env, pod_id, t))
    assert sum("Every deck is in!" in x for x in texts) == 1
    assert sum("Deck building time is up" in x for x in texts) == 1


async def test_async_pods_get_a_day_and_no_warning(simcord_env) -> None:
    assert build_seconds({}) == 20 * 60
    assert build_seconds({"async": True}) == 24 * 3600
    assert build_seconds({"async": True, "build_minutes": 90}) == 90 * 60
    assert build_seconds({"build_minutes": 0.5}) == 30
    assert build_seconds({"build_minutes": "nonsense"}) == 20 * 60
    env = simcord_env
    t = make_table(env)
    pod_id = await make_pod(env, t, [t.members["alice"]], bots=1, config={"async": True})
    await start(env, pod_id)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert abs(pod.build_deadline - now() - 24 * 3600) < 5
    assert len(env.bot.podplay.deadline.handles[pod_id]) == 1  # the deadline only, no warning
    # A short limit (under twice the warning) has no warning either.
    short = await make_pod(env, t, [t.members["bob"]], bots=1, config={"build_minutes": 3})
    await start(env, short)
    assert len(env.bot.podplay.deadline.handles[short]) == 1
