"""Several processes on one PostgreSQL, below Discord: each "process" here is its own database
connection and its own services, as a separate ``cardhost --shards`` process would have. The
locks, the cache checks and the claims these tests drive are what keep the processes' clicks and
timers from losing, doubling or repeating anything (docs/deploy.md, "Several processes")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.db.errors import StaleAction
from bot.db.matches import ClockRow
from bot.db.postgres import PostgresDatabase
from bot.services.matches import MatchService
from bot.services.shared import MATCH_SPACE, SharedLock
from bot.settings import SettingsError, load_settings, parse_shards
from engines.core import PlayerId, Rng, choose_action, get_engine, load_all
from engines.core.replay import replay


@pytest.fixture
async def two(pg_server: Any, pg_template: str) -> Any:
    """Two processes' databases: two connections to one PostgreSQL database."""
    dsn = pg_server.new_database(pg_template)
    first, second = PostgresDatabase(dsn), PostgresDatabase(dsn)
    await first.open()
    await second.open()
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


def _service(db: PostgresDatabase) -> MatchService:
    load_all()
    svc = MatchService(db)
    svc.shared = True
    return svc


def _move(live: Any, n: int) -> tuple[int, str]:
    seat = min(live.current)
    return live.seats[seat].user_id, choose_action(
        live.engine, live.state, PlayerId(seat), Rng.from_seed(n)
    ).to_id()


async def test_a_shared_lock_holds_across_processes_and_dies_with_its_process(two: Any) -> None:
    first, second = two
    mine, theirs = SharedLock(), SharedLock()
    mine.bind(first, MATCH_SPACE, 7, None)
    theirs.bind(second, MATCH_SPACE, 7, None)
    order: list[str] = []

    async def other() -> None:
        async with theirs:
            order.append("other")

    async with mine:
        waiting = asyncio.create_task(other())
        await asyncio.sleep(0.2)
        assert not waiting.done(), "the other process entered while this one held the lock"
        order.append("mine")
    await asyncio.wait_for(waiting, 5)
    assert order == ["mine", "other"]

    # A process that dies holding the lock (its connection gone) frees it: PostgreSQL ends the session.
    await mine.__aenter__()
    await first.engine.conn.close()
    first._engine = None
    await asyncio.wait_for(other(), 5)
    assert order[-1] == "other"


async def test_write_transactions_take_turns_across_processes(two: Any) -> None:
    """A read-then-write transaction in each process at once: without one writer at a time,
    PostgreSQL's READ COMMITTED would let both read 0 and both write 1 (a lost update)."""
    first, second = two
    await first.write(lambda c: c.execute("CREATE TABLE counter (n INTEGER)"))
    await first.write(lambda c: c.execute("INSERT INTO counter VALUES (0)"))

    async def bump(db: PostgresDatabase) -> None:
        async with db.transaction() as conn:
            row = await (await conn.execute("SELECT n FROM counter")).fetchone()
            await asyncio.sleep(0.1)  # the other process tries meanwhile
            await conn.execute("UPDATE counter SET n = ?", (row[0] + 1,))

    await asyncio.gather(bump(first), bump(second))
    n = await first.query(lambda c: c.execute("SELECT n FROM counter").fetchone()[0])
    assert n == 2


async def test_interleaved_clicks_from_two_processes_lose_and_double_nothing(two: Any) -> None:
    """Players' clicks on one match reach either process; each process's copy is brought up to
    the stored log under the lock, so a click made on the newest panel is accepted by a process
    whose copy was behind, and of a double click on both exactly one move is stored."""
    one, other = _service(two[0]), _service(two[1])
    live = await one.create(
        "chrono",
        {},
        [(10, "a", False), (11, "b", False), (12, "c", False)],
        guild_id=1,
        channel_id=1,
        host_id=10,
    )
    await other.get(live.id)  # the other process has it cached at seq 0
    for n in range(12):
        here, there = (one, other) if n % 3 else (other, one)
        current = await here.get(live.id)
        async with current.lock:
            pass  # brought up to date (a real click does it inside submit)
        user, action = _move(current, n)
        seq = current.seq
        if n % 4 == 0:  # a double click: the same move sent to both processes at once
            results = await asyncio.gather(
                here.submit(live.id, user, action, seq),
                there.submit(live.id, user, action, seq),
                return_exceptions=True,
            )
            assert sum(isinstance(r, StaleAction) for r in results) == 1, results
        else:
            await here.submit(live.id, user, action, seq)
    stored = await two[0].matches.actions(live.id)
    assert [a.seq for a in stored] == list(range(1, 13))
    engine = get_engine("chrono")
    expected = replay(engine, live.cfg, live.seed, [(a.seat, a.action_id) for a in stored])
    for svc in (one, other):
        cached = await svc.get(live.id)
        async with cached.lock:
            assert cached.seq == 12 and cached.state == expected


