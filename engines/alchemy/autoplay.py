"""What the bot may do for an Alchemy player without asking (pure; the bot shows the result).

Only Battle windows are ever answered for a player, and only when ``pass`` is the one legal move:
an element against you that nothing in your hand can block and no Reaction can answer (take the
hit), your blocked element with no Reaction to play (compare now), a parry with nothing to
counterattack with. A stop at that window (``/settings stops``) makes the bot ask even so. Every
Battle window is a response: the player gets a short prompt that passes when it runs out. The
action phase of your own turn is always yours to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId

from .actions import Pass

WINDOW_NAMES: dict[str, str] = {
    "defend": "An element is played against me",
    "press": "My element is blocked",
    "riposte": "My block parried",
}


@dataclass(frozen=True)
class AlchemyAutoplay:
    stop_steps: tuple[tuple[str, str], ...] = tuple(WINDOW_NAMES.items())
    pass_action: str = "pass"
    asks: str = (
        "I ask you for every move of your own turn and in every Battle window where you could do "
        "more than pass; where passing is all you could do, I pass for you."
    )

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """``pass`` when it is the only legal move of a Battle window not in ``stops``, else None."""
        battle = getattr(state, "battle", None)
        if battle is None or battle.acting != seat or battle.window in stops:
            return None
        legal = engine.legal_actions(state, PlayerId(seat))
        if list(legal) == [Pass()]:
            return Pass().to_id()
        return None

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        """Every Battle window is an answer to the other player's element: a short prompt."""
        battle = getattr(state, "battle", None)
        return battle is not None and battle.acting == seat


AUTOPLAY = AlchemyAutoplay()
