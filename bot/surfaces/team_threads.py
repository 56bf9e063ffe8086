"""A private thread for each team of a team variant (Afrika's Allied Kingdoms, the Overlord's
rivals: R124 "the bot gives each team a private channel"), opened when the match starts.

The game's own thread is public: everything the bot posts there is for every player. Teammates
also need a place to talk strategy that the rivals can't read, so each team of two or more people
gets a private thread under the game's channel with its members added and one greeting. The bot
posts nothing else there: the hands stay in each player's DM panel (a teammate's hand is shown
there, labelled), so nothing hidden from anyone is ever written in a thread. A team of one person
(with AI teammates) gets none: there is nobody to talk to.

Opening threads is a start cost (a thread, its members and a greeting per team), never a cost per
move. When the channel does not let the bot open private threads (no **Create Private Threads**
permission) the game goes on and its thread says so in one sentence.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.mentions import pinging
from bot.presenters.match_table import table_of
from bot.sender.core import Desired, PermanentError, Status, Surface
from bot.sender.discord_io import classify

log = logging.getLogger(__name__)

NO_PERMISSION = (
    "I couldn't open a private thread for each team: this channel doesn't let me create private "
    "threads (a moderator can give me **Create Private Threads** here). The game goes on: your DM "
    "panel shows your teammate's hand, and teammates can talk by direct message."
)
NOT_OPENED = (
    "Discord didn't open the teams' private threads just now. The game goes on: your DM panel "
    "shows your teammate's hand, and teammates can talk by direct message."
)


@dataclass(frozen=True)
class TeamRoom:
    """One team's private thread to open: its name as players know it and its people's ids."""

    name: str
    user_ids: tuple[int, ...]


def team_rooms(live: Any) -> list[TeamRoom]:
    """The teams of the match that get a private thread: those with two or more people. The
    lobby seats a team variant team after team (``bot/services/seating.py``), so each team is a
    run of seats as long as its capacity at this table."""
    table = table_of(live)
    seating = table.seating(live.cfg.options) if table.seating is not None else None
    if seating is None or not seating.teams:
        return []
    rooms: list[TeamRoom] = []
    first = 0
    for team, size in zip(seating.teams, seating.capacities(len(live.seats)), strict=True):
        seats = live.seats[first : first + size]
        first += size
        people = tuple(s.user_id for s in seats if not s.is_ai and s.user_id is not None)
        if len(people) >= 2:
            rooms.append(TeamRoom(team.name[:1].upper() + team.name[1:], people))
    return rooms


def greeting(room: TeamRoom, game_thread_id: int | None) -> str:
    who = " & ".join(f"<@{uid}>" for uid in room.user_ids)
    where = f" The game is played in <#{game_thread_id}>." if game_thread_id else ""
    return (
        f"🔒 **{room.name}**: {who}. This thread is your team's alone: the other team can't read "
        f"it, so plan together here.{where} Your hands stay in your DM panels, where each of you "
        "also sees the other's."
    )


async def open_team_threads(bot: Any, live: Any, channel: discord.TextChannel) -> list[int]:
    """Open each team's private thread under ``channel``, add its people and greet them (the
    greeting goes through the sender); returns the threads' ids. A refusal is said once in the
    game's thread and the game goes on."""
    opened: list[int] = []
    for i, room in enumerate(team_rooms(live)):
        try:
            thread = await channel.create_thread(
                name=f"{live.engine.title} #{live.id} · {room.name}"[:100],
                type=discord.ChannelType.private_thread,
                invitable=False,
                auto_archive_duration=1440,
            )
            for uid in room.user_ids:
                await thread.add_user(discord.Object(uid))
        except Exception as exc:
            error = classify(exc)
            if error is None:
                raise
            log.warning(
                "a team's private thread did not open",
                extra={"ctx": {"match": live.id, "team": room.name, "error": str(error)}},
            )
            sentence = NO_PERMISSION if isinstance(error, PermanentError) else NOT_OPENED
            bot.table.post_line(live, sentence, key=("team-threads",))
            break
        opened.append(thread.id)
        _greet(bot, live, i, thread, greeting(room, live.thread_id), room.user_ids)
    if opened:
        log.info("team threads opened", extra={"ctx": {"match": live.id, "threads": len(opened)}})
    return opened


def _greet(
    bot: Any, live: Any, index: int, thread: discord.Thread, text: str, pings: tuple[int, ...]
) -> None:
    """The team thread's one message, through the sender as the game's other lines (a 5xx is
    tried again; it never raises into the start)."""
    surface = Surface("line", (live.id, "team", index))

    async def write() -> None:
        await thread.send(text, allowed_mentions=pinging(pings))

    future = bot.sender.submit_nowait(
        surface, Desired(version=live.seq, fingerprint=text, write=write, channel_id=thread.id)
    )

    def settled(done: asyncio.Future[Any]) -> None:
        if not done.cancelled() and done.result().status in (Status.WRITTEN, Status.FAILED):
            bot.sender.forget(lambda s: s == surface)  # a line is written once

    future.add_done_callback(settled)
