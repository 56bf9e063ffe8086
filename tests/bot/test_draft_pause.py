"""A pod that waits for its people (issue #35 item 1, and its "Done when" path).

Two people and six bots draft a pod of eight to its end by clicks through the bot: Alice misses
three picks and a bot drafts her seat, she takes it back from her DM panel; then both are away,
and instead of the bots drafting every seat to the end at once (then building and playing the
rounds AI against AI), the pod pauses: its clocks stop, nothing is picked however long it waits,
the host and the players are told how to resume. A click on **Resume** gives the seat back with
its picks so far, and the draft goes on to its end; the seat whose clock ran out is its person's
again for deck building and the rounds. A paused pod is still paused after a restart.

The people pick through whatever the panel shows (a menu, a button to confirm the choice, or a
choice that picks at once): ``pick_in_panel`` reads the panel's components.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.client import create_bot
from bot.services.drafts import TAKEOVER_AFTER
from tests.bot.table import Table, custom_ids, last_reply, make_table
from tests.bot.test_draft_flow import open_pod, panel, pod_thread, refetch, selects


def now() -> float:
    return discord.utils.utcnow().timestamp()


def buttons(message: discord.Message) -> list[discord.Button]:
    return [
        c for row in message.components for c in getattr(row, "children", []) if isinstance(c, discord.Button)
    ]


def can_pick(message: discord.Message | None) -> bool:
    return message is not None and bool(selects(message) and selects(message)[0].options)


async def pick_in_panel(env: Any, member: Any, live: Any) -> None:
    """One pick by clicks, through whatever the member's DM panel shows: choose the first card of
    the pack's menu; if that did not pick it, click the enabled button that now carries the
    choice (Confirm). Asserts the pick was made."""
    seat = live.seat_of(member.id).seat
    made = live.state.picks_made[seat] if live.drafting else None
    message = panel(member, live.id)
    assert can_pick(message), f"no pack in the panel: {message.content if message else None}"
    menu = selects(message)[0]
    card = menu.options[0].value
    chosen = await member.user.select(message, [card], custom_id=menu.custom_id)
    assert not chosen.followups, last_reply(chosen).content
    if live.drafting and live.state.picks_made[seat] == made and live.state.pools[seat][-1:] != (card,):
        fresh = refetch(member, message)
        confirm = [
            b for b in buttons(fresh) if not b.disabled and b.custom_id and b.custom_id.endswith(f":{card}")
        ]
        assert confirm, f"the panel offers no way to pick {card}: {custom_ids(fresh)}"
        result = await member.user.click(fresh, custom_id=confirm[0].custom_id)
        assert not result.followups, last_reply(result).content
    await env.settle()
    assert not live.drafting or live.state.picks_made[seat] > made or live.state.pools[seat][-1] == card


async def let_clocks_run_out(env: Any, live: Any, seat: int) -> None:
    """Time passes until the seat's pick clock runs out (the bot picks for it)."""
    deadline = live.deadlines[seat]
    await env.advance_time(deadline - now() + 1)
    await env.settle()


async def pause_both(env: Any, t: Table, live: Any, people: tuple[int, ...]) -> None:
    """Nobody picks: the clocks run out until every person's seat has missed its picks."""
    for _ in range(8 * TAKEOVER_AFTER):
        if all(live.seats[s].is_bot for s in people) or not live.drafting:
            return
        running = [live.deadlines[s] for s in people if s in live.deadlines]
        assert running, "nobody has a clock, yet the pod is not paused"
        await env.advance_time(min(running) - now() + 1)
        await env.settle()


