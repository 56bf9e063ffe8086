"""One timer for many deadlines: a heap and a single sleeping task, instead of a task per clock.

A bot hosting thousands of matches armed one asyncio task per turn clock; a restart created them
all at once (10,000 tasks for 10,000 stored clocks) before it could answer anyone. Here a restart
only fills a heap. The one runner task sleeps until the earliest deadline, starts that job in its
own task and sleeps again; scheduling something earlier wakes it by restarting it. Time is read
through the clock function given (discord.py's ``utcnow`` in the bot, which the offline test
Discord moves), and the runners wait only through ``wait_until_due``, so virtual time drives them
in tests.

Every long timer of the bot is such a queue: turn clocks, pick clocks, deck-building deadlines and
the time between a series' games. simcord also ends a plain ``asyncio.sleep`` (or a loop timer
handle) on real time, so on a slow machine a two-minute pick clock ran out in the middle of a
test that took longer than that; the test Discord's fixture sets ``wait_until_due`` to a wait that
only its virtual clock ends (``tests/bot/conftest.py``).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable, Hashable, Iterator

from bot.log import log_context

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]

wait_until_due: Callable[[float], Awaitable[None]] = asyncio.sleep
"""How a runner waits ``delay`` seconds for its earliest deadline (see the module's docstring)."""


class DeadlineQueue:
    """Jobs by key, each due at a time; scheduling a key again replaces its job (no duplicates)."""

    def __init__(self, name: str, clock: Callable[[], float]) -> None:
        self.name = name
        self._clock = clock
        self._entries: dict[Hashable, tuple[float, int, Job]] = {}
        self._heap: list[tuple[float, int, Hashable]] = []
        self._order = itertools.count()
        self._runner: asyncio.Task[None] | None = None
        self._wake_at: float | None = None
        self._jobs: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[Hashable]:
        return iter(list(self._entries))

    def due(self, key: Hashable) -> float | None:
        entry = self._entries.get(key)
        return entry[0] if entry is not None else None

    def schedule(self, key: Hashable, when: float, job: Job) -> None:
        n = next(self._order)
        self._entries[key] = (when, n, job)
        heapq.heappush(self._heap, (when, n, key))
        if len(self._heap) > 2 * len(self._entries) + 64:
            # Replaced and cancelled entries stay in the heap until they reach its top: compact.
            self._heap = [(w, m, k) for k, (w, m, _) in self._entries.items()]
            heapq.heapify(self._heap)
        if self._runner is None or self._runner.done():
            self._restart()
        elif self._wake_at is not None and when < self._wake_at:
            self._restart()  # asleep until later than this: wake it (a runner not yet started reads the heap)

    def cancel(self, key: Hashable) -> None:
        self._entries.pop(key, None)
        if not self._entries and self._runner is not asyncio.current_task():
            # Nothing left to wait for: stop the runner rather than let it sleep until the deadline
            # just cancelled (a test Discord that waits for the bot's timers waited for that one).
            # A schedule() after this starts a new runner.
            self._heap.clear()
            if self._runner is not None:
                self._runner.cancel()
                self._runner = None
            self._wake_at = None

    def close(self) -> None:
        """Stop the runner and every job still running (the bot is closing)."""
        self._entries.clear()
        self._heap.clear()
        if self._runner is not None and self._runner is not asyncio.current_task():
            self._runner.cancel()
        for task in list(self._jobs):
            if task is not asyncio.current_task():
                task.cancel()

    def _restart(self) -> None:
        if (
            self._runner is not None
            and not self._runner.done()
            and self._runner is not asyncio.current_task()
        ):
            self._runner.cancel()
        self._wake_at = None
        with log_context(match=None):  # the runner and its jobs outlive the match that started it
            self._runner = asyncio.create_task(self._run(), name=f"{self.name}-deadlines")

    def _live(self, item: tuple[float, int, Hashable]) -> bool:
        entry = self._entries.get(item[2])
        return entry is not None and entry[1] == item[1]

    async def _run(self) -> None:
        # Between two sleeps the runner never yields, so ``_wake_at`` is exact whenever another task
        # looks at it: None until the first sleep, then the time it sleeps until.
        while True:
            while self._heap and not self._live(self._heap[0]):
                heapq.heappop(self._heap)
            if not self._heap:
                self._wake_at = None
                return
            when, _, key = self._heap[0]
            delay = when - self._clock()
            if delay > 0:
                self._wake_at = when
                await wait_until_due(delay)
                continue
            heapq.heappop(self._heap)
            _, _, job = self._entries.pop(key)
            task = asyncio.create_task(self._guarded(key, job), name=f"{self.name}-{key}")
            self._jobs.add(task)
            task.add_done_callback(self._jobs.discard)

    async def _guarded(self, key: Hashable, job: Job) -> None:
        try:
            await job()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("deadline job failed", extra={"ctx": {"queue": self.name, "key": str(key)}})
