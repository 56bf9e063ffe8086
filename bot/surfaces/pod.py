"""What a pod keeps on Discord after its draft: the lines in its thread (deck building, rounds,
standings), each player's deck-building panel (by DM, or shown to them alone) with the pool's
image, the pool as a file, and the message each table's match opens its thread under.

``PodSurfaces`` is the pod service's ``PodNotices`` (``bot/services/podplay/notices.py``):
``bot/client.py`` builds it with what it starts matches through and hands it to the service.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.db.podplay import PodRow, PodSeatRow
from bot.mentions import pinging
from bot.presenters.registry import entry
from bot.services.dms import DM_CLOSED
from bot.services.podplay import panel_spec, panel_text, pool_text
from bot.services.podplay.deckrules import source
from bot.surfaces.channels import find_channel
from bot.ui.deckbuild import panel_view, thread_view

if TYPE_CHECKING:
    from bot.services.lobbies import LobbyService
    from bot.services.matches import MatchService
    from bot.surfaces.table import TableSurface

log = logging.getLogger(__name__)


async def pool_image(pod: PodRow, seat: PodSeatRow) -> list[discord.File]:
    """The pool image, when the drafted game declares one (``TableSpec.pool_image``)."""
    draw = entry(source().game).table.pool_image
    if draw is None:
        return []

    def work() -> bytes:
        from render.compose import to_small_png

        return to_small_png(draw(seat.pool, seat.draft, f"{pod.title} — {seat.display_name}'s pool"))

    data = await asyncio.to_thread(work)
    return [discord.File(io.BytesIO(data), filename=f"pool-{pod.id}-{seat.seat}.png")]


def builder(pod: PodRow, seat: PodSeatRow, page: int = 0, note: str = "") -> dict[str, Any]:
    """The deck-building panel's words and view (locked once the rounds have begun)."""
    locked = pod.status != "building"
    return {
        "content": panel_text(pod, seat, locked, note),
        "view": panel_view(panel_spec(pod, seat, page, locked)),
    }


def pool_message(pod: PodRow, seat: PodSeatRow) -> dict[str, Any]:
    """The player's pool as a text file for ``/deck import``."""
    title = f"{pod.title} pool"
    text = pool_text(seat.pool, title)
    slug = f"{'sealed' if pod.kind == 'sealed' else 'draft'}-{pod.id}-pool.txt"
    return {
        "content": f"Your {pod.title} pool ({len(seat.pool)} cards). To build from it elsewhere: "
        f"`/deck import game:{source().title} format:{source().deck_format}` with this file "
        "(add basic terrains as you like; the pool alone is a legal limited list).",
        "file": discord.File(io.BytesIO(text.encode("utf-8")), filename=slug),
    }


class PodSurfaces:
    """The pod's ``PodNotices``: what the pod service tells players, written to Discord."""

    def __init__(
        self, client: commands.Bot, lobbies: LobbyService, matches: MatchService, table: TableSurface
    ) -> None:
        self.client = client
        self.lobbies = lobbies
        self.matches = matches
        self.table = table

    pool_image = staticmethod(pool_image)
    builder = staticmethod(builder)
    pool_message = staticmethod(pool_message)

    async def _channel(self, channel_id: int | None) -> Any:
        return await find_channel(
            self.client, channel_id, discord.abc.Messageable, "pod channel", {"channel": channel_id}
        )

    async def say(
        self, pod: PodRow, text: str, *, ping: Iterable[int | None] = (), builder: bool = False
    ) -> None:
        thread = await self._channel(pod.thread_id or pod.channel_id)
        if thread is None:
            return
        kwargs: dict[str, Any] = {"allowed_mentions": pinging(ping)}
        if builder:
            kwargs["view"] = thread_view(pod.id)
        await thread.send(text[:2000], **kwargs)

    async def send_builder(self, pod: PodRow, seat: PodSeatRow) -> bool:
        assert seat.user_id is not None
        try:
            user = self.client.get_user(seat.user_id) or await self.client.fetch_user(seat.user_id)
            await user.send(files=await pool_image(pod, seat), **builder(pod, seat))
            return True
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            return False

    async def tell_auto_built(self, pod: PodRow, seat: PodSeatRow, name: str, cards: int) -> None:
        """A DM, so the player whose panel still shows an unfinished deck learns what they play."""
        assert seat.user_id is not None
        try:
            user = self.client.get_user(seat.user_id) or await self.client.fetch_user(seat.user_id)
            await user.send(
                f"⌛ Deck building for {pod.title} is over and your deck was not submitted: the AI built "
                f"one from your pool ({cards} cards), saved to your library as **{name}** "
                f"(`/deck show name:{name}`). You still play your matches: watch the pod's thread."
            )
        except discord.HTTPException:
            log.info("auto-built deck not told", extra={"ctx": {"pod": pod.id, "seat": seat.seat}})

    async def table_message(
        self, pod: PodRow, text: str, channel_id: int | None
    ) -> tuple[int, discord.Message] | None:
        channel = await self._channel(channel_id)
        if channel is None:
            return None
        parent = getattr(channel, "parent", None)
        if isinstance(channel, discord.Thread) and parent is not None:
            channel = parent
        message = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        return channel.id, message

    async def launch(self, live: Any, message: Any, turn_seconds: float) -> None:
        await self.lobbies.launch(live, message, turn_seconds)

    async def play_ai(self, live: Any) -> None:
        report = await self.matches.run_ai_seats(live)
        await self.table.after_report(report)
