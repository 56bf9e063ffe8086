"""Helpers to play through the simulated Discord like a person would: read messages, click."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import discord


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    members: dict[str, Any]


def make_table(env: Any, names: tuple[str, ...] = ("alice", "bob", "carol", "dave")) -> Table:
    guild = env.create_guild("Game Night")
    channel = guild.create_text_channel("table")
    members = {n: guild.add_member(env.create_user(n)) for n in names}
    return Table(env, guild, channel, members)


async def start_challenge(table: Table, host: str, guest: str, game: str, **options: Any) -> None:
    """``host`` challenges ``guest`` with ``/play <game> opponent:``, the guest joins, the host starts."""
    first, second = table.members[host], table.members[guest]
    await first.slash(table.channel, f"play {game}", opponent=second, **options)
    lobby = next(m for m in reversed(table.channel.history()) if m.embeds)
    await second.click(lobby, label="Join")
    await first.click(lobby, label="Start")


def buttons(message: discord.Message) -> list[discord.ui.Button[Any]]:
    out = []
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.Button):
                out.append(child)
    return out


def custom_ids(message: discord.Message) -> list[str]:
    return [b.custom_id for b in buttons(message) if b.custom_id]


def dm_messages(member: Any) -> list[discord.Message]:
    return member.user.dm_channel.history()


def last_dm(member: Any) -> discord.Message | None:
    history = dm_messages(member)
    return history[-1] if history else None


def panel_message(member: Any, match_id: int | None = None) -> discord.Message | None:
    """The DM that holds the player's hand panel for a match (default: the latest panel)."""
    for msg in reversed(dm_messages(member)):
        if not (msg.attachments and msg.attachments[0].filename.startswith("hand-")):
            continue
        if match_id is None or msg.attachments[0].filename.startswith(f"hand-{match_id}-"):
            return msg
    return None


def move_ids(message: discord.Message | None) -> list[str]:
    if message is None:
        return []
    return [c for c in custom_ids(message) if c.startswith("mv:")]


def game_thread(table: Table) -> Any:
    """The newest game thread of the table's channel (a team's private thread, R124, is not one:
    told apart by the offline Discord's own record of the channel, which a restart keeps)."""
    from simcord.enums import ChannelType

    channels = table.env.backend.channels
    threads = [th for th in table.channel.threads if channels[th.id].type != ChannelType.PRIVATE_THREAD]
    assert threads, "no game thread was opened"
    return threads[-1]


def last_reply(result: Any) -> Any:
    """The bot's latest answer to an interaction (a follow-up, or the deferred original response)."""
    if result.followups:
        return result.followups[-1]
    assert result.response is not None, "the bot did not answer"
    return result.response


def _menus(message: discord.Message, prefix: str) -> list[Any]:
    return [
        c
        for row in message.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith(prefix)
    ]


def has_moves(message: discord.Message | None) -> bool:
    """Whether a panel offers moves: buttons, the declare-several menu, the "More moves" menu or
    the menu of two-step moves."""
    return message is not None and bool(
        move_ids(message) or _menus(message, "mm:") or _menus(message, "ms:") or _menus(message, "mg:")
    )


def _offered(panel: discord.Message, action: str) -> str | None:
    """The button for ``action``, or one that makes it and the moves that follow it together
    ("go:end|end" for "go:end")."""
    ids = move_ids(panel)
    wanted = [c for c in ids if c.split(":", 3)[3] == action]
    wanted += [c for c in ids if c.split(":", 3)[3].startswith(action + "|")]
    return wanted[0] if wanted else None


async def _in_a_group(member: Any, match_id: int, action: str, said: list[str]) -> Any:
    """The two-step moves: open each group of the menu until one holds ``action`` (paging inside
    it), and click it. Only the gestures that lead to the move are counted in ``said``: a player
    knows which card they mean, the helper has to look."""
    panel = panel_message(member, match_id)
    assert panel is not None
    for menu in _menus(panel, "mg:"):
        for option in menu.options:
            await member.user.select(panel, [option.value], custom_id=menu.custom_id)
            panel = panel_message(member, match_id)
            assert panel is not None
            pages: list[str] = []
            for _ in range(10):
                found = _offered(panel, action)
                if found is not None:
                    said.extend([f"{menu.custom_id}={option.value}", *pages, found])
                    return await member.user.click(panel, custom_id=found)
                pager = [c.custom_id for c in _menus(panel, "mp:") if ":>" in c.custom_id]
                if not pager:
                    break
                pages.append(pager[0])
                await member.user.click(panel, custom_id=pager[0])
                panel = panel_message(member, match_id)
                assert panel is not None
            back = [c.custom_id for c in _menus(panel, "mp:") if ":^" in c.custom_id]
            assert back, "a group's page has a way back"
            await member.user.click(panel, custom_id=back[0])
            panel = panel_message(member, match_id)
            assert panel is not None
    return None


async def play_move(member: Any, match_id: int, action: str, clicks: list[str] | None = None) -> Any:
    """Make move ``action`` on the member's DM panel wherever the panel offers it: a button (paging
    forward when it is on a later page), the option of the declare-several menu that starts with it
    ("atk:12|at:P2" for "atk:12"), or the "More moves" menu. Returns the interaction's result;
    ``clicks`` collects every gesture made (page turns too), for counting."""
    said = clicks if clicks is not None else []
    panel = panel_message(member, match_id)
    assert panel is not None, f"{member.name} has no panel"
    for _ in range(10):
        wanted = _offered(panel, action)
        if wanted is not None:
            said.append(wanted)
            return await member.user.click(panel, custom_id=wanted)
        for menu in _menus(panel, "mm:"):
            values = [o.value for o in menu.options if o.value.split("|")[0] == action]
            if values:
                said.append(values[0])
                return await member.user.select(panel, values[:1], custom_id=menu.custom_id)
        for menu in _menus(panel, "ms:"):
            if any(o.value == action for o in menu.options):
                said.append(action)
                return await member.user.select(panel, [action], custom_id=menu.custom_id)
        if _menus(panel, "mg:"):
            result = await _in_a_group(member, match_id, action, said)
            if result is not None:
                return result
            panel = panel_message(member, match_id)
            assert panel is not None
        pager = [c.custom_id for c in _menus(panel, "mp:") if c.custom_id.endswith(">")]
        assert pager, f"{action} is not offered on any page: {move_ids(panel)}"
        said.append(pager[0])
        await member.user.click(panel, custom_id=pager[0])
        panel = panel_message(member, match_id)
    raise AssertionError(f"{action} is not offered")


async def series_settled(env: Any) -> None:
    """Wait for a series' own work after a game's end: the next game is started by a task that
    env.settle() does not always see through (its queries run in threads: aiosqlite's, asyncpg's),
    so a test could read game 2 before it has its thread."""
    await env.settle()
    while env.bot.series._tasks:
        await asyncio.gather(*list(env.bot.series._tasks), return_exceptions=True)
        await env.settle()
