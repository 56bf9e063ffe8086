"""The one sender: it brings Discord to the newest desired state of each surface, under the budget.

A *surface* is one thing the bot keeps on Discord (a match's board, a seat's panel, a lobby). Its
owner computes what the surface should show from one stored position and hands the sender a
:class:`Desired`: the position's version (the log's seq), a fingerprint of the content, and a
``write`` coroutine that puts exactly that content on Discord. The sender:

- keeps per surface only the newest pending version (a newer one replaces one still waiting, so
  three quick moves behind a slow write cost one more write, not three);
- never writes an older version after a newer one, and skips content Discord already shows
  (same fingerprint as the last write Discord accepted);
- retries rate limits (after their ``retry_after``), server errors and timeouts with exponential
  backoff and seeded jitter; after the last try the surface stays *stale* with its desired state
  and is written again at the next chance (the next submit for it, or :meth:`Sender.repair_stale`,
  which a periodic sweep calls);
- paces writes: at most ``channel_writes`` per 5 s per channel, and a token bucket for the whole
  process's share of the token's global budget (interaction-routed writes are not global-bound),
  so discord.py never meets a 429 in normal play. A write waits its turn instead of queueing:
  while it waits, newer versions replace it.

Nothing here imports discord: the adapter (``bot.sender.discord_io``) turns discord.py's errors
into :class:`RateLimitedError`, :class:`TransientError` and :class:`PermanentError`, and tests drive
the sender with a fake transport and clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import random
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

CHANNEL_WINDOW = 5.0
"""Discord counts message writes per channel over 5 seconds."""

GLOBAL_BURST = 0.1
"""The global bucket holds a tenth of a second's tokens: in any one second at most
``rate * 1.1`` requests go out (49.5 of Discord's 50 at the default 45 a second)."""


# ----------------------------------------------------------------- errors the adapter raises


class SendError(Exception):
    """A write Discord did not accept, classified for the sender."""


class RateLimitedError(SendError):
    """429: try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: float, message: str = "rate limited") -> None:
        super().__init__(f"{message} (retry after {retry_after:.2f} s)")
        self.retry_after = max(0.0, float(retry_after))


class TransientError(SendError):
    """A server error (5xx), a timeout or a dropped connection: worth trying again."""


class PermanentError(SendError):
    """Discord refused for good (403, 404, a bad request): not retried; the surface's owner hears
    of it through ``Desired.on_permanent`` (e.g. a DM closed, a message deleted)."""

    def __init__(self, message: str, *, status: int | None = None, code: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.original: BaseException | None = None


# ----------------------------------------------------------------- what a surface should show


@dataclass(frozen=True)
class Surface:
    """One thing the bot keeps on Discord: ``Surface("board", (match_id,))``,
    ``Surface("panel", (match_id, seat))``."""

    kind: str
    subject: tuple[Hashable, ...]


@dataclass(frozen=True)
class Desired:
    """The content a surface should show, at a version, and how to write it.

    ``write`` is called once per attempt and must build everything it sends afresh (a file's bytes
    are consumed by a send). ``channel_id`` is the channel the write counts against (None: not a
    channel message write); ``global_bound`` is False for writes routed through an interaction
    (callbacks and followups), which Discord does not count against the token's budget.
    """

    version: int
    fingerprint: Hashable
    write: Callable[[], Awaitable[None]]
    channel_id: int | None = None
    global_bound: bool = True
    on_permanent: Callable[[PermanentError], Awaitable[None]] | None = None


class Status(enum.Enum):
    WRITTEN = "written"
    """Discord accepted this version (or a newer one that replaced it while it waited)."""
    UNCHANGED = "unchanged"
    """Discord already showed this content: nothing was sent."""
    OUTDATED = "outdated"
    """A newer version was already written or waiting: this one was dropped."""
    STALE = "stale"
    """Every try failed; the surface keeps its desired state and is repaired later."""
    FAILED = "failed"
    """Discord refused for good (:class:`PermanentError`); the owner's handler was told."""
    CLOSED = "closed"
    """The sender shut down before the write."""


@dataclass(frozen=True)
class Result:
    status: Status
    version: int
    """The version the outcome is about (the newest one this submit was folded into)."""
    error: SendError | None = None


# ----------------------------------------------------------------- time


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class LoopClock:
    """The event loop's monotonic clock."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class TokenBucket:
    """``rate`` tokens a second, holding at most ``capacity``: the process's global budget."""

    def __init__(self, rate: float, capacity: float, now: float) -> None:
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.stamp = now

    def _refill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def wait(self, now: float) -> float:
        """Seconds until a token is free (0: now)."""
        self._refill(now)
        # (a hair of tolerance: refills summed in floats land at 0.999..., not 1)
        return 0.0 if self.tokens >= 1.0 - 1e-6 else (1.0 - self.tokens) / self.rate

    def take(self, now: float) -> None:
        self._refill(now)
        self.tokens -= 1.0


class Window:
    """At most ``limit`` writes in any ``seconds`` long window (one channel's message writes)."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self.stamps: deque[float] = deque()

    def _prune(self, now: float) -> None:
        while self.stamps and self.stamps[0] + self.seconds <= now + 1e-6:
            self.stamps.popleft()

    def wait(self, now: float) -> float:
        self._prune(now)
        if len(self.stamps) < self.limit:
            return 0.0
        return self.stamps[0] + self.seconds - now

    def take(self, now: float) -> None:
        self.stamps.append(now)

    def idle(self, now: float) -> bool:
        self._prune(now)
        return not self.stamps


# ----------------------------------------------------------------- the sender


@dataclass
class _Waiter:
    version: int
    generation: int
    """The submit's place in order: a write settles every submit up to its own."""
    future: asyncio.Future[Result]


@dataclass
class _State:
    """What the sender knows of one surface."""

    accepted: tuple[int, Hashable] | None = None
    """(version, fingerprint) of the last write Discord accepted."""
    pending: Desired | None = None
    """The newest version still to write (None: nothing waits)."""
    stale: Desired | None = None
    """The desired state whose last try failed: written again at the next chance."""
    generation: int = 0
    """The generation of ``pending`` (counts submits)."""
    worker: asyncio.Task[None] | None = None
    waiters: list[_Waiter] = field(default_factory=list)

    def newest(self) -> int | None:
        versions = [d.version for d in (self.pending, self.stale) if d is not None]
        if self.accepted is not None:
            versions.append(self.accepted[0])
        return max(versions) if versions else None


class Sender:
    """Brings each surface to its newest desired version; one per process (``bot.client``)."""

    def __init__(
        self,
        *,
        global_rate: float = 45.0,
        rate_share: float = 1.0,
        channel_writes: int = 5,
        clock: Clock | None = None,
        seed: int | None = None,
        max_attempts: int = 5,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        sweep_seconds: float = 3.0,
        write_timeout: float | None = 30.0,
        classify: Callable[[BaseException], SendError | None] | None = None,
    ) -> None:
        self.clock: Clock = clock or LoopClock()
        self.rate = global_rate * rate_share
        self.channel_writes = channel_writes
        self.max_attempts = max_attempts
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.sweep_seconds = sweep_seconds
        self.write_timeout = write_timeout
        self.classify = classify
        """The transport's errors in the core's terms (``bot.sender.discord_io.classify``): a write
        may raise discord.py's own exceptions."""
        self._rng = random.Random(seed)
        self._bucket: TokenBucket | None = None
        self._windows: dict[int, Window] = {}
        self._states: dict[Surface, _State] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._sweeping = False
        self._closed = False
        self.writes = 0
        """Writes attempted (every try counts): for tests and the bench."""

    # ------------------------------------------------------------- public

    async def submit(self, surface: Surface, desired: Desired) -> Result:
        """Bring ``surface`` to ``desired`` (or newer) and return what happened to this version."""
        return await self.submit_nowait(surface, desired)

    def submit_nowait(self, surface: Surface, desired: Desired) -> asyncio.Future[Result]:
        """:meth:`submit` without waiting: the future resolves when the version is settled."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Result] = loop.create_future()
        if self._closed:
            future.set_result(Result(Status.CLOSED, desired.version))
            return future
        state = self._states.setdefault(surface, _State())
        newest = state.newest()
        if newest is not None and desired.version < newest:
            future.set_result(Result(Status.OUTDATED, desired.version))
            return future
        # The newest submit for a surface replaces a waiting or stale one: it carries the whole state.
        state.stale = None
        if state.pending is None and state.worker is None and self._shows(state, desired):
            state.accepted = (desired.version, desired.fingerprint)
            future.set_result(Result(Status.UNCHANGED, desired.version))
            return future
        state.pending = desired
        state.generation += 1
        state.waiters.append(_Waiter(desired.version, state.generation, future))
        self._ensure_worker(surface, state)
        return future

    def is_stale(self, surface: Surface) -> bool:
        state = self._states.get(surface)
        return state is not None and state.stale is not None

    def stale_surfaces(self) -> list[Surface]:
        return [s for s, st in self._states.items() if st.stale is not None]

    def behind(self) -> list[Surface]:
        """Surfaces not yet on their newest desired state: stale, or with a write waiting or on
        its way (for tests and health checks)."""
        return [
            s
            for s, st in self._states.items()
            if st.stale is not None or st.pending is not None or st.worker is not None
        ]

    async def repair_stale(self) -> list[Result]:
        """Write again every stale surface nothing newer is on its way to, and say how it went."""
        futures = self.resubmit_stale()
        return list(await asyncio.gather(*futures)) if futures else []

    def resubmit_stale(self) -> list[asyncio.Future[Result]]:
        """:meth:`repair_stale` without waiting (the periodic sweep: it does not hold up on a
        surface whose channel is busy)."""
        futures = []
        for surface, state in list(self._states.items()):
            desired = state.stale
            if desired is None or state.pending is not None or state.worker is not None:
                continue
            futures.append(self.submit_nowait(surface, desired))
        return futures

    def forget(self, predicate: Callable[[Surface], bool]) -> None:
        """Drop what is known of the surfaces ``predicate`` picks (a match that ended): nothing
        waits for them, their next submit is written whatever it holds."""
        for surface in [s for s in self._states if predicate(s)]:
            state = self._states[surface]
            if state.worker is None and state.pending is None:
                del self._states[surface]

    def invalidate(self, surface: Surface) -> None:
        """Discord's copy is unknown (another process wrote it): the next submit is written."""
        self.invalidate_where(lambda s: s == surface)

    def invalidate_where(self, predicate: Callable[[Surface], bool]) -> None:
        """:meth:`invalidate` for every surface ``predicate`` picks (a match moved elsewhere)."""
        for surface, state in self._states.items():
            if predicate(surface):
                state.accepted = None

    def record(self, surface: Surface, version: int, fingerprint: Hashable) -> None:
        """Discord shows this now, written outside the sender (a new message posted, a panel edited
        through the click's interaction): nothing older is written after it, the same is not
        written again, and a stale state of an older version is dropped."""
        state = self._states.setdefault(surface, _State())
        if state.accepted is not None and state.accepted[0] > version:
            return
        state.accepted = (version, fingerprint)
        if state.stale is not None and state.stale.version <= version:
            state.stale = None

    def start(self) -> None:
        """Sweep: while any surface is stale, try it again every ``sweep_seconds``. The sweep
        sleeps only while something is stale (a timer ticking for ever would keep a simulated
        clock from jumping ahead, and costs a wake-up every few seconds for nothing)."""
        self._sweeping = True
        self._schedule_sweep()

    def _schedule_sweep(self) -> None:
        if not self._sweeping or self._closed or not self.stale_surfaces():
            return
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def close(self) -> None:
        self._closed = True
        tasks = [t for t in [self._sweeper, *(s.worker for s in self._states.values())] if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for state in self._states.values():
            for waiter in state.waiters:
                if not waiter.future.done():
                    waiter.future.set_result(Result(Status.CLOSED, waiter.version))
            state.waiters.clear()

    # ------------------------------------------------------------- the work of one surface

    @staticmethod
    def _shows(state: _State, desired: Desired) -> bool:
        return state.accepted is not None and state.accepted[1] == desired.fingerprint

    def _ensure_worker(self, surface: Surface, state: _State) -> None:
        if state.worker is None:
            state.worker = asyncio.get_running_loop().create_task(self._work(surface, state))

    async def _work(self, surface: Surface, state: _State) -> None:
        try:
            while state.pending is not None:
                await self._bring(surface, state)
        finally:
            state.worker = None
            if state.pending is not None and not self._closed:
                self._ensure_worker(surface, state)  # a submit that came as the worker ended

    async def _bring(self, surface: Surface, state: _State) -> None:
        attempt = 0
        while True:
            if self._skip_unchanged(state):
                return
            assert state.pending is not None
            await self._turn(state.pending)
            # While it waited, a newer version may have replaced it: write the newest.
            if self._skip_unchanged(state):
                return
            desired, generation = state.pending, state.generation
            assert desired is not None
            attempt += 1
            self.writes += 1
            try:
                await self._write(surface, desired)
            except RateLimitedError as exc:
                delay = exc.retry_after
                error: SendError = exc
            except TransientError as exc:
                delay = self._backoff(attempt)
                error = exc
            except PermanentError as exc:
                self._done(state, desired, generation, Status.FAILED, exc)
                log.warning(
                    "a write was refused",
                    extra={"ctx": {"surface": surface.kind, "subject": surface.subject, "error": str(exc)}},
                )
                if desired.on_permanent is not None:
                    await desired.on_permanent(exc)
                return
            else:
                state.accepted = (desired.version, desired.fingerprint)
                self._done(state, desired, generation, Status.WRITTEN)
                return
            if attempt >= self.max_attempts:
                if state.pending is desired:
                    state.stale = desired
                    state.accepted = None  # what Discord shows is no longer known
                self._done(state, desired, generation, Status.STALE, error)
                self._schedule_sweep()
                log.warning(
                    "a surface stays stale after %d tries",
                    attempt,
                    extra={"ctx": {"surface": surface.kind, "subject": surface.subject, "error": str(error)}},
                )
                return
            await self.clock.sleep(delay)

    async def _write(self, surface: Surface, desired: Desired) -> None:
        """One try, its failure in the core's terms; an error nobody can classify (a bug in the
        write) is logged and refused for good rather than retried."""
        try:
            if self.write_timeout is not None:
                try:
                    await asyncio.wait_for(desired.write(), self.write_timeout)
                except TimeoutError as exc:
                    raise TransientError("the write timed out") from exc
            else:
                await desired.write()
        except SendError:
            raise
        except Exception as exc:
            error = self.classify(exc) if self.classify is not None else None
            if error is None:
                log.exception(
                    "a write failed", extra={"ctx": {"surface": surface.kind, "subject": surface.subject}}
                )
                error = PermanentError(f"{type(exc).__name__}: {exc}")
                error.original = exc
            raise error from exc

    def _skip_unchanged(self, state: _State) -> bool:
        """The waiting version shows what Discord already shows, or something older than what
        was recorded since: settle it without a write."""
        desired = state.pending
        assert desired is not None
        if state.accepted is not None and state.accepted[0] > desired.version:
            self._done(state, desired, state.generation, Status.OUTDATED)  # recorded meanwhile
            return True
        if not self._shows(state, desired):
            return False
        state.accepted = (desired.version, desired.fingerprint)
        self._done(state, desired, state.generation, Status.UNCHANGED)
        return True

    def _done(
        self,
        state: _State,
        desired: Desired,
        generation: int,
        status: Status,
        error: SendError | None = None,
    ) -> None:
        """``desired`` (of ``generation``) is settled: so is every submit up to it; a newer one
        that came meanwhile stays pending."""
        if state.pending is desired and state.generation == generation:
            state.pending = None
        keep = []
        for waiter in state.waiters:
            if waiter.generation <= generation:
                if not waiter.future.done():
                    waiter.future.set_result(Result(status, desired.version, error))
            else:
                keep.append(waiter)
        state.waiters = keep

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with jitter (seeded, so a test's delays are the same every run)."""
        delay: float = min(self.backoff_max, self.backoff_base * 2 ** (attempt - 1))
        return delay * (0.5 + self._rng.random())

    # ------------------------------------------------------------- pacing

    async def _turn(self, desired: Desired) -> None:
        """Wait until the channel and the global budget both allow one more write, then spend it."""
        while True:
            now = self.clock.now()
            window = None
            wait = 0.0
            if desired.channel_id is not None:
                window = self._windows.get(desired.channel_id)
                if window is None:
                    window = self._windows[desired.channel_id] = Window(self.channel_writes, CHANNEL_WINDOW)
                wait = window.wait(now)
            bucket = None
            if desired.global_bound:
                bucket = self._global(now)
                wait = max(wait, bucket.wait(now))
            if wait <= 0:
                if window is not None:
                    window.take(now)
                if bucket is not None:
                    bucket.take(now)
                self._prune_windows(now)
                return
            await self.clock.sleep(wait)

    def _global(self, now: float) -> TokenBucket:
        if self._bucket is None:
            self._bucket = TokenBucket(self.rate, max(1.0, self.rate * GLOBAL_BURST), now)
        return self._bucket

    def _prune_windows(self, now: float) -> None:
        if len(self._windows) > 1024:
            for channel in [c for c, w in self._windows.items() if w.idle(now)]:
                del self._windows[channel]

    async def _sweep(self) -> None:
        """One round: after ``sweep_seconds``, every stale surface is submitted again (a surface
        that fails again is stale again and schedules the next round)."""
        await self.clock.sleep(self.sweep_seconds)
        self._sweeper = None
        self.resubmit_stale()
        self._schedule_sweep()  # stale surfaces that could not be resubmitted yet (a write on its way)
