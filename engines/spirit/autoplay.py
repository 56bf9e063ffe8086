"""What the bot may do for a Spirit Tactics player without asking (pure; the bot shows the result).

During a Sequence the player holding priority is asked only when they could add a link (a Reflex
card in hand they can pay for, or a Charged Ability); when ``pass`` is the one legal move the bot
passes for them, unless a stop for that kind of moment is set (``/settings stops``). A forced
choice (a Rewind or trigger with one option, an Unending return with one empty zone) is taken too.
Every priority window is a response: a short prompt that passes when it runs out. The open
gamestate of your own turn is always yours to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId

from .actions import Pass

WINDOW_NAMES: dict[str, str] = {
    "own": "My own action, before it resolves",
    "phase": "The opponent moves to another phase",
    "action": "The opponent acts (a Call, a spell, an ability)",
    "attack": "The opponent attacks",
}


def window_of(state: Any, seat: int) -> str:
    """Which kind of moment ``seat`` is asked about while it holds priority."""
    top = state.seq[-1]
    if top.seat == seat:
        return "own"
    if top.kind == "phase":
        return "phase"
    if top.kind == "attack":
        return "attack"
    return "action"


@dataclass(frozen=True)
class SpiritAutoplay:
    stop_steps: tuple[tuple[str, str], ...] = tuple(WINDOW_NAMES.items())
    pass_action: str = "pass"
    asks: str = (
        "I ask you for every move of your own turn and whenever you could answer something with a "
        "Reflex card or a Charged Ability; where passing is all you could do, I pass for you."
    )

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """``pass`` when it is the only legal move in a Sequence window not in ``stops``; the one
        option of a forced choice; else None (ask the player)."""
        legal = list(engine.legal_actions(state, PlayerId(seat)))
        mode = getattr(state, "mode", "")
        if mode == "sequence" and getattr(state, "priority", -1) == seat:
            if legal == [Pass()] and window_of(state, seat) not in stops:
                return Pass().to_id()
            return None
        if mode == "choose" and len(legal) == 1:
            only: str = legal[0].to_id()
            return only
        return None

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        """Holding priority in a Sequence is an answer to a link: a short prompt."""
        return getattr(state, "mode", "") == "sequence" and getattr(state, "priority", -1) == seat


AUTOPLAY = SpiritAutoplay()
