"""Issue 35 item 4, through the bot on simcord: a pick in one choice (open the menu, choose: no
Confirm), **Undo** of that pick (with the bots' picks made since from the pack it passed on), and a
hostile player answered in sentences with nothing lost: Undo clicked twice at once, a stale pack
menu, an Undo once the pack reached another person."""

from __future__ import annotations

import asyncio
from typing import Any

from engines.afrika.cards import CARDS
from engines.draft import pod as engine
from tests.bot.table import last_reply, make_table
from tests.bot.test_draft_flow import (
    confirm_id,
    open_pod,
    panel,
    pick_by_clicks,
    pick_options,
    progress_message,
    refetch,
    selects,
    undo_id,
)


async def log_replays(env: Any, live: Any) -> int:
    """The stored log replays to the pod in memory; returns its length."""
    rows = await env.bot.drafts.store.picks(live.id)
    assert engine.replay(live.state.config, live.row.seed, ((r.seat, r.card) for r in rows)) == live.state
    return len(rows)


async def test_one_choice_picks_and_undo_takes_it_back(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    drafts = env.bot.drafts
    live = await open_pod(env, t, seats=4, timer="slow")
    me = live.seat_of(alice.id).seat
    shown = await alice.click(progress_message(t, live), label="Open my pack")
    copy = last_reply(shown).message  # an older copy of her panel, kept for a stale choice later
    msg = panel(alice, live.id)
    first_pack = engine.current_pack(live.state, me)
    assert confirm_id(msg) is None and "choosing it picks it" in msg.content

    # One interaction (the menu's choice) makes the pick; the panel offers Undo for it.
    card = pick_options(msg)[5]
    result, _ = await pick_by_clicks(alice, msg, card)
    assert not result.followups, last_reply(result).content
    assert live.state.pools[me] == (card,)
    msg = refetch(alice, msg)
    name = CARDS()[card].name
    assert f"You picked **{name}**" in msg.content
    undo = undo_id(msg)
    assert undo == f"dru:{live.id}:{engine.PickRef(me, 1, 1).text()}"

    # Undo: the card is back in the pack, the pack is hers again (the bots' picks from the pack
    # she passed on are taken back too), and the stored log replays to the pod.
    answered = await alice.user.click(msg, custom_id=undo)
    reply = last_reply(answered)
    assert reply.ephemeral and f"Undone: **{name}** is back in your pack" in reply.content
    assert live.state.pools[me] == () and engine.current_pack(live.state, me) == first_pack
    await log_replays(env, live)
    msg = refetch(alice, msg)
    assert "Pack 1, pick 1" in msg.content and card in pick_options(msg) and undo_id(msg) is None

    # A double click on Undo: the two land on the service together; one undoes, the other is told.
    second = pick_options(msg)[0]
    await pick_by_clicks(alice, msg, second)
    ref = engine.PickRef(me, 1, 1).text()
    outcomes = await asyncio.gather(
        drafts.picking.undo(live.id, alice.id, ref),
        drafts.picking.undo(live.id, alice.id, ref),
        return_exceptions=True,
    )
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "There is no pick to undo" in str(errors[0])
    assert live.state.pools[me] == ()
    await log_replays(env, live)
    _, plan, _ = next(o for o in outcomes if not isinstance(o, BaseException))
    await drafts.after_change(live, plan, first=me)  # what the click does after the service

    # She picks again; then Bob picks everything he holds, so the pack she passed on has reached
    # him: Undo is refused in a sentence, and nothing is lost.
    msg = panel(alice, live.id)
    third = pick_options(msg)[1]
    made, _ = await pick_by_clicks(alice, msg, third)
    assert not made.followups, last_reply(made).content
    for _ in range(8):
        bob_msg = panel(bob, live.id)
        if bob_msg is None or not pick_options(bob_msg):
            break
        await pick_by_clicks(bob, bob_msg)
    msg = refetch(alice, msg)
    undo = undo_id(msg)
    assert undo is not None, msg.content
    count = await log_replays(env, live)
    late = await alice.user.click(msg, custom_id=undo)
    assert last_reply(late).ephemeral and "Too late to undo" in last_reply(late).content
    assert live.state.pools[me] == (third,)
    assert await log_replays(env, live) == count

    # A stale pack menu (the older copy, for pick 1): refused in a sentence, nothing stored.
    stale = await alice.select(copy, [pick_options(copy)[0]], custom_id=selects(copy)[0].custom_id)
    assert last_reply(stale).ephemeral and "That pick was already made" in last_reply(stale).content
    assert live.state.pools[me] == (third,) and await log_replays(env, live) == count


async def test_a_pick_takes_two_clicks() -> None:
    """bench/draft_clicks.py's count, over a few picks of two people in an 8-seat pod: opening the
    menu and choosing (three with the Confirm before)."""
    from bench.draft_clicks import draft_by_clicks

    counts = await draft_by_clicks(seats=8, people=2, limit=8, seed=11)
    assert counts == {"picks": 8, "clicks": 16, "refused": 0}


async def test_another_process_replays_the_pod_after_an_undo(simcord_env) -> None:
    """A process holding the pod in memory (as a second process sharing the database does) sees an
    undo on its next refresh: the log lost rows, so it replays the pod instead of reading only the
    picks after its last (which would keep the undone pick)."""
    from bot.services.drafts.base import DraftPods

    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    live = await open_pod(env, t, seats=4, timer="slow")
    me = live.seat_of(alice.id).seat
    await pick_by_clicks(alice, panel(alice, live.id))
    other = DraftPods(env.bot.drafts.store, lambda: False)
    theirs = await other.get(live.id)
    assert theirs.state == live.state and theirs.state.pools[me]
    msg = panel(alice, live.id)
    answered = await alice.user.click(msg, custom_id=undo_id(msg))
    assert "Undone" in last_reply(answered).content
    await other.refresh(theirs)
    assert theirs.state == live.state and theirs.state.pools[me] == ()
    # The next pick, made where the undo was, is read there too.
    await pick_by_clicks(alice, panel(alice, live.id))
    await other.refresh(theirs)
    assert theirs.state == live.state and len(theirs.state.pools[me]) == 1
