"""Puzzles: a scenario position with a goal, a scripted opponent and a judge (docs/puzzles.md).

A puzzle is a scenario file's start (``engine.position(cfg, seed, data)``) plus a goal for one
seat: **win** this turn (the opponent has lost before the turn passes) or **survive** the turn
(still in the game when the opponent's turn is over). The other seats play a fixed policy, so the
same moves always meet the same replies: a script of action ids (``fnmatch`` patterns, each
played once, the first unplayed one that is legal), then a fallback (the game's AI with a seeded Rng, the first legal
move, or a pass). The solver's own passes and forced choices are made by the game's autoplay with
no stops, exactly as the bot would make them in a match, so a known solution lists only the
decisions a player is asked for.

Pure like every engine module: the bot stores the solver's moves and rebuilds a ``PuzzleRun``
from them, which is what makes a puzzle survive a restart.
"""

from __future__ import annotations

import fnmatch
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .codec import dumps
from .engine import CONCEDE, Action, Engine
from .errors import ConfigError, GameOver, IllegalAction, InvalidAction, NotYourTurn
from .game import GameSpec
from .rng import Rng
from .types import Event, MatchConfig, PlayerId

GOALS: Mapping[str, str] = {"win": "Win this turn", "survive": "Survive the turn"}
"""Goal key -> what the player is told."""

FALLBACKS = frozenset({"ai", "first", "pass"})
PASSIVE: tuple[str, ...] = ("pass", "done", "end", "go:end", "keep")
"""What "passing" means in the games, in order: the passive chooser plays the first legal one."""

TOP_KEYS = frozenset(
    {"game", "title", "goal", "text", "hint", "players", "seed", "player", "turns", "autoplay"}
    | {"options", "position", "opponent", "solutions", "wrong"}
)
OPPONENT_KEYS = frozenset({"replies", "fallback"})
MAX_CHAIN = 5_000
"""Automatic moves in a row; far above a real turn, it only guards against a looping policy."""

PUZZLE_DIR = "puzzles"
"""The folder in each game's package that holds its bundled puzzles (package data, shipped)."""


class PuzzleOver(GameOver):
    def __init__(self) -> None:
        super().__init__("This puzzle is over: start it again with /puzzle.")


@dataclass(frozen=True)
class Opponent:
    """The fixed policy of every seat but the solver's."""

    replies: tuple[str, ...] = ()
    """A script of patterns, each played at most once: at each decision, the first reply not yet
    played that matches a legal id ("blk:201", "on:101", "blk:202", "on:*"). A reply that does not
    fit the position is skipped, not waited for, so the script still answers a line it did not
    foresee."""
    fallback: str = "ai"
    """When no reply matches: "ai" (the game's AI), "first" (the first legal move) or "pass"."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    """``<game>/<file stem>``: stable, stored with each attempt."""
    game: str
    title: str
    goal: str
    text: str
    """The position in words (what the opponent holds, what matters)."""
    players: int
    seed: int
    player: int
    """The solver's seat (0-based)."""
    position: Mapping[str, Any] = field(compare=False)
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)
    opponent: Opponent = Opponent()
    solutions: tuple[tuple[str, ...], ...] = ()
    wrong: tuple[tuple[str, ...], ...] = ()
    """Tempting lines that must fail (the tests check them): what makes the puzzle a puzzle."""
    hint: str = ""
    turns: int = 1
    """Turns that may begin before the goal is judged (1: this turn / the opponent's turn)."""
    autoplay: bool = True

    @property
    def goal_text(self) -> str:
        """What the player is told: "Win this turn", or what more turns mean from their seat."""
        if self.turns == 1:
            return GOALS[self.goal]
        if self.goal == "survive":
            return "Survive until your next turn" if self.turns == 2 else f"Survive {self.turns} turns"
        return "Win by your next turn" if self.turns == 3 else f"Win within {self.turns} turns"


