"""AI-vs-AI games from the command line, and exact replays of their logs.

The log is a match's save format (docs/playing.md "Replays"): game, engine version, config, seed
and the list of (seat, action id). A replay re-derives every state from that alone and checks the
final state's digest, so a log that replays differently (an engine change, a lost action) is caught.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.text import with_names
from engines.core import (
    CardhostError,
    Engine,
    MatchConfig,
    PlayerId,
    Rng,
    choose_action,
    dumps,
    get_engine,
    seat_label,
    step,
)

MAX_ACTIONS = 100_000


def state_digest(state: Any) -> str:
    return hashlib.sha256(dumps(state).encode()).hexdigest()


@dataclass
class GameRun:
    game: str
    seed: int
    players: int
    actions: list[tuple[int, str]]
    outcome: Any
    final_digest: str
    images: list[Path] = field(default_factory=list)
    log_path: Path | None = None
    matches: bool = True
    problems: list[str] = field(default_factory=list)
    replayed: bool = False
    """A replay of a log: the summary ends with whether it matched the log, in words."""

    def summary(self) -> str:
        """What the CLI prints; players are named as on the board images ("AI 1"), not "P1"."""
        names = seat_names(self.players)
        lines = [f"{self.game}: {self.players} players, seed {self.seed}, {len(self.actions)} actions"]
        if self.outcome is not None:
            ranking = " > ".join(
                "=".join(with_names(seat_label(p), names) for p in g) for g in self.outcome.ranking
            )
            lines.append(f"result: {ranking} ({with_names(self.outcome.reason, names)})")
        if self.images:
            lines.append(f"{len(self.images)} board images in {self.images[0].parent}")
        if self.log_path:
            lines.append(f"log: {self.log_path}")
        if self.replayed:
            lines.append(self.verdict())
        else:
            lines.extend(f"MISMATCH: {p}" for p in self.problems)
        return "\n".join(lines)

    def verdict(self) -> str:
        """Whether a replay reproduced its log, as a sentence."""
        if self.matches:
            return f"The replay matches the log: {len(self.actions)} actions, same final state."
        differed = "; ".join(self.problems) or "the final state differs"
        return f"The replay does not match the log: {differed}."


def seat_names(players: int) -> list[str]:
    """The names the simulated AI players go by, on the board images and in the summary alike."""
    return [f"AI {i + 1}" for i in range(players)]


class _BoardWriter:
    def __init__(self, engine: Engine[Any, Any, Any], out: Path | None, players: int) -> None:
        self.engine = engine
        self.out = out
        self.names = seat_names(players)
        self.images: list[Path] = []
        self.board: Callable[..., Any] | None = None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)

    def write(self, state: Any, index: int) -> None:
        if self.out is None:
            return
        from render.common import to_png

        if self.board is None:  # the game's renderer, found once per simulation
            from bot.presenters.registry import entry

            self.board = entry(self.engine.name).board
        view = self.engine.view(state, None)
        path = self.out / f"board_{index:04d}.png"
        path.write_bytes(to_png(self.board(view, self.names)))
        self.images.append(path)


def _default_players(engine: Engine[Any, Any, Any]) -> int:
    return max(engine.min_players, min(engine.max_players, 2))


def simulate(
    game: str,
    *,
    players: int | None = None,
    seed: int = 1,
    out: str | Path | None = None,
    options: dict[str, Any] | None = None,
) -> GameRun:
    engine = get_engine(game)
    n = players or _default_players(engine)
    cfg = MatchConfig(players=n, options=dict(options or {}))
    state = engine.setup(cfg, seed)
    ai_rng = Rng.from_seed(seed ^ 0xA1)
    writer = _BoardWriter(engine, Path(out) if out else None, n)
    writer.write(state, 0)
    actions: list[tuple[int, str]] = []
    marker = engine.turn_marker(state)
    while engine.outcome(state) is None:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{game} seed {seed}: no result after {MAX_ACTIONS} actions")
        player = min(engine.current_players(state))
        action = choose_action(engine, state, PlayerId(player), ai_rng)
        action_id = action.to_id()
        state, _ = step(engine, state, player, action_id)
        actions.append((player, action_id))
        new_marker = engine.turn_marker(state)
        if new_marker != marker or engine.outcome(state) is not None:
            writer.write(state, len(writer.images))
            marker = new_marker
    run = GameRun(game, seed, n, actions, engine.outcome(state), state_digest(state), writer.images)
    if out is not None:
        log = {
            "game": game,
            "engine_version": engine.version,
            "config": {"players": n, "options": cfg.options},
            "seed": seed,
            "actions": actions,
            "outcome": {"ranking": run.outcome.ranking, "reason": run.outcome.reason},
            "final_state_sha256": run.final_digest,
            "boards": {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in writer.images},
        }
        run.log_path = Path(out) / "log.json"
        run.log_path.write_text(json.dumps(log, indent=1))
    return run


def replay_log(log_path: str | Path, *, out: str | Path | None = None) -> GameRun:
    log = json.loads(Path(log_path).read_text())
    engine = get_engine(log["game"])
    cfg = MatchConfig(players=log["config"]["players"], options=log["config"].get("options", {}))
    problems: list[str] = []
    if log.get("engine_version") != engine.version:
        written = log.get("engine_version")
        problems.append(f"log was written by engine version {written}, this is {engine.version}")
    state = engine.setup(cfg, log["seed"])
    writer = _BoardWriter(engine, Path(out) if out else None, cfg.players)
    writer.write(state, 0)
    marker = engine.turn_marker(state)
    actions = [(int(p), str(a)) for p, a in log["actions"]]
    for n, (player, action_id) in enumerate(actions, 1):
        try:
            state, _ = step(engine, state, player, action_id)
        except CardhostError as exc:
            seat = with_names(seat_label(PlayerId(player)), seat_names(cfg.players))
            problems.append(f"action {n} of {len(actions)} ({seat}: {action_id}) was refused: {exc}")
            actions = actions[: n - 1]
            break
        new_marker = engine.turn_marker(state)
        if new_marker != marker or engine.outcome(state) is not None:
            writer.write(state, len(writer.images))
            marker = new_marker
    digest = state_digest(state)
    if digest != log.get("final_state_sha256"):
        problems.append("final state differs from the one recorded in the log")
    recorded = log.get("boards") or {}
    if out is not None and recorded:
        for path in writer.images:
            if recorded.get(path.name) != hashlib.sha256(path.read_bytes()).hexdigest():
                problems.append(f"{path.name} differs from the recorded board")
                break
    outcome = engine.outcome(state)
    if outcome is None:
        problems.append("the replayed game has no result")
    run = GameRun(log["game"], log["seed"], cfg.players, actions, outcome, digest, writer.images)
    run.problems = problems
    run.matches = not problems
    run.replayed = True
    return run
