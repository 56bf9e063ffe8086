"""Matches: the row, its seats, the action log, snapshots and the turn clock.

The save format is ``seed + [(seat, action_id)]``. Action ``seq`` numbers start at 1 and have no
gaps: ``append_action`` accepts only ``last_seq + 1`` and raises ``StaleAction`` otherwise, so a
double click or an old button can never fork or corrupt the log. A snapshot at ``seq`` is the
engine state after the actions with ``seq <= snapshot.seq`` (0 would be the state right after
setup); loading takes the newest snapshot and replays the actions after it.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import aiosqlite

from engines.core import codec
from engines.core.replay import replay
from engines.core.types import MatchConfig, Outcome

from .access import dump_json, fetch_all, fetch_one, load_json, new_id_of
from .errors import EngineVersionMismatch, MatchClosed, MatchNotFound, StaleAction
from .sql import in_list

if TYPE_CHECKING:
    from .access import Access

EndStatus = Literal["finished", "aborted"]
ENDED_STATUSES: tuple[str, ...] = ("finished", "aborted")


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat when a match is created; the seat number is the position in the list."""

    user_id: int | None
    display_name: str
    is_ai: bool = False
    ai_level: str | None = None
    """An AI seat's level (``engines.core.levels``); None: normal."""


@dataclass(frozen=True)
class MatchRow:
    id: int
    game: str
    engine_version: str
    config: dict[str, Any]
    """``MatchConfig.options``; the player count is the number of seats."""
    seed: int
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: int | None
    created_at: float
    ended_at: float | None
    end_reason: str | None
    outcome: dict[str, Any] | None
    board_message_id: int | None

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    def outcome_value(self) -> Outcome | None:
        return None if self.outcome is None else codec.from_data(Outcome, self.outcome)


@dataclass(frozen=True)
class SeatRow:
    match_id: int
    seat: int
    user_id: int | None
    display_name: str
    is_ai: bool
    ai_since_seq: int | None
    consecutive_timeouts: int
    dm_channel_id: int | None
    dm_message_id: int | None
    dm_failed: bool
    ai_level: str | None = None


@dataclass(frozen=True)
class ActionRow:
    match_id: int
    seq: int
    seat: int
    action_id: str
    at: float
    by_ai: bool


@dataclass(frozen=True)
class SnapshotRow:
    match_id: int
    seq: int
    state: str
    """The state as JSON text (``engines.core.codec.dumps``)."""


@dataclass(frozen=True)
class ClockRow:
    match_id: int
    seat: int | None
    """Whose turn is timed; None = every player who must act now."""
    turn_seq: int
    """The seq of the move the clock waits for."""
    deadline: float
    """Unix time."""
    turn_seconds: float
    reserve_seconds: float
    warned: bool = False
    reserve: dict[int, float] = field(default_factory=dict)
    """Seconds of reserve time left per seat."""
    kind: str = "turn"
    """'turn' (the AI plays the turn on timeout) or 'response' (a short prompt that passes)."""


@dataclass(frozen=True)
class LoadedMatch:
    """Everything needed to rebuild a match's state: snapshot (if any) + the actions after it."""

    match: MatchRow
    seats: tuple[SeatRow, ...]
    snapshot: SnapshotRow | None
    actions: tuple[ActionRow, ...]
    """The actions after the snapshot (all of them without one), in seq order."""
    last_seq: int

    @property
    def next_seq(self) -> int:
        return self.last_seq + 1

    @property
    def match_config(self) -> MatchConfig:
        return MatchConfig(players=len(self.seats), options=dict(self.match.config))


@dataclass(frozen=True)
class MatchHead:
    """A match as stored now, beside what a process has cached of it (``MatchStore.head``)."""

    match: MatchRow
    seats: tuple[SeatRow, ...]
    settings: dict[int, dict[str, Any]]
    """Each seated player's settings (stops, language), by user id."""
    actions: tuple[ActionRow, ...]
    """The actions after the seq the caller knew, in order."""
    last_seq: int