@dataclass(frozen=True)
class Verdict:
    solved: bool
    reason: str
    """A sentence for the player: why it counts, or why not."""


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{what} must be a list of action ids.")
    return tuple(value)


def parse_puzzle(data: Mapping[str, Any], puzzle_id: str) -> Puzzle:
    """A puzzle from its decoded TOML; ``ConfigError`` in words for anything malformed."""
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ConfigError(f"{puzzle_id}: unknown keys {unknown}.")
    for key in ("game", "title", "goal", "players", "seed", "player", "position"):
        if key not in data:
            raise ConfigError(f"{puzzle_id}: missing key {key!r}.")
    goal = str(data["goal"])
    if goal not in GOALS:
        raise ConfigError(f"{puzzle_id}: goal must be one of {sorted(GOALS)}, not {goal!r}.")
    raw_opp = data.get("opponent", {})
    bad = sorted(set(raw_opp) - OPPONENT_KEYS)
    if bad:
        raise ConfigError(f"{puzzle_id}: unknown opponent keys {bad}.")
    fallback = str(raw_opp.get("fallback", "ai"))
    if fallback not in FALLBACKS:
        raise ConfigError(f"{puzzle_id}: opponent fallback must be one of {sorted(FALLBACKS)}.")
    players, player = int(data["players"]), int(data["player"])
    if not 0 <= player < players:
        raise ConfigError(f"{puzzle_id}: player {player} is not a seat of a {players}-player game.")
    solutions = tuple(_strings(s, f"{puzzle_id}: a solution") for s in data.get("solutions", []))
    if not solutions:
        raise ConfigError(f"{puzzle_id}: a puzzle needs at least one known solution.")
    return Puzzle(
        id=puzzle_id,
        game=str(data["game"]),
        title=str(data["title"]),
        goal=goal,
        text=_reflow(data.get("text", "")),
        hint=_reflow(data.get("hint", "")),
        players=players,
        seed=int(data["seed"]),
        player=player,
        position=dict(data["position"]),
        options=dict(data.get("options", {})),
        opponent=Opponent(_strings(raw_opp.get("replies", []), f"{puzzle_id}: opponent replies"), fallback),
        solutions=solutions,
        wrong=tuple(_strings(s, f"{puzzle_id}: a wrong line") for s in data.get("wrong", [])),
        turns=int(data.get("turns", 1)),
        autoplay=bool(data.get("autoplay", True)),
    )


def _reflow(text: object) -> str:
    """One paragraph: the line breaks of a TOML block are for the file, not for the player."""
    return " ".join(str(text).split())


def load_file(path: Path, game: str | None = None) -> Puzzle:
    """One puzzle file; its id is ``<game>/<stem>``."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    name = str(data.get("game", game or ""))
    puzzle = parse_puzzle(data, f"{name}/{path.stem}")
    if game is not None and puzzle.game != game:
        raise ConfigError(f"{puzzle.id}: a puzzle of {puzzle.game!r} in {game!r}'s folder.")
    return puzzle


def puzzle_dir(game: str) -> Path:
    """Where game ``game``'s bundled puzzles live: what its ``GameSpec.puzzles`` declares, by
    default beside its engine (shipped as package data); the default for a name no game has."""
    import engines.games

    if game in engines.games.GAMES:
        folder: Path = _spec(game).puzzle_dir
        return folder
    return Path(__file__).resolve().parents[1] / game / PUZZLE_DIR


_BUNDLED: dict[str, tuple[Puzzle, ...]] = {}


def bundled(game: str) -> tuple[Puzzle, ...]:
    """The game's bundled puzzles in file-name order (none when it has no folder)."""
    if game not in _BUNDLED:
        folder = puzzle_dir(game) if game.isidentifier() else None
        files = sorted(folder.glob("*.toml")) if folder is not None and folder.is_dir() else []
        _BUNDLED[game] = tuple(load_file(f, game) for f in files)
    return _BUNDLED[game]


