"""The one-timer deadline queue behind turn clocks: order, replacement, cancel, waking early, a
failing job, and a restart that arms thousands of clocks with one task."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.services.deadlines import DeadlineQueue


def _queue() -> tuple[DeadlineQueue, list[str]]:
    loop = asyncio.get_running_loop()
    return DeadlineQueue("test", loop.time), []


def _job(done: list[str], name: str):  # type: ignore[no-untyped-def]
    async def run() -> None:
        done.append(name)

    return run


async def _until(done: list[str], n: int) -> None:
    for _ in range(500):
        if len(done) >= n:
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"only {done} ran")


async def test_jobs_run_in_deadline_order_with_one_runner() -> None:
    q, done = _queue()
    t = asyncio.get_running_loop().time()
    before = len(asyncio.all_tasks())
    for i, delay in enumerate([0.05, 0.01, 0.03, 0.02, 0.04]):
        q.schedule(i, t + delay, _job(done, f"job{i}"))
    assert len(asyncio.all_tasks()) - before == 1, "five deadlines, one waiting task"
    assert len(q) == 5 and 3 in q
    await _until(done, 5)
    assert done == ["job1", "job3", "job2", "job4", "job0"]
    assert len(q) == 0


async def test_scheduling_a_key_again_replaces_it_and_cancel_drops_it() -> None:
    q, done = _queue()
    t = asyncio.get_running_loop().time()
    q.schedule("a", t + 0.01, _job(done, "a-old"))
    q.schedule("a", t + 0.03, _job(done, "a-new"))
    q.schedule("b", t + 0.02, _job(done, "b"))
    q.schedule("c", t + 0.015, _job(done, "c"))
    q.cancel("c")
    assert q.due("a") == pytest.approx(t + 0.03) and "c" not in q
    await _until(done, 2)
    await asyncio.sleep(0.03)
    assert done == ["b", "a-new"]


async def test_an_earlier_deadline_wakes_the_sleeping_runner() -> None:
    q, done = _queue()
    t = asyncio.get_running_loop().time()
    q.schedule("late", t + 5.0, _job(done, "late"))
    await asyncio.sleep(0.005)  # the runner now sleeps until t + 5
    q.schedule("soon", t + 0.01, _job(done, "soon"))
    await _until(done, 1)
    assert done == ["soon"] and "late" in q
    q.close()


async def test_a_failing_job_is_logged_and_the_others_still_run(
    caplog: pytest.LogCaptureFixture, no_error_logs: logging.Handler
) -> None:
    q, done = _queue()
    t = asyncio.get_running_loop().time()

    async def broken() -> None:
        raise RuntimeError("boom")

    q.schedule("x", t + 0.005, broken)
    q.schedule("y", t + 0.01, _job(done, "y"))
    with caplog.at_level(logging.ERROR, logger="bot.services.deadlines"):
        await _until(done, 1)
    assert done == ["y"]
    assert [r.getMessage() for r in caplog.records] == ["deadline job failed"]
    no_error_logs.records.clear()  # type: ignore[attr-defined]  # this error is the one expected


async def test_replaced_entries_do_not_pile_up_in_the_heap() -> None:
    q, _ = _queue()
    t = asyncio.get_running_loop().time()
    for i in range(1000):
        q.schedule(i % 10, t + 60 + i, _job([], "never"))
    assert len(q) == 10 and len(q._heap) <= 2 * 10 + 64 + 1
    q.close()


async def test_a_restart_arms_every_stored_clock_with_one_timer(simcord_env, db_file) -> None:
    """Clocks stored for 300 matches: the bot re-arms them all from one query and one task."""
    from bot.client import create_bot
    from bot.db import ClockRow
    from bot.services.clock import now

    bot = simcord_env.bot
    ids = []
    for i in range(300):
        live = await bot.matches.create(
            "chrono",
            {},
            [(900 + 2 * i, "a", False), (901 + 2 * i, "b", False)],
            guild_id=1,
            channel_id=1,
            host_id=None,
        )
        ids.append(live.id)
        await bot.db.matches.set_clock(
            ClockRow(live.id, min(live.current), live.seq, now() + 3600 + i, 90, 180, reserve={})
        )
    before = len(asyncio.all_tasks())
    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    restarted = simcord_env.bot
    assert restarted.clocks.armed == 300
    assert all(restarted.clocks.is_armed(m) for m in ids)
    assert len(asyncio.all_tasks()) <= before + 10, "a task per clock would add 300"


async def test_cancelling_the_last_deadline_stops_the_sleeping_runner() -> None:
    """The runner used to sleep on until the cancelled deadline: a finished match's turn clock
    kept a task asleep, which simcord waited out in real time under a long settle (30 s of every
    replay test)."""
    q, done = _queue()
    t = asyncio.get_running_loop().time()
    before = set(asyncio.all_tasks())
    q.schedule("a", t + 3600, _job(done, "a"))
    q.schedule("b", t + 7200, _job(done, "b"))
    await asyncio.sleep(0)
    q.cancel("a")
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks() - before) == 1, "b still has its runner"
    q.cancel("b")
    await asyncio.sleep(0)
    assert asyncio.all_tasks() - before == set(), "nothing to wait for: no task sleeps"


async def test_a_deadline_scheduled_right_after_the_last_is_cancelled_still_runs() -> None:
    """A move cancels its match's clock and arms the next turn's in the same breath."""
    q, done = _queue()
    t = asyncio.get_running_loop().time()
    q.schedule("m", t + 3600, _job(done, "old"))
    await asyncio.sleep(0)
    q.cancel("m")
    q.schedule("m", t + 0.01, _job(done, "new"))
    await _until(done, 1)
    assert done == ["new"]
