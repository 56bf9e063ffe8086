"""/pod result: a table decided by play stays decided; only a moderator who is not in the match may
give a result to a table that play did not decide, while the pod plays its rounds; it is logged."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.services.podplay import PodError
from tests.bot.table import last_reply, make_table
from tests.bot.test_podplay_building import make_pod
from tests.bot.test_podplay_play import _submit_auto
from tests.bot.test_podplay_rounds import start


async def _table(env: Any, pod_id: int, round_no: int, seat: int | None = None) -> Any:
    rows = await env.bot.podplay.store.matches(pod_id)
    return next(
        r
        for r in rows
        if r.round == round_no
        and (seat in (r.seat_a, r.seat_b) if seat is not None else 0 not in (r.seat_a, r.seat_b))
    )


def _thread_of(t: Any, thread_id: int) -> Any:
    return next(th for th in t.channel.threads if th.id == thread_id)


async def _refused(env: Any, member: Any, t: Any, pod_id: int, words: str, **options: Any) -> None:
    result = await member.slash(t.channel, "pod result", pod=pod_id, **options)
    assert words in last_reply(result).content and last_reply(result).ephemeral
    assert_error(env, PodError, contains=words)


@pytest.mark.simcord(settle_timeout=60)
async def test_pod_results_belong_to_play_and_to_moderators_outside_the_match(simcord_env, caplog) -> None:
    env = simcord_env
    t = make_table(env)
    alice, carol = t.members["alice"], t.members["carol"]
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, carol.id, mods.id)
    pod_id = await make_pod(env, t, [alice], bots=3, seed=5)  # alice hosts and plays; round robin
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()

    # Round 1: the host, no moderator, may not set results at all.
    mine = await _table(env, pod_id, 1, seat=0)
    await _refused(env, alice, t, pod_id, "Only a moderator", round=1, table=mine.table_no, winner=alice)
    # She concedes: her table is decided by play, her opponent won.
    match = await env.bot.db.matches.get(mine.match_id)
    await alice.slash(_thread_of(t, match.thread_id), "game concede")
    await env.settle()
    mine = await _table(env, pod_id, 1, seat=0)
    assert mine.status == "done" and mine.winner not in (None, 0)
    decided = mine.winner

    # Even as a moderator she cannot rewrite her own table; carol cannot rewrite what play decided.
    env.backend.add_member_role(t.guild.id, alice.id, mods.id)
    await _refused(
        env, alice, t, pod_id, "You play at that table", round=1, table=mine.table_no, winner=alice
    )
    await _refused(env, carol, t, pod_id, "decided by play", round=1, table=mine.table_no, winner=alice)
    bots = await _table(env, pod_id, 1)
    assert bots.status == "done"
    await _refused(env, carol, t, pod_id, "decided by play", round=1, table=bots.table_no)
    assert (await _table(env, pod_id, 1, seat=0)).winner == decided

    # Round 2: alice's match is ended without a result (a draw); carol gives it one, and it is logged.
    r2 = await _table(env, pod_id, 2, seat=0)
    match = await env.bot.db.matches.get(r2.match_id)
    await alice.slash(_thread_of(t, match.thread_id), "game end", reason="power cut")
    await env.settle()
    assert (await _table(env, pod_id, 2, seat=0)).winner is None
    caplog.set_level(logging.INFO)
    result = await carol.slash(t.channel, "pod result", pod=pod_id, round=2, table=r2.table_no, winner=alice)
    assert "alice wins" in last_reply(result).content and "carol" in last_reply(result).content
    await env.settle()
    assert (await _table(env, pod_id, 2, seat=0)).winner == 0
    logged = [r for r in caplog.records if r.getMessage() == "pod result set by a moderator"]
    assert len(logged) == 1
    ctx = logged[0].ctx  # type: ignore[attr-defined]
    assert ctx["by"] == carol.id and ctx["winner"] == 0 and ctx["was"] == {"status": "done", "winner": None}
    assert ctx["pod"] == pod_id and ctx["round"] == 2 and ctx["table"] == r2.table_no

    # Round 3 ends the pod; then its results are final, even for a moderator.
    r3 = await _table(env, pod_id, 3, seat=0)
    match = await env.bot.db.matches.get(r3.match_id)
    await alice.slash(_thread_of(t, match.thread_id), "game end", reason="time")
    await env.settle()
    assert (await env.bot.podplay.store.pod(pod_id)).status == "finished"
    await _refused(env, carol, t, pod_id, "is over", round=3, table=r3.table_no, winner=alice)
    assert (await _table(env, pod_id, 3, seat=0)).winner is None
