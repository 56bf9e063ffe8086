"""Pick clocks (R86): a warning before a pick runs out (on the picker's DM panel), then the bot
picks for the seat.

A clock is a ``pod_clocks`` row (seat -> deadline) and, while the bot runs, two entries in one
``DeadlineQueue`` (the warning and the end), whose waits the test Discord's virtual time alone
ends (``bot/services/deadlines.py``). ``Picking.commit`` arms and cancels them as packs move;
``DraftService.restore`` re-arms them from the rows at start-up, so a pick that ran out while
the bot was down is settled when it is back. What running out does (the bot's pick, the takeover
after ``TAKEOVER_AFTER`` misses) is ``Takeover.expire``, handed to the clocks as ``expire``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.db.drafts import DraftStore
from bot.services.clock import TAKEOVER_GRACE, now
from bot.services.deadlines import DeadlineQueue
from bot.services.drafts.base import DraftPods, LivePod
from bot.services.drafts.notices import DraftNotices
from bot.services.drafts.timing import WARN_SECONDS

log = logging.getLogger(__name__)


async def _unset(pod_id: int, seat: int, deadline: float) -> None:
    raise RuntimeError("the pick clocks were given nothing to run out")


class PickClocks:
    """Arming, cancelling and firing pick clocks; the warning on the picker's panel."""

    def __init__(self, pods: DraftPods, store: DraftStore, notices: DraftNotices) -> None:
        self.pods = pods
        self.store = store
        self.notices = notices
        self.queue = DeadlineQueue("pick-clocks", now)
        """Keyed (pod, seat, expire): a seat's warning (False) and its end (True)."""
        self.runs: set[asyncio.Task[None]] = set()
        self.expire: Callable[[int, int, float], Awaitable[None]] = _unset
        """What a pick that ran out does (``Takeover.expire``)."""
        pods.on_refresh = self.drop_unheld

    def arm(self, pod_id: int, seat: int, deadline: float, *, warned: bool) -> None:
        """Queue entries (not a sleeping task per clock): re-arming a clock on every pick stays
        cheap."""
        self.cancel(pod_id, seat)
        for expire in (False, True):
            if not expire and (warned or deadline - now() < 2 * WARN_SECONDS):
                continue
            when = deadline if expire else deadline - WARN_SECONDS

            async def event(expire: bool = expire) -> None:
                await self._clock_event(pod_id, seat, deadline, expire)

            self.queue.schedule((pod_id, seat, expire), when, event)

    def is_armed(self, pod_id: int, seat: int) -> bool:
        return (pod_id, seat, True) in self.queue

    @property
    def handles(self) -> dict[tuple[int, int], list[tuple[int, int, bool]]]:
        """The armed entries by (pod, seat), read off the queue (nothing kept beside it)."""
        armed: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}
        for key in self.queue:
            assert isinstance(key, tuple)
            armed.setdefault((key[0], key[1]), []).append(key)
        return armed

    def cancel(self, pod_id: int, seat: int) -> None:
        for expire in (False, True):
            self.queue.cancel((pod_id, seat, expire))

    def drop_unheld(self, live: LivePod) -> None:
        """After another process changed the pod: no timer for a seat that has no clock now."""
        for key in [k for k in self.handles if k[0] == live.id and k[1] not in live.deadlines]:
            self.cancel(*key)

    def cancel_all(self) -> None:
        self.queue.close()
        for task in list(self.runs):
            task.cancel()

    def _fire(self, pod_id: int, seat: int, deadline: float, expire: bool) -> None:
        task = asyncio.create_task(
            self._clock_event(pod_id, seat, deadline, expire), name=f"pod-clock-{pod_id}-{seat}"
        )
        self.runs.add(task)
        task.add_done_callback(self.runs.discard)

    async def _clock_event(self, pod_id: int, seat: int, deadline: float, expire: bool) -> None:
        try:
            if expire:
                await self.expire(pod_id, seat, deadline)
            else:
                await self._warn(pod_id, seat, deadline)
        except Exception:
            log.exception("pick clock failed", extra={"ctx": {"pod": pod_id, "seat": seat}})

    async def _warn(self, pod_id: int, seat_no: int, deadline: float) -> None:
        live = await self.pods.get(pod_id)
        async with live.lock:  # the stored clock, with several processes
            if live.deadlines.get(seat_no) != deadline or live.row.config.get("async"):
                return
            # conditional: of several processes whose timers ran out together, one warns
            if not await self.store.claim_warning(pod_id, seat_no, deadline):
                return
            live.warned[seat_no] = deadline
        seat = live.seats[seat_no]
        if seat_no not in live.dm_failed:
            # Where they pick: their DM panel, edited (not a ping in the thread for everyone).
            async with live.lock.across_processes():
                await self.notices.panels(live, [seat_no])
            return
        left = max(1, round(deadline - now()))
        await self.notices.say(  # closed DMs: they pick in the thread (Open my pack), so it is said there
            live,
            f"⏰ <@{seat.user_id}>, {left} seconds left for your pick; then the bot picks for you.",
            ping=[seat.user_id],
        )

    async def take_over_overdue(self) -> int:
        """Run the pick clocks that ran out more than ``TAKEOVER_GRACE`` ago, which no timer of this
        process is about to run (another process armed them and is gone). ``expire`` checks the
        stored clock under the pod's lock, so each runs out once. Returns how many."""
        t = now()
        taken = 0
        for clock in await self.store.clocks():
            held = self.pods.live.get(clock.pod_id)
            if clock.deadline >= t - TAKEOVER_GRACE or (held is not None and held.lock.locked()):
                continue
            self.cancel(clock.pod_id, clock.seat)
            self._fire(clock.pod_id, clock.seat, clock.deadline, True)
            taken += 1
        if taken:
            log.info("pick clocks taken over", extra={"ctx": {"clocks": taken}})
        return taken
