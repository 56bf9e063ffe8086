"""/history shows a best of three as one series with its games (issue 34 item 15).

Before, each game of a series was a match of its own on the page ("#2 … lost", "#3 … won", "#4 …
won"), nothing said they were one best of three, and three games took three of the page's five
places. Now the series is one line (its result, the score, the opponent) with a line per game under
it, counts as one match, and each game keeps its Replay button. Played through the bot, on SQLite
and PostgreSQL (the grouping is SQL).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.table import buttons, game_thread, last_reply, make_table, series_settled
from tests.bot.test_series import _ai_concedes, _concedes, _latest, _series_of

pytestmark = pytest.mark.backends


async def test_a_best_of_three_is_one_series_with_its_games(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]

    # A single match first: it stays a line of its own.
    await alice.slash(t.channel, "play alchemy")
    single = await _latest(env)
    await _concedes(env, alice, game_thread(t))

    # A best of three against the AI, won 2-1.
    await alice.slash(t.channel, "play afrika", best_of=3)
    thread = game_thread(t)
    game1 = await _latest(env)
    await _ai_concedes(env, game1)
    await series_settled(env)
    game2 = await _latest(env)
    await _concedes(env, alice, thread)
    await series_settled(env)
    game3 = await _latest(env)
    await _ai_concedes(env, game3)
    await series_settled(env)
    series = await _series_of(env, game3.id)
    assert series.status == "finished" and series.wins == (2, 1)

    reply = last_reply(await alice.slash(t.channel, "history"))
    lines = reply.content.splitlines()
    assert lines[0] == "📜 **alice's matches** on this server · 2 matches · page 1 of 1", lines
    assert lines[1].startswith("**Best of 3** Chronicles of Afrika · won 2-1 · vs AI · <t:"), lines
    assert lines[2:5] == [
        f"-# ↳ Game 1 · **#{game1.id}** · won",
        f"-# ↳ Game 2 · **#{game2.id}** · lost",
        f"-# ↳ Game 3 · **#{game3.id}** · won",
    ], lines
    assert lines[5].startswith(f"**#{single.id}** Alchemy · lost · vs AI · "), lines
    assert len(lines) == 6
    # every game keeps its Replay button, the series' games first
    message = t.channel.last_message
    replays = [b.label for b in buttons(message) if not b.custom_id.startswith("hist:")]
    if replays:
        assert replays == [f"Replay #{m}" for m in (game1.id, game2.id, game3.id, single.id)]

    # One game's history: only the series.
    afrika = last_reply(await alice.slash(t.channel, "history", game="afrika")).content.splitlines()
    assert (
        afrika[0] == "📜 **alice's matches** of Chronicles of Afrika on this server · 1 match · page 1 of 1"
    )
    assert afrika[1].startswith("**Best of 3** Chronicles of Afrika · won 2-1")
    assert len(afrika) == 5


async def test_a_series_still_on_shows_its_ended_games(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", best_of=3)
    game1 = await _latest(env)
    await _concedes(env, alice, game_thread(t))
    await series_settled(env)
    lines = last_reply(await alice.slash(t.channel, "history")).content.splitlines()
    assert lines[0] == "📜 **alice's matches** on this server · 1 match · page 1 of 1"
    assert lines[1].startswith("**Best of 3** Chronicles of Afrika · still on, 0-1 · vs AI · ")
    assert lines[2:] == [f"-# ↳ Game 1 · **#{game1.id}** · lost"]
