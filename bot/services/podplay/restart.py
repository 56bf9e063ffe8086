"""After a restart: pods that were building or playing are brought up to date."""

from __future__ import annotations

import asyncio
import logging

from bot.db.podplay import PodRow
from bot.services.podplay.base import PodBase

log = logging.getLogger(__name__)


class Restart(PodBase):
    """``resume()``: re-arm deadlines, record results that came in unheard, launch what waits."""

    async def resume(self) -> None:
        """After a restart: bring every building or playing pod up to date (see the module doc)."""
        for pod in await self.store.pods_with_status(["building", "playing"]):
            try:
                await self._resume_pod(pod)
            except Exception:
                log.exception("pod resume failed", extra={"ctx": {"pod": pod.id}})

    async def _resume_pod(self, pod: PodRow) -> None:
        from engines.draft.autobuild import build_deck

        if pod.status == "building":
            for s in await self.store.seats(pod.id):
                if s.plays_as_ai and not s.submitted and s.pool:
                    await self.store.submit(pod.id, s.seat, await asyncio.to_thread(build_deck, s.pool), None)
            await self.maybe_start_rounds(pod.id)
            pod = await self._pod(pod.id)
            if pod.status == "building":
                # Re-arm the deadline (one that passed while the bot was down fires at once); a pod
                # that was building before deadlines existed gets one from now.
                await self._set_deadline(pod)
            return
        async with self._lock(pod.id):
            seats = await self.store.seats(pod.id)
            rows = [r for r in await self.store.matches(pod.id) if r.round == pod.round]
            if not rows:  # the pod went 'playing' but round 1 was never paired
                await self._next_round(pod, seats)
                return
            pending = [r for r in rows if r.status == "pending"]
            for r in rows:
                if r.status != "playing" or r.match_id is None:
                    continue
                match = await self.bot.db.matches.get(r.match_id)
                if match.status != "active":
                    winner = await self._winner(r.match_id, r)
                    await self.store.record(r.match_id, winner)
                elif match.thread_id is None:
                    live = await self.bot.matches.get(r.match_id)
                    channel = await self._channel(match.channel_id)
                    if channel is not None:
                        msg = await channel.send(
                            f"🎴 **{pod.title}** · round {r.round} · table {r.table_no} (resumed)"
                        )
                        await self.bot.lobbies.launch(live, msg, float(self.bot.settings.turn_seconds))
                else:
                    live = await self.bot.matches.get(r.match_id)
                    if live.active and all(live.seats[p].is_ai for p in live.current):
                        report = await self.bot.matches.run_ai_seats(live)
                        await self.bot.table.after_report(report)
            for r in pending:
                await self._launch(pod, seats, r)
        await self.advance(pod.id)
