"""Draft and sealed pods (V004): the lobby, the seats, the pick log and the pick clocks.

The draft state is never stored: it is ``engines.draft.pod.replay(config, seed, picks)``. A pick
reaches ``pod_picks`` (committed) before anyone is told it was taken; ``record`` writes a batch
of picks (a player's pick and the bot picks it set off) together with the clock changes and, for
the last pick, the pools and the status 'building', in one transaction. The primary key
(pod_id, seq) and the unique (pod_id, seat, round, pick_no) make a double click fail instead of
picking twice. Every method is one thread hop (``Database.write`` / ``Database.query``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.core import CardhostError

from .access import dump_json, load_json, new_id
from .sql import in_list

if TYPE_CHECKING:
    from .access import Access


class PodNotFound(CardhostError):
    def __init__(self, pod_id: int) -> None:
        super().__init__(f"There is no pod #{pod_id}.")
        self.pod_id = pod_id


class PodLobbyError(CardhostError):
    """A lobby change refused (full, closed, already seated): the message is for the player."""


@dataclass
class PodSeatRow:
    seat: int
    user_id: int | None
    display_name: str
    is_bot: bool
    missed: int = 0
    dm_message_id: int | None = None
    pool: list[str] | None = None

    @property
    def human(self) -> bool:
        """A person sits here (even while a bot picks for them)."""
        return self.user_id is not None


@dataclass
class PodRow:
    id: int
    kind: str
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    host_id: int
    config: dict[str, Any]
    seed: int
    created_at: float
    started_at: float | None
    seats: list[PodSeatRow] = field(default_factory=list)

    def seat_of(self, user_id: int) -> PodSeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class PickRow:
    seq: int
    seat: int
    round: int
    pick_no: int
    card: str
    pack: tuple[str, ...]
    by: str
    at: float
    seconds: float | None


@dataclass(frozen=True)
class PodClockRow:
    pod_id: int
    seat: int
    deadline: float
    warned: bool


def _pod(conn: sqlite3.Connection, pod_id: int) -> PodRow:
    r = conn.execute("SELECT * FROM pods WHERE id = ?", (pod_id,)).fetchone()
    if r is None:
        raise PodNotFound(pod_id)
    seats = conn.execute("SELECT * FROM pod_seats WHERE pod_id = ? ORDER BY seat", (pod_id,)).fetchall()
    return PodRow(
        id=r["id"],
        kind=r["kind"],
        status=r["status"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        message_id=r["message_id"],
        host_id=r["host_id"],
        config=load_json(r["config"]) or {},
        seed=int(r["seed"]),
        created_at=r["created_at"],
        started_at=r["started_at"],
        seats=[
            PodSeatRow(
                seat=s["seat"],
                user_id=s["user_id"],
                display_name=s["display_name"],
                is_bot=bool(s["is_bot"]),
                missed=int(s["missed"]),
                dm_message_id=s["dm_message_id"],
                pool=load_json(s["pool"]),
            )
            for s in seats
        ],
    )


ENDED = ("finished", "cancelled")
"""A pod's statuses once over: moving to one stamps ``finished_at``."""
SEAT_COLUMNS = ("is_bot", "missed", "dm_message_id")
"""The columns of a seat ``DraftStore.set_seat`` changes."""


def set_status_sql(ends: bool, expected: int) -> str:
    """Move a pod to a status (stamping ``finished_at`` when it ``ends``) if it is in one of
    ``expected`` statuses."""
    stamp = ", finished_at = ?" if ends else ""
    return f"UPDATE pods SET status = ?{stamp} WHERE id = ? AND status IN ({in_list(expected)})"


def set_seat_sql(columns: Sequence[str]) -> str:
    """Change some of a seat's ``SEAT_COLUMNS``."""
    return f"UPDATE pod_seats SET {', '.join(f'{c} = ?' for c in columns)} WHERE pod_id = ? AND seat = ?"


def clocks_sql(one_pod: bool) -> str:
    """The pick clocks of drafting pods (of one pod), the soonest first."""
    pod = " AND c.pod_id = ?" if one_pod else ""
    return (
        "SELECT c.* FROM pod_clocks c JOIN pods p ON p.id = c.pod_id WHERE p.status = 'drafting'"
        f"{pod} ORDER BY c.deadline"
    )


