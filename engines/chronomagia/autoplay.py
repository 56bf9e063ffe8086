"""What the bot may do for a Chronomagia player without asking (pure; the bot shows the result).

There is no priority passing (F1): every decision is the player's own turn, or a question only
they can answer (a Shadow that may emerge, a trigger's target, a damage split). The bot takes a
question with a single answer (a forced choice) and asks everything else; a question put to the
player whose turn it is not (a Shadow, a trigger of theirs) is a response: a short prompt whose
timeout plays `pass`, the answer that does the least (the Shadow stays face down).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId


@dataclass(frozen=True)
class ChronoAutoplay:
    stop_steps: tuple[tuple[str, str], ...] = ()
    pass_action: str = "pass"
    asks: str = (
        "I ask you for every move of your own turn, and on the opponent's turn only when one of "
        "your Shadows may emerge or one of your triggers needs a choice."
    )

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """The one answer of a question that has only one; else None (ask the player)."""
        if getattr(state, "ask", None) is None:
            return None
        legal = list(engine.legal_actions(state, PlayerId(seat)))
        if len(legal) == 1:
            only: str = legal[0].to_id()
            return only
        return None

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        """A question put to the player whose turn it is not."""
        ask = getattr(state, "ask", None)
        return ask is not None and ask.seat == seat and getattr(state, "active", seat) != seat


AUTOPLAY = ChronoAutoplay()
