"""A seat the AI takes over for a timed-out turn plays at ``normal`` strength and hands the seat
back cleanly (issue 37, item 4), through the bot.

The player's seat is played by the game's own AI (``GameSpec.ai``), never at the level of the
match's AI seats: against an ``easy`` AI, each move made for the timed-out player is the one
``spec.ai`` makes on that state with the rng the bot's AI seats use, and on some of those states
``easy`` would have played another (so the check can tell the levels apart). After that turn
nothing is decided for the player: the only moves the bot makes for their seat are the automatic
passes every player gets (``GameSpec.autoplay``), their clock runs, their panel has moves and
their own clicks are taken.
"""

from __future__ import annotations

from typing import Any

from bot.services.clock import now
from engines.core import PlayerId, Rng, choose_action, step
from engines.core.levels import level_policy
from tests.bot.table import game_thread, has_moves, make_table, panel_message, play_move, start_challenge


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


def _bots_rng(live: Any, seq: int) -> Rng:
    """The rng the bot hands an AI move that is stored as ``seq`` (``MatchService._automatic_move``:
    the match seed mixed with the number of moves before it)."""
    return Rng.from_seed(live.seed ^ ((seq - 1) * 0x9E3779B1))


async def _time_out_in_main_phase(t: Any, alice: Any, live: Any) -> tuple[Any, int, int]:
    """alice plays until her own Main Phase and lets it time out: (state, seq, turn) before that."""
    rng = Rng.from_seed(4)
    for _ in range(200):
        s = live.state
        if s.current == 0 and s.phase == "main" and s.mode == "open" and 0 in live.current:
            break
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
    assert live.state.current == 0 and live.state.phase == "main", "alice's Main Phase"
    before = (live.state, live.seq, live.state.turn)
    clock = await t.env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0
    await t.env.advance_time(clock.deadline - now() + 1)
    assert [m for m in game_thread(t).history() if "ran out of time" in m.content], "alice timed out"
    return before


async def test_a_timed_out_seat_is_played_by_the_game_ai_not_the_easy_opponents_level(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1, ai="easy")
    live = await _latest(env)
    assert [s.ai_level for s in live.seats] == [None, "easy"]
    state, seq, turn = await _time_out_in_main_phase(t, alice, live)
    spec, engine = live.spec, live.engine
    easy = level_policy(spec, "easy")
    made, unlike_easy = 0, 0
    for row in await env.bot.db.matches.actions(live.id, after_seq=seq):
        if row.seat == 0 and state.turn == turn:
            assert row.by_ai, "every decision of alice's timed-out turn is the AI's"
            normal = spec.ai(engine, state, PlayerId(0), _bots_rng(live, row.seq)).to_id()
            assert row.action_id == normal, f"move {row.seq}: {row.action_id}, the game AI plays {normal}"
            made += 1
            unlike_easy += easy(engine, state, PlayerId(0), _bots_rng(live, row.seq)).to_id() != normal
        state, _ = step(engine, state, row.seat, row.action_id)
    assert made > 1, "the AI played the rest of alice's turn"
    assert unlike_easy, "on some of these states easy plays another move: the check tells them apart"


async def test_after_the_timed_out_turn_the_seat_is_the_players_again(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1, ai="easy")
    live = await _latest(env)
    state, seq, turn = await _time_out_in_main_phase(t, alice, live)
    assert live.active and live.state.turn > turn and 0 in live.current, "alice decides again"
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0 and clock.kind == "turn", "alice's clock runs"
    assert has_moves(panel_message(alice, live.id))
    # alice plays her next turn herself, through her panel.
    rng = Rng.from_seed(9)
    mine = 0
    while live.active and (live.state.turn <= turn + 2) and 0 in live.current:
        before = live.seq
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
        assert live.seq > before, "alice's click was taken"
        mine += 1
    assert mine > 0 and live.seats[0].consecutive_timeouts == 0, "her own move resets her timeouts"
    # Nothing was decided for alice after the hand-back: her seat's stored moves in later turns are
    # her own, or the automatic passes any player gets where they asked for no stop.
    autoplay, engine = live.spec.autoplay, live.engine
    handed_back = False
    for row in await env.bot.db.matches.actions(live.id, after_seq=seq):
        handed_back = handed_back or state.turn > turn
        if row.seat == 0 and handed_back and row.by_ai:
            automatic = autoplay.auto_action(engine, state, 0, live.seats[0].stops)
            assert row.action_id == automatic, f"move {row.seq} ({row.action_id}) was decided for alice"
        state, _ = step(engine, state, row.seat, row.action_id)
    assert handed_back
    assert not live.autopiloted(0)


async def test_a_seat_the_ai_kept_is_the_players_again_after_reclaim(simcord_env) -> None:
    """Three timed-out turns in a row and the AI keeps alice's seat (the game AI's moves, as for a
    single turn); ``/game reclaim`` gives it back: from then on nothing is decided for her but the
    automatic passes, her clock runs on her turn, her panel has moves and her click is taken."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "alchemy")
    live = await _latest(env)
    spec, engine = live.spec, live.engine
    start = (live.state, live.seq)
    rng = Rng.from_seed(3)
    for _ in range(400):
        if live.seats[0].is_ai or not live.active:
            break
        if 1 in live.current:
            await play_move(bob, live.id, choose_action(engine, live.state, PlayerId(1), rng).to_id())
        else:
            clock = await env.bot.db.matches.get_clock(live.id)
            assert clock is not None and clock.seat == 0
            await env.advance_time(clock.deadline - now() + 1)
    assert live.active and live.seats[0].is_ai, "the AI keeps alice's seat after three timeouts"
    held = live.seq
    for _ in range(30):  # bob plays on; the AI answers for alice
        if 1 not in live.current or not live.active:
            break
        await play_move(bob, live.id, choose_action(engine, live.state, PlayerId(1), rng).to_id())
    assert live.active
    await alice.slash(game_thread(t), "game reclaim")
    assert not live.seats[0].is_ai
    reclaimed = live.seq
    for _ in range(60):  # bob plays until it is alice's decision
        if 0 in live.current or not live.active:
            break
        await play_move(bob, live.id, choose_action(engine, live.state, PlayerId(1), rng).to_id())
    assert live.active and 0 in live.current, "alice decides again"
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0, "alice's clock runs"
    assert has_moves(panel_message(alice, live.id))
    before = live.seq
    await play_move(alice, live.id, choose_action(engine, live.state, PlayerId(0), rng).to_id())
    assert live.seq > before, "alice's click was taken"
    state, seq = start
    ai_moves = 0
    for row in await env.bot.db.matches.actions(live.id, after_seq=seq):
        if row.seat == 0 and row.by_ai:
            if held < row.seq <= reclaimed:
                normal = spec.ai(engine, state, PlayerId(0), _bots_rng(live, row.seq)).to_id()
                assert row.action_id == normal, f"move {row.seq}: {row.action_id}, the game AI plays {normal}"
                ai_moves += 1
            elif row.seq > reclaimed:
                automatic = spec.autoplay.auto_action(engine, state, 0, live.seats[0].stops)
                assert row.action_id == automatic, f"move {row.seq} ({row.action_id}) was decided for alice"
        state, _ = step(engine, state, row.seat, row.action_id)
    assert ai_moves > 0, "the AI answered bob for alice while it held her seat"