def _match(r: aiosqlite.Row) -> MatchRow:
    return MatchRow(
        id=r["id"],
        game=r["game"],
        engine_version=r["engine_version"],
        config=load_json(r["config"]),
        seed=r["seed"],
        status=r["status"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        host_id=r["host_id"],
        created_at=r["created_at"],
        ended_at=r["ended_at"],
        end_reason=r["end_reason"],
        outcome=load_json(r["outcome"]),
        board_message_id=r["board_message_id"],
    )


def _seat(r: aiosqlite.Row) -> SeatRow:
    return SeatRow(
        match_id=r["match_id"],
        seat=r["seat"],
        user_id=r["user_id"],
        display_name=r["display_name"],
        is_ai=bool(r["is_ai"]),
        ai_since_seq=r["ai_since_seq"],
        consecutive_timeouts=r["consecutive_timeouts"],
        dm_channel_id=r["dm_channel_id"],
        dm_message_id=r["dm_message_id"],
        dm_failed=bool(r["dm_failed"]),
        ai_level=r["ai_level"] if "ai_level" in r.keys() else None,  # noqa: SIM118 (a Row: "in" reads values)
    )


def _action(r: aiosqlite.Row) -> ActionRow:
    return ActionRow(
        match_id=r["match_id"],
        seq=r["seq"],
        seat=r["seat"],
        action_id=r["action_id"],
        at=r["at"],
        by_ai=bool(r["by_ai"]),
    )


def _clock(r: aiosqlite.Row) -> ClockRow:
    return ClockRow(
        match_id=r["match_id"],
        seat=r["seat"],
        turn_seq=r["turn_seq"],
        deadline=r["deadline"],
        turn_seconds=r["turn_seconds"],
        reserve_seconds=r["reserve_seconds"],
        warned=bool(r["warned"]),
        reserve={int(k): float(v) for k, v in load_json(r["reserve"]).items()},
        kind=r["kind"],
    )


def _statement(sql: str, params: tuple[Any, ...]) -> Callable[[sqlite3.Connection], None]:
    """One statement as a ``Database.write`` job."""

    def job(conn: sqlite3.Connection) -> None:
        conn.execute(sql, params)

    return job


def _last(conn: sqlite3.Connection, match_id: int) -> int:
    row = conn.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM match_actions WHERE match_id = ?", (match_id,)
    ).fetchone()
    return int(row[0])


def encode_outcome(outcome: Outcome | Mapping[str, Any] | None) -> str | None:
    if outcome is None:
        return None
    data = codec.to_data(outcome, Outcome) if isinstance(outcome, Outcome) else dict(outcome)
    return dump_json(data)


def restore_state(loaded: LoadedMatch, engine: Any, *, check_version: bool = True) -> tuple[Any, int]:
    """The match's current state and the seq its next action must carry.

    Decodes the snapshot (if any) and replays the later actions; without a snapshot, sets the
    match up from seed + config and replays the whole log.
    """
    m = loaded.match
    if engine.name != m.game:
        raise ValueError(f"match {m.id} is a {m.game!r} match, not {engine.name!r}")
    current = str(getattr(engine, "version", m.engine_version))
    if check_version and current != m.engine_version:
        raise EngineVersionMismatch(m.id, m.engine_version, current)
    cfg = loaded.match_config
    state: Any = None
    if loaded.snapshot is not None:
        state_type = getattr(engine, "state_type", None)
        if state_type is None:
            state_type = type(engine.setup(cfg, m.seed))
        state = codec.loads(state_type, loaded.snapshot.state)
    log = [(a.seat, a.action_id) for a in loaded.actions]
    return replay(engine, cfg, m.seed, log, state=state), loaded.next_seq


