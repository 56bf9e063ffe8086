"""Ratings storage: the current rating per (server, game, player), every rated match's change,
and per-server settings. The rating rules are ``bot.services.ratings``; this module only reads and
writes (V009__ratings.sql describes the tables).

Reads for the leaderboard, /profile and /history run as plain functions of the connection
(``Database.query``): one consistent view, no thread hop.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .database import dump_json, load_json

if TYPE_CHECKING:
    from .database import Database


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
    config: dict[str, Any]
    ranking: list[list[int]] | None
    seats: tuple[RatedSeat, ...]


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


def read_matches(conn: sqlite3.Connection, where: str, params: tuple[Any, ...]) -> list[RatedMatch]:
    """Matches (``where`` over alias m) with their seats, in the order they ended."""
    rows = conn.execute(
        "SELECT m.id, m.game, m.guild_id, m.status, COALESCE(m.ended_at, m.created_at), m.config, m.outcome"
        f" FROM matches AS m {where} ORDER BY m.ended_at, m.id",
        params,
    ).fetchall()
    seats: dict[int, list[RatedSeat]] = {}
    if rows:
        for match_id, seat, user_id in conn.execute(
            "SELECT s.match_id, s.seat, s.user_id FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
            f" {where} ORDER BY s.match_id, s.seat",
            params,
        ):
            seats.setdefault(int(match_id), []).append(RatedSeat(int(seat), user_id))
    out = []
    for r in rows:
        outcome = load_json(r[6])
        ranking = outcome.get("ranking") if isinstance(outcome, dict) else None
        out.append(
            RatedMatch(
                int(r[0]), str(r[1]), r[2], str(r[3]), float(r[4]), load_json(r[5]) or {},
                [list(g) for g in ranking] if isinstance(ranking, list) else None,
                tuple(seats.get(int(r[0]), ())),
            )
        )  # fmt: skip
    return out


class RatingStore:
    """All SQL about ratings."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- what rating needs ------------------------------------------------------------------

    async def rated_match(self, match_id: int) -> RatedMatch | None:
        found = await self.db.query(lambda conn: read_matches(conn, "WHERE m.id = ?", (match_id,)))
        return found[0] if found else None

    async def finished_matches(self, guild_id: int | None, game: str | None) -> list[RatedMatch]:
        """Finished matches in servers (one server's, one game's), in the order they ended."""
        where, params = _scope(guild_id, game, "m")
        cond = "m.status = 'finished' AND m.guild_id IS NOT NULL AND m.outcome IS NOT NULL"
        where = f"{where} AND {cond}" if where else f"WHERE {cond}"
        return await self.db.query(lambda conn: read_matches(conn, where, params))

    async def is_rated(self, match_id: int) -> bool:
        def read(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute("SELECT 1 FROM rating_changes WHERE match_id = ?", (match_id,)).fetchone()
                is not None
            )

        return await self.db.query(read)

    async def rated_after(self, guild_id: int, game: str, at: float, match_id: int) -> bool:
        """Whether a match of this board that ended after (``at``, ``match_id``) is rated already."""

        def read(conn: sqlite3.Connection) -> bool:
            row = conn.execute(
                "SELECT 1 FROM rating_changes WHERE guild_id = ? AND game = ?"
                " AND (at > ? OR (at = ? AND match_id > ?)) LIMIT 1",
                (guild_id, game, at, at, match_id),
            ).fetchone()
            return row is not None

        return await self.db.query(read)

    async def ratings_of(self, guild_id: int, game: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = list(user_ids)

        def read(conn: sqlite3.Connection) -> dict[int, RatingRow]:
            marks = ",".join("?" * len(ids))
            rows = conn.execute(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                (guild_id, game, *ids),
            ).fetchall()
            return {int(r[2]): _rating(r) for r in rows}

        return await self.db.query(read) if ids else {}

    # -- writing ----------------------------------------------------------------------------

    async def record(self, changes: Sequence[ChangeRow], ratings: Sequence[RatingRow]) -> None:
        """One rated match: its change rows and the players' new ratings, in one transaction."""

        def write(conn: sqlite3.Connection) -> None:
            _insert(conn, changes, ratings)

        await self.db.write(write)

    async def replace(
        self,
        guild_id: int | None,
        game: str | None,
        changes: Sequence[ChangeRow],
        ratings: Sequence[RatingRow],
    ) -> None:
        """Everything stored for the scope (a board, a server, or all) replaced in one transaction."""
        where, params = _scope(guild_id, game)

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(f"DELETE FROM rating_changes{where}", params)
            conn.execute(f"DELETE FROM ratings{where}", params)
            _insert(conn, changes, ratings)

        await self.db.write(write)

    # -- reading for people -----------------------------------------------------------------

    async def all_ratings(self, guild_id: int | None = None) -> list[RatingRow]:
        """Every stored rating (of one server), in key order: for comparisons and tests."""
        where, params = _scope(guild_id, None)

        def read(conn: sqlite3.Connection) -> list[RatingRow]:
            sql = f"SELECT {_RATING_COLUMNS} FROM ratings{where} ORDER BY guild_id, game, user_id"
            return [_rating(r) for r in conn.execute(sql, params)]

        return await self.db.query(read)

    async def all_changes(self, guild_id: int | None = None) -> list[ChangeRow]:
        where, params = _scope(guild_id, None)

        def read(conn: sqlite3.Connection) -> list[ChangeRow]:
            sql = f"SELECT {_CHANGE_COLUMNS} FROM rating_changes{where} ORDER BY match_id, user_id"
            return [_change(r) for r in conn.execute(sql, params)]

        return await self.db.query(read)

    async def player(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """The player's rating in each game of the server."""

        def read(conn: sqlite3.Connection) -> dict[str, RatingRow]:
            rows = conn.execute(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
                (guild_id, user_id),
            ).fetchall()
            return {str(r[1]): _rating(r) for r in rows}

        return await self.db.query(read)

    async def latest_changes(self, guild_id: int, game: str, user_id: int, n: int) -> list[ChangeRow]:
        """The player's ``n`` latest changes on this board, the latest first (the trend)."""

        def read(conn: sqlite3.Connection) -> list[ChangeRow]:
            rows = conn.execute(
                f"SELECT {_CHANGE_COLUMNS} FROM rating_changes WHERE user_id = ? AND guild_id = ? AND game = ?"
                " ORDER BY at DESC, match_id DESC LIMIT ?",
                (user_id, guild_id, game, n),
            ).fetchall()
            return [_change(r) for r in rows]

        return await self.db.query(read)

    async def changes_for(self, user_id: int, match_ids: Sequence[int]) -> dict[int, ChangeRow]:
        """The player's change in each of these matches that was rated."""
        ids = list(match_ids)

        def read(conn: sqlite3.Connection) -> dict[int, ChangeRow]:
            marks = ",".join("?" * len(ids))
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
            period = "" if since is None else " AND c.at >= :since"
            rows = conn.execute(
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
                {"guild": guild_id, "game": game, "since": since, "limit": limit},
            ).fetchall()
            total = conn.execute(
                f"SELECT COUNT(DISTINCT c.user_id) FROM rating_changes AS c WHERE c.guild_id = :guild"
                f" AND c.game = :game{period}",
                {"guild": guild_id, "game": game, "since": since},
            ).fetchone()[0]
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


def _insert(conn: sqlite3.Connection, changes: Sequence[ChangeRow], ratings: Sequence[RatingRow]) -> None:
    conn.executemany(
        f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (c.match_id, c.user_id, c.guild_id, c.game, c.seat, c.place,
             c.mu_before, c.sigma_before, c.mu_after, c.sigma_after, c.at)
            for c in changes
        ],
    )  # fmt: skip
    conn.executemany(
        f"INSERT OR REPLACE INTO ratings ({_RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.updated_at) for r in ratings],
    )


class GuildSettingsStore:
    """Per-server settings as one JSON object per server ({} for a server never configured)."""

    def __init__(self, db: Database) -> None:
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
