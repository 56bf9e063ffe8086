"""After a start-up: running drafts are brought up to date and their pick clocks re-armed."""

from __future__ import annotations

import logging

from bot.services.clock import now
from bot.services.drafts.picking import Picking
from engines.core import CardhostError
from engines.draft import pod as engine

log = logging.getLogger(__name__)


class Restart(Picking):
    """``restore()``: bots pick what they hold, clocks run again, a stranded pack gets a clock."""

    async def restore(self) -> int:
        """After a start-up: re-arm every stored pick clock, let bot seats pick what they hold, give
        a clock to a player's pack that has none. Returns how many clocks run."""
        for pod_id in await self.store.pods_in(("drafting",)):
            try:
                live = await self.get(pod_id)
                if live.state is None:
                    continue
                async with live.lock:
                    t = now()
                    plan = self._plan(live, [], t)
                    if plan.rows or plan.clocks:
                        await self._commit(live, plan, t)
                if plan.rows or engine.is_done(live.state):
                    await self._after_change(live, plan)
            except CardhostError as exc:
                log.warning("pod not resumed", extra={"ctx": {"pod": pod_id, "error": str(exc)}})
        count = 0
        for clock in await self.store.clocks():
            if (clock.pod_id, clock.seat) not in self._clock_handles:
                self._arm_clock(clock.pod_id, clock.seat, clock.deadline, warned=clock.warned)
            count += 1
        return count