def find(puzzle_id: str) -> Puzzle:
    """A bundled puzzle by id; ``ConfigError`` when there is no such puzzle (any more)."""
    game, _, _ = puzzle_id.partition("/")
    for p in bundled(game):
        if p.id == puzzle_id:
            return p
    raise ConfigError(f"There is no puzzle {puzzle_id!r}.")


def _spec(game: str) -> GameSpec[Any, Any, Any]:
    from engines.games import game_spec

    return game_spec(game)


Chooser = Callable[["PuzzleRun"], str]
"""Picks the solver's next action id from a run (tests: pass every time, the first legal move)."""


class PuzzleRun:
    """One attempt: the position, the solver's moves so far and what the policies answered."""

    def __init__(self, puzzle: Puzzle) -> None:
        spec = _spec(puzzle.game)
        self.puzzle = puzzle
        self.spec: GameSpec[Any, Any, Any] = spec
        """The game's declaration, found once when the run starts (the bot reads the game's
        table by its identity, as for a live match)."""
        self.engine: Engine[Any, Any, Any] = spec.engine
        self._ai = spec.ai
        self._autoplay = spec.autoplay
        cfg = MatchConfig(players=puzzle.players, options=dict(puzzle.options))
        self.state: Any = self.engine.position(cfg, puzzle.seed, puzzle.position)
        self.moves: list[str] = []
        """The solver's own decisions: what the bot stores, and what ``replay`` plays again."""
        self.log: list[tuple[int, str, bool]] = []
        """Every move (seat, action id, automatic) in order."""
        self.events: list[Event] = []
        self.verdict: Verdict | None = None
        self._marker = self.engine.turn_marker(self.state)
        self.turns_begun = 0
        self._used: frozenset[int] = frozenset()
        """The opponent's script replies played so far (by index)."""
        self._advance()

    @classmethod
    def replay(cls, puzzle: Puzzle, moves: Sequence[str]) -> PuzzleRun:
        """The run after ``moves`` (stored decisions): the policies answer them the same way again."""
        run = cls(puzzle)
        for move in moves:
            if move == CONCEDE:
                run.give_up()
            else:
                run.play(move)
        return run

    def fork(self) -> PuzzleRun:
        """An independent copy (states are immutable values: only the lists are copied)."""
        other = object.__new__(PuzzleRun)
        other.__dict__.update(self.__dict__)
        other.moves, other.log, other.events = list(self.moves), list(self.log), list(self.events)
        return other

    # ------------------------------------------------------------------ reading

    @property
    def seat(self) -> int:
        return self.puzzle.player

    @property
    def over(self) -> bool:
        return self.verdict is not None

    @property
    def to_act(self) -> bool:
        """The solver is asked for a decision now."""
        return not self.over and self.seat in self._current()

    def _current(self) -> frozenset[int]:
        return frozenset(int(p) for p in self.engine.current_players(self.state))

    def legal(self) -> list[Action]:
        if not self.to_act:
            return []
        return list(self.engine.legal_actions(self.state, PlayerId(self.seat)))

    def legal_ids(self) -> list[str]:
        return [a.to_id() for a in self.legal()]

    # ------------------------------------------------------------------ moving

    def play(self, action_id: str) -> list[Event]:
        """The solver's decision, then every automatic move up to their next one (or the verdict).
        Raises the engine's refusal (a sentence) for an illegal move; nothing changes then."""
        if self.over:
            raise PuzzleOver()
        if not self.to_act:
            raise NotYourTurn()
        if action_id == CONCEDE:
            self.give_up()
            return []
        before = len(self.events)
        self._apply(self.seat, action_id, automatic=False)
        self.moves.append(action_id)
        self._advance()
        return self.events[before:]

    def give_up(self) -> None:
        if self.over:
            raise PuzzleOver()
        self.moves.append(CONCEDE)
        self.verdict = Verdict(False, "You gave up.")

    def _apply(self, seat: int, action_id: str, *, automatic: bool) -> None:
        action = self.engine.decode_action(action_id)
        transition = self.engine.apply(self.state, PlayerId(seat), action)
        self.state = transition.state
        self.log.append((seat, action_id, automatic))
        self.events.extend(transition.events)
        marker = self.engine.turn_marker(self.state)
        if marker != self._marker:
            self._marker = marker
            self.turns_begun += 1
        self._judge()

    def _judge(self) -> None:
        outcome = self.engine.outcome(self.state)
        goal = self.puzzle.goal
        if outcome is not None:
            if tuple(outcome.winners) == (self.seat,):
                why = "The opponent is out of the game" if goal == "win" else "You even won the game"
                self.verdict = Verdict(True, f"{why}.")
            elif self.seat in outcome.winners:
                self.verdict = Verdict(False, "The game ended in a draw, which is not a win.")
            else:
                self.verdict = Verdict(False, "You lost the game.")
        elif self.turns_begun >= self.puzzle.turns:
            if goal == "win":
                when = "The turn passed" if self.puzzle.turns == 1 else "Your turns ran out"
                self.verdict = Verdict(False, f"{when} and the opponent is still in the game.")
            else:
                self.verdict = Verdict(True, "The opponent's turn is over and you are still in the game.")

    def _reply(self, seat: int) -> str:
        """The opponent's fixed policy."""
        legal = list(self.engine.legal_actions(self.state, PlayerId(seat)))
        if not legal:
            raise IllegalAction(f"The puzzle's opponent (seat {seat}) has no legal move.")
        ids = [str(a.to_id()) for a in legal]
        for i, pattern in enumerate(self.puzzle.opponent.replies):
            if i in self._used:
                continue
            for action_id in ids:
                if fnmatch.fnmatchcase(action_id, pattern):
                    self._used = self._used | {i}
                    return action_id
        fallback = self.puzzle.opponent.fallback
        if fallback == "pass":
            return passive(ids)
        if fallback == "first":
            return ids[0]
        rng = Rng.from_seed(self.puzzle.seed ^ (len(self.log) * 0x9E3779B1))
        return str(self._ai(self.engine, self.state, PlayerId(seat), rng).to_id())

    def _advance(self) -> None:
        """Automatic moves (the opponent's replies, the solver's passes and forced choices) until
        the solver must decide or the puzzle is decided."""
        for _ in range(MAX_CHAIN):
            if self.over:
                return
            current = self._current()
            others = sorted(current - {self.seat})
            if others:
                self._apply(others[0], self._reply(others[0]), automatic=True)
                continue
            if self.seat not in current:
                self.verdict = Verdict(False, "Nothing more can happen in this position.")
                return
            auto = (
                self._autoplay.auto_action(self.engine, self.state, self.seat, frozenset())
                if self.puzzle.autoplay
                else None
            )
            if auto is None:
                return
            self._apply(self.seat, auto, automatic=True)
        raise IllegalAction("The puzzle's automatic moves do not stop; the puzzle file is broken.")


