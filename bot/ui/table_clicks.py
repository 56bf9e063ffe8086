"""The match table's clicks: a move, several moves, another page, "Show my hand", a card's
details and "Take my seat back".

Code that reads a discord ``Interaction`` lives in the ui (docs/architecture.md): this answers the
click, plays it through ``bot.services.matches`` and has the table (``bot.surfaces.table``, a layer
above, given at construction in ``bot/client.py`` and typed by ``bot.ui.host.Table``) show what
changed. The ui components reach it as ``bot_of(interaction).table_clicks``.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from bot.db.errors import StaleAction
from bot.i18n import say, speaking, spoken
from bot.log import match_logged
from bot.presenters.match_table import table_of
from bot.services.matches import LiveMatch, MoveReport, NotInGame
from bot.text import clip
from bot.ui.components import MULTI_SEPARATOR
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.db.database import Database
    from bot.services.matches import MatchService
    from bot.ui.host import Table


def _png(image: Any) -> bytes:
    from render.common import to_png

    return to_png(image)


class TableClicks:
    """The clicks on a match's panels and board (``bot.table_clicks``), built once in
    ``bot/client.py`` with the table that shows their result."""

    def __init__(self, table: Table, matches: MatchService, db: Database) -> None:
        self.table = table
        """The match table (``bot.surfaces.table.TableSurface``): pictures, panels, the board."""
        self.matches = matches
        self.db = db

    @match_logged
    async def on_move(
        self, interaction: discord.Interaction, match_id: int, seq: int, action_id: str
    ) -> None:
        await interaction.response.defer()
        try:
            if MULTI_SEPARATOR in action_id:  # one button for moves that belong together ("go:end|end")
                report = await self.matches.submit_many(match_id, interaction.user.id, [action_id], seq, None)
            else:
                report = await self.matches.submit(match_id, interaction.user.id, action_id, seq)
        except StaleAction as exc:
            await self._stale_click(interaction, match_id, await self._refusal(interaction, match_id, exc))
            return
        except CardhostError as exc:
            await interaction.followup.send(await self._refusal(interaction, match_id, exc), ephemeral=True)
            return
        await self._after_click(interaction, report)

    @match_logged
    async def on_multi(
        self, interaction: discord.Interaction, match_id: int, seq: int, action_ids: list[str]
    ) -> None:
        await interaction.response.defer()
        try:
            live = await self.matches.current(match_id)
            multi = table_of(live).presenter.multi(
                live.engine, live.state, min(live.current) if live.current else 0
            )
            finish = multi[1] if multi else None
            report = await self.matches.submit_many(match_id, interaction.user.id, action_ids, seq, finish)
        except StaleAction as exc:
            await self._stale_click(interaction, match_id, await self._refusal(interaction, match_id, exc))
            return
        except CardhostError as exc:
            await interaction.followup.send(await self._refusal(interaction, match_id, exc), ephemeral=True)
            return
        await self._after_click(interaction, report)

    async def _refusal(self, interaction: discord.Interaction, match_id: int, exc: CardhostError) -> str:
        """Why a click was refused, in the language of the one who clicked (their setting, where
        the game speaks it): the table's own sentences through ``say``, the engine's through its
        presenter (``Presenter.refusal``). English where the match or the seat is not found."""
        try:
            live = await self.matches.current(match_id)
        except CardhostError:
            return str(exc)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            return str(exc)
        with speaking(spoken(seat.language, table_of(live).languages)):
            return table_of(live).presenter.refusal(say(str(exc)))

    async def _stale_click(self, interaction: discord.Interaction, match_id: int, said: str) -> None:
        """A move clicked on a panel that is out of date (a double click, a copy left behind, a
        panel whose edit has not got through): the panel clicked becomes the player's current
        one, through the click's interaction (not global-bound), with ``said`` as a short note on
        top, instead of a new ephemeral message at each such click (issue #33 item 6)."""
        live = await self.matches.current(match_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None or interaction.message is None:
            await interaction.followup.send(said, ephemeral=True)
            return
        with speaking(spoken(seat.language, table_of(live).languages)):
            note = say("*{said} Here is the position now.*", said=said)
        if not seat.dm_failed and interaction.message.id == seat.dm_message_id:
            await self.table.show_clicked_dm_panel(
                interaction.edit_original_response, live, seat.seat, note=note
            )
        else:
            await self._edit_panel(interaction, live, seat.seat, note=note)

    async def _after_click(self, interaction: discord.Interaction, report: MoveReport) -> None:
        """Update the table, then the panel that was clicked if it was an ephemeral copy (the DM
        panel is edited by ``after_report`` already). An ephemeral panel that a new board pushed
        up the thread is sent again below it, so the hand sits under the position it plays in."""
        live = report.match
        seat = live.seat_of(interaction.user.id)
        # A new board (the notification) is posted through the sender, which may still be on its
        # way when this click is answered: whether there is one is known now.
        new_board = self.table.notifies(report, interaction.user.id) or self.table.board_owed(live.id)
        if (
            seat is not None
            and interaction.guild_id is None
            and interaction.message is not None
            and interaction.message.id != seat.dm_message_id
            and not seat.dm_failed
        ):
            # A panel in the player's DMs that the seat does not know: the first panel, which
            # Discord took although its answer was lost (a timeout), or an older copy. It is the
            # one the player uses: it becomes the seat's panel (the sender's own first DM, still
            # on its way, then edits it instead of sending another).
            seat.dm_channel_id, seat.dm_message_id = interaction.channel_id, interaction.message.id
            await self.db.matches.set_seat_dm(
                live.id, seat.seat, dm_channel_id=seat.dm_channel_id, dm_message_id=seat.dm_message_id
            )
        from_dm = (
            seat is not None
            and interaction.message is not None
            and seat.dm_message_id is not None
            and interaction.message.id == seat.dm_message_id
            and not seat.dm_failed
        )
        if from_dm:
            assert seat is not None
            clicked_seat = seat.seat

            async def clicked_panel() -> None:
                await self.table.show_clicked_dm_panel(interaction.edit_original_response, live, clicked_seat)

            await self.table.after_report(
                report, clicker=interaction.user.id, clicked_panel=clicked_panel, clicked_seat=clicked_seat
            )
            return
        await self.table.after_report(report, clicker=interaction.user.id)
        if (
            seat is not None
            and interaction.message is not None
            and interaction.message.id != seat.dm_message_id
        ):
            if new_board and live.active:
                await self._resend_panel(interaction, live, seat.seat)
            else:
                await self._edit_panel(interaction, live, seat.seat)

    async def _resend_panel(self, interaction: discord.Interaction, live: LiveMatch, seat: int) -> None:
        """The clicked hand panel again below the new board, in place of the old copy: the old one
        is deleted (through the interaction), not left saying that the hand moved; if it cannot be
        deleted, it is brought up to date where it is instead (never two copies)."""
        try:
            await interaction.delete_original_response()
        except (discord.HTTPException, TimeoutError, OSError):
            await self._edit_panel(interaction, live, seat)
            return
        file = await self.table.hand_file(live, seat)
        kwargs: dict[str, Any] = {"content": self.table.panel_content(live, seat), "ephemeral": True}
        if file:
            kwargs["file"] = file
        view = self.table.panel_view(live, seat)
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)

    @match_logged
    async def on_card_details(self, interaction: discord.Interaction, match_id: int, card_id: str) -> None:
        """A card shown large with its words, to the one who asked: reading a card never changes
        the game, and a card's printed text is public (``/card`` shows any card), so the only check
        is that the game has such a card."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.matches.get(match_id)
        table = table_of(live)
        if table.card_image is None:
            await interaction.followup.send("This game has no card images to show.", ephemeral=True)
            return
        seat = live.seat_of(interaction.user.id)
        lang = spoken(seat.language, table.languages) if seat is not None else table.languages[0]
        words = self.table.lang_options(live, lang)  # a spectator reads the card in the cards' own language
        try:
            image = await asyncio.to_thread(table.card_image, card_id, **words)
        except (KeyError, CardhostError):
            await interaction.followup.send(
                "I don't know that card: choose one from the menu.", ephemeral=True
            )
            return
        caption = clip(table.card_caption(card_id, **words)) if table.card_caption else ""
        file = discord.File(io.BytesIO(_png(image)), filename=f"card-{card_id}.png")
        await interaction.followup.send(caption, file=file, ephemeral=True)

    @match_logged
    async def on_reclaim(self, interaction: discord.Interaction, match_id: int) -> None:
        await interaction.response.defer(ephemeral=True)
        live = await self.matches.reclaim(match_id, interaction.user.id)
        await self.table.seat_reclaimed(live, interaction.user.id)
        await interaction.followup.send(
            "Your seat is yours again: you decide from the next decision on.", ephemeral=True
        )

    async def _edit_panel(
        self,
        interaction: discord.Interaction,
        live: LiveMatch,
        seat: int,
        page: int = 0,
        focus: int | None = None,
        note: str = "",
    ) -> None:
        """The clicked panel (``note``: a line above it, such as why it was brought up to date)."""
        file = await self.table.hand_file(live, seat)
        view = self.table.panel_view(live, seat, page, focus)
        content = self.table.panel_content(live, seat)
        await interaction.edit_original_response(
            content=clip(f"{note}\n{content}") if note else content,
            attachments=[file] if file else [],
            view=view,
        )

    @match_logged
    async def on_page(
        self,
        interaction: discord.Interaction,
        match_id: int,
        seq: int,
        page: int,
        focus: int | None = None,
    ) -> None:
        """Another page of moves, or one group's moves (``focus``: the second step of a two-step
        move); on a stale panel, the current moves from the top."""
        await interaction.response.defer()
        live = await self.matches.current(match_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await interaction.followup.send(str(NotInGame()), ephemeral=True)
            return
        note = ""
        if seq != live.seq:  # said on the panel itself, not in one more ephemeral message
            note = "*These moves were out of date; here are the current ones.*"
            page, focus = 0, None
        await self._edit_panel(interaction, live, seat.seat, page, focus, note=note)

    @match_logged
    async def on_show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.matches.current(match_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await interaction.followup.send(
                "You're watching this game: only the players see their hands.", ephemeral=True
            )
            return
        file = await self.table.hand_file(live, seat.seat)
        kwargs: dict[str, Any] = {"content": self.table.panel_content(live, seat.seat), "ephemeral": True}
        if file:
            kwargs["file"] = file
        view = self.table.panel_view(live, seat.seat)
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)
