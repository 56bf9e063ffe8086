"""A lobby's message as a surface (issue #33 item 1), and the start of a game under it.

The lobby's message (its embed and its Join / Leave / Add AI / Start / Cancel buttons) is built
here from what ``bot.services.lobbies`` returned, a :class:`~bot.services.lobbies.LobbyChange`
with the version of the lobby's changes, and handed to the sender: two joins at once cost one
write of the newest lobby (the older version is dropped while it waits), an older version is
never written after a newer one, and a write that fails is retried and, failing for good, kept
stale and repaired by the sender's sweep. A click on the lobby message writes it through the
click's interaction (not global-bound); a change made elsewhere (the deck menu) edits the message
in its channel.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import discord
from discord.utils import escape_markdown

from bot.db.lobbies import LobbyRow
from bot.i18n import say, speaking
from bot.presenters.registry import seating_for
from bot.sender.core import Desired, RateLimitedError, Result, Surface, TransientError
from bot.sender.discord_io import classify
from bot.services.lobbies import TABLE_KEYS, LobbyChange, seat_decks, seat_order
from bot.services.seating import Seating
from bot.surfaces.team_threads import open_team_threads
from bot.text import ai_seat, player_count
from bot.ui.lobby import lobby_view
from engines.core import CardhostError, get_engine

log = logging.getLogger(__name__)

DM_NOTE = "Hands come by direct message."


def lobby_surface(lobby_id: int) -> Surface:
    return Surface("lobby", (lobby_id,))


def deck_lines(lobby: LobbyRow) -> list[str]:
    """Who brings which deck, in words ("<@id> brings Starter: Savanna Wilds"), the players who
    chose first in seat order: the table option ``codex`` (user id -> deck label) of every game
    played with decks, read out instead of shown as the stored dict. A mention in an embed names
    the player as the server shows them and never pings; a deck's name is the player's own text,
    so its markdown is escaped."""
    chosen = lobby.options.get("codex")
    if not isinstance(chosen, dict):
        return []
    seated = [str(s.user_id) for s in lobby.seats if s.user_id is not None]
    order = [k for k in seated if k in chosen] + [k for k in chosen if k not in seated]
    return [f"<@{k}> brings {escape_markdown(str(chosen[k]))}" for k in order if k.isascii() and k.isdigit()]


def lobby_embed(lobby: LobbyRow) -> discord.Embed:
    seating = seating_for(lobby.game, lobby.options)
    if seating is not None:
        return _variant_embed(lobby, seating)
    engine = get_engine(lobby.game)
    max_seats = int(lobby.options.get("max_players", engine.max_players))
    status = {"open": "Open", "started": "Started", "cancelled": "Cancelled"}[lobby.status]
    embed = discord.Embed(
        title=f"{engine.title} — lobby #{lobby.id}",
        description=f"Host: <@{lobby.host_id}> · {status} · {len(lobby.seats)}/{max_seats} seats",
        colour=discord.Colour.blurple() if lobby.is_open else discord.Colour.dark_grey(),
    )
    seats = [
        f"{s.position + 1}. {ai_seat(s.display_name) if s.is_ai else s.display_name}{' ★' if s.user_id == lobby.host_id else ''}"
        for s in lobby.seats
    ]
    embed.add_field(name="Players", value="\n".join(seats) or "nobody yet", inline=False)
    opts = deck_lines(lobby) + [
        f"{k.replace('_', ' ')}: {v}"
        for k, v in sorted(lobby.options.items())
        if k not in ("max_players", "codex")
    ]
    if opts:
        embed.add_field(name="Options", value="\n".join(opts), inline=False)
    if lobby.is_open:
        embed.set_footer(text=f"{player_count(engine.min_players, max_seats)}. The host starts the game.")
    elif lobby.match_id:
        embed.set_footer(text=f"Game #{lobby.match_id} is on: see its thread.")
    return embed


def _variant_embed(lobby: LobbyRow, seating: Seating) -> discord.Embed:
    """A variant's lobby: the variant, each team (or the players of a free-for-all) in the order
    the match will seat them, and the deck each seat brings."""
    engine = get_engine(lobby.game)
    max_seats = int(lobby.options.get("max_players", seating.max_players))
    status = {"open": "Open", "started": "Started", "cancelled": "Cancelled"}[lobby.status]
    embed = discord.Embed(
        title=f"{engine.title}: {seating.title} — lobby #{lobby.id}",
        description=f"Host: <@{lobby.host_id}> · {status} · {len(lobby.seats)}/{max_seats} seats",
        colour=discord.Colour.blurple() if lobby.is_open else discord.Colour.dark_grey(),
    )
    teams = seat_order(lobby, seating)
    ordered = [s for team in teams for s in team]
    decks = iter(seat_decks(lobby, seating, ordered))
    n = 0
    titles = [t.name for t in seating.teams] or ["Players"]
    for title, members in zip(titles, teams, strict=True):
        lines = []
        for s in members:
            n += 1
            who = ai_seat(s.display_name) if s.is_ai else s.display_name
            host = " ★" if s.user_id == lobby.host_id else ""
            lines.append(f"{n}. {who}{host} · {next(decks)}")
        embed.add_field(
            name=title[:1].upper() + title[1:], value="\n".join(lines) or "nobody yet", inline=False
        )
    opts = [
        f"{k.replace('_', ' ')}: {'yes' if v is True else 'no' if v is False else v}"
        for k, v in sorted(lobby.options.items())
        if k not in (*TABLE_KEYS, "variant")
    ]
    if opts:
        embed.add_field(name="Options", value="\n".join(opts), inline=False)
    if lobby.is_open:
        teams_note = " AI seats fill the teams' empty seats at Start." if seating.teams else ""
        embed.set_footer(
            text=f"{player_count(seating.min_players, max_seats)}. Each seat brings a starter "
            f"unless its player chooses another with Choose my deck.{teams_note} "
            "The host starts the game."
        )
    elif lobby.match_id:
        embed.set_footer(text=f"Game #{lobby.match_id} is on: see its thread.")
    return embed


def lobby_buttons(lobby: LobbyRow) -> discord.ui.View | None:
    """The lobby's buttons while it is open (none once started or cancelled)."""
    if not lobby.is_open:
        return None
    seating = seating_for(lobby.game, lobby.options)
    if seating is None:
        return lobby_view(lobby.id)
    return lobby_view(lobby.id, [t.join for t in seating.teams], decks=True)


