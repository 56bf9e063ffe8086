"""What every part of the pod service shares: the pod lock, background tasks, the pod's thread
and channel, the seat names, ``PodError`` and the phrases for a pod's phase."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.podplay import PodMatchRow, PodPlayStore, PodRow, PodSeatRow
from bot.services.channels import find_channel
from bot.services.shared import PODPLAY_SPACE, SharedLock, lock_in
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.client import CardhostBot
    from bot.db.decks import DeckRow
    from bot.db.series import SeriesRow
    from bot.services.matches import LiveMatch

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


PHASES = {
    "lobby": "still in its lobby",
    "drafting": "still drafting",
    "building": "building decks",
    "playing": "playing its rounds",
    "finished": "finished",
    "cancelled": "cancelled",
}
"""A pod's status as the end of a sentence ("Draft #3 is not building decks: it is ...")."""


def when(deadline: float) -> str:
    """A Discord timestamp every reader sees in their own time zone ("in 20 minutes")."""
    return f"<t:{int(deadline)}:R>"


class PodError(CardhostError):
    pass


class PodBase:
    """The state and helpers the deck-building, deadline, rounds, standings and restart parts of
    ``PodPlayService`` share (each part is a mixin of this class; they call one another through
    ``self``)."""

    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot
        self.store = PodPlayStore(bot.db)
        self._locks: dict[int, SharedLock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._build_handles: dict[int, list[asyncio.TimerHandle]] = {}
        bot.matches.finish_listeners.append(self.on_match_finished)
        bot.series.finish_listeners.append(self.on_series_finished)

    if TYPE_CHECKING:
        # What the parts call on one another through ``self``: each is defined by one part and
        # PodPlayService has them all (declared here for the type checker only).

        # building
        async def _save_to_library(self, pod: PodRow, seat: PodSeatRow, deck: Sequence[str]) -> DeckRow: ...

        # deadline
        async def _set_deadline(self, pod: PodRow) -> PodRow: ...
        def _cancel_build(self, pod_id: int) -> None: ...

        # rounds
        def plan(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> tuple[str, int]: ...
        @staticmethod
        def results(rows: Sequence[PodMatchRow]) -> list[Any]: ...
        async def maybe_start_rounds(self, pod_id: int) -> None: ...
        async def _start_rounds(self, pod_id: int) -> None: ...
        async def _next_round(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None: ...
        async def _launch(self, pod: PodRow, seats: Sequence[PodSeatRow], row: PodMatchRow) -> None: ...
        async def on_match_finished(self, live: LiveMatch) -> None: ...
        async def on_series_finished(self, series: SeriesRow) -> None: ...
        @staticmethod
        def series_winner(series: SeriesRow, row: PodMatchRow) -> int | None: ...
        async def _winner(self, match_id: int, row: PodMatchRow) -> int | None: ...
        async def advance(self, pod_id: int) -> None: ...

        # standings
        async def game_record(
            self, pod: PodRow, rows: Sequence[PodMatchRow]
        ) -> dict[int, tuple[int, int]] | None: ...
        def standings_text(
            self,
            pod: PodRow,
            seats: Sequence[PodSeatRow],
            rows: Sequence[PodMatchRow],
            *,
            final: bool,
            games: Mapping[int, tuple[int, int]] | None = None,
        ) -> str: ...

    @staticmethod
    def best_of(pod: PodRow) -> int:
        """Games per table: 1, or 3 when the pod was created with ``best_of`` 3 (``pods.config``)."""
        return int(pod.config.get("best_of") or 1)

    def _lock(self, pod_id: int) -> SharedLock:
        """The pod's lock; with several processes also held in the database (its rows are read
        anew under it, nothing of a pod in play is cached)."""
        return lock_in(self._locks, self.bot.db, self.bot.matches.shared, PODPLAY_SPACE, pod_id)

    def _spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def drain(self) -> None:
        """Wait until no pod work (rounds being paired or launched) is running (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("pod task failed", exc_info=task.exception(), extra={"ctx": {"task": task.get_name()}})

    async def _pod(self, pod_id: int) -> PodRow:
        pod = await self.store.pod(pod_id)
        if pod is None:
            raise PodError(f"There is no pod #{pod_id}.")
        return pod

    async def _channel(self, channel_id: int | None) -> Any:
        return await find_channel(
            self.bot, channel_id, discord.abc.Messageable, "pod channel", {"channel": channel_id}
        )

    async def _thread(self, pod: PodRow) -> Any:
        return await self._channel(pod.thread_id or pod.channel_id)

    async def _say(self, pod: PodRow, content: str, **kwargs: Any) -> discord.Message | None:
        thread = await self._thread(pod)
        if thread is None:
            return None
        msg: discord.Message = await thread.send(content[:2000], **kwargs)
        return msg

    @staticmethod
    def names(seats: Sequence[PodSeatRow]) -> dict[int, str]:
        return {s.seat: s.display_name + (" (bot)" if s.plays_as_ai else "") for s in seats}
