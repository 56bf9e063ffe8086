"""Ratings storage: the current rating per (server, game, player), every rated match's change,
and per-server settings. The rating rules are ``bot.services.ratings``; this module only reads and
writes (V009__ratings.sql describes the tables).

Reads for the leaderboard, /profile and /history run as plain functions of the connection
(``Database.query``): one consistent view, no thread hop.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .access import dump_json, load_json
from .sql import Sql, in_list

if TYPE_CHECKING:
    from .access import Access

T = TypeVar("T")


@dataclass(frozen=True)
class RatedSeat:
    seat: int
    user_id: int | None
    """None: an AI seat (a person's seat the AI took over keeps their id)."""


@dataclass(frozen=True)
class RatedMatch:
    """What rating a match needs: its result, its seats and its options (teams)."""

    id: int
    game: str
    guild_id: int | None
    status: str
    ended_at: float
    teams: Any
    """The match's ``teams`` option as stored (None when it has none): see ``services.ratings``."""
    ranking: list[list[int]] | None
    seats: tuple[RatedSeat, ...]
    own_moves: Mapping[int, int] = field(default_factory=dict)
    """Moves each seat's player made themselves (``match_actions.by_ai = 0``), the concession
    left out; a seat that made none is missing. The ladder's policy reads it."""


@dataclass(frozen=True)
class RatingRow:
    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    updated_at: float


@dataclass(frozen=True)
class ChangeRow:
    match_id: int
    user_id: int
    guild_id: int
    game: str
    seat: int
    place: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: float


@dataclass(frozen=True)
class SkipRow:
    """A player a match with a result did not rate, and why (``bot.services.ladder_policy``)."""

    match_id: int
    user_id: int
    guild_id: int
    game: str
    reason: str
    at: float


@dataclass(frozen=True)
class BoardRow:
    """A leaderboard line: the player's rating now, and their games and first rating in the period."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    """Rated games in all (the provisional mark counts these)."""
    period_games: int
    mu_start: float
    sigma_start: float
    """The rating before their first game of the period."""


_RATING_COLUMNS = "guild_id, game, user_id, mu, sigma, games, updated_at"
_CHANGE_COLUMNS = (
    "match_id, user_id, guild_id, game, seat, place, mu_before, sigma_before, mu_after, sigma_after, at"
)
_SKIP_COLUMNS = "match_id, user_id, guild_id, game, reason, at"
CONCEDE_ACTION = "concede"
"""``engines.core.CONCEDE``: a concession is not a move the policy counts."""


def _rating(r: Sequence[Any]) -> RatingRow:
    return RatingRow(int(r[0]), str(r[1]), int(r[2]), float(r[3]), float(r[4]), int(r[5]), float(r[6]))


def _change(r: Sequence[Any]) -> ChangeRow:
    return ChangeRow(
        int(r[0]), int(r[1]), int(r[2]), str(r[3]), int(r[4]), int(r[5]),
        float(r[6]), float(r[7]), float(r[8]), float(r[9]), float(r[10]),
    )  # fmt: skip


def _scope(guild_id: int | None, game: str | None, alias: str = "") -> tuple[str, tuple[Any, ...]]:
    """A WHERE clause (possibly empty) for one server, one server's game, or everything."""
    a = f"{alias}." if alias else ""
    if guild_id is None:
        return ("", ()) if game is None else (f" WHERE {a}game = ?", (game,))
    if game is None:
        return f" WHERE {a}guild_id = ?", (guild_id,)
    return f" WHERE {a}guild_id = ? AND {a}game = ?", (guild_id, game)


def _rated_matches(json_extract: str) -> str:
    return (
        "SELECT m.id, m.game, m.guild_id, m.status, COALESCE(m.ended_at, m.created_at),"
        f" {json_extract}(m.config, '$.teams'), {json_extract}(m.outcome, '$.ranking') FROM matches AS m"
    )


_RATED_MATCHES = Sql(_rated_matches("json_extract"), _rated_matches("cardhost_json_extract"))
"""Every match with its teams and ranking (``read_matches`` adds a WHERE): SQLite's JSON function,
and PostgreSQL's of the same meaning (bot/db/pgsql.py)."""


BY_ID = "WHERE m.id = ?"
"""``read_matches``' WHERE for one match."""


def finished_where(guild_id: int | None, game: str | None) -> tuple[str, tuple[Any, ...]]:
    """``read_matches``' WHERE for the finished matches with a result in servers (one server's,
    one game's): the matches rating replays."""
    where, params = _scope(guild_id, game, "m")
    cond = "m.status = 'finished' AND m.guild_id IS NOT NULL AND m.outcome IS NOT NULL"
    return (f"{where} AND {cond}" if where else f"WHERE {cond}"), params


def matches_sql(where: str) -> tuple[Sql, str, str]:
    """``read_matches``' statements for ``where`` (``BY_ID`` or a ``finished_where``): the
    matches, their seats, and the moves each seat's player made."""
    return (
        _RATED_MATCHES.map(lambda head: f"{head} {where} ORDER BY m.ended_at, m.id"),
        "SELECT s.match_id, s.seat, s.user_id FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
        f" {where} ORDER BY s.match_id, s.seat",
        "SELECT a.match_id, a.seat, COUNT(*) FROM match_actions AS a JOIN matches AS m ON m.id = a.match_id"
        f" {where} {'AND' if where.strip() else 'WHERE'} a.by_ai = 0 AND a.action_id <> ?"
        " GROUP BY a.match_id, a.seat",
    )


def read_matches(conn: sqlite3.Connection, where: str, params: tuple[Any, ...]) -> list[RatedMatch]:
    """Matches (``where`` over alias m: ``BY_ID`` or a ``finished_where``) with their seats, in the
    order they ended. Only the ranking and the teams are taken out of the JSON columns (in SQL: a
    config holds whole decks)."""
    matches, seats_of, moves_of = matches_sql(where)
    rows = conn.execute(matches, params).fetchall()
    seats: dict[int, list[RatedSeat]] = {}
    if rows:
        for match_id, seat, user_id in conn.execute(seats_of, params):
            seats.setdefault(match_id, []).append(RatedSeat(seat, user_id))
        moves: dict[int, dict[int, int]] = {}
        for match_id, seat, n in conn.execute(moves_of, (*params, CONCEDE_ACTION)):
            moves.setdefault(match_id, {})[int(seat)] = int(n)
    out = []
    for match_id, game, guild_id, status, ended_at, teams, ranking in rows:
        # a JSON array comes back as its JSON text (anything else is not a ranking or teams)
        ranking = load_json(ranking) if isinstance(ranking, str) else None
        out.append(
            RatedMatch(
                match_id, game, guild_id, status, float(ended_at),
                load_json(teams) if isinstance(teams, str) else None,
                [list(g) for g in ranking] if isinstance(ranking, list) else None,
                tuple(seats.get(match_id, ())),
                moves.get(match_id, {}),
            )
        )  # fmt: skip
    return out


def _read_apart(path: Path, fn: Callable[[sqlite3.Connection], T]) -> T:
    """``fn`` on a connection of its own, read-only, in one read transaction: a rebuild reads a
    whole history off the event loop's connection (which stays free for moves meanwhile)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0, isolation_level=None)
    try:
        conn.execute("BEGIN")
        try:
            return fn(conn)
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


@dataclass(frozen=True)
class UpdateInput:
    """Everything rating one ended match reads, from one consistent view."""

    match: RatedMatch | None
    rated: bool
    """The match has been judged already (rated, or left unrated by the ladder's policy)."""
    settings: dict[str, Any]
    """Its server's settings."""
    later_rated: bool
    """A match of the same (server, game) that ended after it has been judged already."""
    current: dict[int, RatingRow]
    """The people's current ratings on that board."""
    recent: list[tuple[float, int, frozenset[int]]] = field(default_factory=list)
    """Rated matches of the board that ended in the ``window`` before it: (ended_at, match id,
    the rated people), for the ladder's repeat rule."""


def _update_input(conn: sqlite3.Connection, match_id: int, window: float) -> UpdateInput:
    found = read_matches(conn, BY_ID, (match_id,))
    match = found[0] if found else None
    if match is None or match.guild_id is None:
        return UpdateInput(match, False, {}, False, {})
    rated = (
        conn.execute("SELECT 1 FROM rating_changes WHERE match_id = ?", (match_id,)).fetchone() is not None
        or conn.execute("SELECT 1 FROM rating_skips WHERE match_id = ?", (match_id,)).fetchone() is not None
    )
    row = conn.execute("SELECT settings FROM guild_settings WHERE guild_id = ?", (match.guild_id,)).fetchone()
    settings = {} if row is None else dict(load_json(row[0]))
    board = (match.guild_id, match.game, match.ended_at, match_id)
    later = conn.execute(
        "SELECT 1 FROM rating_changes WHERE guild_id = ? AND game = ? AND (at, match_id) > (?, ?)"
        " UNION ALL SELECT 1 FROM rating_skips WHERE guild_id = ? AND game = ? AND (at, match_id) > (?, ?)"
        " LIMIT 1",
        (*board, *board),
    ).fetchone()
    people: dict[int, tuple[float, set[int]]] = {}
    for other, user_id, at in conn.execute(
        "SELECT match_id, user_id, at FROM rating_changes WHERE guild_id = ? AND game = ? AND at >= ?"
        " AND (at, match_id) < (?, ?)",
        (match.guild_id, match.game, match.ended_at - window, match.ended_at, match_id),
    ):
        people.setdefault(int(other), (float(at), set()))[1].add(int(user_id))
    recent = [(at, other, frozenset(users)) for other, (at, users) in sorted(people.items())]
    ids = [s.user_id for s in match.seats if s.user_id is not None]
    rows = conn.execute(
        f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ?"
        f" AND user_id IN ({in_list(len(ids))})",
        (match.guild_id, match.game, *ids),
    ).fetchall()
    current = {int(r[2]): _rating(r) for r in rows}
    return UpdateInput(match, rated, settings, later is not None, current, recent)


class RatingStore:
    """All SQL about ratings."""

    def __init__(self, db: Access) -> None:
        self.db = db

    async def _read_apart(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        path = self.db.path
        if str(path) != ":memory:" and path.is_file():
            return await asyncio.to_thread(_read_apart, path, fn)
        return await self.db.query(fn)  # an in-memory database has only the bot's connection

    # -- what rating needs ------------------------------------------------------------------

    async def update_input(self, match_id: int, window: float) -> UpdateInput:
        """What rating ``match_id`` reads; ``window``: how far back (seconds) the rated matches of
        its board are listed for the repeat rule."""
        return await self.db.query(lambda conn: _update_input(conn, match_id, window))

    async def rated_match(self, match_id: int) -> RatedMatch | None:
        found = await self.db.query(lambda conn: read_matches(conn, BY_ID, (match_id,)))
        return found[0] if found else None

    async def finished_matches(
        self, guild_id: int | None, game: str | None, *, apart: bool = True
    ) -> list[RatedMatch]:
        """Finished matches in servers (one server's, one game's), in the order they ended. Read on
        a connection of its own unless ``apart`` is False (a caller that may be inside a
        transaction of the bot's connection must read through it, to see its own writes)."""
        where, params = finished_where(guild_id, game)
        if not apart:
            return await self.db.query(lambda conn: read_matches(conn, where, params))
        return await self._read_apart(lambda conn: read_matches(conn, where, params))

    # -- writing ----------------------------------------------------------------------------

    async def record(
        self, changes: Sequence[ChangeRow], ratings: Sequence[RatingRow], skips: Sequence[SkipRow] = ()
    ) -> None:
        """One judged match: its change rows, the players' new ratings and the players it did not
        rate, in one transaction."""

        def write(conn: sqlite3.Connection) -> None:
            _insert(conn, changes, ratings)
            conn.executemany(_INSERT_SKIP, [_skip_values(k) for k in skips])

        await self.db.write(write)

    async def replace(
        self,
        guild_id: int | None,
        game: str | None,
        changes: Sequence[ChangeRow],
        ratings: Sequence[RatingRow],
        skips: Sequence[SkipRow] = (),
    ) -> None:
        """Everything stored for the scope (a board, a server, or all) replaced in one transaction,
        written on aiosqlite's thread: a whole history's rows would hold up the event loop."""
        where, params = _scope(guild_id, game)
        async with self.db.transaction() as conn:
            for statement in deletes_sql(where):
                await conn.execute(statement, params)
            await conn.executemany(_INSERT_CHANGE, [_change_values(c) for c in changes])
            await conn.executemany(_INSERT_RATING, [_rating_values(r) for r in ratings])
            await conn.executemany(_INSERT_SKIP, [_skip_values(k) for k in skips])

    # -- reading for people -----------------------------------------------------------------

    async def all_ratings(self, guild_id: int | None = None) -> list[RatingRow]:
        """Every stored rating (of one server), in key order: for comparisons and tests."""
        where, params = _scope(guild_id, None)

        def read(conn: sqlite3.Connection) -> list[RatingRow]:
            return [_rating(r) for r in conn.execute(every_sql("ratings", where), params)]

        return await self.db.query(read)

    async def all_changes(self, guild_id: int | None = None) -> list[ChangeRow]:
        where, params = _scope(guild_id, None)

        def read(conn: sqlite3.Connection) -> list[ChangeRow]:
            return [_change(r) for r in conn.execute(every_sql("rating_changes", where), params)]

        return await self.db.query(read)

    async def player(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """The player's rating in each game of the server."""

        def read(conn: sqlite3.Connection) -> dict[str, RatingRow]:
            rows = conn.execute(_PLAYER_RATINGS, (guild_id, user_id)).fetchall()
            return {str(r[1]): _rating(r) for r in rows}

        return await self.db.query(read)

    async def latest_changes(self, guild_id: int, game: str, user_id: int, n: int) -> list[ChangeRow]:
        """The player's ``n`` latest changes on this board, the latest first (the trend)."""

        def read(conn: sqlite3.Connection) -> list[ChangeRow]:
            rows = conn.execute(_LATEST_CHANGES, (user_id, guild_id, game, n)).fetchall()
            return [_change(r) for r in rows]

        return await self.db.query(read)

    async def of_match(self, match_id: int) -> list[ChangeRow]:
        """The rating changes one match made, by seat (empty for an unrated match)."""

        def read(conn: sqlite3.Connection) -> list[ChangeRow]:
            return [ChangeRow(*row) for row in conn.execute(_MATCH_CHANGES, (match_id,))]

        return await self.db.query(read)

    async def skips_of(self, match_id: int) -> dict[int, str]:
        """The people one match did not rate, with the reason (empty when it rated all or none)."""

        def read(conn: sqlite3.Connection) -> dict[int, str]:
            sql = "SELECT user_id, reason FROM rating_skips WHERE match_id = ? ORDER BY user_id"
            return {int(u): str(r) for u, r in conn.execute(sql, (match_id,))}

        return await self.db.query(read)

    async def all_skips(self, guild_id: int | None = None) -> list[SkipRow]:
        where, params = _scope(guild_id, None)

        def read(conn: sqlite3.Connection) -> list[SkipRow]:
            sql = every_sql("rating_skips", where)
            return [SkipRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), str(r[4]), float(r[5]))
                    for r in conn.execute(sql, params)]  # fmt: skip

        return await self.db.query(read)

    async def changes_for(self, user_id: int, match_ids: Sequence[int]) -> dict[int, ChangeRow]:
        """The player's change in each of these matches that was rated."""
        ids = list(match_ids)

        def read(conn: sqlite3.Connection) -> dict[int, ChangeRow]:
            marks = in_list(len(ids))
            rows = conn.execute(
                f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE user_id = ? AND match_id IN ({marks})",
                (user_id, *ids),
            ).fetchall()
            return {int(r[0]): _change(r) for r in rows}

        return await self.db.query(read) if ids else {}

    async def leaderboard(
        self, guild_id: int, game: str, since: float | None, limit: int
    ) -> tuple[list[BoardRow], int]:
        """The top ``limit`` players of the board by rating (``mu - 3 sigma``), among those who
        played a rated game since ``since`` (everyone when None); and how many such players."""

        def read(conn: sqlite3.Connection) -> tuple[list[BoardRow], int]:
            board_sql, total_sql = leaderboard_sql(since is not None)
            params = {"guild": guild_id, "game": game, "since": since}
            rows = conn.execute(board_sql, {**params, "limit": limit}).fetchall()
            total = conn.execute(total_sql, params).fetchone()[0]
            board = [
                BoardRow(
                    int(r[0]),
                    str(r[1]),
                    float(r[2]),
                    float(r[3]),
                    int(r[4]),
                    int(r[5]),
                    float(r[6]),
                    float(r[7]),
                )
                for r in rows
            ]
            return board, int(total)

        return await self.db.query(read)


def leaderboard_sql(since: bool) -> tuple[str, str]:
    """The leaderboard's statements (its rows, and how many players), counting only the rated
    games from ``:since`` when ``since``."""
    period = " AND c.at >= :since" if since else ""
    return (
        "WITH active AS ("
        "  SELECT c.user_id, COUNT(*) AS n FROM rating_changes AS c"
        f"  WHERE c.guild_id = :guild AND c.game = :game{period} GROUP BY c.user_id)"
        " SELECT r.user_id, COALESCE(NULLIF(p.display_name, ''), 'player ' || r.user_id), r.mu, r.sigma,"
        " r.games, a.n,"
        "  (SELECT c.mu_before FROM rating_changes AS c WHERE c.guild_id = :guild AND c.game = :game"
        f"   AND c.user_id = r.user_id{period} ORDER BY c.at, c.match_id LIMIT 1),"
        "  (SELECT c.sigma_before FROM rating_changes AS c WHERE c.guild_id = :guild AND c.game = :game"
        f"   AND c.user_id = r.user_id{period} ORDER BY c.at, c.match_id LIMIT 1)"
        " FROM ratings AS r JOIN active AS a ON a.user_id = r.user_id"
        " LEFT JOIN players AS p ON p.user_id = r.user_id"
        " WHERE r.guild_id = :guild AND r.game = :game"
        " ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id LIMIT :limit",
        "SELECT COUNT(DISTINCT c.user_id) FROM rating_changes AS c WHERE c.guild_id = :guild"
        f" AND c.game = :game{period}",
    )


EVERY = {
    "ratings": (_RATING_COLUMNS, "guild_id, game, user_id"),
    "rating_changes": (_CHANGE_COLUMNS, "match_id, user_id"),
    "rating_skips": (_SKIP_COLUMNS, "match_id, user_id"),
}
"""The rating tables: the columns read of each, and the order its rows are listed in."""


def every_sql(table: str, where: str) -> str:
    """The rows of one of ``EVERY``'s tables in a scope (``_scope``'s WHERE)."""
    columns, order = EVERY[table]
    return f"SELECT {columns} FROM {table}{where} ORDER BY {order}"


def deletes_sql(where: str) -> list[str]:
    """What ``replace`` deletes in a scope (``_scope``'s WHERE), one statement per table."""
    return [f"DELETE FROM {table}{where}" for table in ("rating_changes", "ratings", "rating_skips")]


_PLAYER_RATINGS = f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game"
_LATEST_CHANGES = (
    f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE user_id = ? AND guild_id = ? AND game = ?"
    " ORDER BY at DESC, match_id DESC LIMIT ?"
)
_MATCH_CHANGES = f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE match_id = ? ORDER BY seat"
_INSERT_CHANGE = f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_RATING = (
    f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
    " games = excluded.games, updated_at = excluded.updated_at"
)
_INSERT_SKIP = f"INSERT INTO rating_skips ({_SKIP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"


def _skip_values(k: SkipRow) -> tuple[Any, ...]:
    return (k.match_id, k.user_id, k.guild_id, k.game, k.reason, k.at)


def _change_values(c: ChangeRow) -> tuple[Any, ...]:
    return (c.match_id, c.user_id, c.guild_id, c.game, c.seat, c.place,
            c.mu_before, c.sigma_before, c.mu_after, c.sigma_after, c.at)  # fmt: skip


def _rating_values(r: RatingRow) -> tuple[Any, ...]:
    return (r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.updated_at)


def _insert(conn: sqlite3.Connection, changes: Sequence[ChangeRow], ratings: Sequence[RatingRow]) -> None:
    conn.executemany(_INSERT_CHANGE, [_change_values(c) for c in changes])
    conn.executemany(_INSERT_RATING, [_rating_values(r) for r in ratings])


class GuildSettingsStore:
    """Per-server settings as one JSON object per server ({} for a server never configured)."""

    def __init__(self, db: Access) -> None:
        self.db = db

    async def get(self, guild_id: int) -> dict[str, Any]:
        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            row = conn.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            return {} if row is None else dict(load_json(row[0]))

        return await self.db.query(read)

    async def all(self) -> dict[int, dict[str, Any]]:
        def read(conn: sqlite3.Connection) -> dict[int, dict[str, Any]]:
            return {
                int(g): dict(load_json(s))
                for g, s in conn.execute("SELECT guild_id, settings FROM guild_settings")
            }

        return await self.db.query(read)

    async def update(self, guild_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` (a None value removes the key); returns the server's settings."""

        def write(conn: sqlite3.Connection) -> dict[str, Any]:
            row = conn.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            settings: dict[str, Any] = {} if row is None else dict(load_json(row[0]))
            for key, value in changes.items():
                if value is None:
                    settings.pop(key, None)
                else:
                    settings[key] = value
            conn.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, dump_json(settings)),
            )
            return settings

        return await self.db.write(write)
