"""With several processes on one database: a process that dies leaves its timers behind.

Each process arms the turn clocks, pick clocks, deck-building and between-games deadlines of the
changes it made. Every ``clock_poll_seconds`` each process looks for deadlines that ran out more
than ``TAKEOVER_GRACE`` ago and runs them itself; what runs them checks the stored deadline under
the lock of its match, pod or series (``bot.services.shared``), so each runs out once however many
processes find it. One process alone has nothing to take over and does not poll.

The poll is given what it looks through (each service's ``take_over_overdue``) and how to repeat
(``bot/client.py`` hands it discord.py's task loop: reconnect-safe, and what test Discords know as
a background timer), so it needs neither the bot nor discord.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

log = logging.getLogger(__name__)

Overdue = Callable[[], Awaitable[int]]
"""One kind of deadline's look: runs those overdue, returns how many."""


class Repeater(Protocol):
    """A background loop (``discord.ext.tasks.Loop``)."""

    def start(self) -> object: ...

    def cancel(self) -> None: ...

    def is_running(self) -> bool: ...


class TakeoverPoll:
    def __init__(
        self,
        deadlines: Sequence[tuple[str, Overdue]],
        repeat: Callable[[Callable[[], Coroutine[Any, Any, int]]], Repeater],
        *,
        shares_database: bool,
    ) -> None:
        """``deadlines``: (what, its look) per kind; ``repeat`` makes the loop that calls
        :meth:`once` every ``clock_poll_seconds``; ``shares_database``: whether to poll at all."""
        self.deadlines = tuple(deadlines)
        self.shares_database = shares_database
        self._loop = repeat(self.once)

    def start(self) -> None:
        if self.shares_database and not self._loop.is_running():
            self._loop.start()

    def stop(self) -> None:
        self._loop.cancel()

    async def once(self) -> int:
        """One look for overdue deadlines of every kind; returns how many this process took."""
        taken = 0
        for name, take in self.deadlines:
            try:
                taken += await take()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("takeover poll failed", extra={"ctx": {"deadlines": name}})
        return taken
