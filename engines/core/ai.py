"""The AI seat interface every game shares: ``choose_action(engine, state, player, rng)``.

Each game registers a policy; games without one fall back to a uniformly random legal action.
The rng is passed in (never the global ``random``) so AI games are reproducible from a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalAction
from .rng import Rng
from .types import PlayerId

Policy = Callable[[Any, Any, PlayerId, Rng], Any]

POLICIES: dict[str, Policy] = {}


def register_policy(game: str) -> Callable[[Policy], Policy]:
    def deco(fn: Policy) -> Policy:
        POLICIES[game] = fn
        return fn

    return deco


def random_action(engine: Any, state: Any, player: PlayerId, rng: Rng) -> Any:
    legal = list(engine.legal_actions(state, player))
    if not legal:
        raise IllegalAction("There is nothing to do right now.")
    return rng.choice(legal)


def choose_action(engine: Any, state: Any, player: PlayerId, rng: Rng) -> Any:
    policy = POLICIES.get(engine.name, random_action)
    return policy(engine, state, player, rng)