def passive(ids: Sequence[str]) -> str:
    """The passive choice among legal ids: the first of ``PASSIVE`` that is legal, else the first."""
    for wanted in PASSIVE:
        if wanted in ids:
            return wanted
    return ids[0]


def judge(puzzle: Puzzle, moves: Sequence[str]) -> Verdict:
    """Play the solver's ``moves`` against the scripted opponent and say solved or failed, why."""
    try:
        run = PuzzleRun(puzzle)
    except ConfigError as exc:
        return Verdict(False, f"The puzzle cannot be set up: {exc}")
    for i, move in enumerate(moves, 1):
        if run.over:
            break
        try:
            run.play(move)
        except (IllegalAction, InvalidAction) as exc:
            return Verdict(False, f"Move {i} ({move}) is refused: {exc}")
    if run.verdict is None:
        return Verdict(False, "The moves ran out before the puzzle was decided.")
    return run.verdict


def play_out(puzzle: Puzzle, chooser: Chooser, limit: int = 500) -> Verdict:
    """Let ``chooser`` make every decision until the puzzle is decided (tests and benches)."""
    run = PuzzleRun(puzzle)
    for _ in range(limit):
        if run.verdict is not None:
            return run.verdict
        run.play(chooser(run))
    return Verdict(False, f"Undecided after {limit} decisions.")


