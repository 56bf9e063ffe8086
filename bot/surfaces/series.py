"""What a series keeps on Discord: the lines said in its thread, and each seat's side-deck panel
between games (in the player's DMs, or shown to them alone when their DMs are closed).

``SeriesSurfaces`` is the series service's ``SeriesNotices`` (``bot/services/series.py``): the
service says what changed and this builds the Discord content from the series as stored. A DM
side-deck panel is a sender surface (``Surface("side-panel", (series_id, seat))``): it is sent, and
later brought to the close of its step, through the sender, so a write Discord refuses for a while
is tried again and repaired, and an older state is never written over a newer one. A click edits
the panel it is on through its own interaction (not global-bound, ``bot/ui/series.py``) and the
sender is told (``clicked``: ``record``). The panel's words and buttons are ``panel_parts``.

A line said in the thread goes through the sender too, as a one-off surface, so a write Discord
drops is tried again instead of ending the step between games half done.

A series has no log seq, so a panel's version is taken from this process's counter when its
content is computed from the series just read: the sender is per process, and so are its versions.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Hashable, Iterable
from typing import Any

import discord
from discord.ext import commands

from bot.db.series import SeriesRow, SeriesStore
from bot.mentions import pinging
from bot.sender.core import Desired, PermanentError, Result, Sender, Status, Surface
from bot.sender.discord_io import edit_message, translated
from bot.services.dms import DM_CLOSED
from bot.surfaces.channels import find_channel
from bot.text import clip
from bot.ui.series import open_side_view, panel_parts

log = logging.getLogger(__name__)

SIDE_PANEL = "side-panel"
LINE = "series-line"


def panel_surface(series_id: int, seat: int) -> Surface:
    return Surface(SIDE_PANEL, (series_id, seat))


class SeriesSurfaces:
    def __init__(self, client: commands.Bot, sender: Sender, store: SeriesStore) -> None:
        self.client = client
        self.sender = sender
        self.store = store
        self._versions = itertools.count(1)

    # ------------------------------------------------------------------ the thread

    async def say(
        self,
        series: SeriesRow,
        text: str,
        *,
        thread_id: int | None = None,
        ping: Iterable[int | None] = (),
        view: discord.ui.View | None = None,
    ) -> None:
        """A line in the series' thread, handed to the sender as a one-off surface: a 5xx or a
        timeout is tried again (a line that failed for good, by the sweep), and nothing raises
        into the series' step. Not awaited: the line goes when the thread's channel has room.
        ``ping``: the users it calls (by id); nobody else, never @everyone or a role."""
        target = thread_id or series.thread_id
        if target is None:
            return
        key = next(self._versions)
        surface = Surface(LINE, (series.id, key))
        pings = list(ping)
        series_id = series.id

        async def write() -> None:
            channel = await find_channel(
                self.client, target, discord.abc.Messageable, "series thread", {"series": series_id}
            )
            if channel is None:
                return
            kwargs: dict[str, Any] = {} if view is None else {"view": view}
            await channel.send(clip(text), allowed_mentions=pinging(pings), **kwargs)

        future = self.sender.submit_nowait(
            surface, Desired(version=key, fingerprint=text, write=write, channel_id=target)
        )

        def settled(done: asyncio.Future[Result]) -> None:
            if not done.cancelled() and done.result().status in (Status.WRITTEN, Status.FAILED):
                self.sender.forget(lambda s: s == surface)  # a line is written once

        future.add_done_callback(settled)

    # ------------------------------------------------------------------ the side-deck panel

    async def show_panel(self, series: SeriesRow, seat: int, game_no: int) -> None:
        """The seat's panel in the player's DMs: sent if it never was, else edited to the series as
        it stands; a closed DM gets the thread's **Open my side deck** instead."""
        user_id = series.seats[seat].user_id
        assert user_id is not None
        version = next(self._versions)
        content, view, fingerprint = panel_parts(series, seat, game_no)
        stored = series.panels.get(seat)
        series_id = series.id

        async def write() -> None:
            fresh = await self.store.get(series_id)
            ids = fresh.panels.get(seat) if fresh is not None else None
            if ids is not None:
                await edit_message(
                    self.client, ids[0], ids[1], content=content, view=view, keep_image=True, private=True
                )()
                return
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            kwargs: dict[str, Any] = {} if view is None else {"view": view}
            msg = await user.send(content, **kwargs)
            await self.store.set_panel(series_id, seat, msg.channel.id, msg.id)

        async def refused(exc: PermanentError) -> None:
            if exc.status == 403 and exc.code == DM_CLOSED:
                await self.say(
                    series,
                    f"<@{user_id}> I can't send you direct messages: click **Open my side deck** to swap "
                    "cards and get ready (only you will see it).",
                    ping=[user_id],
                    view=open_side_view(series_id, game_no),
                )
            else:
                log.warning(
                    "series panel refused",
                    extra={"ctx": {"series": series_id, "seat": seat, "error": str(exc)}},
                )

        self.sender.submit_nowait(
            panel_surface(series_id, seat),
            Desired(
                version=version,
                fingerprint=(stored, fingerprint),
                write=translated(write),
                channel_id=stored[0] if stored is not None else None,
                on_permanent=refused,
            ),
        )

    async def close_panels(self, series: SeriesRow, game_no: int, note: str) -> None:
        """The DM panels of the step that ended lose their buttons and say why."""
        for seat, (channel_id, message_id) in series.panels.items():
            content, _, fingerprint = panel_parts(series, seat, game_no, note, closed=True)

            async def gone(exc: PermanentError, seat: int = seat) -> None:
                log.info("series panel is gone", extra={"ctx": {"series": series.id, "seat": seat}})

            self.sender.submit_nowait(
                panel_surface(series.id, seat),
                Desired(
                    version=next(self._versions),
                    fingerprint=((channel_id, message_id), fingerprint),
                    write=edit_message(
                        self.client,
                        channel_id,
                        message_id,
                        content=content,
                        view=None,
                        keep_image=True,
                        private=True,
                    ),
                    channel_id=channel_id,
                    on_permanent=gone,
                ),
            )

    def clicked(self, series: SeriesRow, seat: int, message_id: int | None, fingerprint: Hashable) -> None:
        """A click edited the panel it is on through its interaction: if that is the seat's DM
        panel, the sender knows Discord shows this (nothing older is written after it)."""
        stored = series.panels.get(seat)
        if stored is not None and message_id == stored[1]:
            self.sender.record(panel_surface(series.id, seat), next(self._versions), (stored, fingerprint))
