"""Alchemy: element duels with action points, the Store, Battle chains and Magnum Opus (seed 002).

``GAME`` is the game's declaration. It is not yet listed in ``engines.games.GAMES``: the board and
hand renderers and the presenter are built separately and register it when they exist.
"""

from engines.core.game import GameSpec

from .actions import AlchemyAction, decode_action
from .engine import AlchemyEngine
from .state import AlchemyState
from .view import AlchemyView

ENGINE = AlchemyEngine()


def _random_policy(engine, state, player, rng):  # type: ignore[no-untyped-def]
    from engines.core import random_action

    return random_action(engine, state, player, rng)


GAME: GameSpec[AlchemyState, AlchemyAction, AlchemyView] = GameSpec(engine=ENGINE, ai=_random_policy)

__all__ = ["ENGINE", "GAME", "AlchemyAction", "AlchemyEngine", "AlchemyState", "AlchemyView", "decode_action"]
