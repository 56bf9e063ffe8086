"""Puzzle attempts (V010): who played which day's puzzle where, their decisions, and the result.

An attempt stores the player's own decisions only (``moves``, a JSON list of action ids); the
service rebuilds the position from the puzzle file and those moves. ``seq`` (the number of
decisions) guards every write like a match's log: a move is stored only if the attempt is still
where the clicked panel showed it, so a double or stale click changes nothing.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engines.core import CardhostError

from .access import dump_json, load_json, new_id
from .sql import Sql

if TYPE_CHECKING:
    from .access import Access

PLAYING, SOLVED, FAILED = "playing", "solved", "failed"


class AttemptNotFound(CardhostError):
    def __init__(self) -> None:
        super().__init__("This puzzle no longer exists: start today's with /puzzle.")


@dataclass(frozen=True)
class AttemptRow:
    id: int
    guild_id: int | None
    user_id: int
    display_name: str
    game: str
    puzzle_id: str
    day: str
    status: str
    reason: str | None
    moves: tuple[str, ...]
    seq: int
    dm_channel_id: int | None
    dm_message_id: int | None
    started_at: float
    ended_at: float | None

    @property
    def playing(self) -> bool:
        return self.status == PLAYING


@dataclass(frozen=True)
class DayEntry:
    """One player's attempts at a day's puzzle on a server."""

    user_id: int
    name: str
    attempts: int
    solved: bool
    solved_on: int
    """Which attempt solved it (1 = the first); 0 when not solved."""


@dataclass(frozen=True)
class Solver:
    user_id: int
    name: str
    solves: int
    """Days whose puzzle (of the game asked, or of any game) they solved on this server."""


_COLUMNS = (
    "id, guild_id, user_id, display_name, game, puzzle_id, day, status, reason, moves, seq,"
    " dm_channel_id, dm_message_id, started_at, ended_at"
)
_BY_ID = f"SELECT {_COLUMNS} FROM puzzle_attempts WHERE id = ?"
_RUNNING = f"SELECT {_COLUMNS} FROM puzzle_attempts WHERE user_id = ? AND game = ? AND status = ?"


def _row(r: sqlite3.Row | tuple[object, ...]) -> AttemptRow:
    moves = load_json(str(r[9]))
    return AttemptRow(
        id=int(str(r[0])),
        guild_id=None if r[1] is None else int(str(r[1])),
        user_id=int(str(r[2])),
        display_name=str(r[3]),
        game=str(r[4]),
        puzzle_id=str(r[5]),
        day=str(r[6]),
        status=str(r[7]),
        reason=None if r[8] is None else str(r[8]),
        moves=tuple(str(m) for m in moves),
        seq=int(str(r[10])),
        dm_channel_id=None if r[11] is None else int(str(r[11])),
        dm_message_id=None if r[12] is None else int(str(r[12])),
        started_at=float(str(r[13])),
        ended_at=None if r[14] is None else float(str(r[14])),
    )


class PuzzleStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def get(self, attempt_id: int) -> AttemptRow:
        def read(conn: sqlite3.Connection) -> AttemptRow | None:
            r = conn.execute(_BY_ID, (attempt_id,)).fetchone()
            return None if r is None else _row(r)

        found = await self.db.query(read)
        if found is None:
            raise AttemptNotFound()
        return found

    async def running(self, user_id: int, game: str) -> AttemptRow | None:
        """The player's attempt at a puzzle of ``game`` still being played, if any."""

        def read(conn: sqlite3.Connection) -> AttemptRow | None:
            r = conn.execute(_RUNNING, (user_id, game, PLAYING)).fetchone()
            return None if r is None else _row(r)

        return await self.db.query(read)

    async def create(
        self, *, guild_id: int | None, user_id: int, name: str, game: str, puzzle_id: str, day: str
    ) -> AttemptRow:
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO puzzle_attempts (guild_id, user_id, display_name, game, puzzle_id, day,"
                " started_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, user_id, name, game, puzzle_id, day, now),
            )
            return new_id(cur)

        return await self.get(await self.db.write(write))

    async def delete(self, attempt_id: int) -> None:
        """An attempt that never reached the player (their DMs are closed): it does not count."""
        await self.db.write(
            lambda conn: conn.execute("DELETE FROM puzzle_attempts WHERE id = ?", (attempt_id,))
        )

    async def set_dm(self, attempt_id: int, channel_id: int, message_id: int) -> None:
        await self.db.write(
            lambda conn: conn.execute(
                "UPDATE puzzle_attempts SET dm_channel_id = ?, dm_message_id = ? WHERE id = ?",
                (channel_id, message_id, attempt_id),
            )
        )

    async def record(
        self, attempt_id: int, expected_seq: int, moves: list[str], status: str, reason: str | None
    ) -> bool:
        """Store the decisions (and the result once decided) if the attempt is still at
        ``expected_seq`` and running; False when another click got there first."""
        ended = None if status == PLAYING else self.db.now()

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE puzzle_attempts SET moves = ?, seq = ?, status = ?, reason = ?, ended_at = ?"
                " WHERE id = ? AND seq = ? AND status = ?",
                (dump_json(moves), len(moves), status, reason, ended, attempt_id, expected_seq, PLAYING),
            )
            return cur.rowcount == 1

        return await self.db.write(write)

    async def day_entries(self, guild_id: int | None, game: str, day: str) -> list[DayEntry]:
        """Everyone's attempts at ``game``'s puzzle of ``day`` on the server: solvers first (fewest
        attempts first), then the others by attempts."""

        def read(conn: sqlite3.Connection) -> list[DayEntry]:
            rows = conn.execute(_DAY_ENTRIES, (guild_id, game, day)).fetchall()
            by_user: dict[int, list[tuple[str, str]]] = {}
            for uid, name, status, _ in rows:
                by_user.setdefault(int(uid), []).append((str(name), str(status)))
            out = []
            for uid, tries in by_user.items():
                solved_on = next((i for i, (_, s) in enumerate(tries, 1) if s == SOLVED), 0)
                out.append(DayEntry(uid, tries[-1][0], len(tries), solved_on > 0, solved_on))
            out.sort(key=lambda e: (not e.solved, e.solved_on if e.solved else e.attempts, e.name.casefold()))
            return out

        return await self.db.query(read)

    async def top_solvers(self, guild_id: int | None, game: str | None, limit: int = 10) -> list[Solver]:
        """The server's players by puzzles solved (a day's puzzle counts once however often it was
        solved), most first."""

        def read(conn: sqlite3.Connection) -> list[Solver]:
            params: tuple[object, ...] = (guild_id, game) if game else (guild_id,)
            rows = conn.execute(_TOP_SOLVERS[bool(game)], (*params, limit)).fetchall()
            return [Solver(int(u), str(n), int(c)) for u, n, c in rows]

        return await self.db.query(read)


