"""Matches of several games (tables ``series`` and ``series_games`` of V006).

A series row holds everything the between-games step needs (each seat's main and side deck, who
is ready, its deadline, who chooses who goes first next), so a restart resumes a series exactly
where it was. Every change that may race another (a game recorded twice, the next game started by
the deadline and the last Ready at once) is a conditional UPDATE that says whether it won.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .access import dump_json, load_json, new_id

if TYPE_CHECKING:
    from .access import Access

OPEN = ("playing", "sideboarding")


@dataclass(frozen=True)
class SeriesSeat:
    user_id: int | None
    name: str
    is_ai: bool

    @property
    def human(self) -> bool:
        return not self.is_ai and self.user_id is not None


@dataclass(frozen=True)
class SeriesRow:
    id: int
    game: str
    best_of: int
    format: str
    status: str
    seats: tuple[SeriesSeat, ...]
    options: dict[str, Any]
    decks: tuple[dict[str, list[str]], ...]
    """Per seat: ``{"main": [card ids], "side": [card ids]}``, as they stand now."""
    wins: tuple[int, ...]
    chooser: int | None
    ready: frozenset[int]
    deadline: float | None
    panels: dict[int, tuple[int, int]]
    """Seat -> (DM channel id, message id) of the between-games panel."""
    winner: int | None
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: int | None
    turn_seconds: float

    @property
    def needed(self) -> int:
        """Game wins that take the series: a majority of ``best_of``."""
        return self.best_of // 2 + 1

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and not s.is_ai:
                return i
        return None


@dataclass(frozen=True)
class SeriesGameRow:
    series_id: int
    game_no: int
    match_id: int
    status: str
    winner: int | None


def _series(r: sqlite3.Row) -> SeriesRow:
    return SeriesRow(
        id=r["id"],
        game=r["game"],
        best_of=r["best_of"],
        format=r["format"],
        status=r["status"],
        seats=tuple(SeriesSeat(u, n, bool(ai)) for u, n, ai in load_json(r["seats"])),
        options=load_json(r["options"]) or {},
        decks=tuple(load_json(r["decks"])),
        wins=tuple(load_json(r["wins"])),
        chooser=r["chooser"],
        ready=frozenset(load_json(r["ready"]) or ()),
        deadline=r["deadline"],
        panels={int(k): (v[0], v[1]) for k, v in (load_json(r["panels"]) or {}).items()},
        winner=r["winner"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        host_id=r["host_id"],
        turn_seconds=r["turn_seconds"],
    )


def _game(r: sqlite3.Row) -> SeriesGameRow:
    return SeriesGameRow(r["series_id"], r["game_no"], r["match_id"], r["status"], r["winner"])


class SeriesStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    # -- reading ------------------------------------------------------------------------------

    async def get(self, series_id: int) -> SeriesRow | None:
        def read(conn: sqlite3.Connection) -> SeriesRow | None:
            r = conn.execute("SELECT * FROM series WHERE id = ?", (series_id,)).fetchone()
            return None if r is None else _series(r)

        return await self.db.query(read)

    async def of_match(self, match_id: int) -> tuple[SeriesRow, SeriesGameRow] | None:
        """The series a match is a game of, with that game; None for a single match."""

        def read(conn: sqlite3.Connection) -> tuple[SeriesRow, SeriesGameRow] | None:
            g = conn.execute("SELECT * FROM series_games WHERE match_id = ?", (match_id,)).fetchone()
            if g is None:
                return None
            s = conn.execute("SELECT * FROM series WHERE id = ?", (g["series_id"],)).fetchone()
            return _series(s), _game(g)

        return await self.db.query(read)

    async def games(self, series_id: int) -> list[SeriesGameRow]:
        def read(conn: sqlite3.Connection) -> list[SeriesGameRow]:
            rows = conn.execute(
                "SELECT * FROM series_games WHERE series_id = ? ORDER BY game_no", (series_id,)
            )
            return [_game(r) for r in rows]

        return await self.db.query(read)

    async def open_series(self) -> list[SeriesRow]:
        def read(conn: sqlite3.Connection) -> list[SeriesRow]:
            rows = conn.execute(
                "SELECT * FROM series WHERE status IN ('playing', 'sideboarding') ORDER BY id"
            )
            return [_series(r) for r in rows]

        return await self.db.query(read)

    # -- writing ------------------------------------------------------------------------------

    async def create(
        self,
        *,
        game: str,
        best_of: int,
        fmt: str,
        seats: Sequence[SeriesSeat],
        options: dict[str, Any],
        decks: Sequence[dict[str, list[str]]],
        guild_id: int | None,
        channel_id: int | None,
        host_id: int | None,
        turn_seconds: float,
        first_match_id: int,
    ) -> int:
        """The series and its game 1 (already created as a match), in one transaction."""
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO series (game, best_of, format, seats, options, decks, wins, guild_id,"
                " channel_id, host_id, turn_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                (
                    game,
                    best_of,
                    fmt,
                    dump_json([[s.user_id, s.name, s.is_ai] for s in seats]),
                    dump_json(options),
                    dump_json(list(decks)),
                    dump_json([0] * len(seats)),
                    guild_id,
                    channel_id,
                    host_id,
                    turn_seconds,
                    now,
                ),
            )
            series_id = new_id(cur)
            conn.execute(
                "INSERT INTO series_games (series_id, game_no, match_id) VALUES (?, 1, ?)",
                (series_id, first_match_id),
            )
            return series_id

        return await self.db.write(write)

    async def record_game(
        self,
        series_id: int,
        game_no: int,
        *,
        game_status: str,
        game_winner: int | None,
        wins: Sequence[int],
        status: str,
        winner: int | None = None,
        chooser: int | None = None,
        ready: Sequence[int] = (),
        deadline: float | None = None,
        thread_id: int | None = None,
    ) -> bool:
        """A game's result and what comes next, once: False when this game was recorded already."""
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE series_games SET status = ?, winner = ? WHERE series_id = ? AND game_no = ?"
                " AND status = 'playing'",
                (game_status, game_winner, series_id, game_no),
            )
            if cur.rowcount != 1:
                return False
            conn.execute(
                "UPDATE series SET wins = ?, status = ?, winner = ?, chooser = ?, ready = ?, deadline = ?,"
                " panels = '{}', thread_id = COALESCE(?, thread_id),"
                " finished_at = CASE WHEN ? IN ('finished', 'aborted') THEN ? ELSE finished_at END"
                " WHERE id = ?",
                (
                    dump_json(list(wins)),
                    status,
                    winner,
                    chooser,
                    dump_json(sorted(ready)),
                    deadline,
                    thread_id,
                    status,
                    now,
                    series_id,
                ),
            )
            return True

        return await self.db.write(write)

    async def start_game(self, series_id: int, game_no: int, match_id: int) -> bool:
        """sideboarding -> playing with the next game's match, once."""

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE series SET status = 'playing', deadline = NULL WHERE id = ? AND status = 'sideboarding'",
                (series_id,),
            )
            if cur.rowcount != 1:
                return False
            conn.execute(
                "INSERT INTO series_games (series_id, game_no, match_id) VALUES (?, ?, ?)",
                (series_id, game_no, match_id),
            )
            return True

        return await self.db.write(write)

    async def abort(self, series_id: int) -> bool:
        """An open series ends without a result (a moderator ended it between games)."""
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE series SET status = 'aborted', deadline = NULL, finished_at = ?"
                " WHERE id = ? AND status IN ('playing', 'sideboarding')",
                (now, series_id),
            )
            return cur.rowcount == 1

        return await self.db.write(write)

    async def set_deck(self, series_id: int, seat: int, deck: dict[str, list[str]]) -> None:
        def write(conn: sqlite3.Connection) -> None:
            r = conn.execute("SELECT decks FROM series WHERE id = ?", (series_id,)).fetchone()
            decks = load_json(r["decks"])
            decks[seat] = deck
            conn.execute("UPDATE series SET decks = ? WHERE id = ?", (dump_json(decks), series_id))

        await self.db.write(write)

    async def set_ready(self, series_id: int, seat: int) -> frozenset[int] | None:
        """Mark the seat ready during the between-games step: the ready seats after that, or None
        when the step is over (a stale panel) or the seat was ready already (a double click)."""

        def write(conn: sqlite3.Connection) -> frozenset[int] | None:
            r = conn.execute("SELECT status, ready FROM series WHERE id = ?", (series_id,)).fetchone()
            if r is None or r["status"] != "sideboarding":
                return None
            ready = set(load_json(r["ready"]) or ())
            if seat in ready:
                return None
            ready.add(seat)
            conn.execute("UPDATE series SET ready = ? WHERE id = ?", (dump_json(sorted(ready)), series_id))
            return frozenset(ready)

        return await self.db.write(write)

    async def set_panel(self, series_id: int, seat: int, channel_id: int, message_id: int) -> None:
        def write(conn: sqlite3.Connection) -> None:
            r = conn.execute("SELECT panels FROM series WHERE id = ?", (series_id,)).fetchone()
            panels = load_json(r["panels"]) or {}
            panels[str(seat)] = [channel_id, message_id]
            conn.execute("UPDATE series SET panels = ? WHERE id = ?", (dump_json(panels), series_id))

        await self.db.write(write)
