"""The rounds after the draft: pairings as Afrika matches in threads, results, standings, the end."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.bot.table import make_table
from tests.bot.test_podplay_building import make_pod, pod_thread


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def start(env: Any, pod_id: int) -> None:
    """What the drafting code does at the end of a draft, run as the bot's own work (so simcord's
    virtual clock and settling cover the match clocks and rounds it starts); then settle."""
    with env._bot_scope():
        task = asyncio.ensure_future(env.bot.podplay.start_building(pod_id))
    await env.settle()
    assert task.done()
    task.result()


async def _rows(env: Any, pod_id: int) -> list[Any]:
    return await env.bot.podplay.store.matches(pod_id)


# A longer settle than the default 5 s for rounds of AI games, but shorter than the match clocks'
# first warning (a sleep ending inside the settle deadline would be waited for in real time).
@pytest.mark.simcord(settle_timeout=60)
async def test_four_bots_round_robin_to_final_standings(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    pod_id = await make_pod(env, t, [], bots=4, seed=11)
    await start(env, pod_id)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished" and pod.round == 3
    rows = await _rows(env, pod_id)
    # Round robin: 3 rounds of 2 tables, every pair of seats exactly once, every table a real match.
    assert [(r.round, r.table_no) for r in rows] == [(r, k) for r in (1, 2, 3) for k in (1, 2)]
    pairs = [frozenset((r.seat_a, r.seat_b)) for r in rows]
    assert len(set(pairs)) == 6
    assert all(r.status == "done" and r.match_id for r in rows)
    for r in rows:
        match = await env.bot.db.matches.get(r.match_id)
        assert match.status == "finished" and match.thread_id
        assert match.config["format"] == "limited"
        ranking = match.outcome["ranking"]
        if len(ranking[0]) == 1:
            assert r.winner == (r.seat_a, r.seat_b)[ranking[0][0]]
        else:
            assert r.winner is None
    texts = _texts(pod_thread(env, pod_id, t))
    assert sum("Standings after round" in x for x in texts) == 2
    assert any("Final standings" in x and "wins Draft 1" not in x for x in texts)
    final = next(x for x in texts if "Final standings" in x)
    assert "pts" in final and "opp." in final
    # Each table has its thread under a message in the pod's channel.
    assert len([th for th in t.channel.threads if th.name.startswith("Chronicles of Afrika")]) == 6


@pytest.mark.simcord(settle_timeout=60)
async def test_eight_bots_swiss_three_rounds_without_rematch(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    pod_id = await make_pod(env, t, [], bots=8, seed=3)
    await start(env, pod_id)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished"
    rows = await _rows(env, pod_id)
    assert len(rows) == 12 and {r.round for r in rows} == {1, 2, 3}
    # Round 1 by seating: seat i meets seat i + 4.
    assert sorted((r.seat_a, r.seat_b) for r in rows if r.round == 1) == [(0, 4), (1, 5), (2, 6), (3, 7)]
    pairs = [frozenset((r.seat_a, r.seat_b)) for r in rows]
    assert len(set(pairs)) == 12, "a rematch"
    for rnd in (1, 2, 3):
        seated = [s for r in rows if r.round == rnd for s in (r.seat_a, r.seat_b)]
        assert sorted(seated) == list(range(8))
    texts = _texts(pod_thread(env, pod_id, t))
    assert any("Round 1 of 3" in x and "Swiss" not in x for x in texts)
    assert sum("Standings after round" in x for x in texts) == 2
    assert sum("Final standings" in x for x in texts) == 1