async def test_seat_changes_reach_the_other_process(two: Any) -> None:
    one, other = _service(two[0]), _service(two[1])
    live = await one.create(
        "chrono", {}, [(10, "a", False), (11, "b", False)], guild_id=1, channel_id=1, host_id=10
    )
    theirs = await other.get(live.id)
    await one.hand_over_to_ai(live, 1)
    await two[0].matches.set_seat_dm(live.id, 0, dm_channel_id=5, dm_message_id=6)
    await two[0].players.set_settings(10, {"language": "ru"})
    seen: list[int] = []
    other.changed_elsewhere.append(seen.append)
    async with theirs.lock:
        assert theirs.seats[1].is_ai and theirs.seats[0].dm_message_id == 6
        assert theirs.seats[0].language == "ru"
    assert seen == [live.id], "the other process must forget which panels it showed"


async def test_a_warning_is_claimed_by_one_process(two: Any) -> None:
    one = _service(two[0])
    live = await one.create(
        "chrono", {}, [(10, "a", False), (11, "b", False)], guild_id=1, channel_id=1, host_id=10
    )
    await two[0].matches.set_clock(ClockRow(live.id, 0, 0, 1e9, 90, 30))
    claims = await asyncio.gather(
        two[0].matches.claim_warning(live.id, 0, 0), two[1].matches.claim_warning(live.id, 0, 0)
    )
    assert sorted(claims) == [False, True]
    assert not await two[1].matches.claim_warning(live.id, 0, 0)


# -- settings


def test_shard_lists() -> None:
    assert parse_shards("0-3") == [0, 1, 2, 3]
    assert parse_shards("0, 2,5-6") == [0, 2, 5, 6]
    for bad in ("a", "3-1", "1-", "-1"):
        with pytest.raises(ValueError):
            parse_shards(bad)


def test_shard_settings_are_checked_in_words(tmp_path: Any) -> None:
    base = {"DISCORD_TOKEN": "secret-token", "CARDHOST_DB": str(tmp_path / "c.sqlite3")}
    pg = {**base, "CARDHOST_DATABASE_URL": "postgresql://bot:pw@db/cardhost"}
    s = load_settings(**pg, CARDHOST_SHARDS="0-1", CARDHOST_SHARD_COUNT=4)
    assert s.shard_ids == [0, 1] and s.shares_database
    assert not load_settings(**base, CARDHOST_SHARD_COUNT=4).shares_database  # every shard here
    assert not load_settings(**base, CARDHOST_SHARDS="0-3", CARDHOST_SHARD_COUNT=4).shares_database
    for extra, words in (
        ({"CARDHOST_SHARDS": "0-1"}, "needs CARDHOST_SHARD_COUNT"),
        ({"CARDHOST_SHARDS": "0-4", "CARDHOST_SHARD_COUNT": 4}, "shard 4 does not exist"),
        ({"CARDHOST_SHARDS": "x"}, "not a shard"),
    ):
        with pytest.raises(SettingsError) as err:
            load_settings(**pg, **extra)
        assert words in str(err.value) and "pw" not in str(err.value) and "secret-token" not in str(err.value)
    with pytest.raises(SettingsError) as err:
        load_settings(**base, CARDHOST_SHARDS="0", CARDHOST_SHARD_COUNT=2)
    assert "CARDHOST_DATABASE_URL=postgresql://" in str(err.value)
    assert "secret-token" not in str(err.value)


def test_the_command_line_gives_the_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.main
    from bot.cli import main

    got: dict[str, Any] = {}
    monkeypatch.setattr(bot.main, "run", lambda **kw: got.update(kw) or 0)
    assert main(["--shards", "0-3", "--shard-count", "8"]) == 0
    assert got == {"CARDHOST_SHARDS": "0-3", "CARDHOST_SHARD_COUNT": "8"}
    got.clear()
    assert main(["run", "--shards", "1", "--shard-count", "2"]) == 0
    assert got == {"CARDHOST_SHARDS": "1", "CARDHOST_SHARD_COUNT": "2"}
