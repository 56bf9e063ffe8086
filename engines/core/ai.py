"""The AI seat interface every game shares: ``choose_action(engine, state, player, rng)``.

Each game's policy is its ``GameSpec.ai``. The rng is passed in (never the global ``random``) so AI
games are reproducible from a seed.
"""

from __future__ import annotations

from typing import Any

from .engine import Action, Engine
from .errors import IllegalAction
from .rng import Rng
from .types import PlayerId


def random_action(engine: Engine[Any, Any, Any], state: Any, player: PlayerId, rng: Rng) -> Any:
    legal = list(engine.legal_actions(state, player))
    if not legal:
        raise IllegalAction("There is nothing to do right now.")
    return rng.choice(legal)


def choose_action(engine: Engine[Any, Any, Any], state: Any, player: PlayerId, rng: Rng) -> Action:
    """The declared game's AI move for ``player``."""
    from engines.games import game_spec

    return game_spec(engine.name).ai(engine, state, player, rng)
