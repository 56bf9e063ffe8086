"""Stale clicks and moved hands do not pile up messages (issue #33 item 6).

A click on a panel whose moves are out of date ("This move is no longer available") used to be
answered with a new ephemeral message each time, and a hand panel clicked in the thread was
re-sent below each new board, its old copy left saying "Your hand moved below the newest board":
a new message every turn. Now the clicked panel is brought up to the position in place (through
the click's interaction) with a short note, and a hand re-sent below a new board replaces its old
copy: the player ends on the current panel with no message more than before.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import (
    custom_ids,
    game_thread,
    last_reply,
    make_table,
    move_ids,
    panel_message,
    play_move,
    start_challenge,
)

GAME = "chronomagia"


@pytest.fixture(autouse=True)
async def sender_closed(simcord_env: Any) -> AsyncIterator[None]:
    """A fault left on (a test that failed) would keep the sender retrying as the env winds down."""
    yield
    simcord_env.backend.faults.clear()
    await simcord_env.bot.sender.close()


def seqs(message: Any, match_id: int) -> set[int]:
    """The seqs the message's move, page and menu ids were drawn at."""
    prefix = re.compile(rf"m[vmspg]:{match_id}:(\d+)")
    return {int(m.group(1)) for c in custom_ids(message) if (m := prefix.match(c))}


def mine(channel: Any, member: Any) -> list[Any]:
    """The ephemeral messages of ``channel`` that ``member`` sees."""
    return [m for m in channel.history(viewer=member) if m.flags.ephemeral]


def now(channel: Any, member: Any, message_id: int) -> Any:
    return next(m for m in channel.history(viewer=member) if m.id == message_id)


async def show_my_hand(member: Any, thread: Any, live: Any) -> Any:
    board = next(m for m in reversed(thread.history()) if f"hand:{live.id}" in custom_ids(m))
    return last_reply(await member.click(board, label="Show my hand")).message


async def test_two_stale_clicks_in_a_row_edit_the_panels_clicked(simcord_env: Any) -> None:
    """alice opens her hand twice in the thread, plays the move from her DM panel, then clicks
    the same move on both copies: each copy becomes her current panel, no message is added."""
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, f"play {GAME}")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    thread = game_thread(t)
    seat = next(s.seat for s in live.seats if s.user_id == alice.id)
    copies = [await show_my_hand(alice, thread, live) for _ in range(2)]
    move = move_ids(panel_message(alice, live.id))[0]
    assert all(move in custom_ids(c) for c in copies)
    await alice.user.click(panel_message(alice, live.id), custom_id=move)
    seq = live.seq
    seen = [m.id for m in mine(thread, alice)]
    dms = len(alice.user.dm_channel.history())
    for copy in copies:
        result = await alice.click(now(thread, alice, copy.id), custom_id=move)
        assert not result.followups, [f.content for f in result.followups]
    assert live.seq == seq, "a stale click plays nothing"
    assert [m.id for m in mine(thread, alice)] == seen, "no ephemeral was added"
    assert len(alice.user.dm_channel.history()) == dms, "no DM was added"
    for copy in copies:
        shown = now(thread, alice, copy.id)
        assert "no longer available" in shown.content, shown.content
        assert env.bot.table.panel_content(live, seat) in shown.content
        assert seqs(shown, live.id) <= {live.seq}, seqs(shown, live.id)


async def test_a_stale_click_on_a_dm_panel_left_behind_brings_it_up_to_date(simcord_env: Any) -> None:
    """alice's DM panel stays on the redeal's first position (Discord refuses its edits) while
    bob decides; her click on it is stale: the panel she clicked becomes the current one, through
    the click, and her DMs hold no message more."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", GAME)
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    seats = {s.user_id: s.seat for s in live.seats}
    assert {seats[alice.id], seats[bob.id]} <= live.current, "the redeal asks both"
    panel = panel_message(alice, live.id)
    assert panel is not None
    env.inject_error("PATCH", f"/channels/{panel.channel.id}/messages/*", status=503, times=None)
    rng = Rng.from_seed(4)
    bobs = choose_action(live.engine, live.state, PlayerId(seats[bob.id]), rng).to_id()
    await play_move(bob, live.id, bobs)
    await env.advance_time(5.0)
    panel = panel_message(alice, live.id)
    assert panel is not None and seqs(panel, live.id) == {live.seq - 1}, "the fault kept alice's panel back"
    seq = live.seq
    dms = len(alice.user.dm_channel.history())
    result = await alice.user.click(panel, custom_id=move_ids(panel)[0])
    assert not result.followups, [f.content for f in result.followups]
    assert live.seq == seq, "the stale click played nothing"
    assert len(alice.user.dm_channel.history()) == dms, "no DM was added"
    panel = panel_message(alice, live.id)
    assert panel is not None and seqs(panel, live.id) == {live.seq}, seqs(panel, live.id)
    assert "no longer available" in panel.content


async def test_a_hand_moved_below_a_new_board_replaces_its_old_copy(simcord_env: Any) -> None:
    """alice plays from her hand in the thread; ending her turn passes it to bob (a new board):
    her hand comes again below the new board and the old copy is gone, not left saying so."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", GAME)
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    thread = game_thread(t)
    seats = {s.user_id: s.seat for s in live.seats}
    rng = Rng.from_seed(4)
    for _ in range(4):  # the redeal: both decide, from their DM panels
        asked = sorted(live.current)
        if asked == [seats[alice.id]] and f"mv:{live.id}:{live.seq}:end" in custom_ids(
            panel_message(alice, live.id)
        ):
            break
        who = alice if seats[alice.id] in asked else bob
        await play_move(
            who, live.id, choose_action(live.engine, live.state, PlayerId(seats[who.id]), rng).to_id()
        )
    else:
        raise AssertionError("alice was not asked to end her turn")
    hand = await show_my_hand(alice, thread, live)
    before = [m.id for m in mine(thread, alice)]
    board = live.board_message_id
    await alice.click(now(thread, alice, hand.id), custom_id=f"mv:{live.id}:{live.seq}:end")
    assert sorted(live.current) == [seats[bob.id]], "the turn passed to bob"
    assert live.board_message_id != board, "a new board was posted"
    after = mine(thread, alice)
    assert len(after) == len(before), [m.content[:40] for m in after]
    assert hand.id not in [m.id for m in after], "the old copy is gone"
    newest = after[-1]
    assert newest.id > live.board_message_id, "the hand is below the newest board"
    assert newest.content == env.bot.table.panel_content(live, seats[alice.id])
