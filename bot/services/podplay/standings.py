"""The standings and ``/pod status``: what the pod thread and the status command say."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.db.podplay import PodMatchRow, PodRow, PodSeatRow
from bot.services.podplay.base import PodBase, when

log = logging.getLogger(__name__)


class Standings(PodBase):
    """Standings tables and the status text."""

    def standings_text(
        self, pod: PodRow, seats: Sequence[PodSeatRow], rows: Sequence[PodMatchRow], *, final: bool
    ) -> str:
        from engines.draft.pairings import standings

        _, total = self.plan(pod, seats)
        table = standings([s.seat for s in seats], self.results(rows))
        names = self.names(seats)
        played = max((r.round for r in rows if r.status == "done"), default=0)
        head = (
            f"🏆 **Final standings — {pod.title}**"
            if final
            else f"📊 **Standings after round {played} of {total}** — {pod.title}"
        )
        body = "\n".join(table.lines(names))
        foot = "Points: win 3, draw 1, loss 0 (a bye is a win) · record W-L-D · tie-break: opponents' match-win %."
        return f"{head}\n```\n{body}\n```{foot}"

    async def status_text(self, pod: PodRow) -> str:
        """/pod status: the pod's phase, its pairings round by round with results, the standings."""
        seats = await self.store.seats(pod.id)
        rows = await self.store.matches(pod.id)
        names = self.names(seats)
        phase = {
            "lobby": "in its lobby",
            "drafting": "drafting",
            "building": "building decks",
            "playing": f"playing round {pod.round}",
            "finished": "finished",
            "cancelled": "cancelled",
        }[pod.status]
        lines = [f"**{pod.title}** — {len(seats)} seats, {phase}"]
        if pod.status in ("building", "playing", "finished") and seats:
            pairing, total = self.plan(pod, seats)
            lines[0] += f" · {'Swiss' if pairing == 'swiss' else 'round robin'}, {total} rounds"
        if pod.status == "building":
            waiting = [names[s.seat] for s in seats if not s.submitted]
            lines.append(
                f"Decks in: {len(seats) - len(waiting)}/{len(seats)}"
                + (f" · still building: {', '.join(waiting)}" if waiting else "")
                + (f" · time is up {when(pod.build_deadline)}" if pod.build_deadline is not None else "")
            )
        for r in sorted({row.round for row in rows}):
            lines.append(f"__Round {r}__")
            for row in (x for x in rows if x.round == r):
                if row.is_bye:
                    lines.append(f"• Bye: {names[row.seat_a]}")
                    continue
                vs = f"{names[row.seat_a]} vs {names[row.seat_b or 0]}"
                if row.status == "done":
                    result = f"{names[row.winner]} won" if row.winner is not None else "draw"
                elif row.status == "playing" and row.match_id is not None:
                    match = await self.bot.db.matches.get(row.match_id)
                    result = f"playing in <#{match.thread_id}>" if match.thread_id else "starting"
                else:
                    result = "waiting"
                lines.append(f"• Table {row.table_no}: {vs} — {result}")
        if any(r.status == "done" for r in rows):
            from engines.draft.pairings import standings

            table = standings([s.seat for s in seats], self.results(rows))
            lines.append("**Standings**\n```\n" + "\n".join(table.lines(names)) + "\n```")
        text = "\n".join(lines)
        return text if len(text) <= 2000 else text[:1990] + "…"
