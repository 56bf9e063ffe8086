"""The rules of the table: private hands, closed DMs, stale and double clicks, concede, moderator end."""

from __future__ import annotations

import discord
import pytest
from simcord import assert_error

from bot.db.errors import StaleAction
from engines.core import CardhostError, NotYourTurn
from tests.bot.table import game_thread, last_reply, make_table, move_ids, panel_message
from tests.bot.test_chrono_table import _member_of_seat, _play_one_click, _start_game


def _card_names(view) -> list[str]:
    from bot.presenters.chrono import card_name

    return [card_name(view, c) for c in view.hand]


async def test_hands_go_only_to_their_owner(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t)
    for _ in range(6):
        await _play_one_click(t, live)
    thread = game_thread(t)
    public_text = "\n".join(m.content for m in thread.history() + t.channel.history())
    assert "**Your hand**" not in public_text
    for seat in live.seats:
        if seat.user_id is None:
            continue
        member = _member_of_seat(t, live, seat.seat)
        panel = panel_message(member)
        view = live.engine.view(live.state, seat.seat)
        mine = f"**Your hand** ({len(view.hand)}): " + ", ".join(_card_names(view))
        assert mine in panel.content
        # Every other DM in this member's inbox is theirs alone: nobody else's cards are listed there.
        for other in live.seats:
            if other.seat == seat.seat or other.user_id is None:
                continue
            other_view = live.engine.view(live.state, other.seat)
            other_line = (
                "**Your hand** (" + str(len(other_view.hand)) + "): " + ", ".join(_card_names(other_view))
            )
            if other_line != mine:
                assert other_line not in panel.content


async def test_spectator_sees_no_hand(simcord_env) -> None:
    t = make_table(simcord_env)
    await _start_game(simcord_env, t)
    thread = game_thread(t)
    board = next(m for m in reversed(thread.history()) if m.attachments)
    result = await t.members["dave"].click(board, label="Show my hand")
    assert result.ephemeral
    assert "only the players see their hands" in last_reply(result).content
    assert not last_reply(result).attachments


async def test_closed_dms_fall_back_to_the_show_my_hand_button(simcord_env) -> None:
    t = make_table(simcord_env)
    bob = t.members["bob"]
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    live = await _start_game(simcord_env, t)
    thread = game_thread(t)
    assert any(
        "can't send you direct messages" in m.content and bob.mention in m.content for m in thread.history()
    )
    assert live.seats[1].dm_failed
    board = next(m for m in reversed(thread.history()) if m.attachments and m.components)
    shown = await bob.click(board, label="Show my hand")
    panel = last_reply(shown)
    assert panel.ephemeral and "Your hand" in panel.content
    assert panel.attachments[0].filename.startswith("hand-")
    # Bob plays whole turns through the ephemeral panel.
    for _ in range(40):
        if not live.active:
            break
        seat = min(live.current)
        if seat != 1:
            await _play_one_click(t, live)
            continue
        board = next(m for m in reversed(thread.history()) if m.attachments and m.components)
        shown = await bob.click(board, label="Show my hand")
        panel = last_reply(shown)
        ids = move_ids(panel.message)
        assert ids, "Bob's ephemeral panel has no moves on his turn"
        before = live.seq
        await bob.click(panel.message, custom_id=ids[0])
        assert live.seq > before


async def test_double_click_and_old_buttons_change_nothing(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t)
    seat = min(live.current)
    member = _member_of_seat(t, live, seat)
    thread = game_thread(t)
    board = next(m for m in reversed(thread.history()) if m.attachments and m.components)
    # The same moves shown twice: in the DM and in an ephemeral panel from the thread.
    ephemeral = last_reply(await member.click(board, label="Show my hand")).message
    panel = panel_message(member)
    ids = move_ids(panel)
    assert ids == move_ids(ephemeral)
    first = await member.user.click(panel, custom_id=ids[0])
    assert not first.followups
    seq_after, state_after = live.seq, live.state
    stored_after = await simcord_env.bot.db.matches.actions(live.id)
    # The second click of a double click lands on the other copy of the same button: refused.
    again = await member.click(ephemeral, custom_id=ids[0])
    assert "no longer available" in last_reply(again).content and last_reply(again).ephemeral
    assert (live.seq, live.state) == (seq_after, state_after)
    assert await simcord_env.bot.db.matches.actions(live.id) == stored_after


async def test_not_your_turn_and_stale_are_refused_by_the_service(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t)
    service = simcord_env.bot.matches
    current = min(live.current)
    waiting = next(s for s in live.seats if s.seat != current and s.user_id is not None)
    action = live.engine.legal_actions(live.state, current)[0].to_id()
    before = (live.seq, live.state)
    with pytest.raises(NotYourTurn, match="not your turn"):
        await service.submit(live.id, waiting.user_id, action, live.seq)
    with pytest.raises(StaleAction, match="no longer available"):
        await service.submit(live.id, live.seats[current].user_id, action, live.seq - 1 if live.seq else 99)
    assert (live.seq, live.state) == before


async def test_concede_ends_the_game_and_records_results(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t, ais=0)
    thread = game_thread(t)
    result = await t.members["bob"].slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    assert live.status == "finished"
    final = [m.content for m in thread.history() if "Final ranking" in m.content][-1]
    assert final.strip().splitlines()[-2].startswith("3rd: bob") or "3rd: bob" in final
    again = await t.members["alice"].slash(thread, "game concede")
    assert "already over" in last_reply(again).content
    assert_error(simcord_env, CardhostError, contains="already over")
    prof = await simcord_env.bot.db.players.profile(t.members["bob"].id)
    assert prof.games_played == 1 and prof.losses == 1


async def test_moderator_end_and_who_may_end(simcord_env) -> None:
    t = make_table(simcord_env)
    mods = t.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = t.guild.add_member(simcord_env.create_user("moderator"), roles=[mods])
    live = await _start_game(simcord_env, t)
    thread = game_thread(t)
    refused = await t.members["bob"].slash(thread, "game end")
    text = last_reply(refused).content
    assert "Only the host" in text and live.active
    assert_error(simcord_env, CardhostError, contains="Only the host")
    await mod.slash(thread, "game end", reason="server maintenance")
    assert live.status == "aborted"
    assert any("ended by moderator: server maintenance" in m.content for m in thread.history())
    prof = await simcord_env.bot.db.players.profile(t.members["alice"].id)
    assert prof.games_played == 0


async def test_status_is_ephemeral_with_the_board(simcord_env) -> None:
    t = make_table(simcord_env)
    await _start_game(simcord_env, t)
    thread = game_thread(t)
    result = await t.members["dave"].slash(thread, "game status")
    msg = last_reply(result)
    assert msg.ephemeral and msg.attachments[0].filename.startswith("board-")
    outside = await t.members["dave"].slash(t.channel, "game status")
    text = last_reply(outside).content
    assert "no running game here" in text
    assert_error(simcord_env, CardhostError, contains="no running game")
