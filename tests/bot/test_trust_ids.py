"""Forged and stale ids get a sentence (issue #15 items 7 and 8), never silence or a traceback.

A hostile player cannot make Discord send a custom_id that no message carries, but an old message
can carry anything an earlier bot (or an earlier database) put there; here the bot itself posts a
message with the forged component and the player clicks it, as simcord requires. Every click must
be answered to the clicker alone, and no ERROR may be logged (the ``no_error_logs`` fixture).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.db.decks import DeckNotFound
from bot.ui.registry import DYNAMIC_ITEMS, UNKNOWN_ID
from engines.afrika.actions import decode
from engines.core import InvalidAction
from tests.bot.table import last_reply, make_table

FORGED = "An old message"
HUGE = "9" * 26
BEYOND_SQLITE = str(2**63)  # 19 digits: one past SQLite's largest INTEGER


async def _post(env: Any, channel_id: int, custom_id: str, *, select: bool = False) -> Any:
    """A message by the bot carrying one component with ``custom_id`` (a stale or forged id)."""
    channel = env.bot.get_channel(channel_id)
    view = discord.ui.View(timeout=None)
    if select:
        view.add_item(
            discord.ui.Select(custom_id=custom_id, options=[discord.SelectOption(label="x", value="x")])
        )
    else:
        view.add_item(discord.ui.Button(label="Forged", custom_id=custom_id))
    return await channel.send(FORGED, view=view)


async def _click(env: Any, member: Any, channel: Any, custom_id: str, *, select: bool = False) -> str:
    """Post the forged component, click it as ``member``; the text the bot answered."""
    await _post(env, channel.id, custom_id, select=select)
    if select:
        result = await member.select(channel.last_message, ["x"], custom_id=custom_id)
    else:
        result = await member.click(channel.last_message, custom_id=custom_id)
    await env.settle()
    assert result.acknowledged, f"{custom_id!r} was not answered"
    said = [f.content for f in result.followups] or [last_reply(result).content]
    assert said[-1] != FORGED, f"{custom_id!r} was not answered"
    assert said[-1].strip(), f"{custom_id!r} was answered with nothing"
    assert len(said[-1]) <= 2000
    return str(said[-1])


UNKNOWN_ROWS = [
    ("mv:424242:0:pass", "no longer exists"),
    ("mm:424242:0", "no longer exists"),
    ("mp:424242:0:1:>", "no longer exists"),
    ("ms:424242:0", "no longer exists"),
    ("mg:424242:0:0", "no longer exists"),
    ("mp:424242:0:0:^", "no longer exists"),
    ("mp:424242:0:1:>:3", "no longer exists"),
    ("cd:424242", "no longer exists"),
    ("rc:424242", "no longer exists"),
    ("hand:424242", "no longer exists"),
    ("lb:424242:join", "no longer exists"),
    ("drl:424242:join", "no pod"),
    ("dro:424242", "no pod"),
    ("drr:424242", "no pod"),
    ("pdb:424242:0:deck", "no longer exists"),
    ("pdo:424242:deck", "no pod"),
    ("swr:424242:1", "no longer exists"),
    ("swo:424242:1", "no longer exists"),
    ("deckdel:424242:{me}:yes", "no longer exists"),
]


@pytest.mark.parametrize(("custom_id", "expected"), UNKNOWN_ROWS, ids=[c for c, _ in UNKNOWN_ROWS])
async def test_an_id_for_a_game_pod_or_deck_that_does_not_exist(simcord_env, custom_id, expected) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    said = await _click(simcord_env, alice, t.channel, custom_id.format(me=alice.id))
    assert expected in said


TOO_BIG_OR_NOT_ASCII = [
    f"mv:{HUGE}:0:pass",
    f"mv:{BEYOND_SQLITE}:0:pass",
    f"mp:{HUGE}:0:1:>",
    f"mp:1:0:1:>:{HUGE}",
    f"mg:{HUGE}:0:0",
    f"mg:1:0:{BEYOND_SQLITE}",
    f"hand:{HUGE}",
    f"hand:{BEYOND_SQLITE}",
    "hand:²",
    "hand:٣",
    f"lb:{HUGE}:join",
    "lb:١:start",
    f"dro:{HUGE}",
    f"swr:{HUGE}:1",
    f"deckdel:{HUGE}:{{me}}:yes",
    "mv:1:0",  # no move in it
    "lb:1:explode",  # an operation no lobby button has
]


@pytest.mark.parametrize("custom_id", TOO_BIG_OR_NOT_ASCII)
async def test_an_id_too_big_for_sqlite_or_in_other_digits_is_refused(simcord_env, custom_id) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    said = await _click(simcord_env, alice, t.channel, custom_id.format(me=alice.id))
    assert said == UNKNOWN_ID


async def test_stops_for_a_game_the_bot_does_not_host(simcord_env) -> None:
    t = make_table(simcord_env)
    said = await _click(simcord_env, t.members["alice"], t.channel, "stops:nosuchgame", select=True)
    assert "Unknown game" in said
    assert await simcord_env.bot.db.players.get_settings(t.members["alice"].id) == {}


async def test_ids_of_other_peoples_match(simcord_env) -> None:
    """Carol forges the buttons of Alice's game against the AI: she is told it is not hers."""
    env = simcord_env
    t = make_table(env)
    alice, carol = t.members["alice"], t.members["carol"]
    await alice.slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    before = live.seq
    for custom_id in (
        f"mv:{live.id}:{live.seq}:pass",
        f"mm:{live.id}:{live.seq}",
        f"mp:{live.id}:{live.seq}:1:>",
        f"mp:{live.id}:{live.seq}:0:>:1",
        f"mg:{live.id}:{live.seq}:0",
        f"mv:{live.id}:{live.seq}:pass|pass",
    ):
        said = await _click(env, carol, t.channel, custom_id, select=custom_id.startswith(("mm:", "mg:")))
        assert "not" in said and "game" in said, said
    said = await _click(env, carol, t.channel, f"hand:{live.id}")
    assert "watching" in said
    assert (await env.bot.matches.get(live.id)).seq == before