def pass_chooser(run: PuzzleRun) -> str:
    """Pass (or end the turn) whenever that is allowed: a puzzle must not be solved by this."""
    return passive(run.legal_ids())


def first_chooser(run: PuzzleRun) -> str:
    """The first legal move every time."""
    return run.legal_ids()[0]


SEARCH_SKIPS: tuple[str, ...] = ("charge:", "cancel")
"""Moves the search leaves out: paying by hand and undoing a cast never make a line possible
that automatic payment and not casting do not (they only multiply the lines)."""


class SearchTooBig(Exception):
    """The search met its node budget before it could answer."""


def solve(
    puzzle: Puzzle, prefix: Sequence[str] = (), max_nodes: int = 20_000, max_depth: int = 16
) -> tuple[str, ...] | None:
    """A solving line that starts with ``prefix``, found by trying every decision in turn (depth
    first), or None when there is none: how the tests prove that a tempting wrong start cannot be
    saved, and how an author finds a puzzle's other solutions. ``SearchTooBig`` past the budget."""
    nodes = 0
    seen: dict[tuple[str, frozenset[int], int], int] = {}
    """Positions already searched: two orders of the same moves often meet again."""

    def walk(run: PuzzleRun, line: tuple[str, ...]) -> tuple[str, ...] | None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise SearchTooBig(f"more than {max_nodes} positions after {list(prefix)}")
        if run.verdict is not None:
            return line if run.verdict.solved else None
        if len(line) >= max_depth:
            return None
        key = (dumps(run.state), run._used, run.turns_begun)
        if seen.get(key, max_depth + 1) <= len(line):
            return None  # searched already, with at least as many moves left
        seen[key] = len(line)
        for action_id in run.legal_ids():
            if action_id.startswith(SEARCH_SKIPS):
                continue
            child = run.fork()
            try:
                child.play(action_id)
            except (IllegalAction, InvalidAction):
                continue
            found = walk(child, (*line, action_id))
            if found is not None:
                return found
        return None

    return walk(PuzzleRun.replay(puzzle, prefix), tuple(prefix))


def problems(puzzle: Puzzle, max_nodes: int = 60_000) -> list[str]:
    """What keeps ``puzzle`` from being a puzzle, in sentences (none: it is one): a known solution
    that does not solve it, passing or the first legal move every time solving it, no tempting
    wrong start listed, or a wrong start that is illegal or can still be completed."""
    out: list[str] = []
    for line in puzzle.solutions:
        verdict = judge(puzzle, line)
        if not verdict.solved:
            out.append(f"the solution {list(line)} does not solve it: {verdict.reason}")
    if play_out(puzzle, pass_chooser).solved:
        out.append("passing at every decision solves it")
    if play_out(puzzle, first_chooser).solved:
        out.append("the first legal move every time solves it")
    if not puzzle.wrong:
        out.append("it lists no tempting wrong start")
    for start in puzzle.wrong:
        try:
            found = solve(puzzle, start, max_nodes=max_nodes)
        except (IllegalAction, InvalidAction) as exc:
            out.append(f"the wrong start {list(start)} is not legal: {exc}")
            continue
        except SearchTooBig:
            out.append(
                f"the wrong start {list(start)} leaves too many lines to check ({max_nodes} positions)"
            )
            continue
        if found is not None:
            out.append(f"the wrong start {list(start)} can still be completed: {list(found)}")
    return out
