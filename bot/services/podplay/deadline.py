"""Deck building has a time limit so that one absent player cannot hold the pod forever: 20 minutes
(24 hours for an async pod; ``build_minutes`` in ``pods.config`` overrides either), stored in
``pods.build_deadline`` and kept as loop timer handles (re-armed by ``resume()``; a deadline that
passed while the bot was down fires at once). The players still building are warned in the pod
thread two minutes before (not in async pods, nor when the limit is shorter than twice that). When
it runs out, or when the host or a moderator uses ``/pod start``, every seat without a submitted
deck gets the AI's build of its pool (the panel's Auto-build), saved to the player's library as a
submit would, and the rounds start. The player still plays their own matches (the match clock
hands an absent player's turn to the AI). The pod lock serialises this with a player's Submit, so
the rounds cannot start twice and a deck cannot change under the auto-build.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.db.decks import DeckRow
from bot.db.podplay import PodRow, PodSeatRow
from bot.services.clock import TAKEOVER_GRACE, now
from bot.services.deadlines import DeadlineQueue
from bot.services.podplay.base import PHASES, PodError, PodKit, when
from bot.services.podplay.notices import PodNotices

log = logging.getLogger(__name__)

BUILD_MINUTES = 20.0
ASYNC_BUILD_MINUTES = 24 * 60.0
BUILD_WARN_SECONDS = 120.0
"""The warning before deck building ends comes this long before the deadline."""


def build_seconds(config: dict[str, Any]) -> float:
    """How long deck building may take: ``build_minutes`` if set, else 24 hours for an async pod
    (players come and go over a day), else 20 minutes."""
    raw = config.get("build_minutes")
    try:
        minutes = float(raw) if raw is not None else None
    except (TypeError, ValueError):
        minutes = None
    if minutes is None or minutes <= 0:
        minutes = ASYNC_BUILD_MINUTES if config.get("async") else BUILD_MINUTES
    return minutes * 60.0


async def _unset(*args: object) -> None:
    raise RuntimeError("the deck-building deadline was given no rounds to start")


class BuildDeadline:
    """The deck-building deadline: its timers, the warning, and closing deck building."""

    def __init__(
        self,
        kit: PodKit,
        notices: PodNotices,
        save_to_library: Callable[[PodRow, PodSeatRow, Sequence[str]], Awaitable[DeckRow]],
    ) -> None:
        self.kit = kit
        self.store = kit.store
        self.notices = notices
        self.save_to_library = save_to_library
        self.queue = DeadlineQueue("build-deadlines", now)
        """Keyed (pod, expire): the warning (False) and the end (True). The test Discord's virtual
        time alone ends its waits (``bot/services/deadlines.py``)."""
        self.start_rounds: Callable[[int], Awaitable[None]] = _unset
        """``Rounds.start_rounds`` (for a caller that holds the pod lock)."""

    async def set_deadline(self, pod: PodRow) -> PodRow:
        """Give the pod its deck-building deadline (kept when it has one: ``start_building`` may run
        again) and arm its timers; returns the pod as stored."""
        if pod.build_deadline is None:
            await self.store.set_build_deadline(pod.id, now() + build_seconds(pod.config))
            pod = await self.kit.pod(pod.id)
        assert pod.build_deadline is not None
        self._arm_build(pod.id, pod.build_deadline, warn=not pod.config.get("async"))
        return pod

    def _arm_build(self, pod_id: int, deadline: float, *, warn: bool) -> None:
        """Queue entries (not sleeping tasks), like the draft's pick clocks: cheap to cancel when the
        last deck comes in. The warning only when there is time for it to be any use."""
        self.cancel(pod_id)
        for expire in (False, True):
            if not expire and (not warn or deadline - now() < 2 * BUILD_WARN_SECONDS):
                continue
            when = deadline if expire else deadline - BUILD_WARN_SECONDS

            async def fire(expire: bool = expire) -> None:
                self._fire_build(pod_id, deadline, expire)

            self.queue.schedule((pod_id, expire), when, fire)

    @property
    def handles(self) -> dict[int, list[tuple[int, bool]]]:
        """The armed entries by pod, read off the queue (nothing kept beside it)."""
        armed: dict[int, list[tuple[int, bool]]] = {}
        for key in self.queue:
            assert isinstance(key, tuple)
            armed.setdefault(key[0], []).append(key)
        return armed

    def cancel(self, pod_id: int) -> None:
        for expire in (False, True):
            self.queue.cancel((pod_id, expire))

    def cancel_all(self) -> None:
        """At shutdown: no timer of this process may fire into the next one's database."""
        self.queue.close()

    def _fire_build(self, pod_id: int, deadline: float, expire: bool) -> None:
        if expire:
            self.kit.spawn(self._expire_build(pod_id, deadline), f"pod-{pod_id}-build-expire")
        else:
            self.kit.spawn(self._warn_build(pod_id, deadline), f"pod-{pod_id}-build-warn")

    async def _warn_build(self, pod_id: int, deadline: float) -> None:
        pod = await self.store.pod(pod_id)
        if pod is None or pod.status != "building" or pod.build_deadline != deadline:
            return
        waiting = [s for s in await self.store.seats(pod_id) if not s.plays_as_ai and not s.submitted]
        if not waiting or not await self.store.claim_build_warning(pod_id, deadline):
            return  # nobody to warn, or another process's timer warned them
        who = " ".join(f"<@{s.user_id}>" for s in waiting)
        minutes = max(1, round((deadline - now()) / 60))
        await self.notices.say(
            pod,
            f"⏰ {who}: deck building for {pod.title} ends {when(deadline)} "
            f"(about {minutes} minute{'s' if minutes != 1 else ''}). **Submit** your deck by then, or "
            "the AI builds one from your pool.",
            ping=(s.user_id for s in waiting),
        )

    async def take_over_overdue(self) -> int:
        """Close deck building of the pods whose deadline passed more than ``TAKEOVER_GRACE`` ago
        (the process that armed it is gone); ``close_building`` checks under the pod's lock, so
        building closes once. Returns how many."""
        overdue = await self.store.overdue_builds(now() - TAKEOVER_GRACE)
        overdue = [(p, d) for p, d in overdue if not (p in self.kit.locks and self.kit.locks[p].locked())]
        for pod_id, deadline in overdue:
            self.cancel(pod_id)
            self._fire_build(pod_id, deadline, True)
        return len(overdue)

    async def _expire_build(self, pod_id: int, deadline: float) -> None:
        try:
            await self.close_building(pod_id, deadline=deadline)
        except PodError as exc:  # the rounds started meanwhile, or the pod is gone
            log.info("build deadline moot", extra={"ctx": {"pod": pod_id, "why": str(exc)}})

    async def close_building(
        self, pod_id: int, *, by: str | None = None, deadline: float | None = None
    ) -> list[str]:
        """End deck building now (the deadline, or ``/pod start`` by ``by``): the AI builds a deck
        from the pool of every seat that has none submitted (a player's goes to their library, as
        a submit would), then the rounds start. Returns the players whose deck the AI built.

        All of it under the pod lock, the lock a Submit and ``maybe_start_rounds`` take: a deck
        submitted meanwhile is kept, and the rounds start exactly once. ``deadline``: only if it is
        still the pod's (a stale timer does nothing)."""
        from engines.draft.autobuild import build_deck

        async with self.kit.lock(pod_id):
            pod = await self.kit.pod(pod_id)
            if pod.status != "building":
                raise PodError(f"{pod.title} is not building decks: it is {PHASES[pod.status]}.")
            if deadline is not None and pod.build_deadline != deadline:
                return []
            built: list[str] = []
            for s in await self.store.seats(pod_id):
                if s.submitted or not s.pool:
                    continue
                deck = await asyncio.to_thread(build_deck, s.pool)
                if s.plays_as_ai:
                    await self.store.submit(pod_id, s.seat, deck, None)
                    continue
                saved = await self.save_to_library(pod, s, deck)
                await self.store.submit(pod_id, s.seat, deck, saved.id)
                built.append(s.display_name)
                await self.notices.tell_auto_built(pod, s, saved.name, len(deck))
            self.cancel(pod_id)
            head = f"⏩ {by} closed deck building" if by is not None else "⌛ Deck building time is up"
            if built:
                await self.notices.say(
                    pod,
                    f"{head}: the AI built decks for {', '.join(built)}. The decks are saved in their "
                    "libraries; each player still plays their own matches.",
                )
            else:
                await self.notices.say(pod, f"{head}.")
            log.info("pod building closed", extra={"ctx": {"pod": pod_id, "by": by, "built": built}})
            await self.start_rounds(pod_id)
        return built
