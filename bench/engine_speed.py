"""Item 4, engine speed: random legal actions per second per game, and AI-vs-AI full games per second.

Random play: from a fresh setup, the lowest current player picks a uniformly random legal action
(``legal_actions`` + ``apply``, which is what a click costs the engine); a finished game starts a new
one. The floor is one ``dataclasses.replace`` of a small frozen dataclass (the primitive every
engine step is made of), so the ratio says "an action costs N such replaces".
AI games: every seat plays the game's AI policy (``GameSpec.ai``) to the end.
Afrika (issue #23 item 3) also gets its targets (a random action at most 70 us, an AI game under
50 ms), its random action timed on the engine's plain reference paths in the same run, and both
figures in process CPU time too: on this shared 2-core machine, wall time also counts the moments
other jobs hold the core (at a load average of 6 it doubled while CPU time moved about a fifth).
Besides the declared games, a game package built but not yet declared (its Discord side still being
made, e.g. Alchemy before its renderer) is measured too, so its row exists from the start.
"""

from __future__ import annotations

import dataclasses
import importlib
import time
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, median, time_each, us
from engines.core import MatchConfig, PlayerId, Rng, random_action
from engines.core.game import GameSpec, Policy
from engines.games import GAMES, all_games

PLAYERS = {"chrono": 4, "afrika": 2}
MAX_ACTIONS = 30_000
TARGETS = {"afrika": (70.0, 50.0)}
"""Issue #23 item 3: a random legal action at most 70 us and an AI-vs-AI game under 50 ms (values)."""
PLAIN_PATHS = {"afrika": "engines.afrika.fast"}
"""Games whose engine keeps its plain (reference) paths behind a ``plain()`` switch: their random
action is also timed on those in the same run, the before-figure the fast paths are compared to."""


@dataclasses.dataclass(frozen=True)
class _Small:
    a: int = 0
    b: tuple[int, ...] = ()
    c: str = ""
    d: float = 0.0


def reference_step_seconds(repeat: int = 7) -> float:
    x = _Small(1, (1, 2, 3), "x", 1.0)

    def work() -> None:
        y = x
        for i in range(1000):
            y = dataclasses.replace(y, a=i)

    return median(time_each(work, repeat)) / 1000


def game_specs() -> dict[str, GameSpec[Any, Any, Any]]:
    """The declared games, plus game packages with a ``GAME`` that are not declared yet."""
    specs = {spec.name: spec for spec in all_games()}
    for path in sorted((Path(__file__).resolve().parent.parent / "engines").iterdir()):
        if path.name in GAMES or not (path / "__init__.py").exists():
            continue
        spec = getattr(importlib.import_module(f"engines.{path.name}"), "GAME", None)
        if isinstance(spec, GameSpec):
            specs[spec.name] = spec
    return specs


def _players(game: str) -> int:
    return PLAYERS.get(game, 2)


def random_actions(
    engine: Any, seconds: float, seed: int, cpu: list[float] | None = None
) -> tuple[int, float]:
    """(actions, elapsed) of random legal play for about ``seconds``; the process CPU seconds it
    took are appended to ``cpu`` if given."""
    rng = Rng.from_seed(seed)
    n = 0
    game = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    while True:
        s = engine.setup(MatchConfig(players=_players(engine.name)), seed + game)
        game += 1
        k = 0
        while engine.outcome(s) is None and k < MAX_ACTIONS:
            p = PlayerId(min(engine.current_players(s)))
            s = engine.apply(s, p, random_action(engine, s, p, rng)).state
            n += 1
            k += 1
            if n % 64 == 0 and time.perf_counter() - t0 >= seconds:
                dt = time.perf_counter() - t0
                if cpu is not None:
                    cpu.append(time.process_time() - c0)
                return n, dt


