"""A player's match history: their ended matches with every seat, the result, the deck they
brought and their rating change, for /history, /history export and /profile. /history lists a
series (best of 3 or 5) as one item with its games (``items``; issue 34 item 15).

Read-only SQL over what matches already store (matches, match_seats, match_decks, and the
rating_changes of V009, the rating_skips of V013); nothing is replayed.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .access import load_json
from .sql import in_list

if TYPE_CHECKING:
    from .access import Access

ENDED = ("finished", "aborted")


@dataclass(frozen=True)
class HistorySeat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    """An AI seat, or a person's seat the AI was playing when the match ended."""


@dataclass(frozen=True)
class RatingChange:
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True)
class HistoryEntry:
    match_id: int
    game: str
    guild_id: int | None
    status: str
    """'finished' (a result) or 'aborted' (ended without one)."""
    created_at: float
    ended_at: float | None
    end_reason: str | None
    seat: int
    """The player's seat (their first, should they have held two)."""
    seats: tuple[HistorySeat, ...]
    ranking: tuple[tuple[int, ...], ...] | None
    change: RatingChange | None
    deck: tuple[tuple[str, int], ...]
    """The player's deck as sorted (card, copies); empty for a game without decks."""
    unrated: str | None = None
    """Why the ladder's policy did not rate this player in a match with a result
    (``bot.services.ladder_policy.REASONS``); None when it did, or never would have."""
    series_id: int | None = None
    """The series (best of 3 or 5) this match is a game of; None for a single match."""
    game_no: int | None = None
    """Which game of its series (1 = the first)."""

    @property
    def when(self) -> float:
        return self.ended_at if self.ended_at is not None else self.created_at


@dataclass(frozen=True)
class SeriesSummary:
    """What a /history page says of a series as a whole (tables ``series`` of V006)."""

    id: int
    best_of: int
    status: str
    """'playing' or 'sideboarding' (still on), 'finished' or 'aborted'."""
    seats: tuple[HistorySeat, ...]
    """The series' seats (a game's seats may be in another order: who goes first changes)."""
    wins: tuple[int, ...]
    winner: int | None
    """The series seat that won it; None: nobody (yet, or a draw, or no result)."""


@dataclass(frozen=True)
class HistoryItem:
    """One line of a /history page: a single match, or a series with its ended games."""

    games: tuple[HistoryEntry, ...]
    """The match, or the series' ended games in order."""
    series: SeriesSummary | None = None


SERIES_GAMES = " LEFT JOIN series_games AS g ON g.match_id = m.id"
ITEM = "COALESCE(-g.series_id, m.id)"
"""A page's unit: a match, or a whole series (its id negated, so it never meets a match id)."""


def _where(guild: bool, game: bool, only: int | None = None) -> str:
    """The WHERE of a player's ended matches (alias s for their seat, m for the match): in one
    server, of one game, among ``only`` given matches (named ``:only0`` ...) when asked."""
    where = "s.user_id = :user AND m.status IN ('finished', 'aborted')"
    if guild:
        where += " AND m.guild_id = :guild"
    if game:
        where += " AND m.game = :game"
    if only is not None:
        marks = ", ".join(f":only{i}" for i in range(only)) or "NULL"  # sql.in_list: never empty
        where += f" AND m.id IN ({marks})"
    return where


def _filters(user_id: int, guild_id: int | None, game: str | None) -> tuple[str, dict[str, Any]]:
    return _where(guild_id is not None, game is not None), {"user": user_id, "guild": guild_id, "game": game}


def entries_sql(where: str) -> str:
    """A page of ended matches (``where``: ``_where``'s), with the player's seat, rating change,
    unrated reason and series game."""
    return (
        "SELECT m.id, m.game, m.guild_id, m.status, m.created_at, m.ended_at, m.end_reason, m.outcome,"
        # one rating change per (match, user): MAX picks it, and PostgreSQL wants every column
        # that the GROUP BY does not fix inside an aggregate
        " MIN(s.seat), MAX(c.mu_before), MAX(c.sigma_before), MAX(c.mu_after), MAX(c.sigma_after),"
        " MAX(k.reason), MAX(g.series_id), MAX(g.game_no)"
        " FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
        " LEFT JOIN rating_changes AS c ON c.match_id = m.id AND c.user_id = s.user_id"
        " LEFT JOIN rating_skips AS k ON k.match_id = m.id AND k.user_id = s.user_id"
        f"{SERIES_GAMES} WHERE {where} GROUP BY m.id"
        " ORDER BY COALESCE(m.ended_at, m.created_at) DESC, m.id DESC LIMIT :limit OFFSET :offset"
    )


