"""After a restart: pods that were building or playing are brought up to date.

A best-of-3 table's series resumes itself (``SeriesService.restore``, run before this: the
between-games step re-armed, a game that ended meanwhile recorded); the pod records the table only
once its series is closed, and otherwise lets the current game's AI move on as for a single match."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.db.database import Database
from bot.db.podplay import PodMatchRow, PodRow
from bot.services.podplay.base import PodKit
from bot.services.podplay.deadline import BuildDeadline
from bot.services.podplay.notices import PodNotices
from bot.services.podplay.rounds import Rounds, series_winner

if TYPE_CHECKING:
    from bot.services.matches import MatchService
    from bot.services.series import SeriesService

log = logging.getLogger(__name__)


class Restart:
    """``resume()``: re-arm deadlines, record results that came in unheard, launch what waits."""

    def __init__(
        self,
        kit: PodKit,
        db: Database,
        matches: MatchService,
        series: SeriesService,
        rounds: Rounds,
        deadline: BuildDeadline,
        notices: PodNotices,
    ) -> None:
        self.kit = kit
        self.store = kit.store
        self.db = db
        self.matches = matches
        self.series = series
        self.rounds = rounds
        self.deadline = deadline
        self.notices = notices

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
            await self.rounds.maybe_start_rounds(pod.id)
            pod = await self.kit.pod(pod.id)
            if pod.status == "building":
                # Re-arm the deadline (one that passed while the bot was down fires at once); a pod
                # that was building before deadlines existed gets one from now.
                await self.deadline.set_deadline(pod)
            return
        async with self.kit.lock(pod.id):
            seats = await self.store.seats(pod.id)
            rows = [r for r in await self.store.matches(pod.id) if r.round == pod.round]
            if not rows:  # the pod went 'playing' but round 1 was never paired
                await self.rounds.next_round(pod, seats)
                return
            pending = [r for r in rows if r.status == "pending"]
            for r in rows:
                if r.status != "playing" or r.match_id is None:
                    continue
                found = await self.series.store.of_match(r.match_id)
                if found is not None:
                    await self._resume_series_table(pod, r)
                    continue
                match = await self.db.matches.get(r.match_id)
                if match.status != "active":
                    winner = await self.rounds.winner(r.match_id, r)
                    await self.store.record(r.match_id, winner)
                else:
                    await self._resume_match(pod, r, r.match_id)
            for r in pending:
                await self.rounds.launch(pod, seats, r)
        await self.rounds.advance(pod.id)

    async def _resume_series_table(self, pod: PodRow, row: PodMatchRow) -> None:
        """A best-of-3 table: record it if its series closed while nobody listened; else move its
        current game on (between games and games that ended meanwhile are ``series.restore``'s)."""
        assert row.match_id is not None
        found = await self.series.store.of_match(row.match_id)
        assert found is not None
        series = found[0]
        if not series.is_open:
            await self.store.record(row.match_id, series_winner(series, row))
            return
        if series.status != "playing":
            return
        current = (await self.series.store.games(series.id))[-1]
        match = await self.db.matches.get(current.match_id)
        if current.status == "playing" and match.status == "active":
            await self._resume_match(pod, row, current.match_id)

    async def _resume_match(self, pod: PodRow, row: PodMatchRow, match_id: int) -> None:
        """An active match of a table: open its thread if the launch never did, or let the AI play
        if it is the AI's move (a bot-vs-bot table plays on)."""
        match = await self.db.matches.get(match_id)
        live = await self.matches.get(match_id)
        if match.thread_id is None:
            posted = await self.notices.table_message(
                pod,
                f"🎴 **{pod.title}** · round {row.round} · table {row.table_no} (resumed)",
                match.channel_id,
            )
            if posted is not None:
                turn = float(pod.config.get("turn_seconds") or self.rounds.turn_seconds(live.game))
                await self.notices.launch(live, posted[1], turn)
        elif live.active and all(live.seats[p].is_ai for p in live.current):
            await self.notices.play_ai(live)
