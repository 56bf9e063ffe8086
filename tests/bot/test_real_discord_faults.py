"""Whole games on a Discord that fails (issue #33 items 1 and 3; tests/bot/limited_discord.py).

The games of tests/bot/test_real_discord.py, under its tight limits and 10% of requests answered
5xx and 10% timing out (half of those after Discord took them in): every write of the match path
(the first DM panels, the game thread's lines, a new board when the turn passes, the end) goes
through the sender or survives a transient failure, so each game reaches its end with every
acknowledged move stored, the board and both panels on the final position once the sender has
settled, no unhandled exception (the bot tests fail on any ERROR log and on any exception simcord
captured) and nobody stuck (a player whose panel stays behind the position for a minute is).

And the board write that fails for good: the player's own panel stays current, the move is
stored, and the board is repaired once Discord accepts writes again.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from engines.core import PlayerId, Rng, choose_action
from tests.bot.limited_discord import LimitedDiscord
from tests.bot.table import game_thread, panel_message, play_move
from tests.bot.test_real_discord import (
    FAULTS,
    PATIENCE,
    THINK,
    TIGHT,
    assert_final,
    bot_settings,  # noqa: F401  (the fixture: the bot is told its budget)
    play_to_the_end,
    shows,
    start,
    wait_for_panel,
)


@pytest.fixture(autouse=True)
async def sender_closed(simcord_env: Any) -> AsyncIterator[None]:
    """A test that fails with a fault still on would leave the sender sweeping a stale surface
    for ever as the env winds down: the faults go and the sender closes first."""
    yield
    simcord_env.backend.faults.clear()
    await simcord_env.bot.sender.close()


@pytest.mark.parametrize("seed", [2, 5, 6, 7, 33])
@pytest.mark.parametrize("mode", ["ai", "people"])
async def test_a_whole_game_under_injected_5xx_and_timeouts(
    simcord_env: Any, limited_discord: LimitedDiscord, mode: str, seed: int
) -> None:
    """Seeds of faults that each once broke a game: a lobby's greeting by DM timing out (2), an
    older panel written by the sender after the clicked panel's newer edit (5), the thread's
    opening timing out (6), a first DM panel that Discord took although its answer was lost,
    clicked before the bot knew it (7), the first DM panel's POST failing (33, two people)."""
    limited_discord.configure(**TIGHT, **{**FAULTS, "seed": seed})
    live, members, t = await start(simcord_env, mode)
    acknowledged = await play_to_the_end(simcord_env, live, members)
    await assert_final(simcord_env, live, members, acknowledged, game_thread(t))
    assert not simcord_env.bot.sender.behind(), simcord_env.bot.sender.behind()
    faults = limited_discord.faults()
    assert faults["5xx"] and faults["timeout"] + faults["timeout-applied"], faults


async def eventually(env: Any, check: Callable[[], str | None]) -> None:
    """Look once a second (virtual) until ``check`` finds nothing wrong, for at most PATIENCE
    seconds; then fail with what it found."""
    waited = 0.0
    while (wrong := check()) is not None:
        assert waited < PATIENCE, wrong
        await env.advance_time(1.0)
        waited += 1.0


def panels_behind(env: Any, live: Any, members: dict[int, Any]) -> str | None:
    """A player whose DM panel is not on the position: its moves at the current seq for a seat
    asked to move, the position's words for one that waits."""
    for seat, member in members.items():
        if seat in live.current:
            if shows(member, live) != f"seq {live.seq}":
                return f"{member.name}'s panel shows {shows(member, live)}, the position is seq {live.seq}"
        else:
            panel = panel_message(member, live.id)
            if panel is None or panel.content != env.bot.table.panel_content(live, seat):
                return f"{member.name}'s panel is not on seq {live.seq}"
    return None


def board_behind(env: Any, live: Any, thread: Any) -> str | None:
    board = next((m for m in thread.history() if m.id == live.board_message_id), None)
    if board is None:
        return "no board"
    if board.content not in (
        env.bot.table.board_content(live, mention=False),
        env.bot.table.board_content(live, mention=True),
    ):
        return f"the board is not on seq {live.seq}: {board.content[:120]!r}"
    return None


@pytest.mark.parametrize("write", ["edit", "new board"])
async def test_the_board_write_failing_for_good_leaves_the_players_panel_current(
    simcord_env: Any, limited_discord: LimitedDiscord, write: str
) -> None:
    """Every write of the board fails (500s, for longer than discord.py and the sender try): the
    edit in place against the AI, or the new board posted when the turn passes to the other
    person. Each click's move is stored and the players' DM panels show the position after it;
    once Discord accepts writes again, the board is brought to the position (the sender's sweep):
    the new board is posted after all."""
    env = simcord_env
    live, members, t = await start(env, "ai" if write == "edit" else "people")
    thread = game_thread(t)
    rng = Rng.from_seed(7)
    board_id = live.board_message_id
    method = "PATCH" if write == "edit" else "POST"
    mark = limited_discord.mark()
    if write == "edit":
        env.inject_error(method, f"/channels/{thread.id}/messages/{board_id}", status=500, times=None)
    else:
        env.inject_error(method, f"/channels/{thread.id}/messages", status=500, times=None)

    def board_refused() -> bool:
        return any(
            r.method == method and r.channel_id == thread.id and r.status == 500
            for r in limited_discord.since(mark)
        )

    for _ in range(30):
        seat = min(s for s in live.current if s in members)
        await wait_for_panel(env, members[seat], live)
        seq = live.seq
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        await play_move(members[seat], live.id, action)
        await env.advance_time(THINK)
        assert live.seq != seq, "the move was acknowledged"
        stored = [(a.seat, a.action_id) for a in await env.bot.db.matches.actions(live.id, after_seq=seq)]
        assert any(s == seat and (a == action or a.startswith(action + "|")) for s, a in stored), stored
        await eventually(env, lambda: panels_behind(env, live, members))
        if board_refused():
            break
    else:
        raise AssertionError("no board write was refused")
    assert live.board_message_id == board_id, "no board got through"
    assert board_behind(env, live, thread) is not None, "the fault held the board back"
    assert env.bot.sender.behind(), "the board stays stale while Discord refuses it"
    env.backend.faults.clear()  # Discord accepts writes again
    await eventually(env, lambda: board_behind(env, live, thread))
    if write == "new board":
        assert live.board_message_id != board_id, "the new board was posted"
    board = next(m for m in thread.history() if m.id == live.board_message_id)
    picture = await env.bot.table.board_file(live)
    picture.fp.seek(0)
    assert env.backend.cdn.get(board.attachments[0].url) == picture.fp.read()
    await eventually(env, lambda: f"behind: {env.bot.sender.behind()}" if env.bot.sender.behind() else None)
