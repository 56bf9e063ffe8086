"""Ratings per game and per server: who a match rates, how, and the rebuild from history.

A rating is openskill's Plackett-Luce belief about a player's skill: a mean ``mu`` and an
uncertainty ``sigma``. Plackett-Luce rates a ranking of any number of seats with ties, and of teams
(a team plays as the sum of its players), so a duel, a 4-player Chrono game and a 2v2 are one code
path. Players see one number, ``display``: the conservative estimate ``mu - 3 sigma`` scaled so a
newcomer shows 1000; it rises as the bot becomes sure of a player, so it also rewards playing.

Ratings are kept per (server, game). A match is rated when it ends with a result (a concession is a
result; ``/game end`` is not) in a server, between at least two rated sides; a match with an AI seat
only when the server rates AI games (``/ratings ai``), and then every AI seat plays at a fixed,
newcomer rating that no game changes (the AI is the same opponent in every server and game; its
strength is not what the ladder measures). The ladder's policy (``bot.services.ladder_policy``)
then leaves out a side that lost before making its moves and a result between the same players
beyond the day's few. Everything a rating depends on is stored with the match (its outcome, its
seats, its moves, the server's setting), so ``rebuild`` recomputes every rating from
the match history in the order the matches ended, and gets the numbers the incremental updates got
(``tests/bot/test_ratings.py`` checks it, float for float). The incremental update keeps that
promise when matches end out of order: if a match of the same board that ended later was rated
already, that board is rebuilt instead.

The pure part (``contest_of``, ``rate``, ``replay``) knows nothing of Discord or SQLite; the
``RatingService`` reads and writes through ``bot.db.ratings``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from bot.db.ratings import (
    ChangeRow,
    GuildSettingsStore,
    RatedMatch,
    RatedSeat,
    RatingRow,
    RatingStore,
    SkipRow,
)
from bot.i18n import language, say
from bot.services.ladder_policy import (
    LEFT_EARLY,
    REASONS,
    REASONS_RU,
    REPEAT_WINDOW,
    Contest,
    Rated,
    Side,
    judge,
    lineup,
)

if TYPE_CHECKING:
    from bot.db import Database
    from bot.services.matches import LiveMatch

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""
PROVISIONAL_GAMES = 5
"""Under this many rated games a rating is marked provisional (it still moves a lot)."""
TREND_GAMES = 5
"""The trend is the change of the displayed rating over this many latest rated games."""
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
"""display = DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 sigma): 1000 for a newcomer."""
RATE_AI = "rate_ai"
"""The per-server setting (``guild_settings``) that rates games with AI seats."""


def _reason(key: str) -> str:
    """A reason a match or player went unrated, in the language of the message being built."""
    words = REASONS_RU if language() == "ru" else REASONS
    return words.get(key, key)


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
"""A player's rating before their first rated game, and every AI seat's rating."""


def display(skill: Skill) -> int:
    """The number players see: the conservative estimate, scaled (a newcomer shows 1000)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (skill.mu - 3 * skill.sigma))


def provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


# ---------------------------------------------------------------------------------------- who is rated


def _teams(raw: Any, seats: int) -> list[list[int]]:
    """The game's teams from the match's ``teams`` option (lists of seats that play together,
    every seat in exactly one), else one team per seat. No declared game has teams yet; a game
    that adds them names them in this option and is rated as teams with no change here."""
    if isinstance(raw, list) and all(isinstance(t, list) and t for t in raw):
        flat = [s for t in raw for s in t]
        if all(isinstance(s, int) for s in flat) and sorted(flat) == list(range(seats)) and len(raw) > 1:
            return [list(t) for t in raw]
    return [[s] for s in range(seats)]


def _place(ranking: Sequence[Sequence[int]], seat: int, seats: int) -> int:
    """1-based place, tied seats sharing the better one; a seat the ranking leaves out is last."""
    place = 1
    for group in ranking:
        if seat in group:
            return place
        place += len(group)
    return seats


def contest_of(match: RatedMatch, rate_ai: bool) -> Contest | None:
    """What ``match`` rates, or None when it is not rated: no result (aborted, or still going),
    not in a server, a person in two seats, fewer than two sides, or an AI seat while the server
    does not rate AI games. A seat the AI took over after timeouts is still its player's."""
    if match.status != "finished" or match.guild_id is None or match.ranking is None:
        return None
    people = [s.user_id for s in match.seats if s.user_id is not None]
    if not people or len(set(people)) != len(people):
        return None
    if not rate_ai and len(people) != len(match.seats):
        return None
    n = len(match.seats)
    by_seat = {s.seat: s for s in match.seats}
    if sorted(by_seat) != list(range(n)):
        return None
    teams = _teams(match.teams, n)
    if len(teams) < 2:
        return None
    sides = tuple(
        tuple(
            Side(seat, by_seat[seat].user_id, _place(match.ranking, seat, n), match.own_moves.get(seat, 0))
            for seat in team
        )
        for team in teams
    )
    return Contest(match.id, match.guild_id, match.game, match.ended_at, sides)


