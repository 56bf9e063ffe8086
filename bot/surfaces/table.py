"""The table: what players see in Discord for a running match.

A surface module (``bot/surfaces/``): everything here builds Discord content (the board and hand
pictures as files, the panels' views, the thread's lines) and hands it to the sender; the board's
messages are written by ``bot.surfaces.board``, the clicks are read by ``bot.ui.table_clicks``, and
the match itself is played by ``bot.services.matches``, which knows nothing of Discord.

Public things go to the game thread (the board image, the game log, mentions); private things
(hands and the moves that would reveal them) go by DM, or ephemerally through "Show my hand" when
a player's DMs are closed. Every image is rendered off the event loop, in worker processes
(``bot/services/renders.py``), so one game's drawing never stalls another game's clicks.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import say, shared, speaking, spoken
from bot.log import match_logged
from bot.mentions import pinging
from bot.presenters import ranking_text, seat_moves
from bot.presenters.alt import board_alt, hand_alt
from bot.presenters.match_table import table_of
from bot.presenters.registry import drawing_modules
from bot.sender.core import Desired, PermanentError, Sender, Status, Surface
from bot.services.dms import DM_CLOSED
from bot.services.matches import LiveMatch, MoveReport
from bot.services.renders import render_pool
from bot.surfaces.board import BoardWriter, digest_of, file_bytes
from bot.text import ai_name, clip, with_names
from bot.ui.components import move_view
from engines.core import PlayerId

log = logging.getLogger(__name__)

BOARD_CACHE = 64
"""Boards kept as PNG (the newest position of the most recently drawn matches): the board posted
after a move is the one ``/game status`` shows until the next move, so it is drawn once."""


def _hand_options(table: Any) -> dict[str, Any]:
    return dict(table.presenter.render_options())


def view_fingerprint(view: discord.ui.View | None) -> tuple[Any, ...] | None:
    """What a view shows, comparable: each component's kind, id, label and options."""
    if view is None:
        return None
    out = []
    for item in view.children:
        options = tuple((o.label, o.value) for o in getattr(item, "options", ()) or ())
        out.append(
            (
                type(item).__name__,
                getattr(item, "custom_id", None),
                getattr(item, "label", None),
                getattr(item, "disabled", None),
                getattr(item, "row", None),
                options,
            )
        )
    return tuple(out)


def panel_surface(match_id: int, seat: int) -> Surface:
    return Surface("panel", (match_id, seat))


