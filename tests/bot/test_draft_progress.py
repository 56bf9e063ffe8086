"""The pod's progress message is a surface the sender keeps current (issue 33 item 1): an edit that
Discord refuses for a while is not lost, the message is brought to the newest picks once Discord
accepts writes again, without another pick to carry it (the sender's sweep)."""

from __future__ import annotations

from typing import Any

from bot.services.drafts.progress import progress_text
from tests.bot.table import make_table
from tests.bot.test_draft_flow import open_pod, panel, pick_by_clicks, progress_message


async def test_a_progress_edit_refused_for_a_while_is_repaired(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    # An async pod: half a day per pick, so no clock and no bot moves the draft on meanwhile.
    live = await open_pod(env, t, joiners=(), seats=4, bots=True, **{"async": True})
    progress = progress_message(t, live)
    assert "picking 1 of" in progress.content
    # Every edit of the progress message fails, far past what discord.py and the sender retry.
    env.inject_error(
        "PATCH", f"/channels/{live.row.thread_id}/messages/{live.row.message_id}", status=503, times=30
    )
    await pick_by_clicks(alice, panel(alice, live.id))
    seat = live.seat_of(alice.id).seat
    assert live.state.picks_made[seat] == 1
    await env.advance_time(5.0)
    assert progress_message(t, live).content != progress_text(live), "the fault held the edit back"
    await env.advance_time(300.0)  # Discord accepts writes again; nobody picks
    assert progress_message(t, live).content == progress_text(live)
    assert not env.bot.sender.behind()
