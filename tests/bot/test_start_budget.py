"""What starting a game costs of Discord's global budget (issue #33 item 2), counted by route on
the limited Discord (tests/bot/limited_discord.py).

A game's set-up is spread over its moves: against the AI a move costs the board's edit and
little else, so each request a start spends beyond what a player needs shows in the per-move
figure of ``bench/discord_budget.py``. The greeting ("... begins! Players in seat order: ...")
rides on the message the game starts from (the reply to ``/play``, or the lobby message the
Start click edits), both written through the click's interaction and not global-bound; the
thread gets the board alone. Its words stay where players see them: the message the thread opens
under is shown at the thread's top.
"""

from __future__ import annotations

from typing import Any

from tests.bot.limited_discord import LimitedDiscord
from tests.bot.table import make_table

POST_MESSAGE = "POST /channels/{channel_id}/messages"


def _thread_posts(discord_: LimitedDiscord, rows: list[Any], thread_id: int) -> int:
    return sum(1 for r in rows if r.global_bound and r.route == POST_MESSAGE and r.channel_id == thread_id)


async def test_a_duel_against_the_ai_greets_on_the_reply_not_in_the_thread(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    t = make_table(simcord_env, ("alice",))
    start = limited_discord.mark()
    await t.members["alice"].slash(t.channel, "play afrika")
    await simcord_env.settle()
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    rows = limited_discord.since(start)
    assert _thread_posts(limited_discord, rows, live.thread_id) == 1, limited_discord.by_route(
        rows, global_only=True
    )
    starter = next(m for m in t.channel.history() if "vs the AI" in m.content)
    assert "Players in seat order: <@" in starter.content and "Show my hand" in starter.content
    assert f"#{live.id} begins!" in starter.content
    assert t.channel.threads[-1].id == live.thread_id


async def test_a_lobby_start_greets_on_the_lobby_message_not_in_the_thread(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play chrono")
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await bob.click(lobby, label="Join")
    start = limited_discord.mark()
    await alice.click(lobby, label="Start")
    await simcord_env.settle()
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    rows = limited_discord.since(start)
    assert _thread_posts(limited_discord, rows, live.thread_id) == 1, limited_discord.by_route(
        rows, global_only=True
    )
    started = next(m for m in t.channel.history() if m.id == lobby.id)
    assert "Players in seat order: <@" in started.content and f"#{live.id} begins!" in started.content
    assert "Started" in started.embeds[0].description


async def test_the_first_dm_panel_opens_the_dm_by_id_without_fetching_the_player(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    """The player's DM is opened by their id (``POST /users/@me/channels``), not after a
    ``GET /users/{id}`` that costs one more global-bound request per match."""
    t = make_table(simcord_env, ("alice",))
    start = limited_discord.mark()
    await t.members["alice"].slash(t.channel, "play afrika")
    await simcord_env.settle()
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    rows = limited_discord.since(start)
    routes = limited_discord.by_route(rows, global_only=True)
    assert live.seats[0].dm_message_id is not None, "alice got her panel by DM"
    assert not any(route.startswith("GET /users/") for route in routes), routes
    assert sum(n for route, n in routes.items() if route == "POST /users/@me/channels") == 1, routes
