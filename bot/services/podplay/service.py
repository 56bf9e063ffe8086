"""``PodPlayService``: the pod after its draft, made of its parts (each held as an attribute,
none a mixin)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.db.database import Database
from bot.db.podplay import PodMatchRow, PodPlayStore, PodRow
from bot.services.podplay.base import PodKit
from bot.services.podplay.building import DeckBuilding
from bot.services.podplay.deadline import BuildDeadline
from bot.services.podplay.notices import PodNotices
from bot.services.podplay.restart import Restart
from bot.services.podplay.rounds import Rounds
from bot.services.podplay.standings import Standings

if TYPE_CHECKING:
    from bot.services.matches import MatchService
    from bot.services.series import SeriesService


class PodPlayService:
    """One per bot (``bot.podplay``), built in ``bot/client.py`` with the database, the match and
    series services, what tells Discord (``notices``: ``bot/surfaces/pod.py``) and the draft's
    ``forget``. Its parts: ``kit`` (store, locks, tasks), ``building`` (deck building),
    ``deadline`` (its time limit), ``rounds`` (pairing, matches, results), ``standings`` and
    ``restart``. It takes ids and returns what changed; it never sees Discord."""

    def __init__(
        self,
        db: Database,
        *,
        matches: MatchService,
        series: SeriesService,
        notices: PodNotices,
        turn_seconds: Callable[[str], float],
        forget_draft: Callable[[int], None],
    ) -> None:
        self.store = PodPlayStore(db)
        self.kit = PodKit(self.store, db, lambda: matches.shared)
        self.building = DeckBuilding(self.kit, notices)
        self.deadline = BuildDeadline(self.kit, notices, self.building.save_to_library)
        self.standings = Standings(self.store, series.store, db)
        self.rounds = Rounds(
            self.kit, db, series, self.standings, notices,
            turn_seconds=turn_seconds, cancel_build=self.deadline.cancel, forget_draft=forget_draft,
        )  # fmt: skip
        self.restart = Restart(self.kit, db, matches, series, self.rounds, self.deadline, notices)
        self.building.set_deadline = self.deadline.set_deadline
        self.building.maybe_start_rounds = self.rounds.maybe_start_rounds
        self.deadline.start_rounds = self.rounds.start_rounds
        matches.finish_listeners.append(self.rounds.on_match_finished)
        series.finish_listeners.append(self.rounds.on_series_finished)

    async def start_building(self, pod_id: int) -> None:
        """The draft is over (or the sealed pools are open): deck building starts."""
        await self.building.start_building(pod_id)

    async def maybe_start_rounds(self, pod_id: int) -> None:
        await self.rounds.maybe_start_rounds(pod_id)

    async def close_building(
        self, pod_id: int, *, by: str | None = None, deadline: float | None = None
    ) -> list[str]:
        return await self.deadline.close_building(pod_id, by=by, deadline=deadline)

    async def set_result(
        self, pod_id: int, round_no: int, table_no: int, winner: int | None, *, by: int, by_name: str
    ) -> PodMatchRow:
        return await self.rounds.set_result(pod_id, round_no, table_no, winner, by=by, by_name=by_name)

    async def status_text(self, pod: PodRow) -> str:
        return await self.standings.status_text(pod)

    async def resume(self) -> None:
        await self.restart.resume()

    async def drain(self) -> None:
        await self.kit.drain()

    def cancel_all(self) -> None:
        self.deadline.cancel_all()

    async def take_over_overdue(self) -> int:
        return await self.deadline.take_over_overdue()