async def test_two_people_six_bots_takeover_reclaim_pause_resume_to_the_end(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    live = await open_pod(env, t, seats=8, timer="fast")
    drafts = env.bot.drafts
    thread = pod_thread(t, live)
    a, b = live.seat_of(alice.id).seat, live.seat_of(bob.id).seat
    assert sum(s.is_bot for s in live.seats) == 6

    # Both pick their first two packs by clicks.
    for _ in range(2):
        for m in (alice, bob):
            await pick_in_panel(env, m, live)
    assert len(live.state.pools[a]) == len(live.state.pools[b]) == 2

    # Alice is away: three picks run out while Bob picks; a bot drafts her seat.
    while not live.seats[a].is_bot:
        while can_pick(panel(bob, live.id)) and live.seats[b].missed == 0 and not live.seats[a].is_bot:
            await pick_in_panel(env, bob, live)
            if a not in live.deadlines:
                break
        if a in live.deadlines:
            await let_clocks_run_out(env, live, a)
    assert live.drafting and not live.seats[b].is_bot
    assert any("missed 3 picks in a row" in m.content for m in thread.history())
    taken = panel(alice, live.id)
    assert "A bot is drafting for your seat" in taken.content
    # Bob goes on picking; the bot drafts for Alice meanwhile.
    held = len(live.state.pools[a])
    for _ in range(2):
        if can_pick(panel(bob, live.id)):
            await pick_in_panel(env, bob, live)
    assert len(live.state.pools[a]) > held

    # Alice takes her seat back from her DM panel, with her picks so far.
    before = live.state.pools[a]
    back = await alice.user.click(taken, custom_id=f"drr:{live.id}")
    assert (
        "yours again" in last_reply(back).content
        and f"{len(before)} picks so far" in last_reply(back).content
    )
    assert not live.seats[a].is_bot and live.state.pools[a][: len(before)] == before
    if can_pick(panel(alice, live.id)):
        await pick_in_panel(env, alice, live)

    # Both are away: their clocks run out; the pod pauses instead of racing to its end.
    await pause_both(env, t, live, (a, b))
    assert live.seats[a].is_bot and live.seats[b].is_bot
    assert live.drafting, "the bots drafted every seat to the end with nobody there"
    assert live.paused
    assert live.deadlines == {} and not [k for k in drafts.clocks.handles if k[0] == live.id]
    notice = next(m for m in thread.history() if "The draft is paused" in m.content)
    assert alice.mention in notice.content and bob.mention in notice.content  # the host, the players
    assert "/draft resume" in notice.content and f"drp:{live.id}" in custom_ids(notice)
    for m in (alice, bob):
        shown = panel(m, live.id)
        assert "The draft is paused" in shown.content, shown.content
    stored = len(await drafts.store.picks(live.id))
    progress = next(m for m in thread.history() if m.id == live.row.message_id)
    assert "Paused" in progress.content
    # An hour passes: nothing is picked, the pod is still drafting, nobody is pinged again.
    said = len(thread.history())
    await env.advance_time(3600)
    await env.settle()
    assert len(await drafts.store.picks(live.id)) == stored and live.paused
    assert (await drafts.store.get(live.id)).status == "drafting"
    assert len(thread.history()) == said

    # Somebody who does not draft here cannot resume it; Bob (not the host) can.
    refused = await carol.click(notice, custom_id=f"drp:{live.id}")
    assert "Only a drafter" in last_reply(refused).content and last_reply(refused).ephemeral
    pool_b = live.state.pools[b]
    resumed = await bob.click(notice, custom_id=f"drp:{live.id}")
    assert "yours again" in last_reply(resumed).content
    assert not live.paused and not live.seats[b].is_bot and live.state.pools[b][: len(pool_b)] == pool_b
    assert any("The draft goes on" in m.content for m in thread.history())
    again = await bob.click(notice, custom_id=f"drp:{live.id}")
    assert "is not paused" in last_reply(again).content

    # Bob drafts to the end by clicks; the bot drafts Alice's seat (her clock ran out, she said nothing).
    for _ in range(60):
        if not live.drafting:
            break
        assert can_pick(panel(bob, live.id)), panel(bob, live.id).content
        await pick_in_panel(env, bob, live)
    assert not live.drafting
    rows = await drafts.store.picks(live.id)
    assert len(rows) == 8 * 54 and all(len(p) == 54 for p in live.state.pools)
    assert any("The draft is over" in m.content for m in thread.history())
    # Deck building and the rounds are Alice's: her seat is hers again, not the AI's.
    await env.settle()
    seats = await env.bot.podplay.store.seats(live.id)
    assert not seats[a].plays_as_ai and not seats[b].plays_as_ai
    assert not seats[a].submitted  # nobody built her deck for her yet: the building deadline will
    # The host ends deck building: the AI builds the missing decks, and the rounds start with Alice
    # and Bob in their own seats (their match clocks handle their absence), never AI for them.
    await alice.slash(thread, "pod start")
    await env.settle()
    assert (await env.bot.podplay.store.pod(live.id)).status in ("playing", "finished")
    people = {alice.id, bob.id}
    played = 0
    for row in await env.bot.podplay.store.matches(live.id):
        if row.match_id is None:
            continue
        match = await env.bot.matches.get(row.match_id)
        for s in match.seats:
            if s.user_id in people:
                assert not s.is_ai, f"{s.display_name}'s match is played by the AI"
                played += 1
    assert played >= 1


async def test_a_paused_pod_is_still_paused_after_a_restart(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    live = await open_pod(env, t, seats=4, timer="fast")
    a, b = live.seat_of(alice.id).seat, live.seat_of(bob.id).seat
    await pause_both(env, t, live, (a, b))
    assert live.drafting and live.paused
    stored = len(await env.bot.drafts.store.picks(live.id))

    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    drafts = env.bot.drafts
    reloaded = await drafts.get(live.id)
    assert reloaded.paused and reloaded.deadlines == {}
    await env.advance_time(3600)
    await env.settle()
    assert len(await drafts.store.picks(live.id)) == stored
    # /draft resume carries on: Alice's seat is hers again, with a clock.
    thread = pod_thread(t, reloaded)
    result = await alice.slash(thread, "draft resume")
    assert "yours again" in last_reply(result).content
    assert not reloaded.paused and not reloaded.seats[a].is_bot
    assert reloaded.drafting


async def test_a_pick_in_the_paused_panel_takes_the_seat_back_and_the_pod_goes_on(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    live = await open_pod(env, t, seats=4, timer="fast")
    a, b = live.seat_of(alice.id).seat, live.seat_of(bob.id).seat
    await pause_both(env, t, live, (a, b))
    assert live.drafting and live.paused
    # Whoever holds a pack sees it in their paused panel, with the way to carry on.
    member = next(m for m in (alice, bob) if can_pick(panel(m, live.id)))
    seat = live.seat_of(member.id).seat
    shown = panel(member, live.id)
    assert "The draft is paused" in shown.content and "Pick a card to carry on" in shown.content
    before = live.state.pools[seat]
    await pick_in_panel(env, member, live)
    assert not live.paused and not live.seats[seat].is_bot and live.seats[seat].missed == 0
    assert live.state.pools[seat][: len(before)] == before and len(live.state.pools[seat]) == len(before) + 1
    assert any("is back and picked" in m.content for m in pod_thread(t, live).history())
    # The pod goes on: the other person's seat is drafted by the bot, this one has a clock again.
    if live.state.queues[seat]:
        assert seat in live.deadlines
