"""Helpers to play through the simulated Discord like a person would: read messages, click."""

from __future__ import annotations

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
    threads = table.channel.threads
    assert threads, "no game thread was opened"
    return threads[-1]


def last_reply(result: Any) -> Any:
    """The bot's latest answer to an interaction (a follow-up, or the deferred original response)."""
    if result.followups:
        return result.followups[-1]
    assert result.response is not None, "the bot did not answer"
    return result.response
