"""Then the rounds (R88, DECISION A22, bot settings in ``pods.config``):

- ``pairing``: "round_robin" or "swiss"; default round robin up to 4 seats, Swiss for 5 or more.
- ``rounds``: Swiss rounds (default 3; round robin plays every pairing once).
- ``turn_seconds``: the matches' turn clock (default: the bot's setting).
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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.podplay import PodMatchRow, PodRow, PodSeatRow
from bot.mentions import pinging
from bot.services.podplay.base import NO_MENTIONS, PHASES, PodBase, PodError
from bot.services.podplay.deckrules import source
from bot.text import with_names
from engines.core import ConfigError

if TYPE_CHECKING:
    from bot.db.series import SeriesRow
    from bot.services.matches import LiveMatch

log = logging.getLogger(__name__)


def side_deck(seat: PodSeatRow) -> list[str]:
    """Between the games of a best of 3, the side deck is the rest of the pool: the pool's cards
    that are not in the submitted Codex (basic terrains added from outside the pool are not)."""
    return list((Counter(seat.pool) - Counter(seat.deck or ())).elements())


def match_words(best_of: int) -> str:
    """What a table plays, for the pod's messages: 'best of one' or 'best of 3'."""
    return "best of one" if best_of == 1 else f"best of {best_of}"


