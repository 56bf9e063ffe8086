"""The sender's core (bot/sender/core.py) with a fake transport and a clock the test moves: no
Discord. Coalescing, ordering, unchanged content, retries, stale repair and pacing."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import pytest

from bot.sender.core import (
    Desired,
    PermanentError,
    RateLimitedError,
    Result,
    Sender,
    Status,
    Surface,
    TransientError,
)


class FakeClock:
    """Time moves only when the test says: sleepers wake in order of their deadlines."""

    def __init__(self) -> None:
        self.t = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.t + max(0.0, seconds), next(self._order), future))
        await future

    async def run(self, until: float | None = None) -> None:
        """Let every task run, waking sleepers in order, until nothing sleeps (or time ``until``)."""
        await settle()
        while self._sleepers and (until is None or self._sleepers[0][0] <= until):
            deadline, _, future = heapq.heappop(self._sleepers)
            self.t = max(self.t, deadline)
            if not future.done():
                future.set_result(None)
            await settle()
        if until is not None:
            self.t = max(self.t, until)


async def settle() -> None:
    for _ in range(30):
        await asyncio.sleep(0)


@dataclass
class Transport:
    """Records each write (what, at which time) and fails the next ones as scripted."""

    clock: FakeClock
    writes: list[tuple[Surface, int, float]] = field(default_factory=list)
    failures: list[Exception] = field(default_factory=list)
    fail_always: Exception | None = None
    gate: asyncio.Event | None = None

    def desired(
        self,
        surface: Surface,
        version: int,
        fingerprint: object = None,
        *,
        channel: int | None = 1,
        global_bound: bool = True,
        on_permanent: Callable[[PermanentError], Awaitable[None]] | None = None,
    ) -> Desired:
        async def write() -> None:
            if self.gate is not None:
                await self.gate.wait()
            self.writes.append((surface, version, self.clock.now()))
            if self.fail_always is not None:
                raise self.fail_always
            if self.failures:
                raise self.failures.pop(0)

        return Desired(
            version=version,
            fingerprint=fingerprint if fingerprint is not None else ("content", version),
            write=write,
            channel_id=channel,
            global_bound=global_bound,
            on_permanent=on_permanent,
        )

    def versions(self, surface: Surface) -> list[int]:
        return [v for s, v, _ in self.writes if s == surface]


BOARD = Surface("board", (7,))
PANEL = Surface("panel", (7, 1))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def transport(clock: FakeClock) -> Transport:
    return Transport(clock)


def sender(clock: FakeClock, **kwargs: object) -> Sender:
    options: dict[str, object] = {
        "global_rate": 1000.0,
        "channel_writes": 1000,
        "seed": 33,
        "write_timeout": None,
    }
    options.update(kwargs)
    return Sender(clock=clock, **options)  # type: ignore[arg-type]


async def test_versions_waiting_behind_a_write_are_coalesced_into_the_newest(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock)
    transport.gate = asyncio.Event()
    first = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await settle()  # version 1 is being written (held at the gate)
    waiting = [s.submit_nowait(BOARD, transport.desired(BOARD, v)) for v in (2, 3, 4)]
    transport.gate.set()
    await clock.run()
    assert transport.versions(BOARD) == [1, 4]  # 2 and 3 were never written
    assert (await first).status is Status.WRITTEN
    results = [await w for w in waiting]
    assert all(r == Result(Status.WRITTEN, 4) for r in results)
    await s.close()


async def test_an_older_version_is_never_written_after_a_newer_one(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock)
    assert (await s.submit(BOARD, transport.desired(BOARD, 5))).status is Status.WRITTEN
    late = await s.submit(BOARD, transport.desired(BOARD, 3))  # e.g. a slow image of an older move
    assert late.status is Status.OUTDATED
    assert transport.versions(BOARD) == [5]
    # An older version waiting while a newer one is pending is dropped as well.
    transport.gate = asyncio.Event()
    newer = s.submit_nowait(BOARD, transport.desired(BOARD, 9))
    await settle()
    older = s.submit_nowait(BOARD, transport.desired(BOARD, 8))
    transport.gate.set()
    await clock.run()
    assert (await older).status is Status.OUTDATED
    assert (await newer).status is Status.WRITTEN
    assert transport.versions(BOARD) == [5, 9]
    await s.close()


async def test_content_discord_already_shows_is_not_written_again(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock)
    await s.submit(PANEL, transport.desired(PANEL, 1, "hand A"))
    # The opponent moved (a new seq) but this seat's panel says the same: no write.
    same = await s.submit(PANEL, transport.desired(PANEL, 2, "hand A"))
    assert same.status is Status.UNCHANGED
    changed = await s.submit(PANEL, transport.desired(PANEL, 3, "hand B"))
    assert changed.status is Status.WRITTEN
    assert transport.versions(PANEL) == [1, 3]
    # Once Discord's copy is unknown (another process wrote it), the same content is written.
    s.invalidate(PANEL)
    assert (await s.submit(PANEL, transport.desired(PANEL, 3, "hand B"))).status is Status.WRITTEN
    await s.close()


async def test_server_errors_are_retried_with_backoff_until_one_is_accepted(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, max_attempts=5)
    transport.failures = [TransientError("500"), TransientError("502"), TransientError("timeout")]
    future = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await clock.run()
    assert (await future).status is Status.WRITTEN
    times = [t for _, _, t in transport.writes]
    assert len(times) == 4
    gaps = [b - a for a, b in itertools.pairwise(times)]
    # Exponential with jitter in [0.5, 1.5) of 0.5, 1, 2 seconds.
    assert 0.25 <= gaps[0] < 0.75 and 0.5 <= gaps[1] < 1.5 and 1.0 <= gaps[2] < 3.0
    assert not s.is_stale(BOARD)
    await s.close()


async def test_the_jitter_comes_from_the_seed(clock: FakeClock) -> None:
    runs = []
    for _ in range(2):
        c = FakeClock()
        t = Transport(c, failures=[TransientError("500")] * 3)
        s = sender(c, seed=5)
        future = s.submit_nowait(BOARD, t.desired(BOARD, 1))
        await c.run()
        await future
        runs.append([w[2] for w in t.writes])
        await s.close()
    assert runs[0] == runs[1]


async def test_a_rate_limit_is_retried_after_its_retry_after(clock: FakeClock, transport: Transport) -> None:
    s = sender(clock)
    transport.failures = [RateLimitedError(2.5)]
    future = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await clock.run()
    assert (await future).status is Status.WRITTEN
    assert [t for _, _, t in transport.writes] == [0.0, 2.5]
    await s.close()


async def test_a_newer_version_arriving_during_retries_is_the_one_written(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock)
    transport.failures = [RateLimitedError(3.0)]
    first = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await clock.run(until=1.0)  # version 1 failed and waits out the rate limit
    second = s.submit_nowait(BOARD, transport.desired(BOARD, 2))
    await clock.run()
    assert transport.versions(BOARD) == [1, 2]
    assert (await first) == Result(Status.WRITTEN, 2)
    assert (await second).status is Status.WRITTEN
    await s.close()


async def test_a_refusal_for_good_is_not_retried_and_reaches_the_owner(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock)
    heard: list[PermanentError] = []

    async def handler(exc: PermanentError) -> None:
        heard.append(exc)

    transport.failures = [PermanentError("403 Forbidden", status=403, code=50007)]
    result = await s.submit(PANEL, transport.desired(PANEL, 1, on_permanent=handler))
    assert result.status is Status.FAILED
    assert [e.code for e in heard] == [50007]
    assert transport.versions(PANEL) == [1]
    assert not s.is_stale(PANEL)
    await s.close()


async def test_a_surface_whose_writes_failed_for_good_stays_stale_and_the_sweep_repairs_it(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, max_attempts=3)
    transport.fail_always = TransientError("503")
    future = s.submit_nowait(PANEL, transport.desired(PANEL, 4, "hand at 4"))
    await clock.run()
    result = await future
    assert result.status is Status.STALE
    assert s.is_stale(PANEL) and s.stale_surfaces() == [PANEL]
    assert transport.versions(PANEL) == [4, 4, 4]
    # Discord accepts writes again: the sweep writes the desired state it kept.
    transport.fail_always = None
    repair = asyncio.ensure_future(s.repair_stale())
    await clock.run()
    assert [r.status for r in await repair] == [Status.WRITTEN]
    assert transport.versions(PANEL) == [4, 4, 4, 4]
    assert not s.is_stale(PANEL)
    assert await s.repair_stale() == []  # nothing left to repair
    await s.close()


async def test_a_stale_surface_is_repaired_by_its_next_submit(clock: FakeClock, transport: Transport) -> None:
    s = sender(clock, max_attempts=2)
    transport.fail_always = TransientError("500")
    future = s.submit_nowait(PANEL, transport.desired(PANEL, 4, "same words"))
    await clock.run()
    assert (await future).status is Status.STALE
    transport.fail_always = None
    # Even the same content is written: what Discord shows is not known after the failures.
    assert (await s.submit(PANEL, transport.desired(PANEL, 5, "same words"))).status is Status.WRITTEN
    assert not s.is_stale(PANEL)
    await s.close()


async def test_the_periodic_sweep_repairs_stale_surfaces(clock: FakeClock, transport: Transport) -> None:
    s = sender(clock, max_attempts=1, sweep_seconds=3.0)
    transport.fail_always = TransientError("500")
    assert (await s.submit(PANEL, transport.desired(PANEL, 1))).status is Status.STALE
    transport.fail_always = None
    s.start()
    await clock.run(until=3.5)
    assert transport.versions(PANEL) == [1, 1]
    assert not s.is_stale(PANEL)
    await s.close()


async def test_a_timeout_counts_as_a_transient_failure(clock: FakeClock, transport: Transport) -> None:
    s = sender(clock, max_attempts=2, write_timeout=0.01)
    transport.gate = asyncio.Event()  # never opened: every write hangs
    future = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    while not future.done():
        await asyncio.sleep(0.02)  # the write's timeout runs on the event loop's clock
        await clock.run()
    result = await future
    assert result.status is Status.STALE and isinstance(result.error, TransientError)
    await s.close()


async def test_a_channel_gets_at_most_its_writes_per_five_seconds(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, channel_writes=5)
    surfaces = [Surface("panel", (7, n)) for n in range(12)]
    futures = [s.submit_nowait(sf, transport.desired(sf, 1, channel=42)) for sf in surfaces]
    await clock.run()
    assert [(await f).status for f in futures] == [Status.WRITTEN] * 12
    times = sorted(t for _, _, t in transport.writes)
    assert len(times) == 12
    for start in times:
        assert sum(1 for t in times if start <= t < start + 5.0) <= 5
    await s.close()


async def test_a_surface_waiting_for_its_channel_is_written_once_at_its_newest(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, channel_writes=1)
    await s.submit(Surface("other", (1,)), transport.desired(Surface("other", (1,)), 1, channel=42))
    futures = [s.submit_nowait(BOARD, transport.desired(BOARD, v, channel=42)) for v in range(1, 6)]
    await clock.run()
    assert transport.versions(BOARD) == [5]  # waited its turn, no duplicate writes queued
    assert [(await f).version for f in futures] == [5] * 5
    await s.close()


async def test_the_global_budget_is_kept_and_interaction_writes_are_not_counted(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, global_rate=10.0, rate_share=0.5)  # 5 requests a second for this process
    surfaces = [Surface("panel", (n, 0)) for n in range(20)]
    futures = [
        s.submit_nowait(sf, transport.desired(sf, 1, channel=100 + i)) for i, sf in enumerate(surfaces)
    ]
    clicked = Surface("panel", (99, 0))
    ephemeral = s.submit_nowait(clicked, transport.desired(clicked, 1, channel=None, global_bound=False))
    await settle()
    assert (await ephemeral).status is Status.WRITTEN  # not held behind the global queue
    assert transport.writes[0][0] == clicked or clicked in [w[0] for w in transport.writes[:2]]
    await clock.run()
    for f in futures:
        assert (await f).status is Status.WRITTEN
    times = sorted(t for sf, _, t in transport.writes if sf != clicked)
    for start in times:
        assert sum(1 for t in times if start <= t < start + 1.0) <= 5.5
    assert times[-1] >= 3.0  # 20 writes at 5 a second take their time
    await s.close()


async def test_closing_answers_every_waiting_submit(clock: FakeClock, transport: Transport) -> None:
    s = sender(clock)
    transport.gate = asyncio.Event()
    future = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await settle()
    await s.close()
    assert (await future).status is Status.CLOSED
    assert (await s.submit(BOARD, transport.desired(BOARD, 2))).status is Status.CLOSED


async def test_a_state_written_outside_the_sender_is_not_overwritten_by_an_older_one(
    clock: FakeClock, transport: Transport
) -> None:
    s = sender(clock, channel_writes=1)
    await s.submit(Surface("other", (1,)), transport.desired(Surface("other", (1,)), 1, channel=42))
    waiting = s.submit_nowait(PANEL, transport.desired(PANEL, 3, channel=42))  # waits for its channel
    await settle()
    s.record(PANEL, 4, ("content", 4))  # the click's interaction showed the newer position
    await clock.run()
    assert (await waiting).status is Status.OUTDATED
    assert transport.versions(PANEL) == []
    assert (await s.submit(PANEL, transport.desired(PANEL, 5, ("content", 4)))).status is Status.UNCHANGED
    await s.close()


async def test_the_transports_own_errors_are_classified_by_its_hook(
    clock: FakeClock, transport: Transport
) -> None:
    class Flaky(Exception):
        pass

    def classify(exc: BaseException) -> TransientError | None:
        return TransientError("flaky") if isinstance(exc, Flaky) else None

    s = sender(clock, classify=classify)
    transport.failures = [Flaky()]
    future = s.submit_nowait(BOARD, transport.desired(BOARD, 1))
    await clock.run()
    assert (await future).status is Status.WRITTEN
    assert transport.versions(BOARD) == [1, 1]
    await s.close()
