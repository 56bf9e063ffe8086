"""Cosmic Draft in the simulated Discord: lobby, packs by DM, a pick in one choice, Undo, stale clicks, the end.

The helpers here (open a pod, find a player's pack panel, pick by clicks) are shared by the other
test_draft_*.py files, and by the 8-seat acceptance test.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import discord

from engines.afrika.cards import CARDS
from engines.draft import pod as engine
from tests.bot.table import Table, custom_ids, last_reply, make_table

PANEL_PREFIX = "**Cosmic Draft** · pod #"


# ----------------------------------------------------------------------------- helpers


def fixed_seeds(env: Any, start: int = 11) -> None:
    seeds = itertools.count(start)
    env.bot.drafts.seed_source = lambda: next(seeds)


async def open_pod(
    env: Any,
    t: Table,
    host: str = "alice",
    joiners: tuple[str, ...] = ("bob",),
    *,
    command: str = "draft create",
    **options: Any,
) -> Any:
    """The host opens a pod, the others join, the host starts it; returns the live pod."""
    fixed_seeds(env)
    await t.members[host].slash(t.channel, command, **options)
    lobby = t.channel.last_message
    for name in joiners:
        await t.members[name].click(lobby, label="Join")
    result = await t.members[host].click(lobby, label="Start")
    assert not result.followups, last_reply(result).content
    pod_id = int(lobby.embeds[0].title.split("#")[1])
    return await env.bot.drafts.get(pod_id)


def pod_thread(t: Table, live: Any = None) -> Any:
    """The pod's thread (later threads are the after-draft matches)."""
    assert t.channel.threads, "no pod thread was opened"
    if live is None:
        return t.channel.threads[-1]
    return next(th for th in t.channel.threads if th.id == live.row.thread_id)


def progress_message(t: Table, live: Any) -> discord.Message:
    thread = pod_thread(t, live)
    return next(m for m in thread.history() if m.id == live.row.message_id)


def panel(member: Any, pod_id: int | None = None) -> discord.Message | None:
    """The DM panel of the member's pod (edited in place pick after pick)."""
    for msg in reversed(member.user.dm_channel.history()):
        if msg.content.startswith(PANEL_PREFIX) and (
            pod_id is None or msg.content.startswith(f"{PANEL_PREFIX}{pod_id} ")
        ):
            return msg
    return None


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if isinstance(c, discord.SelectMenu)
    ]


def pick_options(message: discord.Message) -> list[str]:
    menus = selects(message)
    return [o.value for o in menus[0].options] if menus else []


def confirm_id(message: discord.Message) -> str | None:
    return next((c for c in custom_ids(message) if c.startswith("drc:")), None)


def refetch(member: Any, message: discord.Message) -> discord.Message:
    return next(m for m in member.user.dm_channel.history() if m.id == message.id)


async def pick_by_clicks(member: Any, message: discord.Message, card: str | None = None) -> tuple[Any, Any]:
    """Choose a card (the first one if not given) in the panel's menu: that picks it (issue #35
    item 4: open the menu, choose; no Confirm). Returns the click's result twice (the pair the
    callers unpack, from when a pick was a choice and a Confirm)."""
    options = pick_options(message)
    assert options, f"no pack in the panel: {message.content}"
    chosen = card or options[0]
    menu = selects(message)[0]
    result = await member.user.select(message, [chosen], custom_id=menu.custom_id)
    return result, result


def undo_id(message: discord.Message) -> str | None:
    return next((c for c in custom_ids(message) if c.startswith("dru:")), None)


def all_card_names() -> set[str]:
    return {c.name for c in CARDS().values()}


def assert_no_card_name(text: str, names: set[str]) -> None:
    leaked = [n for n in names if n in text]
    assert not leaked, f"card names in a public message: {leaked}"


async def draft_to_the_end(
    env: Any, t: Table, live: Any, people: tuple[str, ...], check_progress: bool = True
) -> int:
    """Every person picks (by clicks) until the draft is over; returns the clicks made."""
    names = all_card_names() if check_progress else set()
    clicks = 0
    for _ in range(2000):
        if not live.drafting:
            break
        progressed = False
        for name in people:
            msg = panel(t.members[name], live.id)
            if msg is not None and pick_options(msg):
                await pick_by_clicks(t.members[name], msg)
                clicks += 1
                progressed = True
        if check_progress and clicks % 17 == 1:
            assert_no_card_name(progress_message(t, live).content, names)
        assert progressed, "nobody had a pack while the draft runs"
    return clicks


# ----------------------------------------------------------------------------- tests