def items_sql(where: str) -> str:
    """A page of /history items (a match, or a series placed by its latest game)."""
    return (
        f"SELECT {ITEM} AS item, MAX(COALESCE(m.ended_at, m.created_at)) AS latest, MAX(m.id) AS newest"
        f" FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id{SERIES_GAMES}"
        f" WHERE {where} GROUP BY {ITEM} ORDER BY latest DESC, newest DESC LIMIT :limit OFFSET :offset"
    )


def count_sql(where: str) -> str:
    return (
        "SELECT COUNT(DISTINCT m.id) FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
        f" WHERE {where}"
    )


def item_count_sql(where: str) -> str:
    return (
        f"SELECT COUNT(DISTINCT {ITEM}) FROM match_seats AS s JOIN matches AS m"
        f" ON m.id = s.match_id{SERIES_GAMES} WHERE {where}"
    )


def decks_used_sql(in_guild: bool) -> str:
    """The cards of every deck a player brought to a match (in one server), match by match."""
    guild = " AND m.guild_id = ?" if in_guild else ""
    return (
        "SELECT m.game, d.match_id, d.card, d.copies FROM match_seats AS s"
        " JOIN matches AS m ON m.id = s.match_id"
        " JOIN match_decks AS d ON d.match_id = s.match_id AND d.seat = s.seat"
        f" WHERE s.user_id = ?{guild} ORDER BY d.match_id, d.card"
    )


def _entries(
    conn: sqlite3.Connection,
    user_id: int,
    guild_id: int | None,
    game: str | None,
    limit: int,
    offset: int,
    only: list[int] | None = None,
) -> list[HistoryEntry]:
    where, params = _filters(user_id, guild_id, game)
    if only is not None:
        where = _where(guild_id is not None, game is not None, len(only))
        params.update({f"only{i}": match_id for i, match_id in enumerate(only)})
    rows = conn.execute(entries_sql(where), {**params, "limit": limit, "offset": offset}).fetchall()
    if not rows:
        return []
    ids = [int(r[0]) for r in rows]
    marks = in_list(len(ids))
    seats: dict[int, list[HistorySeat]] = {}
    for match_id, seat, uid, name, is_ai in conn.execute(
        f"SELECT match_id, seat, user_id, display_name, is_ai FROM match_seats WHERE match_id IN ({marks})"
        " ORDER BY match_id, seat",
        ids,
    ):
        seats.setdefault(int(match_id), []).append(HistorySeat(int(seat), uid, str(name), bool(is_ai)))
    decks: dict[int, list[tuple[str, int]]] = {}
    for match_id, card, copies in conn.execute(
        "SELECT d.match_id, d.card, d.copies FROM match_decks AS d JOIN match_seats AS s"
        " ON s.match_id = d.match_id AND s.seat = d.seat"
        f" WHERE s.user_id = ? AND d.match_id IN ({marks}) ORDER BY d.match_id, d.card",
        [user_id, *ids],
    ):
        decks.setdefault(int(match_id), []).append((str(card), int(copies)))
    out = []
    for r in rows:
        outcome = load_json(r[7])
        ranking = outcome.get("ranking") if isinstance(outcome, dict) else None
        out.append(
            HistoryEntry(
                match_id=int(r[0]),
                game=str(r[1]),
                guild_id=r[2],
                status=str(r[3]),
                created_at=float(r[4]),
                ended_at=None if r[5] is None else float(r[5]),
                end_reason=r[6],
                seat=int(r[8]),
                seats=tuple(seats.get(int(r[0]), ())),
                ranking=tuple(tuple(int(s) for s in g) for g in ranking)
                if isinstance(ranking, list)
                else None,
                change=None
                if r[9] is None
                else RatingChange(float(r[9]), float(r[10]), float(r[11]), float(r[12])),
                deck=tuple(decks.get(int(r[0]), ())),
                unrated=None if r[13] is None else str(r[13]),
                series_id=None if r[14] is None else int(r[14]),
                game_no=None if r[15] is None else int(r[15]),
            )
        )
    return out


