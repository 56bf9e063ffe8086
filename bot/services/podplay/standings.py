"""The standings and ``/pod status``: what the pod thread and the status command say.

In a best-of-3 pod the standings also show each seat's games won and lost (from the tables'
series; a bye counts as the games it takes to win, 2-0, as in paper events). Points, tie-breaks and
pairings count matches only (``engines.draft.pairings``)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from bot.db.database import Database
from bot.db.podplay import PodMatchRow, PodPlayStore, PodRow, PodSeatRow
from bot.db.series import SeriesStore
from bot.services.podplay.base import best_of, names, when
from bot.services.podplay.pairing import plan, results
from bot.services.series import score_text

log = logging.getLogger(__name__)


class Standings:
    """Standings tables and the status text."""

    def __init__(self, store: PodPlayStore, series: SeriesStore, db: Database) -> None:
        self.store = store
        self.series = series
        self.db = db

    async def game_record(
        self, pod: PodRow, rows: Sequence[PodMatchRow]
    ) -> dict[int, tuple[int, int]] | None:
        """Seat -> (games won, games lost) over the tables that are done; None for a best-of-one
        pod (its standings show no game column)."""
        games_per_table = best_of(pod)
        if games_per_table == 1:
            return None
        record: dict[int, list[int]] = {}
        for row in rows:
            if row.status != "done":
                continue
            if row.seat_b is None:
                record.setdefault(row.seat_a, [0, 0])[0] += games_per_table // 2 + 1
                continue
            if row.match_id is None:
                continue
            found = await self.series.of_match(row.match_id)
            if found is None:
                continue
            wins = found[0].wins
            for seat, won, lost in ((row.seat_a, wins[0], wins[1]), (row.seat_b, wins[1], wins[0])):
                games = record.setdefault(seat, [0, 0])
                games[0] += won
                games[1] += lost
        return {seat: (won, lost) for seat, (won, lost) in record.items()}

    def standings_text(
        self,
        pod: PodRow,
        seats: Sequence[PodSeatRow],
        rows: Sequence[PodMatchRow],
        *,
        final: bool,
        games: Mapping[int, tuple[int, int]] | None = None,
    ) -> str:
        """``games``: ``game_record``'s, for a best-of-3 pod."""
        from engines.draft.pairings import standings

        _, total = plan(pod, seats)
        table = standings([s.seat for s in seats], results(rows))
        seat_names = names(seats)
        played = max((r.round for r in rows if r.status == "done"), default=0)
        head = (
            f"🏆 **Final standings — {pod.title}**"
            if final
            else f"📊 **Standings after round {played} of {total}** — {pod.title}"
        )
        body = "\n".join(table.lines(seat_names, games))
        foot = "Points: win 3, draw 1, loss 0 (a bye is a win) · record W-L-D · tie-break: opponents' match-win %."
        if games is not None:
            foot = (
                f"Points per match (best of {best_of(pod)}): win 3, draw 1, loss 0 (a bye is a win) · "
                "record W-L-D in matches · games: game wins-losses · tie-break: opponents' match-win %."
            )
        return f"{head}\n```\n{body}\n```{foot}"

    async def status_text(self, pod: PodRow) -> str:
        """/pod status: the pod's phase, its pairings round by round with results, the standings."""
        seats = await self.store.seats(pod.id)
        rows = await self.store.matches(pod.id)
        seat_names = names(seats)
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
            pairing, total = plan(pod, seats)
            lines[0] += f" · {'Swiss' if pairing == 'swiss' else 'round robin'}, {total} rounds"
        if best_of(pod) > 1:
            lines[0] += f" · best of {best_of(pod)}"
        if pod.status == "building":
            waiting = [seat_names[s.seat] for s in seats if not s.submitted]
            lines.append(
                f"Decks in: {len(seats) - len(waiting)}/{len(seats)}"
                + (f" · still building: {', '.join(waiting)}" if waiting else "")
                + (f" · time is up {when(pod.build_deadline)}" if pod.build_deadline is not None else "")
            )
        for r in sorted({row.round for row in rows}):
            lines.append(f"__Round {r}__")
            for row in (x for x in rows if x.round == r):
                if row.is_bye:
                    lines.append(f"• Bye: {seat_names[row.seat_a]}")
                    continue
                vs = f"{seat_names[row.seat_a]} vs {seat_names[row.seat_b or 0]}"
                found = await self.series.of_match(row.match_id) if row.match_id is not None else None
                score = ""
                if found is not None:
                    series = found[0]
                    score = (
                        " ("
                        + score_text([seat_names[row.seat_a], seat_names[row.seat_b or 0]], series.wins)
                        + ")"
                    )
                if row.status == "done":
                    result = f"{seat_names[row.winner]} won" if row.winner is not None else "draw"
                    if found is not None:
                        result += " " + "-".join(str(w) for w in sorted(found[0].wins, reverse=True))
                elif row.status == "playing" and row.match_id is not None:
                    match = await self.db.matches.get(row.match_id)
                    result = f"playing in <#{match.thread_id}>{score}" if match.thread_id else "starting"
                else:
                    result = "waiting"
                lines.append(f"• Table {row.table_no}: {vs} — {result}")
        if any(r.status == "done" for r in rows):
            from engines.draft.pairings import standings

            table = standings([s.seat for s in seats], results(rows))
            games = await self.game_record(pod, rows)
            lines.append("**Standings**\n```\n" + "\n".join(table.lines(seat_names, games)) + "\n```")
        text = "\n".join(lines)
        return text if len(text) <= 2000 else text[:1990] + "…"
