"""Small faults seen in the sandbox (issue #16 item 7): a pick timer that said "in 10 minutes" after a
restart where a minute was left, and "4-4 players" in a draft lobby."""

from __future__ import annotations

import re

from bot.client import create_bot
from bot.sandbox import continue_time
from bot.services.clock import now
from bot.text import player_count
from tests.bot.table import make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks


def test_player_counts_read_naturally() -> None:
    assert player_count(4, 4) == "4 players"
    assert player_count(4, 8) == "4-8 players"
    assert player_count(2, 10) == "2-10 players"


async def test_a_full_size_draft_lobby_says_4_players(simcord_env) -> None:
    t = make_table(simcord_env)
    await t.members["alice"].slash(t.channel, "draft create", seats=4)
    footer = t.channel.last_message.embeds[0].footer.text
    assert footer.startswith("4 players.") and "4-4" not in footer, footer
    await t.members["bob"].slash(t.channel, "draft create", seats=6)
    assert t.channel.last_message.embeds[0].footer.text.startswith("4-6 players.")


async def test_after_a_sandbox_restart_the_pick_timer_is_the_stored_one(simcord_env, db_file) -> None:
    """simcord's clock starts at the same date in every process: the sandbox sets it to the wall
    clock, so a pick timer stored in one run still shows the time that is left in the next."""
    env = simcord_env
    wall0 = 1_795_000_000.0  # a wall clock well after simcord's start date
    assert await continue_time(env, env.bot, wall=lambda: wall0) > 0 and now() == wall0
    t = make_table(env)
    alice = t.members["alice"]
    live = await open_pod(env, t, seats=4, timer="slow", bots=True)
    await pick_by_clicks(alice, panel(alice, live.id))
    seat = live.seat_of(alice.id).seat
    deadline = live.deadlines[seat]
    assert deadline - wall0 > 60
    # A new sandbox process a minute later: the simulated clock is back at its start date...
    env.backend.clock.elapsed = 0.0
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    # ...and is set to the wall clock again.
    await continue_time(env, env.bot, wall=lambda: wall0 + 60)
    assert now() == wall0 + 60
    reloaded = await env.bot.drafts.get(live.id)
    assert reloaded.deadlines[seat] == deadline
    text, _file, _view = await env.bot.draft_surfaces.panel(reloaded, seat, with_image=False)
    shown = int(re.search(r"<t:(\d+):R>", text)[1])
    assert shown == int(deadline), "the stored deadline, a minute closer than when it was set"


async def test_a_sandbox_on_an_empty_database_starts_at_the_wall_clock(simcord_env) -> None:
    moved = await continue_time(simcord_env, simcord_env.bot, wall=lambda: 1_790_000_000.0)
    assert moved > 0 and now() == 1_790_000_000.0
    assert await continue_time(simcord_env, simcord_env.bot, wall=lambda: 1_700_000_000.0) == 0.0, (
        "never back in time"
    )
