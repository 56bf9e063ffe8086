"""Then the rounds (R88, DECISION A22, bot settings in ``pods.config``):

- ``pairing``: "round_robin" or "swiss"; default round robin up to 4 seats, Swiss for 5 or more.
- ``rounds``: Swiss rounds (default 3; round robin plays every pairing once).
- ``turn_seconds``: the matches' turn clock (default: the game's declared clock, or the bot's setting).
- ``best_of``: games per table, 1 (default) or 3.

Each table is a match of the drafted game in the limited format, in a thread under a message in the
pod's channel; bot seats play as AI, so a bot-vs-bot table plays out at once. A best-of-one table
is one match and its result comes back through ``MatchService.finish_listeners``. A best-of-3
table is a series (``bot.series``: its games in the same thread, the rest of the pool as the side
deck between games); game 1's match id is the one in ``pod_matches.match_id``, and the table's
result comes back once, when the series is over, through ``SeriesService.finish_listeners``.
A match or series ended without a result (``/game end``, status 'aborted') counts as a **draw**;
a moderator can enter another result with ``/pod result``.
Standings (3/1/0 points per match, tie-break opponents' match-win %; game wins shown beside for
best of 3) are posted in the pod thread after each round; after the last round the final standings, and the pod is 'finished'. Everything is in the
database, and ``resume()`` (after a restart) records results that arrived while nobody listened,
launches tables that were paired but not started, lets AI-only tables play on, and moves the pod on.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bot.db.database import Database
from bot.db.podplay import PodMatchRow, PodRow, PodSeatRow
from bot.services.podplay.base import PHASES, PodError, PodKit, names
from bot.services.podplay.base import best_of as games_per_table
from bot.services.podplay.deckrules import source
from bot.services.podplay.notices import PodNotices
from bot.services.podplay.pairing import plan, results
from bot.services.podplay.standings import Standings
from bot.text import with_names
from engines.core import ConfigError

if TYPE_CHECKING:
    from bot.db.series import SeriesRow
    from bot.services.matches import LiveMatch
    from bot.services.series import SeriesService

log = logging.getLogger(__name__)


def side_deck(seat: PodSeatRow) -> list[str]:
    """Between the games of a best of 3, the side deck is the rest of the pool: the pool's cards
    that are not in the submitted Codex (basic terrains added from outside the pool are not)."""
    return list((Counter(seat.pool) - Counter(seat.deck or ())).elements())


def series_winner(series: SeriesRow, row: PodMatchRow) -> int | None:
    """The winning pod seat of a closed series; None for a draw or a series ended without a result."""
    if series.status != "finished" or series.winner is None:
        return None
    return row.seat_a if series.winner == 0 else row.seat_b


def match_words(best_of: int) -> str:
    """What a table plays, for the pod's messages: 'best of one' or 'best of 3'."""
    return "best of one" if best_of == 1 else f"best of {best_of}"


