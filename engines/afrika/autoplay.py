"""What the bot may do for an Afrika player without asking (pure; the bot only shows the result).

Priority passes back and forth many times a turn; asking a player every time drowns them. The
bot passes for a player who could only pass (charging a terrain alone is not a play) unless they
set a stop at that step of their own turn, takes a forced choice (the only target left), and a
player who is merely being offered a response gets a short prompt that passes when it runs out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId

from .actions import AfrikaAction
from .kinds import STEP_NAMES, STEPS


def forced(actions: Sequence[AfrikaAction]) -> AfrikaAction | None:
    """The one thing the player can do, when there is exactly one (charging alone is not a play)."""
    real = [a for a in actions if a.kind != "charge"]
    return real[0] if len(real) == 1 else None


@dataclass(frozen=True)
class AfrikaAutoplay:
    stop_steps: tuple[tuple[str, str], ...] = tuple((s, STEP_NAMES[s]) for s in STEPS if s != "recharge")
    pass_action: str = "pass"

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """Pass when passing is all a player could do, and take a forced choice; a stop at this
        step (on the player's own turn) makes the bot ask even so."""
        only = forced(engine.legal_actions(state, PlayerId(seat)))
        if only is None:
            return None
        if only.kind in ("pass", "done"):
            view = engine.view(state, None)
            if view.step in stops and view.active == seat:
                return None
        return only.to_id()

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        view = engine.view(state, None)
        if view.step == "setup" or view.choice is not None:
            return False
        return view.active != seat or bool(view.stack)


AUTOPLAY = AfrikaAutoplay()