def _items(
    conn: sqlite3.Connection, user_id: int, guild_id: int | None, game: str | None, limit: int, offset: int
) -> list[HistoryItem]:
    """A page of items, the latest first: a series is one item, placed by its latest game."""
    where, params = _filters(user_id, guild_id, game)
    picked = conn.execute(items_sql(where), {**params, "limit": limit, "offset": offset}).fetchall()
    keys = [int(r[0]) for r in picked]
    if not keys:
        return []
    series_ids = [-k for k in keys if k < 0]
    match_ids = [k for k in keys if k > 0]
    if series_ids:
        marks = in_list(len(series_ids))
        match_ids += [
            int(r[0])
            for r in conn.execute(
                f"SELECT match_id FROM series_games WHERE series_id IN ({marks})", series_ids
            )
        ]
    entries = _entries(conn, user_id, guild_id, game, -1, 0, only=match_ids)
    summaries: dict[int, SeriesSummary] = {}
    if series_ids:
        marks = in_list(len(series_ids))
        for sid, best_of, status, seats, wins, winner in conn.execute(
            f"SELECT id, best_of, status, seats, wins, winner FROM series WHERE id IN ({marks})", series_ids
        ):
            summaries[int(sid)] = SeriesSummary(
                id=int(sid),
                best_of=int(best_of),
                status=str(status),
                seats=tuple(
                    HistorySeat(i, u, str(n), bool(ai)) for i, (u, n, ai) in enumerate(load_json(seats))
                ),
                wins=tuple(int(w) for w in load_json(wins)),
                winner=None if winner is None else int(winner),
            )
    out = []
    for key in keys:
        if key > 0:
            out.append(HistoryItem(tuple(e for e in entries if e.match_id == key)))
        else:
            games = sorted((e for e in entries if e.series_id == -key), key=lambda e: e.game_no or 0)
            out.append(HistoryItem(tuple(games), summaries.get(-key)))
    return [i for i in out if i.games]


class HistoryStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def count(self, user_id: int, guild_id: int | None = None, game: str | None = None) -> int:
        where, params = _filters(user_id, guild_id, game)

        def read(conn: sqlite3.Connection) -> int:
            row = conn.execute(count_sql(where), params).fetchone()
            return int(row[0])

        return await self.db.query(read)

    async def item_count(self, user_id: int, guild_id: int | None = None, game: str | None = None) -> int:
        """How many /history items the player has: a series counts once, however many games."""
        where, params = _filters(user_id, guild_id, game)

        def read(conn: sqlite3.Connection) -> int:
            row = conn.execute(item_count_sql(where), params).fetchone()
            return int(row[0])

        return await self.db.query(read)

    async def items(
        self, user_id: int, guild_id: int | None, game: str | None, limit: int, offset: int = 0
    ) -> list[HistoryItem]:
        """A /history page: the player's ended matches, a series as one item with its games."""
        return await self.db.query(lambda conn: _items(conn, user_id, guild_id, game, limit, offset))

    async def page(
        self, user_id: int, guild_id: int | None, game: str | None, limit: int, offset: int = 0
    ) -> list[HistoryEntry]:
        """The player's ended matches, the latest first."""
        return await self.db.query(lambda conn: _entries(conn, user_id, guild_id, game, limit, offset))

    async def everything(self, user_id: int) -> list[HistoryEntry]:
        """Every ended match of the player, in every server, the latest first (their export)."""
        return await self.db.query(lambda conn: _entries(conn, user_id, None, None, -1, 0))

    async def decks_used(
        self, user_id: int, guild_id: int | None
    ) -> dict[str, Counter[tuple[tuple[str, int], ...]]]:
        """Per game, how many matches (of any status) the player brought each deck to."""

        def read(conn: sqlite3.Connection) -> dict[str, Counter[tuple[tuple[str, int], ...]]]:
            params: list[Any] = [user_id] if guild_id is None else [user_id, guild_id]
            decks: dict[tuple[str, int], list[tuple[str, int]]] = {}
            for game, match_id, card, copies in conn.execute(decks_used_sql(guild_id is not None), params):
                decks.setdefault((str(game), int(match_id)), []).append((str(card), int(copies)))
            out: dict[str, Counter[tuple[tuple[str, int], ...]]] = {}
            for (game, _), cards in decks.items():
                out.setdefault(game, Counter())[tuple(cards)] += 1
            return out

        return await self.db.query(read)