class Rounds:
    """The rounds: pairing, launching the tables' matches, recording results, finishing."""

    def __init__(
        self,
        kit: PodKit,
        db: Database,
        series: SeriesService,
        standings: Standings,
        notices: PodNotices,
        *,
        turn_seconds: Callable[[str], float],
        cancel_build: Callable[[int], None],
        forget_draft: Callable[[int], None],
    ) -> None:
        self.kit = kit
        self.store = kit.store
        self.db = db
        self.series = series
        self.standings = standings
        self.notices = notices
        self.turn_seconds = turn_seconds
        """(game) -> the matches' turn clock when the pod sets none (``pods.config["turn_seconds"]``):
        the game's declared clock or the server's (``Settings.turn_clock``)."""
        self.cancel_build = cancel_build
        self.forget_draft = forget_draft

    async def maybe_start_rounds(self, pod_id: int) -> None:
        """building -> playing once every seat has a submitted deck; then round 1."""
        async with self.kit.lock(pod_id):
            await self.start_rounds(pod_id)

    async def start_rounds(self, pod_id: int) -> None:
        """``maybe_start_rounds`` for a caller that holds the pod lock. ``start_playing`` moves the
        pod out of 'building' only once, so no second caller pairs round 1 again."""
        seats = await self.store.seats(pod_id)
        if not seats or not all(s.submitted for s in seats):
            return
        if not await self.store.start_playing(pod_id):
            return
        self.cancel_build(pod_id)
        pod = await self.kit.pod(pod_id)
        pairing, rounds = plan(pod, seats)
        kind = "Swiss" if pairing == "swiss" else "round robin"
        best_of = games_per_table(pod)
        games = (
            ""
            if best_of == 1
            else f" A match is won by the first to {best_of // 2 + 1} game wins; between games you may "
            "swap cards with the rest of your pool."
        )
        await self.notices.say(
            pod,
            f"🎴 Every deck is in! {pod.title} plays **{rounds} round{'s' if rounds != 1 else ''}** "
            f"({kind}, {match_words(best_of)}; a {'win' if best_of == 1 else 'match win'} is 3 points, "
            f"a draw 1). Each match gets its own thread.{games}",
        )
        log.info("pod playing", extra={"ctx": {"pod": pod_id, "pairing": pairing, "rounds": rounds}})
        await self.next_round(pod, seats)

    async def next_round(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        """Pair and launch the round after ``pod.round`` (caller holds the pod lock), or finish."""
        from engines.draft.pairings import played_pairs, round_robin, standings, swiss_round

        pairing, total = plan(pod, seats)
        r = pod.round + 1
        if r > total:
            await self._finish(pod, seats)
            return
        ids = [s.seat for s in seats]
        done = await self.store.matches(pod.id)
        if pairing == "round_robin":
            pairs = round_robin(ids)[r - 1]
        else:
            so_far = results(done)
            pairs = swiss_round(standings(ids, so_far), played_pairs(so_far))
        rows = await self.store.add_round(pod.id, r, pairs)
        pod = await self.kit.pod(pod.id)
        await self._launch_round(pod, seats, rows)

    async def _launch_round(
        self, pod: PodRow, seats: Sequence[PodSeatRow], rows: Sequence[PodMatchRow]
    ) -> None:
        _, total = plan(pod, seats)
        names_ = names(seats)
        r = rows[0].round if rows else pod.round
        best_of = games_per_table(pod)
        lines = [
            f"⚔️ **Round {r} of {total}** — {pod.title}" + (f" (best of {best_of})" if best_of > 1 else "")
        ]
        for row in rows:
            if row.is_bye:
                lines.append(f"Bye: **{names_[row.seat_a]}** (counts as a win)")
            else:
                lines.append(
                    f"Table {row.table_no}: **{names_[row.seat_a]}** vs **{names_[row.seat_b or 0]}**"
                )
        playing = [
            s.user_id
            for s in seats
            if not s.plays_as_ai
            and any(s.seat in (row.seat_a, row.seat_b) and not row.is_bye for row in rows)
        ]
        if playing:
            mention = " ".join(f"<@{u}>" for u in playing)
            lines.append(f"{mention}: your match thread is in the channel; your hand comes by DM.")
        await self.notices.say(pod, "\n".join(lines), ping=playing)
        for row in rows:
            if row.status == "pending":
                await self.launch(pod, seats, row)
        self.kit.spawn(self.advance(pod.id), f"pod-{pod.id}-advance")

    async def launch(self, pod: PodRow, seats: Sequence[PodSeatRow], row: PodMatchRow) -> None:
        """Create the table's match, or for best of 3 the series and its game 1 (stored with the pod
        table in one transaction), and open its thread."""
        assert row.seat_b is not None
        by_seat = {s.seat: s for s in seats}
        a, b = by_seat[row.seat_a], by_seat[row.seat_b]
        names_ = names(seats)
        best_of = games_per_table(pod)
        posted = await self.notices.table_message(
            pod,
            f"🎴 **{pod.title}** · round {row.round} · table {row.table_no}: "
            f"{names_[a.seat]} vs {names_[b.seat]}" + (f" · best of {best_of}" if best_of > 1 else ""),
            pod.channel_id or pod.thread_id,
        )
        if posted is None:
            log.warning("pod has no channel to play in", extra={"ctx": {"pod": pod.id}})
            return
        channel_id, message = posted
        seat_list = [(s.user_id, s.display_name, s.plays_as_ai) for s in (a, b)]
        # pools: the engine plays each Codex only if its cards come from that player's pool (R8)
        options = {
            "decks": [list(a.deck or ()), list(b.deck or ())],
            "format": source().deck_format,
            "pools": [list(a.pool), list(b.pool)],
        }
        turn = float(pod.config.get("turn_seconds") or self.turn_seconds(source().game))
        try:
            async with self.db.transaction():
                # best_of 1: series.create is matches.create.
                live = await self.series.create(
                    source().game,
                    options,
                    seat_list,
                    best_of=best_of,
                    guild_id=pod.guild_id,
                    channel_id=channel_id,
                    host_id=pod.host_id,
                    turn_seconds=turn,
                    sides=[side_deck(a), side_deck(b)],
                    fmt=source().deck_format,
                )
                await self.store.set_match(pod.id, row.round, row.table_no, live.id)
        except ConfigError as e:
            # the table stays unstarted; a moderator outside it can enter its result
            await self.notices.say(
                pod,
                f"⚠️ Round {row.round}, table {row.table_no} can't start: "
                f"{with_names(str(e), [names_[a.seat], names_[b.seat]])} A moderator can enter its "
                f"result with `/pod result`.",
            )
            log.warning(
                "pod match refused", extra={"ctx": {"pod": pod.id, "table": row.table_no, "why": str(e)}}
            )
            return
        log.info(
            "pod match",
            extra={
                "ctx": {
                    "pod": pod.id,
                    "round": row.round,
                    "table": row.table_no,
                    "match": live.id,
                    "best_of": best_of,
                }
            },
        )
        await self.notices.launch(live, message, turn)

    async def on_match_finished(self, live: LiveMatch) -> None:
        """A finish listener: record the result of a pod table (runs under the match's lock). The
        game 1 of a best-of-3 table is left to the series: its end is not the table's."""
        row = await self.store.match_row(live.id)
        if row is None or row.status == "done":
            return
        if await self.series.store.of_match(live.id) is not None:
            return
        winner = await self.winner(live.id, row)
        recorded = await self.store.record(live.id, winner)
        if recorded is not None:
            log.info("pod result", extra={"ctx": {"pod": row.pod_id, "match": live.id, "winner": winner}})
            self.kit.spawn(self.advance(row.pod_id), f"pod-{row.pod_id}-advance")

    async def on_series_finished(self, series: SeriesRow) -> None:
        """A series finish listener: record the result of a best-of-3 pod table (once; a series
        that is not a pod table's is ignored)."""
        games = await self.series.store.games(series.id)
        if not games:
            return
        row = await self.store.match_row(games[0].match_id)
        if row is None or row.status == "done":
            return
        winner = series_winner(series, row)
        if await self.store.record(games[0].match_id, winner) is not None:
            log.info(
                "pod result",
                extra={
                    "ctx": {"pod": row.pod_id, "series": series.id, "winner": winner, "games": series.wins}
                },
            )
            self.kit.spawn(self.advance(row.pod_id), f"pod-{row.pod_id}-advance")

    async def winner(self, match_id: int, row: PodMatchRow) -> int | None:
        """The winning pod seat from the stored outcome; None for a draw or an aborted match."""
        match = await self.db.matches.get(match_id)
        if match.status != "finished" or not match.outcome:
            return None
        ranking = match.outcome.get("ranking") or []
        if not ranking or len(ranking[0]) != 1:
            return None
        return row.seat_a if int(ranking[0][0]) == 0 else row.seat_b

    async def advance(self, pod_id: int) -> None:
        """After a result: when the round is complete, post standings and pair the next round."""
        async with self.kit.lock(pod_id):
            pod = await self.store.pod(pod_id)
            if pod is None or pod.status != "playing" or pod.round == 0:
                return
            rows = await self.store.matches(pod_id)
            current = [r for r in rows if r.round == pod.round]
            if not current or any(r.status != "done" for r in current):
                return
            seats = await self.store.seats(pod_id)
            _, total = plan(pod, seats)
            if pod.round < total:
                games = await self.standings.game_record(pod, rows)
                await self.notices.say(
                    pod, self.standings.standings_text(pod, seats, rows, final=False, games=games)
                )
            await self.next_round(pod, seats)

    async def _finish(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        from engines.draft.pairings import standings

        rows = await self.store.matches(pod.id)
        await self.store.set_status(pod.id, "finished", finished=True)
        self.forget_draft(pod.id)
        table = standings([s.seat for s in seats], results(rows))
        winner = names(seats)[table.rows[0].seat] if table.rows else "nobody"
        games = await self.standings.game_record(pod, rows)
        await self.notices.say(
            pod,
            self.standings.standings_text(pod, seats, rows, final=True, games=games)
            + f"\n🥇 **{winner}** wins {pod.title}!",
        )
        log.info("pod finished", extra={"ctx": {"pod": pod.id, "winner": winner}})

    async def set_result(
        self, pod_id: int, round_no: int, table_no: int, winner: int | None, *, by: int, by_name: str
    ) -> PodMatchRow:
        """A moderator's result for a table that play did not decide (its match was ended without a
        result, or never started); moves the pod on. ``by``: the moderator's user id.

        A result that play decided stands: players settle tables by playing, and a moderator who
        plays at the table could otherwise write their own win. So the moderator must not be one of
        the table's players, the pod must still be playing its rounds (final standings are final),
        and every correction is logged with who made it and what it replaced."""
        pod = await self.kit.pod(pod_id)
        if pod.status != "playing":
            if pod.status == "finished":
                raise PodError(f"{pod.title} is over: its results and final standings stand.")
            raise PodError(f"{pod.title} is not playing its rounds: it is {PHASES[pod.status]}.")
        row = next(
            (r for r in await self.store.matches(pod_id) if (r.round, r.table_no) == (round_no, table_no)),
            None,
        )
        if row is None or row.is_bye:
            raise PodError(f"{pod.title} has no table {table_no} in round {round_no}.")
        if winner is not None and winner not in (row.seat_a, row.seat_b):
            raise PodError("The winner must be one of the two players of that table.")
        seats = {s.seat: s for s in await self.store.seats(pod_id)}
        if by in (seats[row.seat_a].user_id, seats[row.seat_b or 0].user_id):
            raise PodError(
                "You play at that table, so its result is not yours to set: ask a moderator who is "
                "not in the match."
            )
        if row.match_id is not None:
            match = await self.db.matches.get(row.match_id)
            found = await self.series.store.of_match(row.match_id)
            if match.status == "active" or (found is not None and found[0].is_open):
                raise PodError("That match is still being played: end it first (`/game end` in its thread).")
            decided = found[0].status == "finished" if found is not None else match.status == "finished"
            if decided:
                raise PodError(
                    f"Round {round_no}, table {table_no} was decided by play: its result stands. "
                    "Only a match ended without a result can be given one."
                )
        await self.store.set_result(pod_id, round_no, table_no, winner)
        log.warning(
            "pod result set by a moderator",
            extra={
                "ctx": {
                    "pod": pod_id,
                    "round": round_no,
                    "table": table_no,
                    "winner": winner,
                    "was": {"status": row.status, "winner": row.winner},
                    "by": by,
                    "by_name": by_name,
                }
            },
        )
        self.kit.spawn(self.advance(pod_id), f"pod-{pod_id}-advance")
        return row
