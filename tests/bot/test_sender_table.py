"""The match table through the sender (issue #33 items 1 and 2), through the real bot on a Discord
that says no (tests/bot/limited_discord.py): a board write that fails a few times still ends
current, a DM panel whose writes failed for good is repaired at the next move or by the sweep,
and the clicker's own panel is edited through the click's interaction (not global-bound)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import PlayerId, Rng, choose_action
from tests.bot.limited_discord import LimitedDiscord
from tests.bot.table import game_thread, panel_message, play_move
from tests.bot.test_real_discord import start  # the same two ways into a game, players thinking THINK s

THINK = 4.0


@pytest.fixture
def bot_settings(bot_settings: dict[str, Any]) -> dict[str, Any]:
    """The budget of production (45 requests a second, 5 writes per 5 s per channel)."""
    return {**bot_settings, "CARDHOST_DISCORD_GLOBAL_RATE": 45, "CARDHOST_DISCORD_CHANNEL_WRITES": 5}


async def move(env: Any, live: Any, members: dict[int, Any], rng: Rng) -> int:
    """The first person asked clicks the AI policy's move on their DM panel; their seat."""
    for _ in range(30):
        asked = [s for s in sorted(live.current) if s in members]
        if asked:
            break
        await env.advance_time(1.0)  # the AI thinks
    seat = asked[0]
    action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
    await play_move(members[seat], live.id, action)
    await env.advance_time(THINK)
    return int(seat)


def board_of(t: Any, live: Any) -> Any:
    return next(m for m in game_thread(t).history() if m.id == live.board_message_id)


def on_position(env: Any, member: Any, live: Any, seat: int) -> bool:
    """The panel shows the position's words: as they are, or under the note a stale click on it
    leaves ("This move is no longer available. Here is the position now.", issue #33 item 6)."""
    panel = panel_message(member, live.id)
    if panel is None:
        return False
    words = env.bot.table.panel_content(live, seat)
    return panel.content == words or (
        panel.content.endswith("\n" + words) and "no longer available" in panel.content.split("\n")[0]
    )


async def test_a_board_edit_that_fails_several_times_ends_current(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    env = simcord_env
    live, members, t = await start(env, "ai")
    thread = game_thread(t)
    board_id = live.board_message_id
    # discord.py tries a 5xx five times itself, then the sender tries again: 8 failures in a row.
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/{board_id}", status=500, times=8)
    mark = limited_discord.mark()
    await move(env, live, members, Rng.from_seed(3))
    await env.advance_time(60.0)
    failed = [r for r in limited_discord.since(mark) if r.method == "PATCH" and r.status == 500]
    assert len(failed) == 8, limited_discord.by_route(limited_discord.since(mark))
    assert live.board_message_id == board_id, "against the AI the board is edited in place"
    board = board_of(t, live)
    assert board.content == env.bot.table.board_content(live, mention=False)
    assert not env.bot.sender.behind()


@pytest.mark.parametrize("repair", ["sweep", "next move"])
async def test_a_dm_panel_whose_writes_failed_for_good_is_repaired(
    simcord_env: Any, limited_discord: LimitedDiscord, repair: str
) -> None:
    env = simcord_env
    live, members, _t = await start(env, "people")
    rng = Rng.from_seed(5)
    clicker = min(s for s in live.current if s in members)
    other = next(s for s in members if s != clicker)
    panel = panel_message(members[other], live.id)
    assert panel is not None
    # Every edit of the other player's panel fails until the fault is lifted.
    env.inject_error("PATCH", f"/channels/{panel.channel.id}/messages/*", status=503, times=None)
    await move(env, live, members, rng)
    await env.advance_time(60.0)
    assert not on_position(env, members[other], live, other), "the fault kept the panel back"
    assert env.bot.sender.behind(), "the failed panel stays stale (the sweep tries it again and again)"
    env.backend.faults.clear()  # Discord accepts writes again
    if repair == "sweep":
        await env.advance_time(env.bot.sender.sweep_seconds + 1.0)
    else:
        await move(env, live, members, rng)
        await env.advance_time(10.0)
    assert on_position(env, members[other], live, other), "the panel was not repaired"
    assert not env.bot.sender.behind()


async def test_the_clickers_own_panel_is_edited_through_the_click(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    env = simcord_env
    live, members, _t = await start(env, "people")
    rng = Rng.from_seed(9)
    for _ in range(4):
        clicker = min(s for s in live.current if s in members)
        panel = panel_message(members[clicker], live.id)
        assert panel is not None
        dm = panel.channel.id
        mark = limited_discord.mark()
        assert await move(env, live, members, rng) == clicker
        requests = limited_discord.since(mark)
        own = [r for r in requests if r.global_bound and r.channel_id == dm]
        assert not own, f"the clicker's DM was written through the channel endpoint: {own}"
        assert any(not r.global_bound and r.method == "PATCH" for r in requests), limited_discord.by_route(
            requests
        )
        assert on_position(env, members[clicker], live, clicker), "the clicker's panel is behind"
    assert not limited_discord.rejected()
