"""A player's match history: their ended matches with every seat, the result, the deck they
brought and their rating change, for /history, /history export and /profile.

Read-only SQL over what matches already store (matches, match_seats, match_decks, and the
rating_changes of V009, the rating_skips of V013); nothing is replayed.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .access import load_json

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

    @property
    def when(self) -> float:
        return self.ended_at if self.ended_at is not None else self.created_at


def _filters(user_id: int, guild_id: int | None, game: str | None) -> tuple[str, dict[str, Any]]:
    where = "s.user_id = :user AND m.status IN ('finished', 'aborted')"
    if guild_id is not None:
        where += " AND m.guild_id = :guild"
    if game is not None:
        where += " AND m.game = :game"
    return where, {"user": user_id, "guild": guild_id, "game": game}


def _entries(
    conn: sqlite3.Connection,
    user_id: int,
    guild_id: int | None,
    game: str | None,
    limit: int,
    offset: int,
) -> list[HistoryEntry]:
    where, params = _filters(user_id, guild_id, game)
    rows = conn.execute(
        "SELECT m.id, m.game, m.guild_id, m.status, m.created_at, m.ended_at, m.end_reason, m.outcome,"
        # one rating change per (match, user): MAX picks it, and PostgreSQL wants every column
        # that the GROUP BY does not fix inside an aggregate
        " MIN(s.seat), MAX(c.mu_before), MAX(c.sigma_before), MAX(c.mu_after), MAX(c.sigma_after),"
        " MAX(k.reason)"
        " FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
        " LEFT JOIN rating_changes AS c ON c.match_id = m.id AND c.user_id = s.user_id"
        " LEFT JOIN rating_skips AS k ON k.match_id = m.id AND k.user_id = s.user_id"
        f" WHERE {where} GROUP BY m.id"
        " ORDER BY COALESCE(m.ended_at, m.created_at) DESC, m.id DESC LIMIT :limit OFFSET :offset",
        {**params, "limit": limit, "offset": offset},
    ).fetchall()
    if not rows:
        return []
    ids = [int(r[0]) for r in rows]
    marks = ",".join("?" * len(ids))
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
            )
        )
    return out


class HistoryStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def count(self, user_id: int, guild_id: int | None = None, game: str | None = None) -> int:
        where, params = _filters(user_id, guild_id, game)

        def read(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "SELECT COUNT(DISTINCT m.id) FROM match_seats AS s JOIN matches AS m ON m.id = s.match_id"
                f" WHERE {where}",
                params,
            ).fetchone()
            return int(row[0])

        return await self.db.query(read)

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
            sql = (
                "SELECT m.game, d.match_id, d.card, d.copies FROM match_seats AS s"
                " JOIN matches AS m ON m.id = s.match_id"
                " JOIN match_decks AS d ON d.match_id = s.match_id AND d.seat = s.seat"
                " WHERE s.user_id = ?"
            )
            params: list[Any] = [user_id]
            if guild_id is not None:
                sql += " AND m.guild_id = ?"
                params.append(guild_id)
            decks: dict[tuple[str, int], list[tuple[str, int]]] = {}
            for game, match_id, card, copies in conn.execute(sql + " ORDER BY d.match_id, d.card", params):
                decks.setdefault((str(game), int(match_id)), []).append((str(card), int(copies)))
            out: dict[str, Counter[tuple[tuple[str, int], ...]]] = {}
            for (game, _), cards in decks.items():
                out.setdefault(game, Counter())[tuple(cards)] += 1
            return out

        return await self.db.query(read)