class Rounds(PodBase):
    """The rounds: pairing, launching the tables' matches, recording results, finishing."""

    def plan(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> tuple[str, int]:
        """(pairing, number of rounds) for this pod."""
        from engines.draft.pairings import round_robin

        n = len(seats)
        pairing = str(pod.config.get("pairing") or "auto").replace("-", "_").replace(" ", "_").lower()
        if pairing not in ("swiss", "round_robin"):
            pairing = "round_robin" if n <= 4 else "swiss"
        if pairing == "round_robin":
            return pairing, len(round_robin([s.seat for s in seats]))
        rounds = int(pod.config.get("rounds") or 3)
        return pairing, max(1, min(rounds, n - 1 if n % 2 == 0 else n)) if n > 1 else 0

    @staticmethod
    def results(rows: Sequence[PodMatchRow]) -> list[Any]:
        from engines.draft.pairings import Result

        return [Result(r.seat_a, r.seat_b, r.winner) for r in rows if r.status == "done"]

    async def maybe_start_rounds(self, pod_id: int) -> None:
        """building -> playing once every seat has a submitted deck; then round 1."""
        async with self._lock(pod_id):
            await self._start_rounds(pod_id)

    async def _start_rounds(self, pod_id: int) -> None:
        """``maybe_start_rounds`` for a caller that holds the pod lock. ``start_playing`` moves the
        pod out of 'building' only once, so no second caller pairs round 1 again."""
        seats = await self.store.seats(pod_id)
        if not seats or not all(s.submitted for s in seats):
            return
        if not await self.store.start_playing(pod_id):
            return
        self._cancel_build(pod_id)
        pod = await self._pod(pod_id)
        pairing, rounds = self.plan(pod, seats)
        kind = "Swiss" if pairing == "swiss" else "round robin"
        best_of = self.best_of(pod)
        games = (
            ""
            if best_of == 1
            else f" A match is won by the first to {best_of // 2 + 1} game wins; between games you may "
            "swap cards with the rest of your pool."
        )
        await self._say(
            pod,
            f"🎴 Every deck is in! {pod.title} plays **{rounds} round{'s' if rounds != 1 else ''}** "
            f"({kind}, {match_words(best_of)}; a {'win' if best_of == 1 else 'match win'} is 3 points, "
            f"a draw 1). Each match gets its own thread.{games}",
        )
        log.info("pod playing", extra={"ctx": {"pod": pod_id, "pairing": pairing, "rounds": rounds}})
        await self._next_round(pod, seats)

    async def _next_round(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        """Pair and launch the round after ``pod.round`` (caller holds the pod lock), or finish."""
        from engines.draft.pairings import played_pairs, round_robin, standings, swiss_round

        pairing, total = self.plan(pod, seats)
        r = pod.round + 1
        if r > total:
            await self._finish(pod, seats)
            return
        ids = [s.seat for s in seats]
        done = await self.store.matches(pod.id)
        if pairing == "round_robin":
            pairs = round_robin(ids)[r - 1]
        else:
            results = self.results(done)
            pairs = swiss_round(standings(ids, results), played_pairs(results))
        rows = await self.store.add_round(pod.id, r, pairs)
        pod = await self._pod(pod.id)
        await self._launch_round(pod, seats, rows)

    async def _launch_round(
        self, pod: PodRow, seats: Sequence[PodSeatRow], rows: Sequence[PodMatchRow]
    ) -> None:
        _, total = self.plan(pod, seats)
        names = self.names(seats)
        r = rows[0].round if rows else pod.round
        best_of = self.best_of(pod)
        lines = [
            f"⚔️ **Round {r} of {total}** — {pod.title}" + (f" (best of {best_of})" if best_of > 1 else "")
        ]
        for row in rows:
            if row.is_bye:
                lines.append(f"Bye: **{names[row.seat_a]}** (counts as a win)")
            else:
                lines.append(f"Table {row.table_no}: **{names[row.seat_a]}** vs **{names[row.seat_b or 0]}**")
        playing = [
            s.user_id
            for s in seats
            if not s.plays_as_ai
            and any(s.seat in (row.seat_a, row.seat_b) and not row.is_bye for row in rows)
        ]
        if playing:
            mention = " ".join(f"<@{u}>" for u in playing)
            lines.append(f"{mention}: your match thread is in the channel; your hand comes by DM.")
        await self._say(pod, "\n".join(lines), allowed_mentions=pinging(playing))
        for row in rows:
            if row.status == "pending":
                await self._launch(pod, seats, row)
        self._spawn(self.advance(pod.id), f"pod-{pod.id}-advance")

    async def _launch(self, pod: PodRow, seats: Sequence[PodSeatRow], row: PodMatchRow) -> None:
        """Create the table's match, or for best of 3 the series and its game 1 (stored with the pod
        table in one transaction), and open its thread."""
        assert row.seat_b is not None
        by_seat = {s.seat: s for s in seats}
        a, b = by_seat[row.seat_a], by_seat[row.seat_b]
        channel = await self._channel(pod.channel_id or pod.thread_id)
        if channel is None:
            log.warning("pod has no channel to play in", extra={"ctx": {"pod": pod.id}})
            return
        parent = getattr(channel, "parent", None)
        if isinstance(channel, discord.Thread) and parent is not None:
            channel = parent
        names = self.names(seats)
        best_of = self.best_of(pod)
        message = await channel.send(
            f"🎴 **{pod.title}** · round {row.round} · table {row.table_no}: "
            f"{names[a.seat]} vs {names[b.seat]}" + (f" · best of {best_of}" if best_of > 1 else ""),
            allowed_mentions=NO_MENTIONS,
        )
        seat_list = [(s.user_id, s.display_name, s.plays_as_ai) for s in (a, b)]
        # pools: the engine plays each Codex only if its cards come from that player's pool (R8)
        options = {
            "decks": [list(a.deck or ()), list(b.deck or ())],
            "format": source().deck_format,
            "pools": [list(a.pool), list(b.pool)],
        }
        turn = float(pod.config.get("turn_seconds") or self.bot.settings.turn_seconds)
        try:
            async with self.bot.db.transaction():
                # best_of 1: series.create is matches.create.
                live = await self.bot.series.create(
                    source().game,
                    options,
                    seat_list,
                    best_of=best_of,
                    guild_id=pod.guild_id,
                    channel_id=channel.id,
                    host_id=pod.host_id,
                    turn_seconds=turn,
                    sides=[side_deck(a), side_deck(b)],
                    fmt=source().deck_format,
                )
                await self.store.set_match(pod.id, row.round, row.table_no, live.id)
        except ConfigError as e:
            # the table stays unstarted; a moderator outside it can enter its result
            await self._say(
                pod,
                f"⚠️ Round {row.round}, table {row.table_no} can't start: "
                f"{with_names(str(e), [names[a.seat], names[b.seat]])} A moderator can enter its "
                f"result with `/pod result`.",
                allowed_mentions=NO_MENTIONS,
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
        await self.bot.lobbies.launch(live, message, turn)

    async def on_match_finished(self, live: LiveMatch) -> None:
        """A finish listener: record the result of a pod table (runs under the match's lock). The
        game 1 of a best-of-3 table is left to the series: its end is not the table's."""
        row = await self.store.match_row(live.id)
        if row is None or row.status == "done":
            return
        if await self.bot.series.store.of_match(live.id) is not None:
            return
        winner = await self._winner(live.id, row)
        recorded = await self.store.record(live.id, winner)
        if recorded is not None:
            log.info("pod result", extra={"ctx": {"pod": row.pod_id, "match": live.id, "winner": winner}})
            self._spawn(self.advance(row.pod_id), f"pod-{row.pod_id}-advance")

    async def on_series_finished(self, series: SeriesRow) -> None:
        """A series finish listener: record the result of a best-of-3 pod table (once; a series
        that is not a pod table's is ignored)."""
        games = await self.bot.series.store.games(series.id)
        if not games:
            return
        row = await self.store.match_row(games[0].match_id)
        if row is None or row.status == "done":
            return
        winner = self.series_winner(series, row)
        if await self.store.record(games[0].match_id, winner) is not None:
            log.info(
                "pod result",
                extra={
                    "ctx": {"pod": row.pod_id, "series": series.id, "winner": winner, "games": series.wins}
                },
            )
            self._spawn(self.advance(row.pod_id), f"pod-{row.pod_id}-advance")

    @staticmethod
    def series_winner(series: SeriesRow, row: PodMatchRow) -> int | None:
        """The winning pod seat of a closed series; None for a draw or a series ended without a result."""
        if series.status != "finished" or series.winner is None:
            return None
        return row.seat_a if series.winner == 0 else row.seat_b

    async def _winner(self, match_id: int, row: PodMatchRow) -> int | None:
        """The winning pod seat from the stored outcome; None for a draw or an aborted match."""
        match = await self.bot.db.matches.get(match_id)
        if match.status != "finished" or not match.outcome:
            return None
        ranking = match.outcome.get("ranking") or []
        if not ranking or len(ranking[0]) != 1:
            return None
        return row.seat_a if int(ranking[0][0]) == 0 else row.seat_b

    async def advance(self, pod_id: int) -> None:
        """After a result: when the round is complete, post standings and pair the next round."""
        async with self._lock(pod_id):
            pod = await self.store.pod(pod_id)
            if pod is None or pod.status != "playing" or pod.round == 0:
                return
            rows = await self.store.matches(pod_id)
            current = [r for r in rows if r.round == pod.round]
            if not current or any(r.status != "done" for r in current):
                return
            seats = await self.store.seats(pod_id)
            _, total = self.plan(pod, seats)
            if pod.round < total:
                games = await self.game_record(pod, rows)
                await self._say(pod, self.standings_text(pod, seats, rows, final=False, games=games))
            await self._next_round(pod, seats)

    async def _finish(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        from engines.draft.pairings import standings

        rows = await self.store.matches(pod.id)
        await self.store.set_status(pod.id, "finished", finished=True)
        self.bot.drafts.forget(pod.id)
        table = standings([s.seat for s in seats], self.results(rows))
        winner = self.names(seats)[table.rows[0].seat] if table.rows else "nobody"
        games = await self.game_record(pod, rows)
        await self._say(
            pod,
            self.standings_text(pod, seats, rows, final=True, games=games)
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
        pod = await self._pod(pod_id)
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
            match = await self.bot.db.matches.get(row.match_id)
            found = await self.bot.series.store.of_match(row.match_id)
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
        self._spawn(self.advance(pod_id), f"pod-{pod_id}-advance")
        return row
