"""Lobby edge cases, several games at once, paging of long move lists, settings and the sandbox."""

from __future__ import annotations

import asyncio
import urllib.request

import pytest

from bot.presenters.choices import MoveChoice
from bot.settings import SettingsError, load_settings
from bot.ui.components import BUTTONS_PER_PAGE, move_view
from tests.bot.table import custom_ids, game_thread, last_reply, make_table
from tests.bot.test_chrono_table import _play_one_click, _start_game


async def test_lobby_leave_cancel_full_and_host_rules(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    await alice.slash(t.channel, "play chrono", seats=2)
    lobby = t.channel.last_message
    await bob.click(lobby, label="Join")
    full = await carol.click(lobby, label="Join")
    assert "full" in last_reply(full).content
    again = await bob.click(lobby, label="Join")
    assert "full" in last_reply(again).content or "already" in last_reply(again).content
    await bob.click(lobby, label="Leave")
    assert "bob" not in t.channel.last_message.embeds[0].fields[0].value
    host_leave = await alice.click(lobby, label="Leave")
    assert "use Cancel" in last_reply(host_leave).content
    too_few = await alice.click(lobby, label="Start")
    assert "at least 2 players" in last_reply(too_few).content
    not_host = await carol.click(lobby, label="Cancel")
    assert "Only the host" in last_reply(not_host).content
    await alice.click(lobby, label="Cancel")
    closed = t.channel.last_message
    assert "Cancelled" in closed.embeds[0].description
    assert not custom_ids(closed)


async def test_joining_with_closed_dms_explains_how_to_open_them(simcord_env) -> None:
    t = make_table(simcord_env)
    bob = t.members["bob"]
    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await t.members["alice"].slash(t.channel, "play chrono")
    result = await bob.click(t.channel.last_message, label="Join")
    text = last_reply(result).content
    assert "Direct Messages" in text and "Show my hand" in text and last_reply(result).ephemeral
    assert "bob" in t.channel.last_message.embeds[0].fields[0].value


async def test_two_games_in_one_channel_with_a_shared_player(simcord_env) -> None:
    t = make_table(simcord_env)
    first = await _start_game(simcord_env, t, humans=("alice", "bob"), ais=0)
    second = await _start_game(simcord_env, t, humans=("carol", "alice"), ais=1)
    assert first.id != second.id and len(t.channel.threads) == 2
    for _ in range(4):
        await _play_one_click(t, first)
        await _play_one_click(t, second)
    assert first.seq > 0 and second.seq > 0
    # Alice's DMs hold one panel per game, each about its own thread.
    alice_dms = [m for m in t.members["alice"].user.dm_channel.history() if m.attachments]
    threads = {m.content.split("<#")[1].split(">")[0] for m in alice_dms}
    assert threads == {str(first.thread_id), str(second.thread_id)}
    thread = game_thread(t)
    result = await t.members["carol"].slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    assert not second.active and first.active


def test_move_view_pages_long_lists_within_discord_limits() -> None:
    choices = [MoveChoice(f"play:X{i}", f"Card {i}") for i in range(47)]
    pages = [move_view(7, 3, choices, page) for page in range(3)]
    seen = []
    for view in pages:
        assert view is not None
        moves = [c for c in view.children if getattr(c, "custom_id", "").startswith("mv:")]
        assert len(moves) <= BUTTONS_PER_PAGE and len(view.children) <= 25
        assert all(len(c.custom_id) <= 100 for c in view.children)
        assert max(c.row for c in view.children) <= 4
        seen += [c.custom_id for c in moves]
    assert seen == [f"mv:7:3:play:X{i}" for i in range(47)]
    labels = [[c.item.label for c in v.children if c.custom_id.startswith("mp:")] for v in pages]
    assert labels == [["More moves ▶"], ["◀ Previous", "More moves ▶"], ["◀ Previous"]]
    assert move_view(7, 3, []) is None


def test_settings_report_every_bad_value_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDHOST_TURN_SECONDS", "soon")
    monkeypatch.setenv("DEV_GUILD_ID", "my-server")
    monkeypatch.setenv("LOG_LEVEL", "chatty")
    with pytest.raises(SettingsError) as err:
        load_settings()
    text = str(err.value)
    assert "CARDHOST_TURN_SECONDS" in text and "DEV_GUILD_ID" in text and "LOG_LEVEL" in text
    monkeypatch.delenv("CARDHOST_TURN_SECONDS")
    monkeypatch.delenv("DEV_GUILD_ID")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DISCORD_TOKEN", "  ")
    settings = load_settings()
    assert settings.log_level == "DEBUG" and settings.discord_token is None


async def test_stale_lobby_button_after_start_is_refused(simcord_env) -> None:
    t = make_table(simcord_env)
    await _start_game(simcord_env, t, humans=("alice", "bob"), ais=0)
    # The lobby message lost its buttons; a Join button an old client still shows is answered.
    from bot.ui.components import LobbyButton

    await simcord_env.bot.get_channel(t.channel.id).send("late", view=_late_view(LobbyButton))
    late = await t.members["carol"].click(t.channel.last_message, label="Join")
    assert "no longer open" in last_reply(late).content


def _late_view(button_cls):  # a copy of the lobby's Join button, as an old client might still show it
    import discord

    view = discord.ui.View(timeout=None)
    view.add_item(button_cls(1, "join"))
    return view


async def test_sandbox_serves_the_preview_on_loopback(tmp_path) -> None:
    from bot.sandbox import run_sandbox

    settings = load_settings(
        CARDHOST_DB=str(tmp_path / "s.sqlite3"), CARDHOST_SANDBOX_PORT=0, DISCORD_TOKEN=""
    )
    ready, stop = asyncio.Event(), asyncio.Event()
    urls: list[str] = []
    task = asyncio.create_task(run_sandbox(settings, ready=ready, stop=stop, on_url=urls.append))
    await asyncio.wait_for(ready.wait(), 30)
    assert urls and urls[0].startswith("http://127.0.0.1:")
    page = await asyncio.to_thread(lambda: urllib.request.urlopen(urls[0].split("#")[0], timeout=10).read())
    assert b"SimCord Preview" in page
    stop.set()
    await asyncio.wait_for(task, 30)
