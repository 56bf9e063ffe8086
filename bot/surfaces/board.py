"""The match's board in its game thread: its words, and its messages written through the sender.

A surface module (``bot/surfaces/``), a part of the table (``bot.surfaces.table.TableSurface``
holds one as ``board``): a move edits the board in place, a new turn for a person posts a new one
that pings them, a deleted board is posted again, and a new board still on its way is owed (the
next showing posts it rather than edit the one before it). The picture is the table's (drawn once
per position), and so is the lock that keeps two showings of a match in order.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from typing import Any, Protocol

import discord

from bot.i18n import say, speaking
from bot.mentions import pinging
from bot.presenters.match_table import table_of
from bot.sender.core import Desired, PermanentError, Sender, Surface
from bot.services.matches import LiveMatch
from bot.text import ai_seat, clip, with_names
from bot.ui.components import hand_view


def file_bytes(file: discord.File | None) -> bytes | None:
    if file is None:
        return None
    file.fp.seek(0)
    data = file.fp.read()
    file.fp.seek(0)
    return bytes(data)


def digest_of(data: bytes | None, description: str | None = None) -> str | None:
    """The picture as Discord shows it: its bytes and its alt text (a hand picture that stays the
    same under a new turn still says the new turn in its description, so it is uploaded again)."""
    if data is None:
        return None
    return hashlib.blake2b(data + b"\0" + (description or "").encode(), digest_size=16).hexdigest()


def picture_file(data: bytes | None, filename: str, description: str | None) -> discord.File:
    """A fresh upload of a picture (a send consumes its file) that keeps its alt text."""
    return discord.File(io.BytesIO(data or b""), filename=filename, description=description)


def board_surface(match_id: int) -> Surface:
    return Surface("board", (match_id,))


class BoardSource(Protocol):
    """What the board takes from the table: the picture, the words' language and clock, the lock."""

    def board_language(self, live: LiveMatch) -> str: ...
    def clock_text(self, live: LiveMatch, seat: int | None = None) -> str: ...
    async def board_file(self, live: LiveMatch) -> discord.File: ...
    def showing_lock(self, match_id: int, seat: int | None) -> asyncio.Lock: ...


