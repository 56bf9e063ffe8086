"""What the draft service tells Discord, as a ``Protocol``: ``bot/surfaces/draft.py`` implements
it and ``bot/client.py`` hands it to the service, so the timers and background work that must post
(a warning, a bot's pick, the draft's end) reach Discord without the service importing it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.services.drafts.base import LivePod


class DraftNotices(Protocol):
    async def say(self, live: LivePod, text: str, *, ping: Iterable[int | None] = ()) -> None:
        """A line in the pod's thread (pinging ``ping``)."""

    async def paused(self, live: LivePod, last: str | None) -> None:
        """The pod just paused (nobody picks any more; ``last``: whose clock ran out last): tell the
        host and the players in the thread how to resume (a **Resume** button, ``/draft resume``)."""

    async def panels(self, live: LivePod, seats: Sequence[int]) -> None:
        """Bring these seats' private pack panels (by DM) up to the pod, in this order."""

    async def pack_waiting(self, live: LivePod, seat: int) -> None:
        """An async pod: tell the seat's player a pack reached them."""

    async def progress(self, live: LivePod, *, wait: bool = False) -> None:
        """Bring the pod's progress message up to the pod (``wait``: until Discord has it)."""


class BuildingStarter(Protocol):
    """What takes a pod over when its pools are ready (``PodPlayService``)."""

    async def start_building(self, pod_id: int) -> None: ...
