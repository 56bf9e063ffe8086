"""A series' side-deck panel through the sender (issue #33 items 1 and 5), through the real bot:
the panel's DM, and its close when the next game starts, are written through the sender
(bot/surfaces/series.py), so a write Discord refuses more times in a row than discord.py retries
(five) is tried again and ends current, instead of leaving the player without a panel, or on a
panel whose step is over."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import dm_messages, game_thread, make_table
from tests.bot.test_series import _concedes, _limited_series, _series_of, _side_panel, _texts

FAILURES = 8
"""Refusals in a row: discord.py tries a 5xx five times itself, then gives up."""


# The sender's retries wait out back-offs in virtual time; on a loaded CI machine one advance took
# longer than simcord's default 5 s to settle (as the pod tests, it gets 60 s; no assertion changes).
@pytest.mark.simcord(settle_timeout=60)
async def test_a_side_deck_panel_whose_dm_fails_several_times_still_arrives(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    game1 = await _limited_series(env, t, [alice])
    thread = game_thread(t)
    dm = dm_messages(alice)[-1].channel.id  # the game's hand panel opened her DMs
    env.inject_error("POST", f"/channels/{dm}/messages", status=500, times=FAILURES)
    await _concedes(env, alice, thread)
    await env.advance_time(60.0)
    series = await _series_of(env, game1.id)
    assert series.status == "sideboarding" and 0 in series.panels, "the panel never went out"
    panel = _side_panel(alice)
    assert "Game 2 of best of 3" in panel.content and panel.components, "the panel arrived with its buttons"
    assert series.panels[0] == (panel.channel.id, panel.id)
    assert not env.bot.sender.behind()


async def test_a_side_deck_panel_whose_close_fails_several_times_is_closed(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    game1 = await _limited_series(env, t, [alice])
    thread = game_thread(t)
    await _concedes(env, alice, thread)
    panel = _side_panel(alice)
    env.inject_error("PATCH", f"/channels/{panel.channel.id}/messages/{panel.id}", status=503, times=FAILURES)
    await alice.user.click(panel, label="Ready")  # edited through the click's interaction: not this route
    await env.advance_time(60.0)
    assert (await _series_of(env, game1.id)).status == "playing", "game 2 started"
    assert any("Game 2 of best of 3" in x for x in _texts(thread))
    closed = _side_panel(alice)
    assert closed.id == panel.id
    assert "Game 2 has started in the thread." in closed.content and not closed.components, closed.content
    assert not env.bot.sender.behind()