class BoardWriter:
    """One match table's boards (``bot.table.board``)."""

    def __init__(
        self, bot: Any, source: BoardSource, images: dict[Surface, tuple[int | None, str | None]]
    ) -> None:
        self.bot: Any = bot
        """The running bot (``bot.client.CardhostBot``): its sender, its partial channels, its db."""
        self.source = source
        self._images = images
        """The table's record of the picture Discord shows on each board and DM panel (message id,
        digest of its bytes), shared with the DM panels and forgotten with the match."""
        self._unposted: dict[int, bool] = {}
        """Matches whose new board is on its way through the sender (or stale there), and whether
        it pings: until it is posted, each showing posts a new board rather than edit the old one."""

    @property
    def sender(self) -> Sender:
        sender: Sender = self.bot.sender
        return sender

    def owed(self, match_id: int) -> bool:
        """Whether the match's new board has not got through yet (the next showing posts it)."""
        return match_id in self._unposted

    def content(self, live: LiveMatch, mention: bool, ending: str = "") -> str:
        """``ending``: the result of a match that is over, written on its last board (before the
        log, which ``clip`` shortens first) instead of a message of its own."""
        with speaking(self.source.board_language(live)):
            return self._content(live, mention, ending)

    def _content(self, live: LiveMatch, mention: bool, ending: str = "") -> str:
        view = live.engine.view(live.state, None)
        title = f"**{say(live.engine.title)}** · {say('game #{id}', id=live.id)}"
        status = table_of(live).presenter.status_line(view, live.names)
        lines = [f"{title} · {status}" if status else title]
        outcome = live.outcome
        if live.status != "active" or outcome is not None:
            lines.append(say("**Game over.**"))
            if ending:
                lines.append(ending)
        else:
            who = []
            for p in sorted(live.current):
                seat = live.seats[p]
                if seat.is_ai or seat.user_id is None:
                    who.append(ai_seat(seat.name))
                else:
                    who.append(f"<@{seat.user_id}>" if mention else seat.name)
            lines.append(say("To play: {who}{clock}", who=", ".join(who), clock=self.source.clock_text(live)))
        presenter = table_of(live).presenter
        block = presenter.log(with_names(presenter.log_line(line), live.names) for line in live.log_lines)
        if block:
            lines.append(block)
        return clip("\n".join(lines))

    @staticmethod
    def pings(live: LiveMatch, mention: bool) -> list[int | None]:
        """The players ``content(live, mention)`` calls by name: those to act, when mentioned."""
        if not mention or live.status != "active" or live.outcome is not None:
            return []
        return [live.seats[p].user_id for p in live.current if not live.seats[p].is_ai]

    async def post(
        self,
        live: LiveMatch,
        *,
        new_message: bool,
        ending: str = "",
        view: discord.ui.View | None = None,
    ) -> None:
        """Bring the board to the match's position: an edit in place handed to the sender, or a new
        message (which pings the players to act) when ``new_message``. The lock keeps the images of
        two showings in order; the sender then writes only the newest (it never writes an older
        version after a newer one). The edit is not awaited: a click is answered while the sender
        waits its channel's turn, and a newer move replaces an edit still waiting. A match that is
        over has its result (``ending``) and **Watch the replay** (``view``) on its last board: one
        write, where a message of its own for the result cost one more global-bound request."""
        async with self.source.showing_lock(live.id, None):
            await self._post(live, new_message=new_message, ending=ending, view=view)

    async def _post(
        self, live: LiveMatch, *, new_message: bool, ending: str = "", view: discord.ui.View | None = None
    ) -> asyncio.Future[Any] | None:
        if live.thread_id is None:
            return None
        # A new board that has not got through yet (its post stays stale in the sender) is still
        # owed: the next showing posts it, with its pings, rather than editing the board before it.
        owed = self._unposted.get(live.id)
        mention = new_message or bool(owed)
        # The words before the picture, with no await between: both of one position.
        seq = live.seq
        content = self.content(live, mention=mention, ending=ending)
        file = await self.source.board_file(live)
        if not new_message and owed is None and live.board_message_id:
            return self._edit(live, live.thread_id, live.board_message_id, seq, content, file, view)
        return self._send(live, live.thread_id, seq, content, file, mention=mention, view=view)

    def thread(self, thread_id: int) -> discord.PartialMessageable:
        """The game thread as a place to write, without a request: a thread not in the cache is
        not fetched first (one more request, which may fail like any other)."""
        channel: discord.PartialMessageable = self.bot.get_partial_messageable(
            thread_id, type=discord.ChannelType.public_thread
        )
        return channel

    def _edit(
        self,
        live: LiveMatch,
        thread_id: int,
        message_id: int,
        seq: int,
        content: str,
        file: discord.File,
        view: discord.ui.View | None = None,
    ) -> asyncio.Future[Any]:
        surface = board_surface(live.id)
        data = file_bytes(file)
        filename, alt = file.filename, file.description
        digest = digest_of(data, alt)

        async def write() -> None:
            kwargs: dict[str, Any] = {"content": content}
            if view is not None:  # the last board's buttons (Watch the replay); else kept as they are
                kwargs["view"] = view
            if self._images.get(surface) != (message_id, digest):
                # A new picture; the same one stays as it is (an edit without attachments= keeps them).
                kwargs["attachments"] = [picture_file(data, filename, alt)]
            await self.thread(thread_id).get_partial_message(message_id).edit(**kwargs)
            if live.active:  # a finished match's pictures are forgotten (TableSurface.forget)
                self._images[surface] = (message_id, digest)

        async def refused(exc: PermanentError) -> None:
            if exc.status == 404 and live.board_message_id == message_id:
                await self._repost(live)  # the board was deleted: a new one, pinging nobody

        desired = Desired(
            version=seq,
            fingerprint=(message_id, content, digest, view is not None),
            write=write,
            channel_id=thread_id,
            on_permanent=refused,
        )
        return self.sender.submit_nowait(surface, desired)

    async def _repost(self, live: LiveMatch) -> None:
        """A new board in place of one that was deleted (called from the sender's worker of the
        board: it submits, never waits for the write)."""
        async with self.source.showing_lock(live.id, None):
            if live.thread_id is None:
                return
            seq = live.seq
            content = self.content(live, mention=False)
            file = await self.source.board_file(live)
            self._send(live, live.thread_id, seq, content, file, mention=False)

    def _send(
        self,
        live: LiveMatch,
        thread_id: int,
        seq: int,
        content: str,
        file: discord.File,
        *,
        mention: bool,
        view: discord.ui.View | None = None,
    ) -> asyncio.Future[Any]:
        """A new board message, handed to the sender: retried like an edit, and while it has not
        got through the match owes a new board (the next showing posts it). The old board keeps
        its picture and its **Show my hand** button (no request to strip it): a click there is
        answered with the current panel."""
        surface = board_surface(live.id)
        data = file_bytes(file)
        filename, alt = file.filename, file.description
        digest = digest_of(data, alt)
        if view is None and live.active:
            with speaking(self.source.board_language(live)):  # "Show my hand" in the board's words
                view = hand_view(live.id)
        pings = self.pings(live, mention)
        self._unposted[live.id] = mention

        async def write() -> None:
            posted = live.board_message_id
            if live.id not in self._unposted and posted:
                # The new board owed when this was submitted got through meanwhile (a post already
                # on its way): this position is an edit of it, not one more board.
                edit: dict[str, Any] = {"content": content}
                if view is not None:
                    edit["view"] = view
                if self._images.get(surface) != (posted, digest):
                    edit["attachments"] = [picture_file(data, filename, alt)]
                await self.thread(thread_id).get_partial_message(posted).edit(**edit)
                if live.active:
                    self._images[surface] = (posted, digest)
                return
            kwargs: dict[str, Any] = {
                "content": content,
                "file": picture_file(data, filename, alt),
            }
            if view is not None:
                kwargs["view"] = view
            msg = await self.thread(thread_id).send(**kwargs, allowed_mentions=pinging(pings))
            self._unposted.pop(live.id, None)
            self._images[surface] = (msg.id, digest)
            live.board_message_id = msg.id
            await self.bot.db.matches.set_board_message(live.id, msg.id)

        async def refused(exc: PermanentError) -> None:
            self._unposted.pop(live.id, None)  # the thread is gone or closed to the bot

        desired = Desired(
            version=seq,
            fingerprint=("new board", seq, content, digest),
            write=write,
            channel_id=thread_id,
            on_permanent=refused,
        )
        return self.sender.submit_nowait(surface, desired)