def pods_of_sql(statuses: int, in_guild: bool) -> str:
    """The pods (of one server) where a player has a seat and whose status is one of ``statuses``
    given, the newest first."""
    guild = " AND p.guild_id = ?" if in_guild else ""
    return (
        "SELECT p.id FROM pods p JOIN pod_seats s ON s.pod_id = p.id"
        f" WHERE s.user_id = ? AND p.status IN ({in_list(statuses)}){guild} ORDER BY p.id DESC"
    )


def _pick(r: Any) -> PickRow:
    return PickRow(
        seq=r["seq"],
        seat=r["seat"],
        round=r["round"],
        pick_no=r["pick_no"],
        card=r["card"],
        pack=tuple(load_json(r["pack"])),
        by=r["by"],
        at=r["at"],
        seconds=r["seconds"],
    )


class DraftStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    # -- pods -------------------------------------------------------------------------------

    async def create(
        self,
        kind: str,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        config: dict[str, Any],
        seed: int,
        at: float,
    ) -> int:
        """A new pod in 'lobby' with the host in seat 0; returns its id."""

        def fn(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO pods (kind, guild_id, channel_id, host_id, config, seed, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (kind, guild_id, channel_id, host_id, dump_json(config), seed, at),
            )
            pod_id = new_id(cur)
            conn.execute(
                "INSERT INTO pod_seats (pod_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
                (pod_id, host_id, host_name),
            )
            return pod_id

        return await self.db.write(fn)

    async def get(self, pod_id: int) -> PodRow:
        return await self.db.query(lambda conn: _pod(conn, pod_id))

    async def set_message(self, pod_id: int, message_id: int | None, thread_id: int | None = None) -> None:
        def fn(conn: sqlite3.Connection) -> None:
            if thread_id is None:
                conn.execute("UPDATE pods SET message_id = ? WHERE id = ?", (message_id, pod_id))
            else:
                conn.execute(
                    "UPDATE pods SET message_id = ?, thread_id = ? WHERE id = ?",
                    (message_id, thread_id, pod_id),
                )

        await self.db.write(fn)

    async def set_status(self, pod_id: int, status: str, *, expect: Sequence[str]) -> bool:
        """Move the pod to ``status`` if it is in one of ``expect``; False when it is not (a race)."""

        ends = status in ENDED

        def fn(conn: sqlite3.Connection) -> bool:
            params: list[Any] = [status, self.db.now()] if ends else [status]
            cur = conn.execute(set_status_sql(ends, len(expect)), (*params, pod_id, *expect))
            return cur.rowcount == 1

        return await self.db.write(fn)

    # -- lobby seats ------------------------------------------------------------------------

    async def join(self, pod_id: int, user_id: int, name: str, max_seats: int) -> None:
        def fn(conn: sqlite3.Connection) -> None:
            pod = _pod(conn, pod_id)
            if pod.status != "lobby":
                raise PodLobbyError("This pod has already started or was cancelled.")
            if pod.seat_of(user_id) is not None:
                raise PodLobbyError("You're already in this pod.")
            if len(pod.seats) >= max_seats:
                raise PodLobbyError("This pod is full.")
            conn.execute(
                "INSERT INTO pod_seats (pod_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
                (pod_id, len(pod.seats), user_id, name),
            )

        await self.db.write(fn)

    async def leave(self, pod_id: int, user_id: int) -> None:
        def fn(conn: sqlite3.Connection) -> None:
            pod = _pod(conn, pod_id)
            if pod.status != "lobby":
                raise PodLobbyError("This pod has already started or was cancelled.")
            seat = pod.seat_of(user_id)
            if seat is None:
                raise PodLobbyError("You're not in this pod.")
            conn.execute("DELETE FROM pod_seats WHERE pod_id = ? AND seat = ?", (pod_id, seat.seat))
            for s in pod.seats:
                if s.seat > seat.seat:
                    conn.execute(
                        "UPDATE pod_seats SET seat = ? WHERE pod_id = ? AND seat = ?",
                        (s.seat - 1, pod_id, s.seat),
                    )

        await self.db.write(fn)

    async def start(
        self,
        pod_id: int,
        seats: Sequence[tuple[int | None, str, bool]],
        at: float,
        *,
        status: str,
        pools: Sequence[Sequence[str]] | None = None,
    ) -> bool:
        """Seat everyone in their final places (user_id, name, is_bot per seat) and leave the lobby
        for ``status``; with ``pools`` (sealed) the pools are written too. False if no longer a lobby."""

        def fn(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE pods SET status = ?, started_at = ? WHERE id = ? AND status = 'lobby'",
                (status, at, pod_id),
            )
            if cur.rowcount != 1:
                return False
            conn.execute("DELETE FROM pod_seats WHERE pod_id = ?", (pod_id,))
            for i, (user_id, name, is_bot) in enumerate(seats):
                conn.execute(
                    "INSERT INTO pod_seats (pod_id, seat, user_id, display_name, is_bot, pool)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (pod_id, i, user_id, name, int(is_bot), dump_json(list(pools[i])) if pools else None),
                )
            return True

        return await self.db.write(fn)

    # -- seats during the draft -------------------------------------------------------------

    async def set_seat(self, pod_id: int, seat: int, **values: Any) -> None:
        """Update ``is_bot``, ``missed`` or ``dm_message_id`` of one seat."""
        if not values or set(values) - set(SEAT_COLUMNS):
            raise ValueError(f"set_seat takes {sorted(SEAT_COLUMNS)}")
        columns = [c for c in SEAT_COLUMNS if c in values]
        params = tuple(int(v) if isinstance(v, bool) else v for v in (values[c] for c in columns))

        def fn(conn: sqlite3.Connection) -> None:
            conn.execute(set_seat_sql(columns), (*params, pod_id, seat))

        await self.db.write(fn)

    # -- picks ------------------------------------------------------------------------------

    async def picks(self, pod_id: int, after: int = 0) -> list[PickRow]:
        """The pod's picks in order (those after seq ``after``)."""

        def fn(conn: sqlite3.Connection) -> list[PickRow]:
            rows = conn.execute(
                "SELECT * FROM pod_picks WHERE pod_id = ? AND seq > ? ORDER BY seq", (pod_id, after)
            ).fetchall()
            return [_pick(r) for r in rows]

        return await self.db.query(fn)

    async def record(
        self,
        pod_id: int,
        picks: Sequence[PickRow],
        *,
        clocks: dict[int, float | None] | None = None,
        missed: dict[int, int] | None = None,
        bots: dict[int, bool] | None = None,
        pools: Sequence[Sequence[str]] | None = None,
    ) -> None:
        """One transaction: the picks, clock changes (seat -> deadline, None deletes), missed-pick
        counters, bot seats, and with ``pools`` the end of the draft (status 'building')."""

        def fn(conn: sqlite3.Connection) -> None:
            status = conn.execute("SELECT status FROM pods WHERE id = ?", (pod_id,)).fetchone()
            if status is None or status[0] != "drafting":
                raise PodLobbyError("This draft is not running any more.")
            conn.executemany(
                "INSERT INTO pod_picks (pod_id, seq, seat, round, pick_no, card, pack, by, at, seconds)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (pod_id, p.seq, p.seat, p.round, p.pick_no, p.card, dump_json(list(p.pack)), p.by,
                     p.at, p.seconds)
                    for p in picks
                ],
            )  # fmt: skip
            for seat, deadline in (clocks or {}).items():
                if deadline is None:
                    conn.execute("DELETE FROM pod_clocks WHERE pod_id = ? AND seat = ?", (pod_id, seat))
                else:
                    conn.execute(
                        "INSERT INTO pod_clocks (pod_id, seat, deadline, warned) VALUES (?, ?, ?, 0)"
                        " ON CONFLICT (pod_id, seat) DO UPDATE SET deadline = excluded.deadline, warned = 0",
                        (pod_id, seat, deadline),
                    )
            for seat, n in (missed or {}).items():
                conn.execute(
                    "UPDATE pod_seats SET missed = ? WHERE pod_id = ? AND seat = ?", (n, pod_id, seat)
                )
            for seat, is_bot in (bots or {}).items():
                conn.execute(
                    "UPDATE pod_seats SET is_bot = ? WHERE pod_id = ? AND seat = ?",
                    (int(is_bot), pod_id, seat),
                )
            if pools is not None:
                for seat, pool in enumerate(pools):
                    conn.execute(
                        "UPDATE pod_seats SET pool = ? WHERE pod_id = ? AND seat = ?",
                        (dump_json(list(pool)), pod_id, seat),
                    )
                conn.execute("DELETE FROM pod_clocks WHERE pod_id = ?", (pod_id,))
                conn.execute("UPDATE pods SET status = 'building' WHERE id = ?", (pod_id,))

        await self.db.write(fn)

    async def unpick(self, pod_id: int, seqs: Sequence[int], clocks: dict[int, float]) -> int:
        """One transaction: take the picks ``seqs`` out of the log (an undone pick and the bots'
        picks since, ``engines.draft.undo``), set the seats' ``clocks``, and count the undo in the
        pod's config (``undone``), by which another process sharing the database knows to replay
        the pod from its log instead of reading only the picks after its last. Returns the count."""

        def fn(conn: sqlite3.Connection) -> int:
            found = conn.execute("SELECT status, config FROM pods WHERE id = ?", (pod_id,)).fetchone()
            if found is None or found[0] != "drafting":
                raise PodLobbyError("This draft is not running any more.")
            config = load_json(found[1]) or {}
            config["undone"] = int(config.get("undone", 0)) + 1
            conn.execute("UPDATE pods SET config = ? WHERE id = ?", (dump_json(config), pod_id))
            conn.executemany(
                "DELETE FROM pod_picks WHERE pod_id = ? AND seq = ?", [(pod_id, q) for q in seqs]
            )
            for seat, deadline in clocks.items():
                conn.execute(
                    "INSERT INTO pod_clocks (pod_id, seat, deadline, warned) VALUES (?, ?, ?, 0)"
                    " ON CONFLICT (pod_id, seat) DO UPDATE SET deadline = excluded.deadline, warned = 0",
                    (pod_id, seat, deadline),
                )
            return int(config["undone"])

        return await self.db.write(fn)

    # -- clocks -----------------------------------------------------------------------------

    async def clocks(self, pod_id: int | None = None) -> list[PodClockRow]:
        """Pick clocks of drafting pods (of one pod, or all: to re-arm them after a restart)."""

        def fn(conn: sqlite3.Connection) -> list[PodClockRow]:
            sql = clocks_sql(pod_id is not None)
            rows = conn.execute(sql, (pod_id,) if pod_id is not None else ()).fetchall()
            return [PodClockRow(r["pod_id"], r["seat"], r["deadline"], bool(r["warned"])) for r in rows]

        return await self.db.query(fn)

    async def set_clock(self, pod_id: int, seat: int, deadline: float | None) -> None:
        def fn(conn: sqlite3.Connection) -> None:
            if deadline is None:
                conn.execute("DELETE FROM pod_clocks WHERE pod_id = ? AND seat = ?", (pod_id, seat))
            else:
                conn.execute(
                    "INSERT INTO pod_clocks (pod_id, seat, deadline, warned) VALUES (?, ?, ?, 0)"
                    " ON CONFLICT (pod_id, seat) DO UPDATE SET deadline = excluded.deadline, warned = 0",
                    (pod_id, seat, deadline),
                )

        await self.db.write(fn)

    async def claim_warning(self, pod_id: int, seat: int, deadline: float) -> bool:
        """Mark the seat's clock ending at ``deadline`` warned; False when it was warned already
        (or has changed). One conditional statement, so one process of several warns."""

        def claim(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "UPDATE pod_clocks SET warned = 1 WHERE pod_id = ? AND seat = ? AND deadline = ? AND warned = 0",
                    (pod_id, seat, deadline),
                ).rowcount
                == 1
            )

        return bool(await self.db.write(claim))

    # -- look-ups ---------------------------------------------------------------------------

    async def pods_of(self, user_id: int, statuses: Sequence[str], guild_id: int | None = None) -> list[int]:
        """Pods (newest first) where ``user_id`` has a seat and whose status is one of ``statuses``."""

        def fn(conn: sqlite3.Connection) -> list[int]:
            params: list[Any] = [user_id, *statuses]
            if guild_id is not None:
                params.append(guild_id)
            rows = conn.execute(pods_of_sql(len(statuses), guild_id is not None), params).fetchall()
            return [int(r[0]) for r in rows]

        return await self.db.query(fn)

    async def pods_in(self, statuses: Sequence[str]) -> list[int]:
        def fn(conn: sqlite3.Connection) -> list[int]:
            marks = in_list(len(statuses))
            rows = conn.execute(f"SELECT id FROM pods WHERE status IN ({marks}) ORDER BY id", tuple(statuses))
            return [int(r[0]) for r in rows.fetchall()]

        return await self.db.query(fn)


__all__ = ["DraftStore", "PickRow", "PodClockRow", "PodLobbyError", "PodNotFound", "PodRow", "PodSeatRow"]
