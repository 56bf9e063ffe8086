"""The move a seat's panel highlights: what the game's AI would play there, or nothing.

A panel highlights one move as "a good move" (issue 34, item 3), so a new player's eye falls on a
sensible one rather than on whatever the presenter listed first. The move is the game's own AI
(``GameSpec.ai``, the ``normal`` level that also plays a timed-out seat) asked about a copy of the
state in which every card the seat cannot see is dealt anew (``Engine.resample_hidden``): a
highlight never tells a player anything their view does not (an AI that peeks would otherwise
point at the right blocker for a hidden trick). The rng is seeded from the position as the seat
sees it (the canonical text of its view), so the same position always highlights the same move, in
another process and after a restart too, and the hidden cards do not even choose the seed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .codec import dumps
from .engine import Engine
from .types import PlayerId


def position_seed(engine: Engine[Any, Any, Any], state: Any, seat: int) -> int:
    """A seed that is a function of what ``seat`` sees of the position (not of the process)."""
    seen = dumps(engine.view(state, PlayerId(seat)))
    digest = hashlib.sha256(f"{engine.name}:{seat}:{seen}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def suggested_action(engine: Engine[Any, Any, Any], state: Any, seat: int) -> str | None:
    """The action id the game's AI would choose for ``seat`` in ``state`` using only what the seat
    may see; None when the seat has no move or the AI's move is not legal in the real position
    (it was about a card the resampled deal moved)."""
    from engines.games import game_spec

    from .rng import Rng

    legal = {a.to_id() for a in engine.legal_actions(state, PlayerId(seat))}
    if not legal:
        return None
    rng = Rng.from_seed(position_seed(engine, state, seat))
    world = engine.resample_hidden(state, PlayerId(seat), rng)
    action = game_spec(engine.name).ai(engine, world, PlayerId(seat), rng)
    chosen = action.to_id()
    return chosen if chosen in legal else None