class TableSurface:
    """The match table of the process (``bot.table``), built once in ``bot/client.py``."""

    def __init__(self, bot: Any) -> None:
        self.bot: Any = bot
        """The running bot (``bot.client.CardhostBot``): the process layer, above this one."""
        self._dm_signatures: dict[tuple[int, int], Any] = {}
        self._images: dict[Surface, tuple[int | None, str | None]] = {}
        """The picture Discord shows on each board and DM panel (message id, digest of its bytes),
        as last accepted: an edit whose picture is the same keeps the attachment, not re-uploads it."""
        self._boards: OrderedDict[tuple[int, int, tuple[str, ...], str], asyncio.Future[bytes]] = (
            OrderedDict()
        )
        self.board = BoardWriter(bot, self, self._images)
        """The boards in the game threads: their words and their messages (``bot/surfaces/board.py``)."""
        bot.matches.changed_elsewhere.append(self._forget_shown)
        self.renders = render_pool(bot.settings.render_workers, drawing_modules)
        """Where board and hand images are drawn (worker processes shared by the process's bots)."""
        self._showing: dict[tuple[int, int | None], asyncio.Lock] = {}
        """One lock per match's board (seat None) and per DM panel: two moves shown at once (a
        click and a clock running out, two players' clicks in a row) draw their images at the same
        time, and the older one, drawn last, was posted last: the board or a hand stayed a move
        behind, under text of the newer position. Each showing now waits for the one before it
        and then reads the match as it is, so the last one shown is the newest position."""
        self.renders.start()
        # Matches kept in memory: those the table shows are played every few seconds, and one that
        # fell out of the cache is loaded again (snapshot + replay) at each of its moves.
        bot.matches.max_live = bot.settings.live_matches

    @property
    def matches(self) -> Any:
        return self.bot.matches

    @property
    def sender(self) -> Sender:
        """The process's one sender (``bot/sender/``), which every write of the table goes through."""
        sender: Sender = self.bot.sender
        return sender

    # ----------------------------------------------------------------- images

    @staticmethod
    def seat_language(live: LiveMatch, seat: int) -> str:
        """The language of the seat's own messages and hand: their setting, if the game speaks it."""
        return spoken(live.seats[seat].language, table_of(live).languages)

    @staticmethod
    def board_language(live: LiveMatch) -> str:
        """The language of the public board: the players' own when they all chose the same."""
        return shared([s.language for s in live.seats if s.human], table_of(live).languages)

    @staticmethod
    def lang_options(live: LiveMatch, lang: str) -> dict[str, Any]:
        """``lang=`` for a game whose images speak several languages (``TableSpec.languages``)."""
        return {"lang": lang} if len(table_of(live).languages) > 1 else {}

    async def board_file(self, live: LiveMatch) -> discord.File:
        """The public board of the match's current position (drawn once per position), with the
        position in words as its alt text (``bot/presenters/alt/``), from the same spectator's view."""
        # The position is read now: a move made while the image is drawn does not change it.
        seq, names, lang = live.seq, tuple(live.names), self.board_language(live)
        key = (live.id, seq, names, lang)
        view = live.engine.view(live.state, None)  # a small value; the worker draws it
        alt = board_alt(table_of(live).describer, view, names, lang)
        pending = self._boards.get(key)
        if pending is None or (pending.done() and (pending.cancelled() or pending.exception())):
            table = table_of(live)
            pending = self._boards[key] = asyncio.ensure_future(
                self.renders.png(table.board, view, list(names), **self.lang_options(live, lang))
            )
            while len(self._boards) > BOARD_CACHE:
                self._boards.popitem(last=False)
        else:
            self._boards.move_to_end(key)
        data = await asyncio.shield(pending)
        return discord.File(io.BytesIO(data), filename=f"board-{live.id}-{seq}.png", description=alt)

    async def hand_file(self, live: LiveMatch, seat: int) -> discord.File | None:
        seq, name = live.seq, live.names[seat]
        table = table_of(live)
        view = live.engine.view(live.state, PlayerId(seat))
        lang = self.seat_language(live, seat)
        alt = hand_alt(table.describer, view, live.names, lang)  # the seat's own view, as the picture
        options = {**_hand_options(table), **self.lang_options(live, lang)}
        data = await self.renders.png(table.hand, view, name, **options)
        return discord.File(io.BytesIO(data), filename=f"hand-{live.id}-{seq}.png", description=alt)

    # ----------------------------------------------------------------- thread

    def board_content(self, live: LiveMatch, mention: bool) -> str:
        """The board's words (``bot.surfaces.board``): the title, who is to play, the log."""
        return self.board.content(live, mention)

    def clock_text(self, live: LiveMatch, seat: int | None = None) -> str:
        """ " · ⏳ <t:…:R>" for the player to act: Discord counts it down live in every client, from
        the deadline as stored (after a restart too), with the reserve bank it includes."""
        row = self.bot.clocks.running(live.id)
        if row is None or (seat is not None and row.seat != seat):
            return ""
        stamp = f"<t:{int(row.deadline)}:R>"
        if row.kind == "response":
            if seat is not None:
                return say(" · ⏳ passes {stamp} if you don't answer", stamp=stamp)
            return say(" · ⏳ {stamp}", stamp=stamp)
        reserve = int(row.reserve.get(row.seat, 0)) if row.seat is not None else 0
        bank = ""
        if reserve > 0:
            bank = say(
                " (with {minutes}:{seconds} of reserve)", minutes=reserve // 60, seconds=f"{reserve % 60:02d}"
            )
        return say(" · ⏳ time runs out {stamp}{bank}", stamp=stamp, bank=bank)

    def showing_lock(self, match_id: int, seat: int | None) -> asyncio.Lock:
        return self._showing.setdefault((match_id, seat), asyncio.Lock())

    async def post_board(self, live: LiveMatch, *, new_message: bool) -> None:
        """Bring the board to the match's position: an edit in place handed to the sender, or a new
        message (which pings the players to act) when ``new_message``. The lock keeps the images of
        two showings in order; the sender then writes only the newest (it never writes an older
        version after a newer one). The edit is not awaited: a click is answered while the sender
        waits its channel's turn, and a newer move replaces an edit still waiting."""
        await self.board.post(live, new_message=new_message)

    def board_owed(self, match_id: int) -> bool:
        """Whether the match's new board is still on its way through the sender (or stale there):
        until it is posted, the next showing posts a new board rather than edit the old one."""
        return self.board.owed(match_id)

    def post_line(
        self,
        live: LiveMatch,
        text: str,
        *,
        key: tuple[Any, ...],
        pings: list[int | None] | None = None,
        view: discord.ui.View | None = None,
    ) -> asyncio.Future[Any] | None:
        """A line in the game thread (a greeting, a warning, the result), handed to the sender as
        a one-off surface named by ``key`` (unique within the match): a 5xx or a timeout is
        retried, a line that failed for good is sent again by the sweep, and nothing raises into
        the caller. Not awaited: the line goes when the thread's channel has room."""
        if live.thread_id is None:
            return None
        thread_id = live.thread_id
        surface = Surface("line", (live.id, *key))

        async def write() -> None:
            kwargs: dict[str, Any] = {"allowed_mentions": pinging(pings or [])}
            if view is not None:
                kwargs["view"] = view
            await self.board.thread(thread_id).send(text, **kwargs)

        future = self.sender.submit_nowait(
            surface, Desired(version=live.seq, fingerprint=text, write=write, channel_id=thread_id)
        )

        def settled(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and done.result().status in (Status.WRITTEN, Status.FAILED):
                self.sender.forget(lambda s: s == surface)  # a line is written once

        future.add_done_callback(settled)
        return future

    # ----------------------------------------------------------------- private panels

    def panel_content(self, live: LiveMatch, seat: int) -> str:
        with speaking(self.seat_language(live, seat)):
            return self._panel_content(live, seat)

    def _panel_content(self, live: LiveMatch, seat: int) -> str:
        view = live.engine.view(live.state, PlayerId(seat))
        where = f"<#{live.thread_id}>" if live.thread_id else say("game #{id}", id=live.id)
        presenter = table_of(live).presenter
        lines = [f"**{say(live.engine.title)}** · {where}", with_names(presenter.hand_text(view), live.names)]
        me = live.seats[seat]
        if not live.active or live.outcome is not None:
            lines.append(say("The game is over."))
        elif me.taken_over:
            lines.append(
                say(
                    "The AI plays your seat after your turns ran out. **Take my seat back** (or "
                    "`/game reclaim` in the game's thread) and you decide again from the next decision."
                )
            )
        elif seat in live.current:
            lines.append(
                presenter.prompt(live.engine, live.state, seat, live.names) + self.clock_text(live, seat)
            )
        else:
            waiting = ", ".join(ai_name(live.seats[p].name) for p in sorted(live.current))
            lines.append(say("Waiting for {who}.", who=waiting))
        # The reader's own view: what is asked of someone is worded for its reader ("you may").
        extra = presenter.waiting_text(view, live.names)
        if extra:
            lines.append(extra)
        return clip("\n".join(lines))

    def panel_view(
        self, live: LiveMatch, seat: int, page: int = 0, focus: int | None = None
    ) -> discord.ui.View | None:
        with speaking(self.seat_language(live, seat)):
            return self._panel_view(live, seat, page, focus)

    def _panel_view(
        self, live: LiveMatch, seat: int, page: int = 0, focus: int | None = None
    ) -> discord.ui.View | None:
        """The seat's moves when it is to act, the "Card details" menu while the game runs (for a
        game with card images), and "Take my seat back" while the AI plays the seat."""
        if not live.active or live.outcome is not None:
            return None
        table = table_of(live)
        presenter = table.presenter
        me = live.seats[seat]
        details = None
        if table.card_image is not None:
            details = presenter.details(live.engine.view(live.state, PlayerId(seat))) or None
        if me.taken_over:
            return move_view(live.id, live.seq, [], details=details, reclaim=True)
        if seat not in live.current or me.is_ai or live.autopiloted(seat):
            return move_view(live.id, live.seq, [], details=details)
        choices, select = seat_moves(presenter, live.engine, live.state, seat, live.names, suggest=True)
        return move_view(live.id, live.seq, choices, page, multi=select, details=details, focus=focus)

    def _signature(self, live: LiveMatch, seat: int) -> Any:
        view = live.engine.view(live.state, PlayerId(seat))
        mine = seat in live.current and live.active
        lang = self.seat_language(live, seat)
        with speaking(lang):
            said = table_of(live).presenter.hand_text(view)
        return (
            lang,
            getattr(view, "hand", None),
            said,  # what the panel says of the hand (and more)
            getattr(view, "playable", None),
            mine,
            live.seq if mine else None,
            live.status,
            live.seats[seat].is_ai,
        )

    async def update_dms(self, live: LiveMatch, *, force: bool = False, skip_seat: int | None = None) -> None:
        """Bring every player's DM panel to the position (``skip_seat``: the clicker's, which the
        click's interaction shows). Edits are handed to the sender, not awaited: a newer showing
        replaces one still waiting for its channel's turn. A panel counts as shown (its signature
        kept, so the same panel is not drawn again) once Discord accepted it; one whose write
        failed for good is not: the sender keeps it stale and repairs it, and the next showing
        draws it again."""
        for seat in live.seats:
            if seat.user_id is None or seat.dm_failed or seat.seat == skip_seat:
                continue  # an AI seat; a player whose seat the AI holds still sees the panel
            async with self.showing_lock(live.id, seat.seat):
                sig = self._signature(live, seat.seat)
                key = (live.id, seat.seat)
                if not force and self._dm_signatures.get(key) == sig:
                    continue
                version = live.seq
                shown = await self._show_dm_panel(live, seat.seat)
                shown.add_done_callback(self._when_shown(key, sig, version))

    def _when_shown(
        self, key: tuple[int, int], sig: Any, version: int
    ) -> Callable[[asyncio.Future[Any]], None]:
        def done(future: asyncio.Future[Any]) -> None:
            if future.cancelled():
                return
            result = future.result()
            # Not when a newer version took its place: that one's own callback tells.
            shown = result.status in (Status.WRITTEN, Status.UNCHANGED) and result.version == version
            if shown and key[0] in self.matches._cache:  # not for a match forgotten meanwhile
                self._dm_signatures[key] = sig

        return done

    async def _show_dm_panel(self, live: LiveMatch, seat_no: int) -> asyncio.Future[Any]:
        seat = live.seats[seat_no]
        assert seat.user_id is not None
        # Words, buttons and picture of one position: nothing awaited before the picture's view.
        version = live.seq
        content = self.panel_content(live, seat_no)
        view = self.panel_view(live, seat_no)
        file = await self.hand_file(live, seat_no)
        return self._submit_dm_panel(live, seat_no, version, content, view, file)

    def _submit_dm_panel(
        self,
        live: LiveMatch,
        seat_no: int,
        version: int,
        content: str,
        view: discord.ui.View | None,
        file: discord.File | None,
    ) -> asyncio.Future[Any]:
        """The seat's DM panel at ``version``, handed to the sender: an edit of the panel the seat
        has, or the first DM when it has none (the first panel of a match). Which of the two is
        decided when the write goes out: a first DM that got through meanwhile (an earlier
        showing's) is edited, not sent again. A failure is retried; one for good leaves the panel
        stale for the sweep and the next showing."""
        surface = panel_surface(live.id, seat_no)
        seat = live.seats[seat_no]
        data = file_bytes(file)
        alt = file.description if file is not None else None
        digest = digest_of(data, alt)
        filename = file.filename if file is not None else "hand.png"
        message_id = seat.dm_message_id if seat.dm_channel_id else None

        def picture() -> list[discord.File]:
            return [discord.File(io.BytesIO(data), filename=filename, description=alt)] if data else []

        async def write() -> None:
            shown_id, channel_id = seat.dm_message_id, seat.dm_channel_id
            if shown_id and channel_id:
                kwargs: dict[str, Any] = {"content": content, "view": view}
                if self._images.get(surface) != (shown_id, digest):
                    kwargs["attachments"] = picture()
                channel = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
                await channel.get_partial_message(shown_id).edit(**kwargs)
                if live.active:  # a finished match's pictures are forgotten (TableSurface.forget)
                    self._images[surface] = (shown_id, digest)
                return
            await self._first_dm_panel(live, seat_no, content, view, picture(), digest)

        async def refused(exc: PermanentError) -> None:
            if exc.status == 403 and exc.code == DM_CLOSED:
                await self._dm_closed(live, seat_no)
            elif exc.status == 404 and message_id is not None and seat.dm_message_id == message_id:
                # The DM was deleted: a fresh one, submitted from the sender's own worker of the
                # panel (so not waited for here).
                seat.dm_message_id = None
                self._dm_signatures.pop((live.id, seat_no), None)
                await self.update_dms(live)

        desired = Desired(
            version=version,
            fingerprint=(message_id, content, view_fingerprint(view), digest),
            write=write,
            channel_id=seat.dm_channel_id if message_id else None,
            on_permanent=refused,
        )
        return self.sender.submit_nowait(surface, desired)

    async def _first_dm_panel(
        self,
        live: LiveMatch,
        seat_no: int,
        content: str,
        view: discord.ui.View | None,
        files: list[discord.File],
        digest: str | None,
    ) -> None:
        """The seat's first panel: a new DM (a player Discord no longer knows gets none)."""
        seat = live.seats[seat_no]
        assert seat.user_id is not None
        channel = await self._open_dm(live, seat.user_id)
        if channel is None:
            return
        kwargs: dict[str, Any] = {"content": content}
        if files:
            kwargs["file"] = files[0]
        if view is not None:
            kwargs["view"] = view
        msg = await channel.send(**kwargs)
        seat.dm_channel_id, seat.dm_message_id = msg.channel.id, msg.id
        self._images[panel_surface(live.id, seat_no)] = (msg.id, digest)
        await self.bot.db.matches.set_seat_dm(
            live.id, seat_no, dm_channel_id=msg.channel.id, dm_message_id=msg.id
        )

    async def _dm_closed(self, live: LiveMatch, seat_no: int) -> None:
        """The player's DMs are closed: their hand stays in the thread (Show my hand)."""
        seat = live.seats[seat_no]
        if seat.dm_failed:
            return
        seat.dm_failed = True
        await self.bot.db.matches.set_seat_dm(
            live.id, seat_no, dm_channel_id=None, dm_message_id=None, dm_failed=True
        )
        self.post_line(
            live,
            f"<@{seat.user_id}> I can't send you direct messages, so your hand stays here: "
            "click **Show my hand** on the board to see your cards and moves (only you will see them).",
            key=("dms closed", seat_no),
            pings=[seat.user_id],
        )

    async def show_clicked_dm_panel(
        self, edit: Callable[..., Awaitable[Any]], live: LiveMatch, seat_no: int, *, note: str = ""
    ) -> None:
        """The clicker's own DM panel, edited through the click's interaction (after the defer;
        ``edit`` is its ``edit_original_response``, so the table never reads the interaction):
        not global-bound, and the clicker sees it first. The sender records it, so it neither
        writes it again nor an older version after it; if the interaction fails, the sender does."""
        key = (live.id, seat_no)
        surface = panel_surface(live.id, seat_no)
        seat = live.seats[seat_no]
        async with self.showing_lock(live.id, seat_no):
            sig = self._signature(live, seat_no)
            version = live.seq
            message_id = seat.dm_message_id
            content = self.panel_content(live, seat_no)
            if note:  # (the next showing of another position writes the panel without it)
                content = clip(f"{note}\n{content}")
            view = self.panel_view(live, seat_no)
            file = await self.hand_file(live, seat_no)
            data = file_bytes(file)
            alt = file.description if file is not None else None
            digest = digest_of(data, alt)
            filename = file.filename if file is not None else "hand.png"
            kwargs: dict[str, Any] = {"content": content, "view": view}
            if self._images.get(surface) != (message_id, digest):
                kwargs["attachments"] = [file] if file else []
            try:
                await edit(**kwargs)
            except (discord.HTTPException, TimeoutError, OSError) as exc:
                # Discord's refusal, a timeout or a dropped connection: the sender tries it below.
                log.warning(
                    "the clicked panel could not be edited through its interaction",
                    extra={"ctx": {"match": live.id, "seat": seat_no, "error": str(exc)}},
                )
                self._dm_signatures.pop(key, None)
                failed = True
            else:
                failed = False
                self._images[surface] = (message_id, digest)
                self.sender.record(surface, version, (message_id, content, view_fingerprint(view), digest))
                self._dm_signatures[key] = sig
                # An older version the sender had on its way (a write Discord took its time to
                # answer, a 5xx that discord.py retries itself) may land after this edit: the same
                # panel handed to the sender is then written once more, after it; when nothing is
                # on its way, the sender sees Discord shows it already and writes nothing.
                again = discord.File(io.BytesIO(data), filename=filename, description=alt) if data else None
                self._submit_dm_panel(live, seat_no, version, content, view, again)
        if failed:
            self.sender.invalidate(surface)
            await self.update_dms(live)  # through the sender, which retries and repairs

    async def _open_dm(self, live: LiveMatch, user_id: int) -> discord.DMChannel | None:
        """The player's DM channel, opened by their id: one request (none when discord.py has it
        already), where fetching the player first cost one more, global-bound, per match (issue 33
        item 2). None when Discord no longer knows them (an account deleted mid-game): their seat
        plays on and its panel is not sent, instead of the move failing to show."""
        try:
            channel: discord.DMChannel = await self.bot.create_dm(discord.Object(id=user_id))
            return channel
        except discord.HTTPException as exc:
            if exc.status not in (400, 404):  # 400: Invalid Recipient; a 5xx is the sender's to retry
                raise
            log.warning(
                "player not found for their panel", extra={"ctx": {"match": live.id, "user": user_id}}
            )
            return None

    # ----------------------------------------------------------------- match lifecycle

    @match_logged
    async def after_report(
        self,
        report: MoveReport,
        *,
        clicker: int | None = None,
        clicked_panel: Callable[[], Awaitable[None]] | None = None,
        clicked_seat: int | None = None,
    ) -> None:
        """Show a move: the clock, the clicker's panel (``clicked_panel``, through the click's
        interaction, for ``clicked_seat``), the board, the other panels, the end."""
        # Several processes: whoever shows the match last shows its newest position, whichever
        # process made the moves, so every panel ends current (one process shows its own in order).
        async with report.match.lock.across_processes():
            await self._after_report(report, clicker, clicked_panel, clicked_seat)

    async def _after_report(
        self,
        report: MoveReport,
        clicker: int | None,
        clicked_panel: Callable[[], Awaitable[None]] | None,
        clicked_seat: int | None,
    ) -> None:
        live = report.match
        if not report.finished:
            # Armed first, so the board and the panels show the deadline of the position they show.
            await self.bot.clocks.arm(live, new_turn=report.turn_changed)
        if clicked_panel is not None:
            await clicked_panel()
        if report.finished:
            # The last board carries the result: written once, by announce_end.
            await self.update_dms(live, skip_seat=clicked_seat)
            await self.announce_end(live)
            return
        await self.post_board(live, new_message=self.notifies(report, clicker))
        await self.update_dms(live, skip_seat=clicked_seat)

    @staticmethod
    def notifies(report: MoveReport, clicker: int | None) -> bool:
        """A new board message (which pings) only when a new turn passes to a person who did not
        just click; otherwise the board is edited in place (one request, no notification)."""
        live = report.match
        if not report.new_turn or report.finished or not live.active:
            return False
        return any(
            not live.seats[p].is_ai and live.seats[p].user_id not in (None, clicker) for p in live.current
        )

    async def announce_end(self, live: LiveMatch) -> None:
        self.bot.clocks.cancel(live.id)
        try:
            await self._announce_end(live)
        finally:
            self.forget(live.id)

    async def _announce_end(self, live: LiveMatch) -> None:
        match = await self.bot.db.matches.get(live.id)
        if live.thread_id is None:
            return
        if match.status == "finished" and match.outcome:
            # In the board's language, like the board it ends: the reason through the game's log_line.
            with speaking(self.board_language(live)):
                reason = table_of(live).presenter.log_line(match.end_reason or "")
                ranking = ranking_text(match.outcome["ranking"], live.names, reason)
                text = say("🏁 **Final ranking**") + "\n" + ranking
                # The rating service rated the match as it finished (a finish listener): the change.
                line = await self.bot.ratings.result_line(live.id, live.names)
            text += f"\n{line}" if line else ""
        else:
            text = f"🛑 The game was ended: {match.end_reason or 'no reason given'}."
        from bot.ui.replay import watch_view  # "Watch the replay" under the result (bot/ui/replay.py)

        # On the last board, with its picture of the final position: one write (issue 33 item 2).
        await self.board.post(live, new_message=False, ending=text, view=watch_view(live.id))
        await self.update_dms(live, force=True)

    def _forget_shown(self, match_id: int) -> None:
        """Another process moved the match (and edited its panels): edit each one again next time."""
        for key in [k for k in self._dm_signatures if k[0] == match_id]:
            del self._dm_signatures[key]
        for surface in [k for k in self._images if k.subject[0] == match_id]:
            del self._images[surface]
        self.sender.invalidate_where(lambda s: s.subject[:1] == (match_id,))

    def forget(self, match_id: int) -> None:
        """A finished match leaves memory: its DM signatures here, its clock settings and its state
        in MatchService (a later /game status or old button loads it from the database again)."""
        self._forget_shown(match_id)
        self.sender.forget(lambda s: s.subject[:1] == (match_id,))
        for key in [k for k, lock in self._showing.items() if k[0] == match_id and not lock.locked()]:
            del self._showing[key]
        self.bot.clocks.forget(match_id)
        self.matches.evict(match_id)

    async def seat_reclaimed(self, live: LiveMatch, user_id: int) -> None:
        """After a player took their seat back: their clock if they are to act, panels, a note."""
        seat = live.seat_of(user_id)
        async with live.lock:
            await self.bot.clocks.arm(live, new_turn=False)
        if seat is not None:
            self.post_line(
                live, f"↩️ {seat.name} takes their seat back from the AI.", key=("reclaim", live.seq)
            )
        async with live.lock.across_processes():
            await self.post_board(live, new_message=False)
            await self.update_dms(live, force=True)
