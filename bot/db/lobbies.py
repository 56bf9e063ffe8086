"""Lobbies: a message in a channel where players gather before a match starts.

Seats are numbered 0..n-1 without gaps (leaving closes the gap), and become the match seats in
that order. Only an 'open' lobby can change; starting or cancelling it is a one-way step, so a
double click on "Start" raises ``LobbyClosed`` instead of starting two matches.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import aiosqlite

from .access import dump_json, fetch_all, fetch_one, load_json, new_id_of
from .errors import AlreadySeated, LobbyClosed, LobbyFull, LobbyNotFound
from .matches import SeatInfo

if TYPE_CHECKING:
    from .access import Access

ClosedLobbyStatus = Literal["started", "cancelled"]


@dataclass(frozen=True)
class LobbySeatRow:
    lobby_id: int
    position: int
    user_id: int | None
    display_name: str
    is_ai: bool

    def seat_info(self) -> SeatInfo:
        return SeatInfo(self.user_id, self.display_name, self.is_ai)


@dataclass(frozen=True)
class LobbyRow:
    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    host_id: int
    game: str
    options: dict[str, Any]
    status: str
    match_id: int | None
    created_at: float
    seats: tuple[LobbySeatRow, ...]

    @property
    def is_open(self) -> bool:
        return self.status == "open"

    def seat_of(self, user_id: int) -> LobbySeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat_infos(self) -> list[SeatInfo]:
        """The seats in order, ready for ``MatchStore.create_match``."""
        return [s.seat_info() for s in self.seats]


def _seat(r: aiosqlite.Row) -> LobbySeatRow:
    return LobbySeatRow(r["lobby_id"], r["position"], r["user_id"], r["display_name"], bool(r["is_ai"]))


class LobbyStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def create(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game: str,
        options: Mapping[str, Any] | None = None,
        *,
        message_id: int | None = None,
    ) -> int:
        """A new open lobby with no seats; returns its id."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game, options, status,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?) RETURNING id",
                (guild_id, channel_id, message_id, host_id, game, dump_json(dict(options or {})),
                 self.db.now()),
            )  # fmt: skip
            return await new_id_of(cur)

    async def get(self, lobby_id: int) -> LobbyRow:
        async with self.db.read() as conn:
            return await self._get(conn, lobby_id)

    async def _get(self, conn: aiosqlite.Connection, lobby_id: int) -> LobbyRow:
        row = await fetch_one(conn, "SELECT * FROM lobbies WHERE id = ?", (lobby_id,))
        if row is None:
            raise LobbyNotFound(lobby_id)
        seats = await fetch_all(
            conn, "SELECT * FROM lobby_seats WHERE lobby_id = ? ORDER BY position", (lobby_id,)
        )
        return LobbyRow(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            host_id=row["host_id"],
            game=row["game"],
            options=load_json(row["options"]),
            status=row["status"],
            match_id=row["match_id"],
            created_at=row["created_at"],
            seats=tuple(_seat(s) for s in seats),
        )

    async def _open(self, conn: aiosqlite.Connection, lobby_id: int) -> LobbyRow:
        lobby = await self._get(conn, lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        return lobby

    async def add_seat(
        self,
        lobby_id: int,
        user_id: int | None,
        display_name: str,
        *,
        is_ai: bool = False,
        max_seats: int | None = None,
    ) -> int:
        """Seat a person (or an AI, ``user_id=None``) at the end; returns the position.

        Raises ``LobbyClosed``, ``LobbyFull`` (when ``max_seats`` are taken) or ``AlreadySeated``.
        """
        if user_id is None and not is_ai:
            raise ValueError("a seat without a user must be an AI seat")
        async with self.db.transaction() as conn:
            lobby = await self._open(conn, lobby_id)
            if user_id is not None and lobby.seat_of(user_id) is not None:
                raise AlreadySeated(lobby_id, user_id)
            if max_seats is not None and len(lobby.seats) >= max_seats:
                raise LobbyFull(lobby_id)
            position = len(lobby.seats)
            await conn.execute(
                "INSERT INTO lobby_seats (lobby_id, position, user_id, display_name, is_ai)"
                " VALUES (?, ?, ?, ?, ?)",
                (lobby_id, position, user_id, display_name, int(is_ai)),
            )
            return position

    async def remove_seat(
        self, lobby_id: int, *, user_id: int | None = None, position: int | None = None
    ) -> bool:
        """Free the seat of ``user_id`` (or at ``position``); later seats move up. False if none."""
        if (user_id is None) == (position is None):
            raise ValueError("give exactly one of user_id or position")
        async with self.db.transaction() as conn:
            lobby = await self._open(conn, lobby_id)
            seat = (
                lobby.seat_of(user_id)
                if user_id is not None
                else next((s for s in lobby.seats if s.position == position), None)
            )
            if seat is None:
                return False
            await conn.execute(
                "DELETE FROM lobby_seats WHERE lobby_id = ? AND position = ?", (lobby_id, seat.position)
            )
            for s in lobby.seats:  # ascending, so each move lands on a freed position
                if s.position > seat.position:
                    await conn.execute(
                        "UPDATE lobby_seats SET position = ? WHERE lobby_id = ? AND position = ?",
                        (s.position - 1, lobby_id, s.position),
                    )
            return True

    async def update_options(self, lobby_id: int, changes: Mapping[str, Any]) -> None:
        """Set some of an open lobby's stored options (a seat's team or deck: ``LobbyService``);
        ``None`` removes a key. Raises ``LobbyClosed`` once it started or was cancelled."""
        async with self.db.transaction() as conn:
            lobby = await self._open(conn, lobby_id)
            options = {**lobby.options, **changes}
            for key in [k for k, v in changes.items() if v is None]:
                options.pop(key, None)
            await conn.execute("UPDATE lobbies SET options = ? WHERE id = ?", (dump_json(options), lobby_id))

    async def set_message(self, lobby_id: int, message_id: int | None) -> None:
        async with self.db.transaction() as conn:
            cur = await conn.execute("UPDATE lobbies SET message_id = ? WHERE id = ?", (message_id, lobby_id))
            if cur.rowcount == 0:
                raise LobbyNotFound(lobby_id)

    async def set_status(self, lobby_id: int, status: ClosedLobbyStatus, match_id: int | None = None) -> None:
        """Move an open lobby to 'started' (with its match id) or 'cancelled'.

        Raises ``LobbyClosed`` if it is no longer open, so only one caller wins a race.
        """
        if status not in ("started", "cancelled"):
            raise ValueError(f"a lobby can only become 'started' or 'cancelled', not {status!r}")
        if (status == "started") != (match_id is not None):
            raise ValueError("a started lobby needs its match id (and only a started one)")
        async with self.db.transaction() as conn:
            await self._open(conn, lobby_id)
            await conn.execute(
                "UPDATE lobbies SET status = ?, match_id = ? WHERE id = ?", (status, match_id, lobby_id)
            )

    async def open_count(self, host_id: int) -> int:
        """How many open lobbies ``host_id`` hosts (``LobbyService.create`` caps it)."""
        async with self.db.read() as conn:
            row = await fetch_one(
                conn, "SELECT COUNT(*) FROM lobbies WHERE status = 'open' AND host_id = ?", (host_id,)
            )
        return int(row[0]) if row else 0

    async def open_lobbies(self, channel_id: int | None = None) -> list[LobbyRow]:
        """Open lobbies (of one channel, or all), oldest first: to re-attach views after a restart."""
        async with self.db.read() as conn:
            if channel_id is None:
                rows = await fetch_all(conn, "SELECT id FROM lobbies WHERE status = 'open' ORDER BY id")
            else:
                rows = await fetch_all(
                    conn,
                    "SELECT id FROM lobbies WHERE status = 'open' AND channel_id = ? ORDER BY id",
                    (channel_id,),
                )
            return [await self._get(conn, int(r[0])) for r in rows]
