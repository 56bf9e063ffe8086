"""Players: names, per-player settings, and the results behind profile statistics."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.core import codec
from engines.core.types import Outcome

from .access import dump_json, fetch_all, fetch_one, load_json
from .matches import SeatInfo, SeatRow

if TYPE_CHECKING:
    from .access import Access


@dataclass(frozen=True)
class PlayerRow:
    user_id: int
    display_name: str
    created_at: float
    settings: dict[str, Any]


@dataclass(frozen=True)
class GameStats:
    game: str
    played: int
    wins: int
    losses: int
    average_place: float | None


@dataclass(frozen=True)
class Profile:
    user_id: int
    display_name: str | None
    games_played: int
    wins: int
    losses: int
    average_place: float | None
    per_game: dict[str, GameStats] = field(default_factory=dict)


class PlayerStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def upsert(self, user_id: int, display_name: str) -> None:
        """Create the player, or refresh the display name of an existing one."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, display_name, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name",
                (user_id, display_name, self.db.now()),
            )

    async def get(self, user_id: int) -> PlayerRow | None:
        async with self.db.read() as conn:
            row = await fetch_one(conn, "SELECT * FROM players WHERE user_id = ?", (user_id,))
        if row is None:
            return None
        return PlayerRow(row["user_id"], row["display_name"], row["created_at"], load_json(row["settings"]))

    async def get_settings(self, user_id: int) -> dict[str, Any]:
        """The player's settings ({} for someone never seen)."""
        player = await self.get(user_id)
        return {} if player is None else player.settings

    async def set_settings(self, user_id: int, settings: Mapping[str, Any]) -> None:
        """Replace all settings (creates the player with an empty name if unknown)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, created_at, settings) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings",
                (user_id, self.db.now(), dump_json(dict(settings))),
            )

    async def update_settings(self, user_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into the settings (a None value removes the key); returns the result."""
        async with self.db.transaction() as conn:
            row = await fetch_one(conn, "SELECT settings FROM players WHERE user_id = ?", (user_id,))
            settings: dict[str, Any] = {} if row is None else load_json(row["settings"])
            for key, value in changes.items():
                if value is None:
                    settings.pop(key, None)
                else:
                    settings[key] = value
            await self.set_settings(user_id, settings)  # a savepoint inside this transaction
            return settings

    async def record_results(
        self,
        match_id: int,
        game: str,
        outcome: Outcome | Mapping[str, Any],
        seats: Sequence[SeatRow | SeatInfo],
    ) -> int:
        """One ``results`` row per human in the match; returns how many were written.

        ``seats`` are the match seats (``SeatRow``, or ``SeatInfo`` in seat order). AI seats are
        skipped; a human whose seat an AI took over keeps the result. Recording twice is harmless.
        A user in several seats keeps the best place.
        """
        if not isinstance(outcome, Outcome):
            outcome = codec.from_data(Outcome, dict(outcome))
        rows: dict[int, tuple[int, int, int, str]] = {}
        for i, s in enumerate(seats):
            if s.user_id is None:
                continue
            seat = s.seat if isinstance(s, SeatRow) else i
            place = outcome.place_of(seat)
            won, lost = int(seat in outcome.winners), int(seat in outcome.losers)
            best = rows.get(s.user_id)
            if best is None or place < best[0]:
                rows[s.user_id] = (place, won, lost, s.display_name)
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> None:
            # One write (no thread hop): it runs on the loop's connection, group-committed.
            for user_id, (place, won, lost, name) in rows.items():
                conn.execute(
                    "INSERT INTO players (user_id, display_name, created_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (user_id) DO NOTHING",
                    (user_id, name, now),
                )
                conn.execute(
                    "INSERT INTO results (match_id, user_id, game, place, players, is_winner,"
                    " is_loser, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (match_id, user_id) DO UPDATE SET game = excluded.game,"
                    " place = excluded.place, players = excluded.players, is_winner = excluded.is_winner,"
                    " is_loser = excluded.is_loser, at = excluded.at",
                    (match_id, user_id, game, place, len(seats), won, lost, now),
                )

        if rows:
            await self.db.write(write)
        return len(rows)

    async def profile(self, user_id: int) -> Profile:
        """Games played, wins, losses and average place, overall and per game."""
        async with self.db.read() as conn:
            player = await fetch_one(conn, "SELECT display_name FROM players WHERE user_id = ?", (user_id,))
            rows = await fetch_all(
                conn,
                "SELECT game, COUNT(*) AS played, SUM(is_winner) AS wins, SUM(is_loser) AS losses,"
                " AVG(place) AS avg_place FROM results WHERE user_id = ? GROUP BY game ORDER BY game",
                (user_id,),
            )
        per_game = {
            r["game"]: GameStats(r["game"], r["played"], r["wins"] or 0, r["losses"] or 0, r["avg_place"])
            for r in rows
        }
        played = sum(g.played for g in per_game.values())
        total_place = sum((g.average_place or 0.0) * g.played for g in per_game.values())
        return Profile(
            user_id=user_id,
            display_name=None if player is None else player["display_name"],
            games_played=played,
            wins=sum(g.wins for g in per_game.values()),
            losses=sum(g.losses for g in per_game.values()),
            average_place=total_place / played if played else None,
            per_game=per_game,
        )