@pytest.mark.parametrize("action", ["act:1:²", "act:١:1", "cast:٣", "target:P٢", "dmg:²"])
async def test_a_move_in_other_digits_is_not_a_move(simcord_env, action) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    said = await _click(env, alice, t.channel, f"mv:{live.id}:{live.seq}:{action}")
    assert "is not an Afrika move" in said


@pytest.mark.parametrize("action", ["flip:²", "target:٣", "tap:²:T001", "move:+²", "hero:²", "order:٣"])
async def test_a_chronomagia_move_in_other_digits_is_not_a_move(simcord_env, action) -> None:
    """Issue 32 item 6: "²" passes ``str.isdigit`` but not ``int``: a sentence, not a ValueError."""
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play chronomagia")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    before = live.seq
    said = await _click(env, alice, t.channel, f"mv:{live.id}:{live.seq}:{action}")
    assert "is not" in said and "Something went wrong" not in said, said
    assert (await env.bot.matches.get(live.id)).seq == before


@pytest.mark.parametrize("action", ["act:1:²", "act:1:٣", "act:٣:1", "cast:²", "x:³", "target:P²", "at:٣"])
def test_afrika_decode_refuses_non_ascii_digits(action: str) -> None:
    with pytest.raises(InvalidAction):
        decode(action)


@pytest.mark.parametrize("value", [f"#{'9' * 26}", "#²", "#٣", f"#{2**63}"])
async def test_play_with_a_deck_id_that_cannot_exist(simcord_env, value) -> None:
    t = make_table(simcord_env)
    result = await t.members["alice"].slash(t.channel, "play afrika", deck=value)
    said = last_reply(result).content
    assert said.startswith("You have no deck called"), said
    assert_error(simcord_env, DeckNotFound)  # the refusal, said by the tree's error handler


async def test_a_deck_name_as_long_as_an_option_allows_is_clipped_in_the_refusal(simcord_env) -> None:
    t = make_table(simcord_env)
    result = await t.members["alice"].slash(t.channel, "play afrika", deck="N" * 6000)
    said = last_reply(result).content
    assert said.startswith("You have no deck called **NNN") and "…" in said and len(said) < 200, said
    assert_error(simcord_env, DeckNotFound)


def test_every_component_answers_its_refusals() -> None:
    """A callback without the wrapper lets a refusal escape into discord.py's log, unanswered."""
    bare = [c.__name__ for c in DYNAMIC_ITEMS if not c.callback.__dict__.get("answers_refusals")]
    assert not bare, f"callbacks without @answers_refusals: {bare}"