def _fingerprint(content: str | None, embed: discord.Embed, view: discord.ui.View | None) -> str:
    ids = [getattr(c, "custom_id", None) for c in view.children] if view is not None else []
    return json.dumps([content, embed.to_dict(), ids], sort_keys=True, default=str)


def greeting(live: Any, turn_seconds: float, reserve_seconds: int, note: str = "") -> str:
    """The words a game starts with: who sits where, where the hand comes, the clock; ``note``: a
    line on the table (a variant and its teams). Written on the message the game's thread opens
    under (the reply to /play, or the lobby message), through the interaction that started it,
    so the thread's first global-bound message is the board (issue #33 item 2)."""
    players = ", ".join(ai_seat(s.name) if s.is_ai else f"<@{s.user_id}>" for s in live.seats)
    # In the language of the message being built (``bot.i18n.speaking``, set by the caller).
    return (
        say(
            "🎴 **{title}** #{id} begins! Players in seat order: {players}.\n",
            title=say(live.engine.title),
            id=live.id,
            players=players,
        )
        + (f"{note}\n" if note else "")
        + say(
            "Your hand comes by DM; if DMs are closed, click **Show my hand** on the board. "
            "Turn clock: {seconds} s per turn plus a {reserve} s reserve.",
            seconds=int(turn_seconds),
            reserve=reserve_seconds,
        )
    )


def record_lobby(bot: Any, change: LobbyChange, message_id: int, content: str | None = None) -> None:
    """The lobby's message ``message_id`` was written outside the sender (posted as the reply to
    /play): the sender knows what it shows, so it neither writes it again nor an older version
    after it."""
    lobby = change.lobby
    fingerprint = (message_id, _fingerprint(content, lobby_embed(lobby), lobby_buttons(lobby)))
    bot.sender.record(lobby_surface(lobby.id), change.version, fingerprint)