# ---------------------------------------------------------------------------------------- rating


def rate(contest: Contest, before: Mapping[int, Skill]) -> dict[int, Skill]:
    """Every person's skill after ``contest``, from their skill before it (``before``; a person
    missing from it is a newcomer). A team's place is its best seat's."""
    teams = [
        [MODEL.rating(mu=s.mu, sigma=s.sigma) for s in (_skill(side, before) for side in team)]
        for team in contest.teams
    ]
    ranks = [float(min(side.place for side in team)) for team in contest.teams]
    after = MODEL.rate(teams, ranks=ranks)
    out: dict[int, Skill] = {}
    for team, rated in zip(contest.teams, after, strict=True):
        for side, r in zip(team, rated, strict=True):
            if side.user_id is not None:
                out[side.user_id] = Skill(float(r.mu), float(r.sigma))
    return out


def _skill(side: Side, before: Mapping[int, Skill]) -> Skill:
    if side.user_id is None:
        return NEWCOMER
    return before.get(side.user_id, NEWCOMER)


@dataclass
class Build:
    """Ratings and changes computed from a list of contests (a board, a server or everything)."""

    ratings: dict[tuple[int, str, int], RatingRow] = field(default_factory=dict)
    changes: list[ChangeRow] = field(default_factory=list)
    skips: list[SkipRow] = field(default_factory=list)
    matches: int = 0
    """Matches that rated someone."""


def apply(contest: Contest, current: Mapping[int, RatingRow]) -> tuple[list[ChangeRow], list[RatingRow]]:
    """One contest's change rows and new rating rows, from the people's current rows."""
    before = {uid: Skill(r.mu, r.sigma) for uid, r in current.items()}
    after = rate(contest, before)
    changes: list[ChangeRow] = []
    rows: list[RatingRow] = []
    for side in contest.people:
        uid = side.user_id
        assert uid is not None
        old = before.get(uid, NEWCOMER)
        new = after[uid]
        games = current[uid].games + 1 if uid in current else 1
        changes.append(
            ChangeRow(
                contest.match_id, uid, contest.guild_id, contest.game, side.seat, side.place,
                old.mu, old.sigma, new.mu, new.sigma, contest.at,
            )
        )  # fmt: skip
        rows.append(RatingRow(contest.guild_id, contest.game, uid, new.mu, new.sigma, games, contest.at))
    return changes, rows


def skips_of(contest: Contest, unrated: Mapping[int, str]) -> list[SkipRow]:
    return [
        SkipRow(contest.match_id, uid, contest.guild_id, contest.game, reason, contest.at)
        for uid, reason in sorted(unrated.items())
    ]


def replay(contests: Iterable[Contest]) -> Build:
    """Every rating from scratch, the contests taken in the order given (the order matches ended),
    each judged by the ladder's policy against the matches rated before it."""
    build = Build()
    rated: dict[tuple[int, str], list[Rated]] = {}
    for judged in contests:
        board = rated.setdefault((judged.guild_id, judged.game), [])
        while board and board[0].at < judged.at - REPEAT_WINDOW:
            board.pop(0)
        verdict = judge(judged, board)
        build.skips += skips_of(judged, verdict.unrated)
        if verdict.contest is None:
            continue
        contest = verdict.contest
        board.append(Rated(contest.at, contest.match_id, lineup(contest)))
        current = {
            s.user_id: build.ratings[(contest.guild_id, contest.game, s.user_id)]
            for s in contest.people
            if s.user_id is not None and (contest.guild_id, contest.game, s.user_id) in build.ratings
        }
        changes, rows = apply(contest, current)
        build.changes += changes
        for row in rows:
            build.ratings[(row.guild_id, row.game, row.user_id)] = row
        build.matches += 1
    return build


# ---------------------------------------------------------------------------------------- the service


@dataclass(frozen=True)
class RebuildSummary:
    matches: int
    players: int
    boards: int

    def text(self, where: str = "") -> str:
        boards = "1 leaderboard" if self.boards == 1 else f"{self.boards} leaderboards"
        matches = "1 rated match" if self.matches == 1 else f"{self.matches} rated matches"
        players = "1 rating" if self.players == 1 else f"{self.players} ratings"
        return f"Rebuilt {players} on {boards}{where} from {matches}."


