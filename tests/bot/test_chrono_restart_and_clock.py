"""Restart-proof matches and the turn clock: the bot process is replaced, turns time out."""

from __future__ import annotations

import pytest

from bot.client import create_bot
from tests.bot.table import game_thread, make_table, move_ids, panel_message
from tests.bot.test_chrono_table import _member_of_seat, _play_one_click, _start_game

pytestmark = pytest.mark.backends  # a restart and the turn clock, on SQLite and on PostgreSQL



async def test_a_restart_mid_game_continues_from_the_same_buttons(simcord_env, db_file) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t)
    for _ in range(5):
        await _play_one_click(t, live)
    match_id, seq, state = live.id, live.seq, live.state
    seat = min(live.current)
    member = _member_of_seat(t, live, seat)
    panel = panel_message(member)
    old_ids = move_ids(panel)
    assert old_ids

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    bot = simcord_env.bot
    assert bot.matches._cache == {}
    reloaded = await bot.matches.get(match_id)
    assert (reloaded.seq, reloaded.state) == (seq, state)
    # The button posted before the restart still works, and the game goes on to the end.
    result = await member.user.click(panel, custom_id=old_ids[0])
    assert not result.followups
    assert reloaded.seq > seq
    while reloaded.active:
        await _play_one_click(t, reloaded)
    thread = game_thread(t)
    assert any("Final ranking" in m.content for m in thread.history())
    actions = await bot.db.matches.actions(match_id)
    assert [a.seq for a in actions] == list(range(1, reloaded.seq + 1))


async def test_timeout_warns_then_ai_plays_then_takes_the_seat(simcord_env) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t, humans=("alice", "bob"), ais=0)
    thread = game_thread(t)
    timed_out: list[str] = []
    for _ in range(200):
        if not live.active:
            break
        seat = min(live.current)
        if seat == 1:
            before = live.seq
            # Bob never answers: first the warning, then the AI moves for him.
            await simcord_env.advance_time(90 + 30 - 20 + 1)
            texts = [m.content for m in thread.history()]
            assert any("seconds left on your turn" in x and t.members["bob"].mention in x for x in texts)
            await simcord_env.advance_time(30)
            assert live.seq > before, "the AI did not play the timed-out turn"
            timed_out.append("bob")
            if live.seats[1].is_ai:
                break
        else:
            await _play_one_click(t, live)
    texts = [m.content for m in thread.history()]
    assert live.seats[1].is_ai, "with the first seed, Bob must time out 3 times before the game ends"
    if live.seats[1].is_ai:
        assert len(timed_out) == 3
        assert any("the AI plays the seat until they take it back" in x for x in texts)
        assert sum("the AI plays the rest of this turn for them" in x for x in texts) == 2
    else:
        # The game ended before the third timeout; the messages so far must match the count.
        assert sum("the AI plays the rest of this turn for them" in x for x in texts) == len(timed_out)
    row = (await simcord_env.bot.db.matches.seats(live.id))[1]
    assert row.is_ai == live.seats[1].is_ai


async def test_clock_survives_a_restart(simcord_env, db_file) -> None:
    t = make_table(simcord_env)
    live = await _start_game(simcord_env, t, humans=("alice", "bob"), ais=0)
    while min(live.current) != 1 and live.active:
        await _play_one_click(t, live)
    clock = await simcord_env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 1
    before = live.seq
    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await simcord_env.advance_time(200)
    reloaded = await simcord_env.bot.matches.get(live.id)
    assert reloaded.seq > before, "the restored clock did not fire"
