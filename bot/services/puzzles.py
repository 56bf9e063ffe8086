"""PuzzleService: the day's puzzle of a game, a player's attempt at it, and the server's solves.

A puzzle is a bundled file (``engines/<game>/puzzles/*.toml``, read by ``engines.core.puzzle``):
a position, a goal and a scripted opponent. An attempt lives in ``puzzle_attempts`` (V010) as the
player's decisions only; the run (position + opponent replies) is rebuilt from them by the pure
judge, so an attempt survives a restart like a match. Attempts are not matches: they have no
seed to replay from, a scripted opponent instead of an AI seat, and they must not count in match
history, ratings or card statistics.

Nothing here knows Discord: ``bot.ui.puzzle`` draws the panel and routes the clicks.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from bot.db.errors import StaleAction
from bot.db.puzzles import FAILED, PLAYING, SOLVED, AttemptRow, DayEntry, PuzzleStore, Solver
from bot.services.matches import JOINED
from engines.core import CardhostError, Event, IllegalAction, InvalidAction
from engines.core.puzzle import Puzzle, PuzzleRun, bundled, find
from engines.games import GAMES, game_spec

log = logging.getLogger(__name__)

RUN_CACHE = 128
"""Runs kept in memory (rebuilt from the stored decisions when evicted, as after a restart)."""


class NoPuzzles(CardhostError):
    def __init__(self, title: str) -> None:
        super().__init__(f"{title} has no puzzles yet, so there is no puzzle of the day for it.")


class NotYourPuzzle(CardhostError):
    def __init__(self) -> None:
        super().__init__("This is someone else's puzzle: use /puzzle to get your own.")


class AlreadySolved(CardhostError):
    def __init__(self, title: str, attempts: int) -> None:
        tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
        super().__init__(
            f"You have solved today's {title} puzzle on this server already ({tries}). "
            "A new one comes tomorrow; /puzzle stats: True shows who else solved it."
        )


def utc_today() -> date:
    return datetime.now(UTC).date()


def puzzle_of(game: str, day: date) -> Puzzle:
    """The puzzle of ``day``: the game's bundled puzzles in turn, one a day, the same for every
    server (so a day's solvers can compare notes)."""
    puzzles = bundled(game)
    if not puzzles:
        raise NoPuzzles(game_spec(game).title)
    return puzzles[day.toordinal() % len(puzzles)]


def puzzle_games() -> list[str]:
    """The declared games that have puzzles, most puzzles first (declaration order on ties)."""
    found = [g for g in GAMES if bundled(g)]
    return sorted(found, key=lambda g: -len(bundled(g)))


def choose_game(game: str | None) -> str:
    """``game`` checked (an unknown name and a game without puzzles are refused in words), or the
    game with the most puzzles when none is given."""
    if game is None:
        games = puzzle_games()
        if not games:
            raise CardhostError("No game here has puzzles yet.")
        return games[0]
    spec = game_spec(game)
    if not bundled(spec.name):
        raise NoPuzzles(spec.title)
    return spec.name


@dataclass
class Attempt:
    """An attempt as stored and its run (the position after its decisions)."""

    row: AttemptRow
    run: PuzzleRun
    events: list[Event]
    """What the last click made happen (the player's moves and every reply)."""

    @property
    def puzzle(self) -> Puzzle:
        return self.run.puzzle


@dataclass(frozen=True)
class DayBoard:
    """``/puzzle stats`` for one game: the day's puzzle, who tried it, the top solvers."""

    game: str
    puzzle: Puzzle
    day: str
    entries: list[DayEntry]
    top: list[Solver]


class PuzzleService:
    def __init__(self, store: PuzzleStore, today: Callable[[], date] = utc_today) -> None:
        self.store = store
        self.today = today
        """Which day it is (UTC); tests set it to choose the puzzle."""
        self._runs: OrderedDict[int, tuple[int, PuzzleRun]] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    # ------------------------------------------------------------------ runs

    def _run(self, row: AttemptRow) -> PuzzleRun:
        """The run after the row's decisions: from memory when it is current, else rebuilt."""
        cached = self._runs.get(row.id)
        if cached is not None and cached[0] == row.seq:
            self._runs.move_to_end(row.id)
            return cached[1]
        run = PuzzleRun.replay(find(row.puzzle_id), row.moves)
        self._remember(row.id, run)
        return run

    def _remember(self, attempt_id: int, run: PuzzleRun) -> None:
        self._runs[attempt_id] = (len(run.moves), run)
        self._runs.move_to_end(attempt_id)
        while len(self._runs) > RUN_CACHE:
            self._runs.popitem(last=False)

    def forget(self, attempt_id: int) -> None:
        self._runs.pop(attempt_id, None)

    async def attempt(self, attempt_id: int) -> Attempt:
        row = await self.store.get(attempt_id)
        return Attempt(row, self._run(row), [])

    # ------------------------------------------------------------------ starting

    async def start(self, user_id: int, name: str, guild_id: int | None, game: str) -> tuple[Attempt, bool]:
        """Today's puzzle of ``game`` for the player: their running attempt at it (resumed: True),
        or a new one. A running attempt at an earlier day's puzzle is closed as failed first (one
        attempt runs per player and game); a puzzle already solved today on this server is
        refused in words."""
        day = self.today()
        puzzle = puzzle_of(game, day)
        lock = self._locks.setdefault(-user_id, asyncio.Lock())
        async with lock:
            running = await self.store.running(user_id, game)
            if running is not None:
                if running.day == day.isoformat():
                    # Today's, started here or on another server: it counts where it started.
                    return Attempt(running, self._run(running), []), True
                await self.store.record(
                    running.id,
                    running.seq,
                    list(running.moves),
                    FAILED,
                    "A new puzzle replaced it before it was finished.",
                )
                self.forget(running.id)
            entries = await self.store.day_entries(guild_id, game, day.isoformat())
            mine = next((e for e in entries if e.user_id == user_id), None)
            if mine is not None and mine.solved:
                raise AlreadySolved(game_spec(game).title, mine.solved_on)
            row = await self.store.create(
                guild_id=guild_id,
                user_id=user_id,
                name=name,
                game=game,
                puzzle_id=puzzle.id,
                day=day.isoformat(),
            )
        run = PuzzleRun(puzzle)
        self._remember(row.id, run)
        return Attempt(row, run, []), False

    async def again(self, attempt_id: int, user_id: int, name: str) -> tuple[Attempt, bool]:
        """Another attempt at the puzzle an ended attempt was about (today's, on its server)."""
        row = await self.store.get(attempt_id)
        if row.user_id != user_id:
            raise NotYourPuzzle()
        if row.day != self.today().isoformat():
            raise CardhostError("That was an earlier day's puzzle: /puzzle gives you today's.")
        return await self.start(user_id, name, row.guild_id, row.game)

    async def discard(self, attempt_id: int) -> None:
        """An attempt that never reached its player (DMs closed) is not counted."""
        self.forget(attempt_id)
        await self.store.delete(attempt_id)

    async def set_dm(self, attempt_id: int, channel_id: int, message_id: int) -> None:
        await self.store.set_dm(attempt_id, channel_id, message_id)

    # ------------------------------------------------------------------ playing

    async def play(
        self, attempt_id: int, user_id: int, seq: int, values: list[str], finish: str | None = None
    ) -> Attempt:
        """The player's decisions from one gesture (a button: one value, which may join moves
        that belong together with "|"; the attackers menu: several, then ``finish``), judged
        after each. The first refused move is said in words when nothing was played yet;
        otherwise the moves before it stand."""
        async with self._locks.setdefault(attempt_id, asyncio.Lock()):
            row = await self.store.get(attempt_id)
            if row.user_id != user_id:
                raise NotYourPuzzle()
            if not row.playing:
                raise CardhostError("This puzzle is over: /puzzle gives you today's again.")
            if seq != row.seq:
                raise StaleAction(
                    attempt_id, seq, row.seq, "These moves are out of date: use the newest panel."
                )
            run = self._run(row).fork()
            before = len(run.events)
            moves = [m for value in [*values, *([finish] if finish else [])] for m in _parts(value)]
            played = 0
            for action_id, joined in moves:
                if run.over or not run.to_act:
                    break
                if joined and run.log and run.log[-1][1] == action_id and action_id not in run.legal_ids():
                    continue  # made for the player already (a forced choice)
                try:
                    run.play(action_id)
                except (IllegalAction, InvalidAction):
                    if played == 0:
                        raise  # the engine's sentence; nothing was played
                    break  # the moves before it stand
                played += 1
            return await self._store(row, run, before)

    async def give_up(self, attempt_id: int, user_id: int) -> Attempt:
        async with self._locks.setdefault(attempt_id, asyncio.Lock()):
            row = await self.store.get(attempt_id)
            if row.user_id != user_id:
                raise NotYourPuzzle()
            if not row.playing:
                raise CardhostError("This puzzle is over already.")
            run = self._run(row).fork()
            run.give_up()
            return await self._store(row, run, len(run.events))

    async def _store(self, row: AttemptRow, run: PuzzleRun, before: int) -> Attempt:
        verdict = run.verdict
        status = PLAYING if verdict is None else SOLVED if verdict.solved else FAILED
        reason = None if verdict is None else verdict.reason
        if not await self.store.record(row.id, row.seq, list(run.moves), status, reason):
            raise StaleAction(row.id, row.seq, -1, "These moves are out of date: use the newest panel.")
        self._remember(row.id, run)
        stored = await self.store.get(row.id)
        return Attempt(stored, run, run.events[before:])

    # ------------------------------------------------------------------ counting

    async def board(self, guild_id: int | None, game: str) -> DayBoard:
        day = self.today()
        puzzle = puzzle_of(game, day)
        entries = await self.store.day_entries(guild_id, game, day.isoformat())
        top = await self.store.top_solvers(guild_id, game)
        return DayBoard(game, puzzle, day.isoformat(), entries, top)

    async def top_solvers(self, guild_id: int | None) -> list[Solver]:
        return await self.store.top_solvers(guild_id, None)

    async def solves(self, guild_id: int | None, user_id: int) -> int:
        """Puzzles the player has solved on this server, every game counted."""
        top = await self.store.top_solvers(guild_id, None, limit=1_000_000)
        return next((s.solves for s in top if s.user_id == user_id), 0)


def _parts(value: str) -> list[tuple[str, bool]]:
    """The moves one chosen value stands for, each with whether it followed another in it."""
    return [(action_id, i > 0) for i, action_id in enumerate(value.split(JOINED))]