def show_lobby(
    bot: Any,
    change: LobbyChange,
    *,
    interaction: discord.Interaction | None = None,
    content: str | None = None,
) -> asyncio.Future[Result] | None:
    """Bring the lobby's message to ``change`` through the sender; the future settles when it is
    written (or found unchanged, replaced by a newer change, or kept stale to be repaired). A
    click does not wait for it, as a board's edit is not waited for.

    With ``interaction`` (a click on the lobby message, already deferred) the edit goes through
    the interaction, outside the global budget; else the message is edited in its channel. A newer
    change submitted meanwhile replaces this one; the newest is written, once."""
    lobby = change.lobby
    if lobby.message_id is None:
        return None
    message_id, channel_id = lobby.message_id, lobby.channel_id
    embed, view = lobby_embed(lobby), lobby_buttons(lobby)
    via = interaction if interaction is not None and not interaction.is_expired() else None

    async def write() -> None:
        # A fresh view each try: discord.py binds a view to the message it was sent with.
        fresh = lobby_buttons(lobby)
        if via is not None:
            await via.edit_original_response(content=content, embed=embed, view=fresh)
        else:
            channel = bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(content=content, embed=embed, view=fresh)

    async def refused(exc: Exception) -> None:
        log.warning("the lobby's message could not be written", extra={"ctx": {"lobby": lobby.id}})

    desired = Desired(
        version=change.version,
        fingerprint=(message_id, _fingerprint(content, embed, view)),
        write=write,
        channel_id=None if via is not None else channel_id,
        global_bound=via is None,
        on_permanent=refused,
    )
    future: asyncio.Future[Result] = bot.sender.submit_nowait(lobby_surface(lobby.id), desired)
    return future


THREAD_TRIES = 4
"""Tries to open a match's thread before the start is refused in words."""


async def _open_thread(bot: Any, live: Any, channel: discord.TextChannel, message_id: int) -> discord.Thread:
    """The match's thread under the message. A 5xx, a timeout or a long rate limit is tried again
    after a pause (issue #33 item 1) instead of failing the start; a try that Discord carried out
    although its answer was lost left the thread there (a thread opened from a message has the
    message's id, and the gateway tells of it): it is taken, not opened twice. Here rather than
    through the sender: the click waits for the thread, and a plain sleep is what a test's
    virtual clock moves."""
    for attempt in range(THREAD_TRIES):
        try:
            thread = channel.guild.get_thread(message_id)
            if thread is None:
                thread = await channel.create_thread(
                    name=f"{live.engine.title} #{live.id}"[:100],
                    message=discord.Object(message_id),
                    auto_archive_duration=1440,
                )
            return thread
        except Exception as exc:
            error = classify(exc)
            if not isinstance(error, (TransientError, RateLimitedError)):
                raise
            log.warning(
                "the game's thread did not open",
                extra={"ctx": {"match": live.id, "attempt": attempt + 1, "error": str(error)}},
            )
            delay = error.retry_after if isinstance(error, RateLimitedError) else 0.5 * 2**attempt
            await asyncio.sleep(delay)
    raise CardhostError("Discord did not open the game's thread: try again in a moment.")


async def launch(
    bot: Any, live: Any, message: Any, turn_seconds: float, note: str = "", *, greeted: bool = False
) -> None:
    """Open the thread under ``message`` (anything with an ``id`` in the match's channel), greet
    the players and deal the first board and hands. ``greeted``: the message carries the greeting
    already (written through the interaction that started the game, and shown at the thread's
    top), so the thread gets no message of its own for it; else it is posted in the thread, with
    ``note`` (a pod's match)."""
    channel_id = getattr(getattr(message, "channel", None), "id", None) or live.channel_id
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise CardhostError("A game's thread opens under its lobby: start games in a text channel.")
    thread = await _open_thread(bot, live, channel, message.id)
    live.thread_id = thread.id
    await bot.db.matches.set_thread(live.id, thread.id)
    reserve = bot.settings.turn_clock(live.game)[1]  # the game's declared reserve, or the server's
    bot.clocks.configure(live.id, turn_seconds, reserve)
    if not greeted:
        # Through the sender, as the match's other thread lines: a 5xx or a timeout is retried
        # (and the sweep sends it later), never raised into a pod's round that starts the match.
        with speaking(bot.table.board_language(live)):  # a line of the board's thread
            words = greeting(live, turn_seconds, int(reserve), note)
        bot.table.post_line(
            live,
            words,
            key=("greeting",),
            pings=[s.user_id for s in live.seats if not s.is_ai],
        )
    log.info("match started", extra={"ctx": {"match": live.id, "game": live.game}})
    await bot.series.on_launch(live)
    report = await bot.matches.run_ai_seats(live)
    report.turn_changed = report.new_turn = True
    await bot.table.after_report(report)
    # R124: each team of people talks in a private thread of its own (a start cost, once).
    await open_team_threads(bot, live, channel)
