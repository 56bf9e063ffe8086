"""A timed-out seat is played by the AI for the rest of that turn (issue 34, item 4), through the
bot: a Spirit Tactics turn is many decisions, each followed by the opponent's answer to the
Sequence, and the AI used to make one of them and hand the seat back (five "the AI played that
turn for them" in one turn). Now one message, the AI finishes the turn, and the player's next
turn is theirs again with a clock."""

from __future__ import annotations

from typing import Any

from bot.services.clock import now
from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, make_table, panel_message, play_move


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


def _timeouts(thread: Any) -> list[str]:
    return [m.content for m in thread.history() if "ran out of time" in m.content]


async def test_a_spirit_seat_that_times_out_is_played_for_its_whole_turn(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1)
    live = await _latest(env)
    rng = Rng.from_seed(4)
    # alice plays until her own turn's Main Phase, where a turn is many decisions.
    for _ in range(200):
        s = live.state
        if s.current == 0 and s.phase == "main" and s.mode == "open" and 0 in live.current:
            break
        action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
        await play_move(alice, live.id, action)
    s = live.state
    assert s.current == 0 and s.phase == "main", "alice's Main Phase"
    turn, seq = s.turn, live.seq
    thread = game_thread(t)
    assert not _timeouts(thread)
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0 and clock.kind == "turn"
    await env.advance_time(clock.deadline - now() + 1)
    texts = _timeouts(thread)
    assert len(texts) == 1, texts
    assert "the AI plays the rest of this turn for them" in texts[0], texts[0]
    # The AI finished alice's turn (and the AI's own turn ran): alice decides again, in a later
    # turn, with her own clock and her moves on her panel.
    assert live.active and live.state.turn > turn, (live.state.turn, live.state.phase)
    assert 0 in live.current and not live.seats[0].is_ai
    log = await env.bot.db.matches.actions(live.id, after_seq=seq)
    mine = [a for a in log if a.seat == 0]
    assert len(mine) > 1 and all(a.by_ai for a in mine), "the AI made every decision of that turn"
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0
    assert has_moves(panel_message(alice, live.id))
    assert live.seats[0].consecutive_timeouts == 1, "one turn timed out, not one per decision"
