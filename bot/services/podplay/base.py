"""What every part of the pod service shares (``PodKit``): the pod lock, background tasks, the
seat names, ``PodError`` and the phrases for a pod's phase."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.db.database import Database
from bot.db.podplay import PodPlayStore, PodRow, PodSeatRow
from bot.services.shared import PODPLAY_SPACE, SharedLock, lock_in
from engines.core import CardhostError

log = logging.getLogger(__name__)


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


def best_of(pod: PodRow) -> int:
    """Games per table: 1, or 3 when the pod was created with ``best_of`` 3 (``pods.config``)."""
    return int(pod.config.get("best_of") or 1)


def names(seats: Sequence[PodSeatRow]) -> dict[int, str]:
    return {s.seat: s.display_name + (" (bot)" if s.plays_as_ai else "") for s in seats}


class PodKit:
    """The store, the pod locks and the background tasks every part of ``PodPlayService`` uses."""

    def __init__(self, store: PodPlayStore, db: Database, shared: Callable[[], bool]) -> None:
        self.store = store
        self.db = db
        self.shared = shared
        self.locks: dict[int, SharedLock] = {}
        self.tasks: set[asyncio.Task[Any]] = set()

    def lock(self, pod_id: int) -> SharedLock:
        """The pod's lock; with several processes also held in the database (its rows are read
        anew under it, nothing of a pod in play is cached)."""
        return lock_in(self.locks, self.db, self.shared(), PODPLAY_SPACE, pod_id)

    def spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def drain(self) -> None:
        """Wait until no pod work (rounds being paired or launched) is running (tests, shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("pod task failed", exc_info=task.exception(), extra={"ctx": {"task": task.get_name()}})

    async def pod(self, pod_id: int) -> PodRow:
        pod = await self.store.pod(pod_id)
        if pod is None:
            raise PodError(f"There is no pod #{pod_id}.")
        return pod