async def test_lobby_join_leave_cancel_and_refusals(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    await alice.slash(t.channel, "draft create", seats=4, bots=False)
    lobby = t.channel.last_message
    assert "Cosmic Draft" in lobby.embeds[0].title
    assert [b for b in custom_ids(lobby) if b.startswith("drl:")]
    await bob.click(lobby, label="Join")
    again = await bob.click(lobby, label="Join")
    assert "already" in last_reply(again).content
    assert "bob" in t.channel.last_message.embeds[0].fields[0].value
    not_host = await bob.click(lobby, label="Start")
    assert "Only the host" in last_reply(not_host).content
    too_few = await alice.click(lobby, label="Start")
    assert "at least 4 players" in last_reply(too_few).content and "bots" in last_reply(too_few).content
    host_leave = await alice.click(lobby, label="Leave")
    assert "use Cancel" in last_reply(host_leave).content
    await bob.click(lobby, label="Leave")
    assert "bob" not in t.channel.last_message.embeds[0].fields[0].value
    not_host_cancel = await carol.click(lobby, label="Cancel")
    assert "Only the host" in last_reply(not_host_cancel).content
    await alice.click(lobby, label="Cancel")
    closed = t.channel.last_message
    assert "Cancelled" in closed.embeds[0].description and not custom_ids(closed)


async def test_join_with_closed_dms_explains_open_my_pack(simcord_env) -> None:
    t = make_table(simcord_env)
    bob = t.members["bob"]
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await t.members["alice"].slash(t.channel, "draft create", seats=4)
    result = await bob.click(t.channel.last_message, label="Join")
    reply = last_reply(result)
    assert reply.ephemeral and "Direct Messages" in reply.content and "Open my pack" in reply.content


async def test_a_pod_from_lobby_to_the_end_by_clicks(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    drafts = simcord_env.bot.drafts
    live = await open_pod(simcord_env, t, seats=4, timer="slow")
    assert [s.is_bot for s in live.seats].count(True) == 2
    thread = pod_thread(t, live)
    assert any("begins" in m.content for m in thread.history())
    msg = panel(alice, live.id)
    assert msg is not None and msg.attachments and msg.attachments[0].filename.startswith(f"pack-{live.id}-")
    assert "Pack 1, pick 1" in msg.content and len(pick_options(msg)) == 18
    # One choice picks: the panel has the menu and no Confirm.
    assert confirm_id(msg) is None and undo_id(msg) is None
    assert "choosing it picks it" in msg.content
    seat = live.seat_of(alice.id).seat
    first = pick_options(msg)[3]

    # Alice also opened her pack from the thread (an older copy of the panel, shown to her alone).
    shown = await alice.click(progress_message(t, live), label="Open my pack")
    copy = last_reply(shown).message
    assert last_reply(shown).ephemeral and pick_options(copy) == pick_options(msg)

    picked, _ = await pick_by_clicks(alice, msg, first)
    assert not picked.followups, last_reply(picked).content
    assert live.state.pools[seat] == (first,)
    rows = await drafts.store.picks(live.id)
    assert any(r.seat == seat and r.card == first and r.by == "player" for r in rows)
    count = len(rows)
    # The same DM message now holds the next pack (or says a pack is on its way), with Undo.
    after = refetch(alice, msg)
    assert "pick 2" in after.content or "Waiting for the next pack" in after.content
    name = CARDS()[first].name
    assert f"You picked **{name}**" in after.content and undo_id(after) is not None

    # A stale menu (the older copy of the panel) is refused in a sentence and stores nothing.
    stale = await alice.select(copy, [pick_options(copy)[0]], custom_id=selects(copy)[0].custom_id)
    assert "That pick was already made" in last_reply(stale).content and last_reply(stale).ephemeral
    assert len(await drafts.store.picks(live.id)) == count
    assert live.state.pools[seat] == (first,)

    # Double choice: the same menu twice, the second arriving while the first is handled
    # (simcord runs one click at a time, so the two land on the service together).
    msg = panel(bob, live.id)
    bob_seat = live.seat_of(bob.id).seat
    ref = selects(msg)[0].custom_id.split(":")[2]
    card = pick_options(msg)[0]
    outcomes = await asyncio.gather(
        drafts.submit(live.id, bob.id, ref, card),
        drafts.submit(live.id, bob.id, ref, card),
        return_exceptions=True,
    )
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and "That pick was already made" in str(errors[0])
    assert [r.card for r in await drafts.store.picks(live.id) if r.seat == bob_seat] == [card]
    assert live.state.pools[bob_seat] == (card,)

    # Both leave: the bots draft their seats to the end.
    result = await alice.slash(thread, "draft leave")
    assert "bot drafts for you" in last_reply(result).content
    await bob.slash(thread, "draft leave")
    assert live.row.status == "building"
    row = await drafts.store.get(live.id)
    # 'building' (or further on: the after-draft part takes the pod from there).
    assert row.status in ("building", "playing", "finished") and all(
        len(s.pool or []) == 54 for s in row.seats
    )
    texts = [m.content for m in thread.history()]
    assert any("The draft is over" in x for x in texts)
    rows = await drafts.store.picks(live.id)
    assert [r.seq for r in rows] == list(range(1, 4 * 54 + 1))
    replayed = engine.replay(live.state.config, live.row.seed, ((r.seat, r.card) for r in rows))
    assert replayed == live.state
    final = panel(alice, live.id)
    assert "The draft is over" in final.content and not selects(final)
    assert_no_card_name(progress_message(t, live).content, all_card_names())