# A guild id or none (a direct message): SQLite compares with NULL as a value by ``IS``,
# PostgreSQL by ``IS NOT DISTINCT FROM`` (SQLite reads that only from 3.39 on).
_SAME_GUILD = Sql("guild_id IS ?", "guild_id IS NOT DISTINCT FROM ?")


def _day_entries(same: str) -> str:
    return (
        "SELECT user_id, display_name, status, id FROM puzzle_attempts"
        f" WHERE {same} AND game = ? AND day = ? ORDER BY user_id, id"
    )


_DAY_ENTRIES = Sql(_day_entries(_SAME_GUILD.sqlite), _day_entries(_SAME_GUILD.postgres))


def _top_solvers(same: str, by_game: bool) -> str:
    where = f"{same} AND status = 'solved'" + (" AND game = ?" if by_game else "")
    return (
        "SELECT user_id, (SELECT display_name FROM puzzle_attempts AS n"
        "   WHERE n.user_id = s.user_id ORDER BY n.id DESC LIMIT 1),"
        " COUNT(DISTINCT game || ' ' || day) AS solves"
        f" FROM puzzle_attempts AS s WHERE {where}"
        " GROUP BY user_id ORDER BY solves DESC, MIN(ended_at), user_id LIMIT ?"
    )


_TOP_SOLVERS = {
    by_game: Sql(_top_solvers(_SAME_GUILD.sqlite, by_game), _top_solvers(_SAME_GUILD.postgres, by_game))
    for by_game in (False, True)
}
"""The leaderboard's statement, for one game (True) or all (False)."""
