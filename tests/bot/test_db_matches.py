"""MatchStore on a real SQLite file and a real PostgreSQL server: the log, stale moves, snapshots, restart, clocks."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.db import (
    ClockRow,
    Conflict,
    Database,
    EngineVersionMismatch,
    LoadedMatch,
    MatchClosed,
    MatchNotFound,
    SeatInfo,
    StaleAction,
)
from engines.core import (
    CardhostError,
    ConfigError,
    IllegalAction,
    InvalidAction,
    MatchConfig,
    NotYourTurn,
    Outcome,
    PlayerId,
    Rng,
    Transition,
    codec,
    get_engine,
    replay,
)

# -- a tiny engine: players take turns adding 1-3 or rolling a die; first to reach the target ends it


@dataclass(frozen=True)
class CounterState:
    players: int
    target: int
    total: int
    turn: int
    rng: int
    scores: tuple[int, ...]
    rolls: Mapping[int, int] = field(default_factory=dict)
    """How many times each seat rolled (int keys: exercises the codec)."""
    history: tuple[str, ...] = ()


@dataclass(frozen=True)
class Add:
    n: int

    def to_id(self) -> str:
        return f"add:{self.n}"

    @property
    def label(self) -> str:
        return f"Add {self.n}"


@dataclass(frozen=True)
class Roll:
    def to_id(self) -> str:
        return "roll"

    @property
    def label(self) -> str:
        return "Roll a die"


CounterAction = Add | Roll


class CounterEngine:
    name: ClassVar[str] = "counter"
    title: ClassVar[str] = "Counter"
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    state_type: ClassVar[type[Any]] = CounterState

    def setup(self, cfg: MatchConfig, seed: int) -> CounterState:
        rng = Rng.from_seed(seed)
        start = rng.below(cfg.players)
        return CounterState(
            players=cfg.players,
            target=int(cfg.opt("target", 1000)),
            total=0,
            turn=start,
            rng=rng.state,
            scores=(0,) * cfg.players,
        )

    def current_players(self, s: CounterState) -> frozenset[PlayerId]:
        return frozenset() if self.outcome(s) else frozenset({PlayerId(s.turn)})

    def legal_actions(self, s: CounterState, p: PlayerId) -> Sequence[CounterAction]:
        if p not in self.current_players(s):
            return ()
        return (Add(1), Add(2), Add(3), Roll())

    def apply(self, s: CounterState, p: PlayerId, a: CounterAction) -> Transition[CounterState]:
        if p not in self.current_players(s):
            raise NotYourTurn()
        rolls = dict(s.rolls)
        rng = Rng(s.rng)
        if isinstance(a, Roll):
            n = rng.randint(1, 6)
            rolls[p] = rolls.get(p, 0) + 1
        elif isinstance(a, Add) and 1 <= a.n <= 3:
            n = a.n
        else:
            raise IllegalAction("You can't do that.")
        scores = tuple(v + n if i == p else v for i, v in enumerate(s.scores))
        new = CounterState(
            players=s.players,
            target=s.target,
            total=s.total + n,
            turn=(s.turn + 1) % s.players,
            rng=rng.state,
            scores=scores,
            rolls=rolls,
            history=(*s.history, f"{p}:{n}"),
        )
        return Transition(new)

    def view(self, s: CounterState, viewer: PlayerId | None) -> CounterState:
        return s

    def outcome(self, s: CounterState) -> Outcome | None:
        if s.total < s.target:
            return None
        by_score = sorted({*s.scores}, reverse=True)
        ranking = tuple(tuple(i for i, v in enumerate(s.scores) if v == score) for score in by_score)
        return Outcome(ranking=ranking, reason="target reached")

    def decode_action(self, action_id: str) -> CounterAction:
        if action_id == "roll":
            return Roll()
        if action_id.startswith("add:") and action_id[4:].isdigit():
            return Add(int(action_id[4:]))
        raise InvalidAction(f"Unknown move {action_id!r}.")


pytestmark = pytest.mark.backends  # tests taking a database run on SQLite and on PostgreSQL

ENGINE = CounterEngine()
SEATS = [SeatInfo(101, "Ada"), SeatInfo(102, "Bob"), SeatInfo(None, "Robot", is_ai=True)]


# -- helpers


@pytest.fixture
async def db(databases: Any) -> AsyncIterator[Database]:
    async with databases.make(snapshot_every=5) as database:
        yield database


async def new_match(db: Database, seed: int = 7, options: Mapping[str, Any] | None = None) -> int:
    return await db.matches.create_match(
        game=ENGINE.name,
        engine_version=ENGINE.version,
        config=dict(options or {}),
        seed=seed,
        seats=SEATS,
        guild_id=1,
        channel_id=10,
        host_id=101,
    )


async def play(
    db: Database, engine: Any, match_id: int, state: Any, next_seq: int, moves: int, rng: Rng
) -> tuple[Any, int]:
    """Make ``moves`` random legal moves the way the bot will: apply, then append with the new state."""
    for _ in range(moves):
        (p,) = sorted(engine.current_players(state))
        action = rng.choice(list(engine.legal_actions(state, p)))
        state = engine.apply(state, p, action).state
        await db.matches.append_action(match_id, next_seq, p, action.to_id(), state_after=state)
        next_seq += 1
    return state, next_seq


async def log_of(db: Database, match_id: int) -> list[tuple[int, int, str]]:
    """The stored log, read back through the backend (committed rows only)."""

    def read(c: sqlite3.Connection) -> list[tuple[int, int, str]]:
        rows = c.execute(
            "SELECT seq, seat, action_id FROM match_actions WHERE match_id = ? ORDER BY seq", (match_id,)
        ).fetchall()
        return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]

    return await db.query(read)


def sqlite_log_of(path: Path, match_id: int) -> list[tuple[int, int, str]]:
    with sqlite3.connect(path) as c:
        return list(
            c.execute(
                "SELECT seq, seat, action_id FROM match_actions WHERE match_id = ? ORDER BY seq", (match_id,)
            )
        )


# -- creating and the log


async def test_create_match_stores_row_seats_and_players(db: Database) -> None:
    match_id = await new_match(db, seed=99, options={"target": 40})
    m = await db.matches.get(match_id)
    assert (m.game, m.engine_version, m.seed, m.status, m.config) == (
        "counter",
        "1",
        99,
        "active",
        {"target": 40},
    )
    assert (m.guild_id, m.channel_id, m.host_id, m.thread_id) == (1, 10, 101, None)
    seats = await db.matches.seats(match_id)
    assert [(s.seat, s.user_id, s.display_name, s.is_ai) for s in seats] == [
        (0, 101, "Ada", False),
        (1, 102, "Bob", False),
        (2, None, "Robot", True),
    ]
    assert (await db.players.get(101)) is not None
    assert await db.matches.last_seq(match_id) == 0
    loaded = await db.matches.load(match_id)
    assert loaded.next_seq == 1 and loaded.snapshot is None and loaded.actions == ()
    assert loaded.match_config == MatchConfig(players=3, options={"target": 40})


async def test_create_match_accepts_a_match_config(db: Database) -> None:
    match_id = await db.matches.create_match(
        "counter", "1", MatchConfig(players=3, options={"target": 9}), 1, SEATS, None, None, None
    )
    assert (await db.matches.get(match_id)).config == {"target": 9}
    with pytest.raises(ValueError, match="2 players but 3 seats"):
        await db.matches.create_match("counter", "1", MatchConfig(players=2), 1, SEATS, None, None, None)
    with pytest.raises(ValueError, match="at least one seat"):
        await db.matches.create_match("counter", "1", {}, 1, [], None, None, None)


async def test_append_actions_in_order(db: Database) -> None:
    match_id = await new_match(db)
    await db.matches.append_action(match_id, 1, 0, "add:1")
    await db.matches.append_action(match_id, 2, 1, "roll")
    await db.matches.append_action(match_id, 3, 2, "add:3", by_ai=True)
    actions = await db.matches.actions(match_id)
    assert [(a.seq, a.seat, a.action_id, a.by_ai) for a in actions] == [
        (1, 0, "add:1", False),
        (2, 1, "roll", False),
        (3, 2, "add:3", True),
    ]
    assert [a.seq for a in await db.matches.actions(match_id, after_seq=1)] == [2, 3]
    assert await db.matches.last_seq(match_id) == 3


async def test_duplicate_or_stale_seq_raises_stale_action_and_keeps_the_log(db: Database) -> None:
    match_id = await new_match(db)
    for seq, action in enumerate(["add:1", "add:2", "add:3"], 1):
        await db.matches.append_action(match_id, seq, (seq - 1) % 3, action)
    before = await log_of(db, match_id)
    for bad_seq in (3, 1, 0, 5, 99):
        with pytest.raises(StaleAction) as info:
            await db.matches.append_action(match_id, bad_seq, 0, "roll")
        err = info.value
        assert isinstance(err, CardhostError)
        assert str(err) == "This move is no longer available."
        assert (err.match_id, err.seq, err.expected) == (match_id, bad_seq, 4)
    assert (await log_of(db, match_id)) == before
    await db.matches.append_action(match_id, 4, 0, "roll")  # the right seq still works
    assert [r[0] for r in (await log_of(db, match_id))] == [1, 2, 3, 4]


async def test_double_click_race_one_wins(db: Database) -> None:
    match_id = await new_match(db)
    results = await asyncio.gather(
        *(db.matches.append_action(match_id, 1, 0, f"add:{n}") for n in (1, 2, 3)), return_exceptions=True
    )
    assert sum(r is False for r in results) == 1
    assert sum(isinstance(r, StaleAction) for r in results) == 2
    assert len(await log_of(db, match_id)) == 1


async def test_two_connections_to_one_database_cannot_fork_the_log(db: Database, databases: Any) -> None:
    match_id = await new_match(db)
    async with databases.make() as other:
        await other.matches.append_action(match_id, 1, 0, "add:1")
        with pytest.raises(StaleAction):
            await db.matches.append_action(match_id, 1, 0, "add:2")
    assert (await log_of(db, match_id)) == [(1, 0, "add:1")]


async def test_unknown_match_and_unknown_seat(db: Database) -> None:
    with pytest.raises(MatchNotFound, match="no longer exists"):
        await db.matches.append_action(12345, 1, 0, "add:1")
    with pytest.raises(MatchNotFound):
        await db.matches.load(12345)
    match_id = await new_match(db)
    with pytest.raises(Conflict, match=r"(?i)FOREIGN KEY"):
        await db.matches.append_action(match_id, 1, 7, "add:1")  # no seat 7
    assert (await log_of(db, match_id)) == []


# -- snapshots, load and restore


async def test_snapshot_every_n_actions_in_the_same_transaction(db: Database) -> None:
    match_id = await new_match(db)
    state = ENGINE.setup(MatchConfig(players=3), 7)
    state, next_seq = await play(db, ENGINE, match_id, state, 1, 23, Rng(1))
    assert next_seq == 24
    assert await db.matches.snapshot_seqs(match_id) == [5, 10, 15, 20]
    loaded = await db.matches.load(match_id)
    assert loaded.snapshot is not None and loaded.snapshot.seq == 20
    assert [a.seq for a in loaded.actions] == [21, 22, 23]
    assert loaded.last_seq == 23
    # The snapshot at 20 is exactly the state after the first 20 moves.
    log = [(s, a) for _, s, a in (await log_of(db, match_id))]
    at_20 = replay(ENGINE, loaded.match_config, 7, log[:20])
    assert codec.loads(CounterState, loaded.snapshot.state) == at_20


async def test_snapshot_policy_is_configurable(databases: Any) -> None:
    async with databases.make("a", snapshot_every=3) as db:
        match_id = await new_match(db)
        await play(db, ENGINE, match_id, ENGINE.setup(MatchConfig(players=3), 7), 1, 10, Rng(2))
        assert await db.matches.snapshot_seqs(match_id) == [3, 6, 9]
    async with databases.make("b", snapshot_every=0) as db:
        match_id = await new_match(db)
        await play(db, ENGINE, match_id, ENGINE.setup(MatchConfig(players=3), 7), 1, 10, Rng(2))
        assert await db.matches.snapshot_seqs(match_id) == []
        assert db.matches.should_snapshot(50) is False


async def test_save_snapshot_explicitly_and_bounds(db: Database) -> None:
    match_id = await new_match(db)
    state = ENGINE.setup(MatchConfig(players=3), 7)
    state, _ = await play(db, ENGINE, match_id, state, 1, 3, Rng(3))
    await db.matches.save_snapshot(match_id, 3, codec.dumps(state))
    loaded = await db.matches.load(match_id)
    assert loaded.snapshot is not None and loaded.snapshot.seq == 3 and loaded.actions == ()
    assert db.matches.restore_state(loaded, ENGINE) == (state, 4)
    with pytest.raises(ValueError, match="no state at seq 4"):
        await db.matches.save_snapshot(match_id, 4, codec.dumps(state))


async def test_restart_restores_and_continues_the_match(databases: Any) -> None:
    cfg = MatchConfig(players=3, options={"target": 10_000})
    async with databases.make(snapshot_every=5) as db:
        match_id = await new_match(db, seed=2024, options=cfg.options)
        state = ENGINE.setup(cfg, 2024)
        state, next_seq = await play(db, ENGINE, match_id, state, 1, 37, Rng(11))
    # A new process: a new Database on the same file.
    async with databases.make(snapshot_every=5) as db:
        assert [m.id for m in await db.matches.active_matches()] == [match_id]
        loaded = await db.matches.load(match_id)
        assert loaded.snapshot is not None and loaded.snapshot.seq == 35
        restored, restored_next = db.matches.restore_state(loaded, ENGINE)
        assert (restored, restored_next) == (state, next_seq) == (restored, 38)
        log = [(s, a) for _, s, a in await log_of(db, match_id)]
        assert restored == replay(ENGINE, cfg, 2024, log)  # snapshot + tail == straight replay
        # Play on from the restored state, restart again, and compare with a straight replay.
        state, next_seq = await play(db, ENGINE, match_id, restored, restored_next, 9, Rng(12))
    async with databases.make(snapshot_every=5) as db:
        loaded = await db.matches.load(match_id)
        final, final_next = db.matches.restore_state(loaded, ENGINE)
        log = [(s, a) for _, s, a in await log_of(db, match_id)]
    assert len(log) == 46 and final_next == 47
    assert final == state == replay(ENGINE, cfg, 2024, log)


async def test_restore_without_snapshot_replays_from_seed(db: Database) -> None:
    db.matches.snapshot_every = 0
    match_id = await new_match(db, seed=5)
    state, _ = await play(db, ENGINE, match_id, ENGINE.setup(MatchConfig(players=3), 5), 1, 12, Rng(4))
    loaded = await db.matches.load(match_id)
    assert loaded.snapshot is None and len(loaded.actions) == 12
    assert db.matches.restore_state(loaded, ENGINE) == (state, 13)


async def test_restore_checks_game_and_engine_version(db: Database) -> None:
    match_id = await db.matches.create_match("counter", "0-old", {}, 1, SEATS, None, None, None)
    loaded = await db.matches.load(match_id)
    with pytest.raises(EngineVersionMismatch, match="different version of the rules"):
        db.matches.restore_state(loaded, ENGINE)
    state, next_seq = db.matches.restore_state(loaded, ENGINE, check_version=False)
    assert next_seq == 1 and state == ENGINE.setup(loaded.match_config, 1)

    class Other(CounterEngine):
        name = "other"

    with pytest.raises(ValueError, match="not 'other'"):
        db.matches.restore_state(loaded, Other())


# -- ending, lookups and bookkeeping


async def test_finish_records_outcome_and_closes_the_log(db: Database) -> None:
    match_id = await new_match(db)
    other = await new_match(db)
    await db.matches.append_action(match_id, 1, 0, "add:1")
    await db.matches.set_clock(ClockRow(match_id, 1, 2, 1000.0, 90, 180))
    outcome = Outcome(ranking=((1,), (0, 2)), reason="target reached")
    assert await db.matches.finish(match_id, "finished", outcome, "target reached") is True
    assert await db.matches.finish(match_id, "aborted", None, "late abort") is False  # already ended
    m = await db.matches.get(match_id)
    assert (m.status, m.end_reason, m.is_active) == ("finished", "target reached", False)
    assert m.ended_at is not None and m.outcome_value() == outcome
    assert await db.matches.get_clock(match_id) is None
    with pytest.raises(MatchClosed, match=r"This game is over\.") as info:
        await db.matches.append_action(match_id, 2, 1, "add:1")
    assert isinstance(info.value, StaleAction)
    assert [x.id for x in await db.matches.active_matches()] == [other]
    with pytest.raises(ValueError, match="'finished' or 'aborted'"):
        await db.matches.finish(other, "active", None, None)  # type: ignore[arg-type]
    with pytest.raises(MatchNotFound):
        await db.matches.finish(999, "aborted", None, "gone")
    assert await db.matches.finish(other, "aborted", None, "host cancelled") is True
    assert (await db.matches.get(other)).outcome is None


async def test_thread_board_and_channel_lookups(db: Database) -> None:
    a = await new_match(db)
    b = await new_match(db)
    await db.matches.set_thread(a, 5555)
    await db.matches.set_board_message(a, 6666)
    m = await db.matches.get(a)
    assert (m.thread_id, m.board_message_id) == (5555, 6666)
    found = await db.matches.by_thread(5555)
    assert found is not None and found.id == a
    assert await db.matches.by_thread(1) is None
    assert [x.id for x in await db.matches.active_in_channel(10)] == [a, b]
    assert await db.matches.active_in_channel(11) == []
    with pytest.raises(MatchNotFound):
        await db.matches.set_thread(999, 1)


async def test_seat_updates_dm_ai_takeover_and_timeouts(db: Database) -> None:
    match_id = await new_match(db)
    await db.matches.set_seat_dm(match_id, 0, dm_channel_id=70, dm_message_id=71)
    await db.matches.set_seat_dm(match_id, 1, dm_channel_id=None, dm_message_id=None, dm_failed=True)
    assert await db.matches.record_timeout(match_id, 1) == 1
    assert await db.matches.record_timeout(match_id, 1) == 2
    await db.matches.set_seat_ai(match_id, 1, since_seq=14)
    seats = await db.matches.seats(match_id)
    assert (seats[0].dm_channel_id, seats[0].dm_message_id, seats[0].dm_failed) == (70, 71, False)
    assert (seats[1].dm_failed, seats[1].consecutive_timeouts) == (True, 2)
    assert (seats[1].is_ai, seats[1].ai_since_seq, seats[1].user_id) == (True, 14, 102)
    await db.matches.reset_timeouts(match_id, 1)
    assert (await db.matches.seats(match_id))[1].consecutive_timeouts == 0
    with pytest.raises(ValueError, match="no seat"):
        await db.matches.record_timeout(match_id, 9)
    with pytest.raises(ValueError, match="no such seat"):
        await db.matches.set_seat_ai(match_id, 9, since_seq=1)


async def test_clocks_set_get_replace_warn_delete(db: Database) -> None:
    a = await new_match(db)
    b = await new_match(db)
    assert await db.matches.get_clock(a) is None
    clock = ClockRow(a, seat=0, turn_seq=1, deadline=2000.5, turn_seconds=90, reserve_seconds=180,
                     reserve={0: 180.0, 1: 175.5, 2: 180.0})  # fmt: skip
    await db.matches.set_clock(clock)
    assert await db.matches.get_clock(a) == clock
    moved = ClockRow(a, seat=1, turn_seq=2, deadline=2100.0, turn_seconds=90, reserve_seconds=180,
                     reserve={0: 170.0, 1: 175.5, 2: 180.0})  # fmt: skip
    await db.matches.set_clock(moved)
    assert await db.matches.claim_warning(a, 1, 2)
    assert not await db.matches.claim_warning(a, 1, 2)  # warned already
    got = await db.matches.get_clock(a)
    assert got is not None and got.warned and got.seat == 1 and got.reserve == moved.reserve
    await db.matches.set_clock(
        ClockRow(b, seat=None, turn_seq=1, deadline=1500.0, turn_seconds=60, reserve_seconds=0)
    )
    assert [c.match_id for c in await db.matches.clocks()] == [b, a]  # soonest deadline first
    await db.matches.delete_clock(a)
    assert [c.match_id for c in await db.matches.clocks()] == [b]


# -- transactions across repositories


async def test_outer_transaction_rolls_back_everything(db: Database) -> None:
    lobby = await db.lobbies.create(1, 10, 101, "counter")
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction():
            match_id = await new_match(db)
            await db.lobbies.set_status(lobby, "started", match_id=match_id)
            raise RuntimeError("boom")
    assert await db.matches.active_matches() == []
    assert (await db.lobbies.get(lobby)).status == "open"


async def test_inner_failure_rolls_back_to_its_savepoint_only(db: Database) -> None:
    match_id = await new_match(db)
    async with db.transaction():
        await db.matches.append_action(match_id, 1, 0, "add:1")
        with pytest.raises(StaleAction):
            await db.matches.append_action(match_id, 1, 0, "add:2")
        await db.matches.append_action(match_id, 2, 1, "add:2")
    assert (await log_of(db, match_id)) == [(1, 0, "add:1"), (2, 1, "add:2")]


# -- property: any interleaving of fresh and stale appends leaves a gapless log


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 2), st.sampled_from(["add:1", "add:2", "roll"])), max_size=30))
def test_any_interleaving_of_stale_appends_leaves_a_gapless_log(ops: list[tuple[int, str]]) -> None:
    async def scenario(path: Path) -> None:
        model: list[tuple[int, int, str]] = []
        async with Database(path, snapshot_every=4) as db:
            match_id = await new_match(db)
            for offset, action in ops:
                seq = len(model) + 1 + offset
                seat = len(model) % 3
                if offset == 0:
                    await db.matches.append_action(match_id, seq, seat, action, state_after="{}")
                    model.append((seq, seat, action))
                else:
                    with pytest.raises(StaleAction):
                        await db.matches.append_action(match_id, seq, seat, action, state_after="{}")
            loaded = await db.matches.load(match_id)
            snaps = await db.matches.snapshot_seqs(match_id)
        assert sqlite_log_of(path, match_id) == model
        assert [r[0] for r in model] == list(range(1, len(model) + 1))
        assert loaded.last_seq == len(model)
        assert snaps == [s for s in range(1, len(model) + 1) if s % 4 == 0]
        first_after = snaps[-1] + 1 if snaps else 1
        assert [a.seq for a in loaded.actions] == list(range(first_after, len(model) + 1))

    with tempfile.TemporaryDirectory() as d:
        asyncio.run(scenario(Path(d) / "p.sqlite3"))


# -- the real Epochs Chrono engine, when it is available


def chrono_engine() -> Any:
    try:
        return get_engine("chrono")
    except (ConfigError, ImportError) as exc:  # being written concurrently
        pytest.skip(f"engines.chrono not available yet: {exc}")


async def test_chrono_match_survives_a_restart(databases: Any) -> None:
    engine = chrono_engine()
    cfg = MatchConfig(players=3)
    seats = [SeatInfo(1, "A"), SeatInfo(2, "B"), SeatInfo(None, "AI", is_ai=True)]
    rng = Rng.from_seed(77)
    async with databases.make("chrono", snapshot_every=7) as db:
        match_id = await db.matches.create_match("chrono", engine.version, {}, 31337, seats, 1, 2, 1)
        state = engine.setup(cfg, 31337)
        seq = 1
        for _ in range(60):
            players = sorted(engine.current_players(state))
            if not players:
                break
            p = players[0]
            action = rng.choice(list(engine.legal_actions(state, p)))
            state = engine.apply(state, p, action).state
            await db.matches.append_action(match_id, seq, p, action.to_id(), state_after=state)
            seq += 1
    async with databases.make("chrono", snapshot_every=7) as db:
        loaded: LoadedMatch = await db.matches.load(match_id)
        restored, next_seq = db.matches.restore_state(loaded, engine)
        log = [(s, a) for _, s, a in await log_of(db, match_id)]
    assert next_seq == seq and len(log) == seq - 1
    assert loaded.snapshot is not None or seq <= 7
    assert codec.dumps(restored) == codec.dumps(state)
    assert codec.dumps(replay(engine, cfg, 31337, log)) == codec.dumps(state)