class MatchStore:
    """All SQL about matches. Every method is one transaction (or a savepoint inside the caller's)."""

    def __init__(self, db: Access, *, snapshot_every: int = 50) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        """Snapshot after every N-th action (seq % N == 0); 0 disables automatic snapshots."""

    # -- creating and reading ---------------------------------------------------------------

    async def create_match(
        self,
        game: str,
        engine_version: str,
        config: Mapping[str, Any] | MatchConfig,
        seed: int,
        seats: Sequence[SeatInfo],
        guild_id: int | None,
        channel_id: int | None,
        host_id: int | None,
        thread_id: int | None = None,
        decks: Sequence[Sequence[str]] | None = None,
    ) -> int:
        """Insert an active match with its seats (seat n = ``seats[n]``); returns the match id.

        Human seats also get a ``players`` row (display name refreshed) if they had none.
        ``decks``: the card ids each seat brings (``decks[n]`` for seat n), kept as ``match_decks``
        rows for card statistics (one insert per match, in the same transaction).
        """
        if not seats:
            raise ValueError("a match needs at least one seat")
        if isinstance(config, MatchConfig):
            if config.players != len(seats):
                raise ValueError(f"config is for {config.players} players but {len(seats)} seats given")
            options: Mapping[str, Any] = config.options
        else:
            options = config
        now = self.db.now()
        async with self.db.transaction() as conn:
            for s in seats:
                if s.user_id is not None:
                    await conn.execute(
                        "INSERT INTO players (user_id, display_name, created_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name",
                        (s.user_id, s.display_name, now),
                    )
            cur = await conn.execute(
                "INSERT INTO matches (game, engine_version, config, seed, status, guild_id, channel_id,"
                " thread_id, host_id, created_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, ?) RETURNING id",
                (game, engine_version, dump_json(dict(options)), seed, guild_id, channel_id, thread_id,
                 host_id, now),
            )  # fmt: skip
            match_id = await new_id_of(cur)
            if any(s.ai_level for s in seats):
                await conn.executemany(
                    "INSERT INTO match_seats (match_id, seat, user_id, display_name, is_ai, ai_level)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (match_id, n, s.user_id, s.display_name, int(s.is_ai), s.ai_level)
                        for n, s in enumerate(seats)
                    ],
                )
            else:  # the columns every schema since V001 has (a match without AI levels)
                await conn.executemany(
                    "INSERT INTO match_seats (match_id, seat, user_id, display_name, is_ai)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [(match_id, n, s.user_id, s.display_name, int(s.is_ai)) for n, s in enumerate(seats)],
                )
            if decks:
                await conn.executemany(
                    "INSERT INTO match_decks (match_id, seat, card, copies) VALUES (?, ?, ?, ?)",
                    [
                        (match_id, n, card, copies)
                        for n, deck in enumerate(decks[: len(seats)])
                        for card, copies in Counter(str(c) for c in deck).items()
                    ],
                )
        return match_id

    async def get(self, match_id: int) -> MatchRow:
        def read(conn: sqlite3.Connection) -> MatchRow:
            row = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise MatchNotFound(match_id)
            return _match(row)

        return await self.db.query(read)

    async def _get(self, conn: aiosqlite.Connection, match_id: int) -> MatchRow:
        row = await fetch_one(conn, "SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise MatchNotFound(match_id)
        return _match(row)

    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self.db.query(
            lambda conn: conn.execute(
                "SELECT * FROM match_seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
        )
        return [_seat(r) for r in rows]

    async def last_seq(self, match_id: int) -> int:
        return await self.db.query(lambda conn: _last(conn, match_id))

    @staticmethod
    async def _last_seq(conn: aiosqlite.Connection, match_id: int) -> int:
        row = await fetch_one(
            conn, "SELECT COALESCE(MAX(seq), 0) FROM match_actions WHERE match_id = ?", (match_id,)
        )
        return int(row[0]) if row else 0

    async def actions(self, match_id: int, after_seq: int = 0) -> list[ActionRow]:
        rows = await self.db.query(
            lambda conn: conn.execute(
                "SELECT * FROM match_actions WHERE match_id = ? AND seq > ? ORDER BY seq",
                (match_id, after_seq),
            ).fetchall()
        )
        return [_action(r) for r in rows]

    async def load(self, match_id: int) -> LoadedMatch:
        """The match, its seats, its newest snapshot and the actions after it, read consistently."""

        def read(conn: sqlite3.Connection) -> LoadedMatch:
            row = conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise MatchNotFound(match_id)
            seats = conn.execute(
                "SELECT * FROM match_seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
            last = int(
                conn.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM match_actions WHERE match_id = ?", (match_id,)
                ).fetchone()[0]
            )
            snap = conn.execute(
                "SELECT match_id, seq, state FROM match_snapshots WHERE match_id = ? AND seq <= ?"
                " ORDER BY seq DESC LIMIT 1",
                (match_id, last),
            ).fetchone()
            after = 0 if snap is None else int(snap["seq"])
            actions = conn.execute(
                "SELECT * FROM match_actions WHERE match_id = ? AND seq > ? ORDER BY seq",
                (match_id, after),
            ).fetchall()
            return LoadedMatch(
                match=_match(row),
                seats=tuple(_seat(r) for r in seats),
                snapshot=None if snap is None else SnapshotRow(snap["match_id"], snap["seq"], snap["state"]),
                actions=tuple(_action(r) for r in actions),
                last_seq=last,
            )

        return await self.db.query(read)

    async def head(self, match_id: int, known_seq: int) -> MatchHead:
        """What other processes may have changed since this one cached the match at ``known_seq``:
        the match row, its seats, the players' settings, and the actions after ``known_seq``. One
        read, so a process sharing the database checks its cache with a single round of queries
        (several processes on one PostgreSQL, docs/deploy.md)."""

        # On the loop, statement by statement (not a worker thread's function): this runs at every
        # click of a shared deployment, and on PostgreSQL each statement of a function sent from a
        # thread costs two hops. The row and the last seq come in one statement; the actions only
        # when there are new ones.
        async with self.db.read() as conn:
            row = await fetch_one(
                conn,
                "SELECT m.*, (SELECT COALESCE(MAX(seq), 0) FROM match_actions a WHERE a.match_id = m.id)"
                " AS last_seq FROM matches m WHERE m.id = ?",
                (match_id,),
            )
            if row is None:
                raise MatchNotFound(match_id)
            seats = tuple(
                _seat(r)
                for r in await fetch_all(
                    conn, "SELECT * FROM match_seats WHERE match_id = ? ORDER BY seat", (match_id,)
                )
            )
            users = tuple(sorted({s.user_id for s in seats if s.user_id is not None}))
            settings = (
                {
                    int(r[0]): load_json(r[1]) or {}
                    for r in await fetch_all(
                        conn,
                        f"SELECT user_id, settings FROM players WHERE user_id IN ({in_list(len(users))})",
                        users,
                    )
                }
                if users
                else {}
            )
            last = int(row["last_seq"])
            actions: tuple[ActionRow, ...] = ()
            if last != known_seq:
                actions = tuple(
                    _action(r)
                    for r in await fetch_all(
                        conn,
                        "SELECT * FROM match_actions WHERE match_id = ? AND seq > ? ORDER BY seq",
                        (match_id, known_seq),
                    )
                )
        return MatchHead(_match(row), seats, settings, actions, last)

    def restore_state(
        self, loaded: LoadedMatch, engine: Any, *, check_version: bool = True
    ) -> tuple[Any, int]:
        """See the module function ``restore_state``."""
        return restore_state(loaded, engine, check_version=check_version)

    async def active_matches(self) -> list[MatchRow]:
        rows = await self.db.query(
            lambda conn: conn.execute(
                "SELECT * FROM matches WHERE status = 'active' ORDER BY created_at, id"
            ).fetchall()
        )
        return [_match(r) for r in rows]

    async def active_in_channel(self, channel_id: int) -> list[MatchRow]:
        rows = await self.db.query(
            lambda conn: conn.execute(
                "SELECT * FROM matches WHERE channel_id = ? AND status = 'active' ORDER BY id",
                (channel_id,),
            ).fetchall()
        )
        return [_match(r) for r in rows]

    async def by_thread(self, thread_id: int) -> MatchRow | None:
        row = await self.db.query(
            lambda conn: conn.execute(
                "SELECT * FROM matches WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
            ).fetchone()
        )
        return None if row is None else _match(row)

    # -- the log ----------------------------------------------------------------------------

    def should_snapshot(self, seq: int) -> bool:
        return self.snapshot_every > 0 and seq > 0 and seq % self.snapshot_every == 0

    async def append_action(
        self,
        match_id: int,
        seq: int,
        seat: int,
        action_id: str,
        *,
        by_ai: bool = False,
        state_after: Any = None,
        card: str | None = None,
    ) -> bool:
        """Append one move; ``seq`` must be exactly ``last_seq + 1``.

        ``card``: the card the move played (``GameSpec.played_card``), kept for card statistics.

        Raises ``StaleAction`` for any other seq (the log is left untouched), ``MatchClosed`` when
        the match has ended and ``MatchNotFound``. When ``state_after`` (the state after this move,
        as a state value or as JSON text) is given and the snapshot policy says so for this seq, the
        snapshot is saved in the same transaction. Returns whether a snapshot was written.
        """
        snapshot: str | None = None
        if state_after is not None and self.should_snapshot(seq):
            snapshot = state_after if isinstance(state_after, str) else codec.dumps(state_after)
        at = self.db.now()

        def append(conn: sqlite3.Connection) -> bool:
            # One statement checks and inserts (the match is active and seq is last + 1); the
            # same BEGIN/INSERT/COMMIT as a bare insert. Only a refused insert reads why. A row
            # already at this seq (another connection or process got there between the check and
            # the insert) is a refused insert too, not an error: after a failed statement
            # PostgreSQL would refuse the reads below, as the whole transaction is spoilt.
            inserted = conn.execute(
                "INSERT INTO match_actions (match_id, seq, seat, action_id, at, by_ai, card)"
                " SELECT ?, ?, ?, ?, ?, ?, ? FROM matches WHERE id = ? AND status = 'active'"
                " AND (SELECT COALESCE(MAX(seq), 0) FROM match_actions WHERE match_id = ?) = ?"
                " ON CONFLICT (match_id, seq) DO NOTHING",
                (match_id, seq, seat, action_id, at, int(by_ai), card, match_id, match_id, seq - 1),
            ).rowcount
            if inserted != 1:
                match = conn.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
                if match is None:
                    raise MatchNotFound(match_id)
                if match[0] != "active":
                    raise MatchClosed(match_id, seq, match[0])
                raise StaleAction(match_id, seq, _last(conn, match_id) + 1)
            if snapshot is None:
                return False
            conn.execute(
                "INSERT INTO match_snapshots (match_id, seq, state) VALUES (?, ?, ?)"
                " ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state",
                (match_id, seq, snapshot),
            )
            return True

        return await self.db.write(append)

    async def save_snapshot(self, match_id: int, seq: int, state: Any) -> None:
        """Store the state after the actions with seq <= ``seq`` (a state value or JSON text)."""
        async with self.db.transaction() as conn:
            last = await self._last_seq(conn, match_id)
            if not 0 <= seq <= last:
                raise ValueError(f"match {match_id} has no state at seq {seq} (last seq is {last})")
            await self._put_snapshot(conn, match_id, seq, state)

    @staticmethod
    async def _put_snapshot(conn: aiosqlite.Connection, match_id: int, seq: int, state: Any) -> None:
        text = state if isinstance(state, str) else codec.dumps(state)
        await conn.execute(
            "INSERT INTO match_snapshots (match_id, seq, state) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state",
            (match_id, seq, text),
        )

    async def snapshot_seqs(self, match_id: int) -> list[int]:
        async with self.db.read() as conn:
            rows = await fetch_all(
                conn, "SELECT seq FROM match_snapshots WHERE match_id = ? ORDER BY seq", (match_id,)
            )
        return [int(r[0]) for r in rows]

    # -- ending -----------------------------------------------------------------------------

    async def finish(
        self,
        match_id: int,
        status: EndStatus,
        outcome: Outcome | Mapping[str, Any] | None,
        reason: str | None,
    ) -> bool:
        """End an active match ('finished' or 'aborted') and drop its clock.

        Returns False (and changes nothing) when the match had already ended.
        """
        if status not in ENDED_STATUSES:
            raise ValueError(f"finish() needs status 'finished' or 'aborted', not {status!r}")
        params = (status, self.db.now(), reason, encode_outcome(outcome), match_id)

        def end(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE matches SET status = ?, ended_at = ?, end_reason = ?, outcome = ?"
                " WHERE id = ? AND status = 'active'",
                params,
            )
            if cur.rowcount == 0:
                if conn.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is None:
                    raise MatchNotFound(match_id)
                return False
            conn.execute("DELETE FROM match_clocks WHERE match_id = ?", (match_id,))
            return True

        return await self.db.write(end)

    # -- Discord bookkeeping ----------------------------------------------------------------

    async def _update(self, sql: str, params: tuple[Any, ...], match_id: int) -> None:
        def update(conn: sqlite3.Connection) -> None:
            if conn.execute(sql, params).rowcount == 0:
                if conn.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is None:
                    raise MatchNotFound(match_id)
                raise ValueError(f"match {match_id}: no such seat ({params})")

        await self.db.write(update)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self._update("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id), match_id)

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self._update(
            "UPDATE matches SET board_message_id = ? WHERE id = ?", (message_id, match_id), match_id
        )

    async def set_seat_dm(
        self,
        match_id: int,
        seat: int,
        *,
        dm_channel_id: int | None,
        dm_message_id: int | None,
        dm_failed: bool = False,
    ) -> None:
        await self._update(
            "UPDATE match_seats SET dm_channel_id = ?, dm_message_id = ?, dm_failed = ?"
            " WHERE match_id = ? AND seat = ?",
            (dm_channel_id, dm_message_id, int(dm_failed), match_id, seat),
            match_id,
        )

    async def set_seat_ai(self, match_id: int, seat: int, since_seq: int) -> None:
        """An AI takes over this seat from move ``since_seq`` on (the user id is kept for stats)."""
        await self._update(
            "UPDATE match_seats SET is_ai = 1, ai_since_seq = ? WHERE match_id = ? AND seat = ?",
            (since_seq, match_id, seat),
            match_id,
        )

    async def set_seat_human(self, match_id: int, seat: int) -> None:
        """The player takes back a seat the AI held for them: asked again, timeouts counted afresh."""
        await self._update(
            "UPDATE match_seats SET is_ai = 0, ai_since_seq = NULL, consecutive_timeouts = 0"
            " WHERE match_id = ? AND seat = ? AND user_id IS NOT NULL",
            (match_id, seat),
            match_id,
        )

    async def record_timeout(self, match_id: int, seat: int) -> int:
        """Count one more timeout in a row for the seat; returns the new count."""

        def count(conn: sqlite3.Connection) -> int:
            row = conn.execute(
                "UPDATE match_seats SET consecutive_timeouts = consecutive_timeouts + 1"
                " WHERE match_id = ? AND seat = ? RETURNING consecutive_timeouts",
                (match_id, seat),
            ).fetchone()
            if row is None:
                if conn.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is None:
                    raise MatchNotFound(match_id)
                raise ValueError(f"match {match_id} has no seat {seat}")
            return int(row[0])

        return await self.db.write(count)

    async def reset_timeouts(self, match_id: int, seat: int) -> None:
        await self._update(
            "UPDATE match_seats SET consecutive_timeouts = 0 WHERE match_id = ? AND seat = ?",
            (match_id, seat),
            match_id,
        )

    # -- turn clocks ------------------------------------------------------------------------

    async def get_clock(self, match_id: int) -> ClockRow | None:
        row = await self.db.query(
            lambda conn: conn.execute("SELECT * FROM match_clocks WHERE match_id = ?", (match_id,)).fetchone()
        )
        return None if row is None else _clock(row)

    async def set_clock(self, clock: ClockRow) -> None:
        """Insert or replace the match's clock."""
        sql = (
            "INSERT INTO match_clocks (match_id, seat, turn_seq, deadline, warned, reserve,"
            " turn_seconds, reserve_seconds, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET seat = excluded.seat, turn_seq = excluded.turn_seq,"
            " deadline = excluded.deadline, warned = excluded.warned, reserve = excluded.reserve,"
            " turn_seconds = excluded.turn_seconds, reserve_seconds = excluded.reserve_seconds,"
            " kind = excluded.kind"
        )
        params = (
            clock.match_id,
            clock.seat,
            clock.turn_seq,
            clock.deadline,
            int(clock.warned),
            dump_json({str(k): v for k, v in clock.reserve.items()}),
            clock.turn_seconds,
            clock.reserve_seconds,
            clock.kind,
        )
        await self.db.write(_statement(sql, params))

    async def claim_warning(self, match_id: int, seat: int, turn_seq: int) -> bool:
        """Mark the clock of ``seat`` waiting for ``turn_seq`` as warned; False when it was warned
        already or has moved on. One conditional statement, so of several processes whose timers
        ran out together exactly one sends the warning."""

        def claim(conn: sqlite3.Connection) -> bool:
            return (
                conn.execute(
                    "UPDATE match_clocks SET warned = 1"
                    " WHERE match_id = ? AND seat = ? AND turn_seq = ? AND warned = 0",
                    (match_id, seat, turn_seq),
                ).rowcount
                == 1
            )

        return bool(await self.db.write(claim))

    async def delete_clock(self, match_id: int) -> None:
        await self.db.write(_statement("DELETE FROM match_clocks WHERE match_id = ?", (match_id,)))

    async def clocks(self, *, due_before: float | None = None) -> list[ClockRow]:
        """Every running clock of an active match, soonest deadline first (to re-arm after a
        restart); ``due_before``: only those whose deadline is earlier (overdue ones)."""
        rows = await self.db.query(
            lambda conn: conn.execute(
                "SELECT c.* FROM match_clocks c JOIN matches m ON m.id = c.match_id"
                " WHERE m.status = 'active' AND c.deadline < ? ORDER BY c.deadline",
                (1e300 if due_before is None else due_before,),
            ).fetchall()
        )
        return [_clock(r) for r in rows]
