"""``DraftService``: drafting, made of its parts (each held as an attribute, none a mixin)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

from bot.db.drafts import DraftStore
from bot.services.clock import now
from bot.services.drafts.base import DraftPods, LivePod, Plan
from bot.services.drafts.clocks import PickClocks
from bot.services.drafts.draftlog import DraftLog
from bot.services.drafts.lobby import Lobby
from bot.services.drafts.notices import BuildingStarter, DraftNotices
from bot.services.drafts.picking import Picking
from bot.services.drafts.takeover import Takeover
from engines.core import CardhostError
from engines.draft import pod as engine

log = logging.getLogger(__name__)


class DraftService:
    """One per bot (``bot.drafts``), built in ``bot/client.py`` with its store and what tells
    Discord (``notices``: ``bot/surfaces/draft.py``). Its parts: ``pods`` (the running pods in
    memory), ``clocks`` (pick clocks), ``picking`` (every change and what follows it),
    ``takeover`` (a bot drafting for a seat), ``lobby`` (creating and starting pods), ``log``
    (``/draft log``). It takes ids and returns what changed; it never sees Discord."""

    def __init__(self, store: DraftStore, *, shared: Callable[[], bool], notices: DraftNotices) -> None:
        self.store = store
        self.pods = DraftPods(store, shared)
        self.clocks = PickClocks(self.pods, self.store, notices)
        self.picking = Picking(self.pods, self.store, self.clocks, notices)
        self.takeover = Takeover(self.pods, self.picking, notices)
        self.clocks.expire = self.takeover.expire
        self.seed_source: Callable[[], int] = lambda: random.SystemRandom().getrandbits(62)
        self.lobby = Lobby(self.pods, self.store, self.picking, lambda: self.seed_source())
        self.log = DraftLog(self.store)

    @property
    def building(self) -> BuildingStarter | None:
        return self.picking.building

    @building.setter
    def building(self, starter: BuildingStarter | None) -> None:
        """What takes a pod over when its pools are ready (``bot.podplay``)."""
        self.picking.building = starter

    async def get(self, pod_id: int) -> LivePod:
        return await self.pods.get(pod_id)

    async def current(self, pod_id: int) -> LivePod:
        return await self.pods.current(pod_id)

    def forget(self, pod_id: int) -> None:
        self.pods.forget(pod_id)

    async def pod_for(
        self, pod_id: int | None, channel_id: int | None, user_id: int, statuses: Sequence[str]
    ) -> int:
        return await self.pods.pod_for(pod_id, channel_id, user_id, statuses)

    async def submit(self, pod_id: int, user_id: int, ref_text: str, card: str) -> tuple[LivePod, Plan]:
        return await self.picking.submit(pod_id, user_id, ref_text, card)

    async def after_change(self, live: LivePod, plan: Plan, *, first: int | None = None) -> None:
        await self.picking.after_change(live, plan, first=first)

    async def leave(self, pod_id: int, user_id: int) -> str:
        return await self.takeover.leave(pod_id, user_id)

    async def reclaim(self, pod_id: int, user_id: int) -> str:
        return await self.takeover.reclaim(pod_id, user_id)

    async def resume(self, pod_id: int, user_id: int) -> str:
        """A paused pod goes on: the asker's seat is theirs again (``Takeover.reclaim``)."""
        return await self.takeover.reclaim(pod_id, user_id, resume=True)

    async def draft_log(self, pod_id: int, user_id: int) -> tuple[str, dict[str, Any], str, str]:
        return await self.log.draft_log(pod_id, user_id)

    def cancel_all(self) -> None:
        self.clocks.cancel_all()

    async def take_over_overdue(self) -> int:
        return await self.clocks.take_over_overdue()

    async def restore(self) -> int:
        """After a start-up: re-arm every stored pick clock, let bot seats pick what they hold, give
        a clock to a player's pack that has none. Returns how many clocks run."""
        for pod_id in await self.store.pods_in(("drafting",)):
            try:
                live = await self.pods.get(pod_id)
                if live.state is None:
                    continue
                async with live.lock:
                    t = now()
                    plan = self.picking.plan(live, [], t)
                    if plan.rows or plan.clocks:
                        await self.picking.commit(live, plan, t)
                if plan.rows or engine.is_done(live.state):
                    await self.picking.after_change(live, plan)
            except CardhostError as exc:
                log.warning("pod not resumed", extra={"ctx": {"pod": pod_id, "error": str(exc)}})
        count = 0
        for clock in await self.store.clocks():
            if not self.clocks.is_armed(clock.pod_id, clock.seat):
                self.clocks.arm(clock.pod_id, clock.seat, clock.deadline, warned=clock.warned)
            count += 1
        return count
