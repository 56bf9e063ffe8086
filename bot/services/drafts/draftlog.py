"""``/draft log``: the picks a player may read now, as a JSON file and as text.

While the draft runs nobody reads another drafter's picks (R85); after it each drafter gets their
own picks, and once the pod is finished everyone gets the whole pod's log with its seed.
"""

from __future__ import annotations

from typing import Any

from bot.db.drafts import DraftStore
from bot.services.drafts.base import DraftServiceError, set_code


class DraftLog:
    """The pod's pick log for one reader."""

    def __init__(self, store: DraftStore) -> None:
        self.store = store

    async def draft_log(self, pod_id: int, user_id: int) -> tuple[str, dict[str, Any], str, str]:
        """(file name, JSON data, text, a sentence) of the log ``user_id`` may read now (see
        bot/cogs/draft.py: own picks after the draft, everything once the pod is finished)."""
        from engines.draft.draftlog import PickRecord, PodLogInfo, log_json, log_text

        row = await self.store.get(pod_id)
        if row.kind != "draft":
            raise DraftServiceError(
                "A sealed pod has no picks to log: each pool was opened from six boosters."
            )
        if row.status in ("lobby", "drafting"):
            raise DraftServiceError(
                "The draft log is available once the draft is over: nobody may see another drafter's "
                "picks while it runs (and your own picks are listed in your pack panel)."
            )
        picks = await self.store.picks(pod_id)
        if not picks:
            raise DraftServiceError("This pod has no picks to log.")
        seat = row.seat_of(user_id)
        everything = row.status in ("finished", "cancelled")
        if not everything and seat is None:
            raise DraftServiceError(
                "The pod's log opens to everyone once the pod is finished; until then each drafter "
                "gets only their own picks."
            )
        seats = None if everything else [seat.seat] if seat is not None else []
        info = PodLogInfo(
            pod_id=row.id,
            seats=len(row.seats),
            names=tuple(s.display_name for s in row.seats),
            packs=int(row.config.get("packs", 3)),
            set_code=set_code(row),
            seed=row.seed if everything else None,
            kind=row.kind,
            started_at=row.started_at,
        )
        records = [
            PickRecord(p.seq, p.seat, p.round, p.pick_no, p.card, p.pack, p.by, p.at, p.seconds)
            for p in picks
        ]
        if everything:
            name, note = f"draft-{row.id}", f"The draft log of pod #{row.id}: every seat's picks."
        else:
            assert seat is not None
            name = f"draft-{row.id}-seat{seat.seat + 1}"
            note = (
                f"Your picks in pod #{row.id}. The whole pod's log opens once the pod is finished "
                "(nobody sees another drafter's picks before that)."
            )
        return name, log_json(info, records, seats), log_text(info, records, seats), note