def ai_games(
    engine: Any,
    seconds: float,
    seed: int,
    min_games: int = 1,
    ai: Policy | None = None,
    cpu: list[float] | None = None,
) -> tuple[int, int, float]:
    """(games, actions, elapsed) of AI-vs-AI games until ``seconds`` have passed (at least one
    game); the process CPU seconds they took are appended to ``cpu`` if given."""
    games = actions = 0
    policy = ai or game_specs()[engine.name].ai
    c0 = time.process_time()
    t0 = time.perf_counter()
    while games < min_games or time.perf_counter() - t0 < seconds:
        rng = Rng.from_seed(seed * 7919 + games)
        s = engine.setup(MatchConfig(players=_players(engine.name)), seed + games)
        k = 0
        while engine.outcome(s) is None and k < MAX_ACTIONS:
            p = PlayerId(min(engine.current_players(s)))
            s = engine.apply(s, p, policy(engine, s, p, rng)).state
            k += 1
        games += 1
        actions += k
    dt = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(time.process_time() - c0)
    return games, actions, dt


def run(ctx: Context) -> list[Figure]:
    figures: list[Figure] = []
    ref = reference_step_seconds()
    for name, spec in sorted(game_specs().items()):
        engine = spec.engine
        target_action, target_game = TARGETS.get(name, (None, None))
        cpu: list[float] = []
        n, dt = random_actions(engine, 0.3 if ctx.quick else 3.0, ctx.seed, cpu)
        per = dt / n
        figures.append(
            Figure(
                f"engines.{name}.random_action_us",
                f"{name}: random legal action ({_players(name)}p)",
                us(per),
                "us",
                floor=us(ref),
                floor_label="dataclasses.replace",
                target=target_action,
                target_on="value",
            )
        )
        figures.append(
            Figure(f"engines.{name}.random_actions_per_s", f"{name}: random actions per second", n / dt, "/s")
        )
        if target_action is not None:
            figures.append(
                Figure(
                    f"engines.{name}.random_action_cpu_us",
                    f"{name}: random legal action, process CPU time",
                    us(cpu[0] / n),
                    "us",
                    target=target_action,
                    target_on="value",
                    note="CPU time: what the engine costs, without the moments other jobs hold the core",
                )
            )
        if name in PLAIN_PATHS:
            switch = importlib.import_module(PLAIN_PATHS[name])
            with switch.plain():
                n_plain, dt_plain = random_actions(engine, 0.3 if ctx.quick else 3.0, ctx.seed)
            figures.append(
                Figure(
                    f"engines.{name}.random_action_vs_plain",
                    f"{name}: random legal action, fast vs plain (reference) paths",
                    us(per),
                    "us",
                    floor=us(dt_plain / n_plain),
                    floor_label="plain paths",
                )
            )
        cpu_ai: list[float] = []
        g, a, dt_ai = ai_games(engine, 0.2 if ctx.quick else 4.0, ctx.seed, ai=spec.ai, cpu=cpu_ai)
        figures.append(
            Figure(
                f"engines.{name}.ai_games_per_s",
                f"{name}: AI-vs-AI full games per second",
                g / dt_ai,
                "/s",
                note=f"{g} games, {a / g:.0f} actions per game",
            )
        )
        if target_game is not None:
            figures.append(
                Figure(
                    f"engines.{name}.ai_game_ms",
                    f"{name}: one AI-vs-AI game",
                    dt_ai / g * 1000,
                    "ms",
                    target=target_game,
                    target_on="value",
                    note=f"{g} games, {a / g:.0f} actions per game",
                )
            )
            figures.append(
                Figure(
                    f"engines.{name}.ai_game_cpu_ms",
                    f"{name}: one AI-vs-AI game, process CPU time",
                    cpu_ai[0] / g * 1000,
                    "ms",
                    target=target_game,
                    target_on="value",
                )
            )
        ctx.log(f"   {name}: {n / dt:.0f} random actions/s, {g / dt_ai:.2f} AI games/s")
    return figures
