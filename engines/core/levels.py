"""AI levels for every game: ``easy`` (plausible moves one move ahead, ``engines.core.easy``),
``normal`` (the game's AI, what takes over a timed-out seat) and ``hard`` (a search,
``engines.core.search``).

A level is a policy like any other: ``(engine, state, player, rng) -> action``. The bot stores the
level of each AI seat and asks ``level_policy`` for it; moves are logged as always, so a match
with a time-budgeted ``hard`` seat still replays exactly from its log.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal, get_args

from .easy import EasySettings, easy_policy
from .engine import Engine
from .errors import ConfigError
from .game import GameSpec, Policy
from .rng import Rng
from .search import Search, SearchSettings
from .types import PlayerId

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)
LEVEL_WORDS: dict[str, str] = {
    "easy": "easy: plays sensible moves but often misses the best one",
    "normal": "normal: the game's own AI, a steady player (takes over when your time runs out)",
    "hard": "hard: plays its key moves out a few turns ahead, up to a few seconds a move",
}
"""What each level is like, in one sentence: the choices of ``/play``'s ``ai`` option (at most
100 characters each, Discord's limit; ``bot/translations.py`` has them in Russian)."""


def seat_count(state: Any) -> int:
    """How many seats a game state has (engines name them ``players`` or ``seats``)."""
    for attr in ("players", "seats"):
        value = getattr(state, attr, None)
        if isinstance(value, int):
            return value
        if value is not None:
            return len(value)
    raise TypeError(f"{type(state).__name__} names no players or seats")


def easy(spec: GameSpec[Any, Any, Any], settings: EasySettings | None = None) -> Policy:
    """The friendly player over ``spec``'s AI and evaluator (``engines.core.easy``); ``settings``
    default to the game's own (``spec.easy``)."""
    return easy_policy(spec.ai, spec.evaluate, settings or spec.easy)


def hard(
    spec: GameSpec[Any, Any, Any],
    settings: SearchSettings | None = None,
    clock: Callable[[], float] = time.perf_counter,
    observe: Callable[[Search], None] | None = None,
) -> Policy:
    """The search over ``spec``'s AI; ``settings`` default to the game's own (``spec.search``).
    ``clock`` is what the seconds cap reads (a test's fake clock); ``observe`` is shown each
    decision's finished search (the bench counts its rounds)."""
    chosen = settings or spec.search

    def play(engine: Engine[Any, Any, Any], state: Any, player: PlayerId, rng: Rng) -> Any:
        search = Search(engine, spec.ai, spec.evaluate, seat_count(state), chosen, rng, spec.playout, clock)
        action = search.best(state, int(player))
        if observe is not None:
            observe(search)
        return action

    return play


def level_policy(spec: GameSpec[Any, Any, Any], level: str | None, seconds: float | None = None) -> Policy:
    """The policy of ``level`` for a game (None: ``normal``); ``seconds`` bounds ``hard``'s thinking."""
    if level in (None, "", "normal"):
        return spec.ai
    if level == "easy":
        return easy(spec)
    if level == "hard":
        return hard(spec, replace(spec.search, seconds=seconds) if seconds is not None else None)
    known = ", ".join(LEVELS)
    raise ConfigError(f"There is no AI level {level!r}: choose {known}.")
