"""R8 in the pod's matches: each table's match is set up with the players' pools (engine option
``pools``), so a Codex holding a card from outside its player's pool is refused by the rules engine
itself, in words in the pod thread, even if it got past the deck-building panel."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from engines.afrika.cards import CARDS
from tests.bot.table import make_table
from tests.bot.test_podplay_building import make_pod, pod_thread
from tests.bot.test_podplay_play import _submit_auto
from tests.bot.test_podplay_rounds import start


async def _start_rounds(env: Any, pod_id: int) -> None:
    with env._bot_scope():
        task = asyncio.ensure_future(env.bot.podplay.maybe_start_rounds(pod_id))
    await env.settle()
    task.result()


async def test_a_codex_with_a_card_outside_the_pool_is_refused(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=1, seed=5)
    await start(env, pod_id)
    store = env.bot.podplay.store
    theirs = await store.seat(pod_id, 1)
    mine = await store.seat(pod_id, 0)
    assert theirs.submitted and not mine.submitted
    cards = CARDS()
    outside = Counter(c for c in theirs.deck if not cards[c].basic) - Counter(mine.pool)
    assert outside, "the bot's Codex has cards that alice did not draft"
    # A Codex that skipped the panel's checks (an old row, a bug elsewhere): the bot's own deck.
    await store.submit(pod_id, 0, theirs.deck, None)
    await _start_rounds(env, pod_id)

    row = (await store.matches(pod_id))[0]
    assert row.status == "pending" and row.match_id is None, "no match was created for the table"
    texts = [m.content for m in pod_thread(env, pod_id, t).history()]
    refusal = next(x for x in texts if "can't start" in x)
    assert "Round 1, table 1 can't start: alice's Codex is not legal:" in refusal
    assert "pool" in refusal and "/pod result" in refusal and len(refusal) <= 2000
    assert not [th for th in t.channel.threads if th.name.startswith("Chronicles of Afrika")]


async def test_a_codex_from_the_pool_plays_with_the_pools_in_its_options(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=1, seed=5)
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()
    row = (await env.bot.podplay.store.matches(pod_id))[0]
    assert row.match_id is not None
    live = await env.bot.matches.get(row.match_id)
    seats = [await env.bot.podplay.store.seat(pod_id, s) for s in (0, 1)]
    assert live.cfg.options["pools"] == [list(s.pool) for s in seats]
