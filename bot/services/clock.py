"""Turn clocks: a per-turn allowance plus a reserve bank, a warning, and the AI on timeout.

The deadline lives in SQLite (match_clocks), the waiting in one ``DeadlineQueue`` for every match
(a heap and a single timer, not a task per clock); after a restart the queue is filled from the
stored deadlines in one query, so a turn that ran out while the bot was down is settled as soon as
it is back, and 10,000 stored clocks cost a heap, not 10,000 tasks. Time is read through ``now()``:
the process sets it to discord.py's ``discord.utils.utcnow()`` (``bot/client.py``), which is also
what the offline test Discord moves forward, so this module needs no discord.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.db.matches import ClockRow
from bot.i18n import say, speaking
from bot.log import match_logged
from bot.services.deadlines import DeadlineQueue
from bot.services.matches import LiveMatch

if TYPE_CHECKING:
    from bot.db import Database
    from bot.services.matches import MatchService
    from bot.settings import Settings

log = logging.getLogger(__name__)

TAKEOVER_AFTER = 3
"""Timeouts in a row after which the AI keeps the seat until its player takes it back."""
TAKEOVER_GRACE = 5.0
"""Seconds past its deadline after which a clock another process armed is run by whoever finds it."""
AI_RETRY_SECONDS = 10.0
"""How long an AI seat whose move storage refused waits before it tries again."""


@dataclass
class ClockSettings:
    turn_seconds: float
    reserve_seconds: float


_wall_clock: Callable[[], float] = time.time


def read_time_with(clock: Callable[[], float]) -> None:
    """Make ``clock`` (unix seconds) the wall clock ``now()`` reads: the process sets discord.py's
    (``bot/client.py``), so the clocks run on the time the test Discord moves."""
    global _wall_clock
    _wall_clock = clock


def now() -> float:
    """Wall-clock unix time: the one clock of turn clocks, pick clocks and the deck-building
    deadline (discord.py's, set by the process; simcord's virtual time moves it in tests)."""
    return _wall_clock()


class TurnTable(Protocol):
    """What the clocks ask of the match table (``bot.services.table``): a line in the game's
    thread (through the sender) in its board's language, and to show what a move played for a
    seat did."""

    def board_language(self, live: LiveMatch) -> str: ...

    def post_line(
        self, live: LiveMatch, text: str, *, key: tuple[Any, ...], pings: list[int | None] | None = None
    ) -> object: ...

    def after_report(self, report: Any) -> Awaitable[None]: ...


class ClockService:
    def __init__(self, db: Database, matches: MatchService, settings: Settings, table: TurnTable) -> None:
        """Built in ``bot/client.py`` with the database, the matches it plays for a seat, the
        settings (allowances, warnings) and the match table that shows what a timeout did."""
        self.db = db
        self.matches = matches
        self.settings = settings
        self.table = table
        self._queue = DeadlineQueue("clock", now)
        """Every armed clock (and AI retry) by match id: one timer for all of them."""
        self._generation: dict[int, int] = {}
        self._settings: dict[int, ClockSettings] = {}
        self._shown: dict[int, ClockRow] = {}
        """The running clock of each match as stored: what the board and DM panels show."""

    def configure(self, match_id: int, turn_seconds: float, reserve_seconds: float) -> None:
        self._settings[match_id] = ClockSettings(turn_seconds, reserve_seconds)

    def _settings_for(self, match_id: int, clock: Any, game: str | None = None) -> ClockSettings:
        """The match's allowances: as configured at its start, else as its stored clock says,
        else the game's declared clock (or the server's, ``Settings.turn_clock``)."""
        if match_id not in self._settings:
            if clock is not None:
                self._settings[match_id] = ClockSettings(clock.turn_seconds, clock.reserve_seconds)
            elif game is not None:
                self._settings[match_id] = ClockSettings(*self.settings.turn_clock(game))
            else:
                s = self.settings
                self._settings[match_id] = ClockSettings(s.turn_seconds, s.reserve_seconds)
        return self._settings[match_id]

    def running(self, match_id: int) -> ClockRow | None:
        """The stored clock of the player to act, if one runs (for the deadline players see)."""
        row = self._shown.get(match_id)
        return row if row is not None and row.seat is not None else None

    @property
    def armed(self) -> int:
        """How many clocks (and AI retries) are waiting."""
        return len(self._queue)

    def is_armed(self, match_id: int) -> bool:
        return match_id in self._queue

    def cancel(self, match_id: int) -> None:
        self._queue.cancel(match_id)
        self._generation[match_id] = self._generation.get(match_id, 0) + 1

    def close(self) -> None:
        self._queue.close()

    def forget(self, match_id: int) -> None:
        """A finished match: no clock any more, and its settings leave memory."""
        self.cancel(match_id)
        self._settings.pop(match_id, None)
        self._shown.pop(match_id, None)
        self._generation.pop(match_id, None)

    def _timed_seat(self, live: LiveMatch) -> int | None:
        humans = [p for p in sorted(live.current) if live.seats[p].human and not live.autopiloted(p)]
        return humans[0] if humans else None

    @match_logged
    async def arm(self, live: LiveMatch, *, new_turn: bool = True) -> None:
        """Start or keep the clock of whoever must act now; called after every change."""
        clock = await self.db.matches.get_clock(live.id)
        settings = self._settings_for(live.id, clock, live.game)
        seat = self._timed_seat(live) if live.active and live.outcome is None else None
        if seat is None:
            self.cancel(live.id)
            self._shown.pop(live.id, None)
            if clock is not None:
                await self.db.matches.delete_clock(live.id)
            if not live.active or live.outcome is not None:
                return
            if any(live.seats[p].is_ai or live.autopiloted(p) for p in live.current):
                # An AI seat is to move after its chain stopped: only a move storage refused stops
                # it there. Try again later rather than leave the table waiting for nobody.
                match_id = live.id
                self._queue.schedule(match_id, now() + AI_RETRY_SECONDS, lambda: self._retry_ai(match_id))
            return
        stored: dict[int, float] = dict(clock.reserve) if clock is not None else {}
        reserve = {s.seat: float(stored.get(s.seat, settings.reserve_seconds)) for s in live.seats}
        t = now()
        if (
            clock is not None
            and clock.kind == "turn"
            and clock.seat is not None
            and (new_turn or clock.seat != seat)
        ):
            # Charge the finished turn's overrun to that player's reserve.
            prev = clock.seat
            started = clock.deadline - clock.turn_seconds - reserve.get(prev, 0.0)
            overrun = max(0.0, t - started - clock.turn_seconds)
            reserve[prev] = max(0.0, reserve.get(prev, 0.0) - overrun)
        if live.spec.autoplay.is_response(live.engine, live.state, seat):
            if (
                clock is not None
                and clock.kind == "response"
                and clock.seat == seat
                and clock.turn_seq == live.seq
            ):
                fresh = None
            else:
                seconds = float(self.settings.response_seconds)
                fresh = ClockRow(live.id, seat, live.seq, t + seconds, seconds, settings.reserve_seconds,
                                 warned=True, reserve=reserve, kind="response")  # fmt: skip
        elif clock is not None and clock.kind == "turn" and clock.seat == seat and not new_turn:
            fresh = None
        else:
            fresh = ClockRow(
                live.id, seat, live.seq, t + settings.turn_seconds + reserve[seat], settings.turn_seconds,
                settings.reserve_seconds, warned=False, reserve=reserve, kind="turn",
            )  # fmt: skip
        if fresh is not None:
            await self.db.matches.set_clock(fresh)
            self._start_task(live.id, fresh)
        elif clock is not None and (live.id not in self._queue or self._shown.get(live.id) != clock):
            self._start_task(live.id, clock)  # as stored (another process may have set it)

    @match_logged
    async def _retry_ai(self, match_id: int) -> None:
        try:
            live = await self.matches.get(match_id)
            report = await self.matches.run_ai_seats(live)
            if report.acted:
                await self.table.after_report(report)
            else:
                await self.arm(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI retry failed", extra={"ctx": {"match": match_id}})

    def _start_task(self, match_id: int, clock: Any) -> None:
        """Wait for this clock: its warning first (unless given already), then its deadline."""
        self.cancel(match_id)
        self._shown[match_id] = clock
        generation = self._generation[match_id]
        seat, turn_seq, deadline = clock.seat, clock.turn_seq, clock.deadline
        warn_seconds = self.settings.warn_seconds
        if not clock.warned and warn_seconds > 0 and deadline > now():

            async def warn_then_wait() -> None:
                if deadline > now():
                    try:
                        await self._warn(match_id, seat, turn_seq, deadline)
                    except Exception:
                        log.exception("turn clock warning failed", extra={"ctx": {"match": match_id}})
                if self._generation.get(match_id) == generation and match_id not in self._queue:
                    self._queue.schedule(match_id, deadline, lambda: self._run(match_id, seat, turn_seq))

            self._queue.schedule(match_id, deadline - warn_seconds, warn_then_wait)
        else:
            self._queue.schedule(match_id, deadline, lambda: self._run(match_id, seat, turn_seq))

    async def restore_all(self) -> int:
        """Re-arm every stored clock (after a restart). Returns how many were armed."""
        count = 0
        for clock in await self.db.matches.clocks():
            self._settings_for(clock.match_id, clock)
            self._start_task(clock.match_id, clock)
            count += 1
        return count

    @match_logged
    async def _run(self, match_id: int, seat: int, turn_seq: int) -> None:
        try:
            await self._expire(match_id, seat, turn_seq)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("turn clock failed", extra={"ctx": {"match": match_id, "seat": seat}})

    async def take_over_overdue(self) -> int:
        """Run the clocks that ran out more than ``TAKEOVER_GRACE`` ago and that this process
        was not about to run: the process that armed them is gone (or stalled). Several processes
        may do so at once: ``_expire`` checks the stored clock under the match's lock, so each
        clock is settled once. Returns how many were taken over."""
        t = now()
        taken = 0
        for clock in await self.db.matches.clocks(due_before=t - TAKEOVER_GRACE):
            due = self._queue.due(clock.match_id)
            if clock.seat is None or (due is not None and due <= t) or self.matches.busy(clock.match_id):
                continue  # running here already, or settled by whoever holds the match now
            self._settings_for(clock.match_id, clock)
            self._shown[clock.match_id] = clock
            self._queue.schedule(
                clock.match_id, t, functools.partial(self._run, clock.match_id, clock.seat, clock.turn_seq)
            )
            taken += 1
        if taken:
            log.info("clocks taken over", extra={"ctx": {"clocks": taken}})
        return taken

    @match_logged
    async def _warn(self, match_id: int, seat: int, turn_seq: int, deadline: float) -> None:
        # One conditional update: of several processes whose timers ran out, one warns.
        if not await self.db.matches.claim_warning(match_id, seat, turn_seq):
            return
        live = await self.matches.get(match_id)
        user = live.seats[seat].user_id
        if user is not None:
            left = max(1, round(deadline - now()))
            with speaking(self.table.board_language(live)):
                warning = say(
                    "⏰ {mention}, {left} seconds left on your turn.", mention=f"<@{user}>", left=left
                )
            self.table.post_line(  # through the sender: a 5xx or a timeout is tried again
                live,
                warning,
                key=("warn", seat, turn_seq),
                pings=[user],
            )

    async def _expire(self, match_id: int, seat: int, turn_seq: int) -> None:
        live = await self.matches.get(match_id)
        async with live.lock:
            clock = await self.db.matches.get_clock(match_id)
            if clock is None or clock.turn_seq != turn_seq or clock.seat != seat:
                return
            if not live.active or seat not in live.current or not live.seats[seat].human:
                return
            s = live.seats[seat]
            if clock.kind == "response":
                # A response prompt ran out: the player passes. It is not a missed turn.
                report = await self.matches.pass_for(live, seat, live.spec.autoplay.pass_action)
                text = None
            else:
                s.consecutive_timeouts = await self.db.matches.record_timeout(match_id, seat)
                takeover = s.consecutive_timeouts >= TAKEOVER_AFTER
                if takeover:
                    await self.matches.hand_over_to_ai(live, seat)
                reserve = dict(clock.reserve)
                reserve[seat] = 0.0
                await self.db.matches.set_clock(
                    ClockRow(
                        match_id,
                        None,
                        live.seq,
                        now(),
                        clock.turn_seconds,
                        clock.reserve_seconds,
                        warned=True,
                        reserve=reserve,
                        kind="turn",
                    )
                )
                report = await self.matches.play_for(live, seat)
                with speaking(self.table.board_language(live)):  # a line of the board's thread
                    if takeover:
                        text = say(
                            "⌛ {name} ran out of time {n} turns in a row: the AI plays the seat until "
                            "they take it back (**Take my seat back** on their hand panel, or "
                            "`/game reclaim` here).",
                            name=s.name,
                            n=TAKEOVER_AFTER,
                        )
                    else:
                        text = say(
                            "⌛ {name} ran out of time: the AI plays the rest of this turn for them "
                            "(their next turn is theirs again).",
                            name=s.name,
                        )
        if text:
            self.table.post_line(live, text, key=("time out", seat, turn_seq))
        await self.table.after_report(report)
