"""With several processes on one database: a process that dies leaves its timers behind.

Each process arms the turn clocks, pick clocks, deck-building and between-games deadlines of the
changes it made. Every ``clock_poll_seconds`` each process looks for deadlines that ran out more
than ``TAKEOVER_GRACE`` ago and runs them itself; what runs them checks the stored deadline under
the lock of its match, pod or series (``bot.services.shared``), so each runs out once however many
processes find it. One process alone has nothing to take over and does not poll.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from discord.ext import tasks

if TYPE_CHECKING:
    from bot.client import CardhostBot

log = logging.getLogger(__name__)


class TakeoverPoll:
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot
        # discord.py's task loop: reconnect-safe, and what test Discords know as a background timer
        self._loop = tasks.loop(seconds=bot.settings.clock_poll_seconds)(self.once)

    def start(self) -> None:
        if self.bot.settings.shares_database and not self._loop.is_running():
            self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

    async def once(self) -> int:
        """One look for overdue deadlines of every kind; returns how many this process took."""
        taken = 0
        bot = self.bot
        for name, take in (
            ("turn clocks", bot.clocks.take_over_overdue),
            ("pick clocks", bot.drafts.take_over_overdue),
            ("deck building", bot.podplay.take_over_overdue),
            ("between games", bot.series.take_over_overdue),
        ):
            try:
                taken += await take()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("takeover poll failed", extra={"ctx": {"deadlines": name}})
        return taken
