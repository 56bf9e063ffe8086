"""After the draft: decks being built, submitted decks, the rounds of pairings and their results.

Tables of V004 (``pods``, ``pod_seats``, ``pod_matches``) and V005's ``pods.build_deadline``; no
table of its own. While a player
builds, ``pod_seats.deck`` holds ``{"draft": [card ids]}`` (the deck in progress, so the panel
survives a restart); a submitted Codex is a plain JSON list of card ids (the contract of
docs/draft.md), with ``deck_id`` naming the copy saved in the player's library.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .access import dump_json, load_json
from .sql import in_list

if TYPE_CHECKING:
    from .access import Access


@dataclass(frozen=True)
class PodRow:
    id: int
    kind: str
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: int
    config: dict[str, Any]
    seed: int
    round: int
    created_at: float
    build_deadline: float | None = None
    """Unix time deck building ends (the AI builds the missing decks); None before building."""

    @property
    def title(self) -> str:
        return f"{'Sealed' if self.kind == 'sealed' else 'Draft'} #{self.id}"


@dataclass(frozen=True)
class PodSeatRow:
    pod_id: int
    seat: int
    user_id: int | None
    display_name: str
    is_bot: bool
    pool: tuple[str, ...]
    deck: tuple[str, ...] | None
    """The submitted Codex, or None while the deck is not submitted."""
    draft: tuple[str, ...]
    """The deck in progress (the submitted one once submitted)."""
    deck_id: int | None

    @property
    def submitted(self) -> bool:
        return self.deck is not None

    @property
    def plays_as_ai(self) -> bool:
        """A bot seat (from the start, or a player's seat a bot took over): the AI builds and plays."""
        return self.is_bot or self.user_id is None


@dataclass(frozen=True)
class PodMatchRow:
    pod_id: int
    round: int
    table_no: int
    seat_a: int
    seat_b: int | None
    match_id: int | None
    status: str
    winner: int | None

    @property
    def is_bye(self) -> bool:
        return self.seat_b is None


def _pod(r: sqlite3.Row) -> PodRow:
    return PodRow(
        r["id"],
        r["kind"],
        r["status"],
        r["guild_id"],
        r["channel_id"],
        r["thread_id"],
        r["host_id"],
        load_json(r["config"]) or {},
        r["seed"],
        r["round"],
        r["created_at"],
        r["build_deadline"],
    )


def _seat(r: sqlite3.Row) -> PodSeatRow:
    pool = tuple(load_json(r["pool"]) or ())
    raw = load_json(r["deck"])
    deck: tuple[str, ...] | None
    draft: tuple[str, ...]
    if isinstance(raw, list):
        deck = draft = tuple(raw)
    else:
        deck = None
        draft = tuple((raw or {}).get("draft", ()))
    return PodSeatRow(
        r["pod_id"],
        r["seat"],
        r["user_id"],
        r["display_name"],
        bool(r["is_bot"]),
        pool,
        deck,
        draft,
        r["deck_id"],
    )


def _match(r: sqlite3.Row) -> PodMatchRow:
    return PodMatchRow(
        r["pod_id"],
        r["round"],
        r["table_no"],
        r["seat_a"],
        r["seat_b"],
        r["match_id"],
        r["status"],
        r["winner"],
    )


class PodPlayStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    # -- pods ---------------------------------------------------------------------------------

    async def pod(self, pod_id: int) -> PodRow | None:
        def read(conn: sqlite3.Connection) -> PodRow | None:
            r = conn.execute("SELECT * FROM pods WHERE id = ?", (pod_id,)).fetchone()
            return None if r is None else _pod(r)

        return await self.db.query(read)

    async def pods_with_status(self, statuses: Sequence[str]) -> list[PodRow]:
        marks = in_list(len(statuses))

        def read(conn: sqlite3.Connection) -> list[PodRow]:
            rows = conn.execute(f"SELECT * FROM pods WHERE status IN ({marks}) ORDER BY id", tuple(statuses))
            return [_pod(r) for r in rows]

        return await self.db.query(read)

    async def pod_of_thread(self, thread_id: int) -> PodRow | None:
        def read(conn: sqlite3.Connection) -> PodRow | None:
            r = conn.execute(
                "SELECT * FROM pods WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
            ).fetchone()
            return None if r is None else _pod(r)

        return await self.db.query(read)

    async def pods_of_user(self, user_id: int, statuses: Sequence[str]) -> list[PodRow]:
        """The player's pods in these statuses, newest first."""
        marks = in_list(len(statuses))

        def read(conn: sqlite3.Connection) -> list[PodRow]:
            rows = conn.execute(
                f"SELECT p.* FROM pods p JOIN pod_seats s ON s.pod_id = p.id"
                f" WHERE s.user_id = ? AND p.status IN ({marks}) ORDER BY p.id DESC",
                (user_id, *statuses),
            )
            return [_pod(r) for r in rows]

        return await self.db.query(read)

    async def set_status(self, pod_id: int, status: str, *, finished: bool = False) -> None:
        now = self.db.now()

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE pods SET status = ?, finished_at = CASE WHEN ? THEN ? ELSE finished_at END WHERE id = ?",
                (status, finished, now, pod_id),
            )

        await self.db.write(write)

    async def start_playing(self, pod_id: int) -> bool:
        """building -> playing, once: False when another caller already did it."""

        def write(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE pods SET status = 'playing' WHERE id = ? AND status = 'building'", (pod_id,)
            )
            return cur.rowcount == 1

        return await self.db.write(write)

    async def set_build_deadline(self, pod_id: int, deadline: float) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE pods SET build_deadline = ? WHERE id = ?", (deadline, pod_id))

        await self.db.write(write)

    async def claim_build_warning(self, pod_id: int, deadline: float) -> bool:
        """Mark the pod warned before its deck-building ``deadline``; False when it was already
        (another process's timer got there) or the deadline changed."""

        def claim(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "UPDATE pods SET build_warned = 1 WHERE id = ? AND build_deadline = ? AND build_warned = 0",
                    (pod_id, deadline),
                ).rowcount
                == 1
            )

        return bool(await self.db.write(claim))

    async def overdue_builds(self, before: float) -> list[tuple[int, float]]:
        """(pod id, deadline) of the pods still building after their deadline, which was before
        ``before``: another process armed the timer and is gone."""

        def read(conn: sqlite3.Connection) -> list[tuple[int, float]]:
            rows = conn.execute(
                "SELECT id, build_deadline FROM pods WHERE status = 'building' AND build_deadline < ?",
                (before,),
            ).fetchall()
            return [(int(r[0]), float(r[1])) for r in rows]

        return await self.db.query(read)

    # -- seats and decks ---------------------------------------------------------------------

    async def seats(self, pod_id: int) -> list[PodSeatRow]:
        def read(conn: sqlite3.Connection) -> list[PodSeatRow]:
            rows = conn.execute("SELECT * FROM pod_seats WHERE pod_id = ? ORDER BY seat", (pod_id,))
            return [_seat(r) for r in rows]

        return await self.db.query(read)

    async def seat(self, pod_id: int, seat: int) -> PodSeatRow | None:
        def read(conn: sqlite3.Connection) -> PodSeatRow | None:
            r = conn.execute(
                "SELECT * FROM pod_seats WHERE pod_id = ? AND seat = ?", (pod_id, seat)
            ).fetchone()
            return None if r is None else _seat(r)

        return await self.db.query(read)

    async def set_draft(self, pod_id: int, seat: int, cards: Iterable[str]) -> None:
        """Store the deck in progress (this un-submits a submitted deck)."""
        value = dump_json({"draft": list(cards)})

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE pod_seats SET deck = ? WHERE pod_id = ? AND seat = ?", (value, pod_id, seat))

        await self.db.write(write)

    async def submit(self, pod_id: int, seat: int, cards: Iterable[str], deck_id: int | None) -> None:
        value = dump_json(list(cards))

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE pod_seats SET deck = ?, deck_id = ? WHERE pod_id = ? AND seat = ?",
                (value, deck_id, pod_id, seat),
            )

        await self.db.write(write)

    # -- rounds --------------------------------------------------------------------------------

    async def add_round(
        self, pod_id: int, round_no: int, pairs: Sequence[tuple[int, int | None]]
    ) -> list[PodMatchRow]:
        """The round's tables (a bye is 'done' at once, won by its seat) and ``pods.round``; atomic.
        A round already stored is left as it is (a second caller after a restart)."""

        def write(conn: sqlite3.Connection) -> list[PodMatchRow]:
            have = conn.execute(
                "SELECT COUNT(*) FROM pod_matches WHERE pod_id = ? AND round = ?", (pod_id, round_no)
            ).fetchone()[0]
            if not have:
                for table_no, (a, b) in enumerate(pairs, start=1):
                    conn.execute(
                        "INSERT INTO pod_matches (pod_id, round, table_no, seat_a, seat_b, status, winner)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            pod_id,
                            round_no,
                            table_no,
                            a,
                            b,
                            "done" if b is None else "pending",
                            a if b is None else None,
                        ),
                    )
            conn.execute("UPDATE pods SET round = ? WHERE id = ? AND round < ?", (round_no, pod_id, round_no))
            rows = conn.execute(
                "SELECT * FROM pod_matches WHERE pod_id = ? AND round = ? ORDER BY table_no",
                (pod_id, round_no),
            )
            return [_match(r) for r in rows]

        return await self.db.write(write)

    async def set_match(self, pod_id: int, round_no: int, table_no: int, match_id: int) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE pod_matches SET match_id = ?, status = 'playing'"
                " WHERE pod_id = ? AND round = ? AND table_no = ?",
                (match_id, pod_id, round_no, table_no),
            )

        await self.db.write(write)

    async def record(self, match_id: int, winner: int | None) -> PodMatchRow | None:
        """The result of the table playing ``match_id``; None when no pod table plays it or when its
        result is already in (the row is returned only the first time)."""

        def write(conn: sqlite3.Connection) -> PodMatchRow | None:
            cur = conn.execute(
                "UPDATE pod_matches SET status = 'done', winner = ? WHERE match_id = ? AND status != 'done'",
                (winner, match_id),
            )
            if cur.rowcount != 1:
                return None
            r = conn.execute("SELECT * FROM pod_matches WHERE match_id = ?", (match_id,)).fetchone()
            return _match(r)

        return await self.db.write(write)

    async def set_result(self, pod_id: int, round_no: int, table_no: int, winner: int | None) -> None:
        """A moderator's decision (or a correction): the table is done with this winner (None: a draw)."""

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE pod_matches SET status = 'done', winner = ? WHERE pod_id = ? AND round = ? AND table_no = ?",
                (winner, pod_id, round_no, table_no),
            )

        await self.db.write(write)

    async def matches(self, pod_id: int) -> list[PodMatchRow]:
        def read(conn: sqlite3.Connection) -> list[PodMatchRow]:
            rows = conn.execute(
                "SELECT * FROM pod_matches WHERE pod_id = ? ORDER BY round, table_no", (pod_id,)
            )
            return [_match(r) for r in rows]

        return await self.db.query(read)

    async def match_row(self, match_id: int) -> PodMatchRow | None:
        def read(conn: sqlite3.Connection) -> PodMatchRow | None:
            r = conn.execute("SELECT * FROM pod_matches WHERE match_id = ?", (match_id,)).fetchone()
            return None if r is None else _match(r)

        return await self.db.query(read)