class RatingService:
    """Rates a match when it ends (``on_match_finished``, a ``MatchService`` finish listener) and
    rebuilds ratings from the stored history. One lock: updates and rebuilds take turns, so a
    rating is never read by one and written by another in between."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.store = RatingStore(db)
        self.settings = GuildSettingsStore(db)
        self._lock = asyncio.Lock()

    async def rate_ai(self, guild_id: int) -> bool:
        return bool((await self.settings.get(guild_id)).get(RATE_AI, False))

    async def would_rate(self, live: LiveMatch) -> bool:
        """Whether ``live`` is rated if it ends with a result: its server, its people and the
        server's setting decide, not yet the ladder's policy (that reads the moves at the end).
        ``/game end`` asks it before it lets a player of the match end it without a result."""
        if live.guild_id is None:
            return False
        n = len(live.seats)
        match = RatedMatch(
            live.id, live.game, live.guild_id, "finished", 0.0, live.cfg.options.get("teams"),
            [[seat] for seat in range(n)], tuple(RatedSeat(s.seat, s.user_id) for s in live.seats),
        )  # fmt: skip
        return contest_of(match, await self.rate_ai(live.guild_id)) is not None

    async def on_match_finished(self, live: LiveMatch) -> None:
        """A finish listener: rate the match if it ended with a result in a server."""
        if live.status != "finished" or live.guild_id is None:
            return
        await self.rate_match(live.id)

    async def result_line(self, match_id: int, names: Sequence[str]) -> str:
        """Under a match's final ranking: each rated player's new rating and its change
        ("Ratings: alice 1012 (+12) · bob 988 (−12)"), and why the ladder's policy left a match or
        a player unrated ("Not rated: ..."); '' for a match that is not rated at all (no result,
        an AI game on a server that does not rate them)."""
        parts = []
        for row in await self.store.of_match(match_id):
            before = display(Skill(row.mu_before, row.sigma_before))
            after = display(Skill(row.mu_after, row.sigma_after))
            name = names[row.seat] if 0 <= row.seat < len(names) else f"P{row.seat + 1}"
            change = after - before
            parts.append(f"{name} {after} ({'+' if change >= 0 else '−'}{abs(change)})")
        skipped = await self.store.skips_of(match_id)
        if not parts:
            reasons = sorted(set(skipped.values()) - {LEFT_EARLY}) or sorted(set(skipped.values()))
            return say("📈 Not rated: {reason}.", reason=_reason(reasons[0])) if reasons else ""
        line = say("📈 Ratings: {parts}", parts=" · ".join(parts))
        match = await self.store.rated_match(match_id) if skipped else None
        seats = match.seats if match is not None else ()
        left = [names[s.seat] for s in seats if s.user_id in skipped and 0 <= s.seat < len(names)]
        if left:
            line += say(" · not rated: {who} ({why})", who=", ".join(left), why=_reason(LEFT_EARLY))
        return line

    async def rate_match(self, match_id: int) -> bool:
        """Rate one finished match (once); True when it changed ratings."""
        async with self._lock:
            given = await self.store.update_input(match_id, REPEAT_WINDOW)
            if given.match is None or given.rated:
                return False
            judged = contest_of(given.match, bool(given.settings.get(RATE_AI, False)))
            if judged is None:
                return False
            if given.later_rated:
                # A match of this board that ended later is rated already: the history's order is
                # the end order, so the board is computed again from it.
                log.info(
                    "match ended out of order: board rebuilt",
                    extra={"ctx": {"match": match_id, "guild": judged.guild_id, "game": judged.game}},
                )
                await self._rebuild(judged.guild_id, judged.game, apart=False)
                return True
            verdict = judge(judged, [Rated(at, m, people) for at, m, people in given.recent])
            skips = skips_of(judged, verdict.unrated)
            if verdict.contest is None:
                log.info(
                    "match not rated by the ladder's policy",
                    extra={"ctx": {"match": match_id, "unrated": verdict.unrated}},
                )
                await self.store.record([], [], skips)
                return False
            changes, rows = apply(verdict.contest, given.current)
            await self.store.record(changes, rows, skips)
            return True

    async def rebuild(self, guild_id: int | None = None, game: str | None = None) -> RebuildSummary:
        """Every rating of a server (one game of it, or everything when ``guild_id`` is None)
        computed again from the finished matches, replacing what is stored."""
        async with self._lock:
            return await self._rebuild(guild_id, game)

    async def _rebuild(self, guild_id: int | None, game: str | None, *, apart: bool = True) -> RebuildSummary:
        # In a finish listener (apart=False) the read goes through the bot's own connection: the
        # match that just ended may sit in a transaction of the caller's that is not committed yet.
        matches = await self.store.finished_matches(guild_id, game, apart=apart)
        settings = await self.settings.all()

        def compute() -> Build:
            contests = (
                contest_of(m, bool(settings.get(m.guild_id or 0, {}).get(RATE_AI, False))) for m in matches
            )
            return replay(c for c in contests if c is not None)

        build = await asyncio.to_thread(compute) if len(matches) > 100 else compute()
        await self.store.replace(guild_id, game, build.changes, list(build.ratings.values()), build.skips)
        boards = {(g, name) for g, name, _ in build.ratings}
        return RebuildSummary(build.matches, len(build.ratings), len(boards))


__all__ = [
    "NEWCOMER",
    "PROVISIONAL_GAMES",
    "RATE_AI",
    "TREND_GAMES",
    "Build",
    "Contest",
    "RatingService",
    "RebuildSummary",
    "Side",
    "Skill",
    "apply",
    "contest_of",
    "display",
    "provisional",
    "rate",
    "replay",
    "skips_of",
]
