"""What the bot may do for a Spirit Tactics player without asking (pure; the bot shows the result).

During a Sequence the player holding priority is asked when the opponent acts or attacks and they
could add a link (a Reflex card in hand they can pay for, or a Charged Ability). Two windows pass
by default, as the priority stops of online card clients do: one's own link coming back (you
chose to act; chaining onto yourself is rare) and the opponent's phase moves (with a Commander
ability payable, a player would otherwise be asked at every phase of every turn). A stop for a
window (``/settings stops``) makes the bot ask there, even when passing is all one could do. A
forced choice (a Rewind or trigger with one option, an Unending return with one empty zone) is
taken, and so is the one phase move of one's own turn when nothing else is legal (a Calm Phase
with nothing to do). The Reload Phase (S43) asks only when Reloading could be worth a card: the
Deck is nearly empty and the Reload pile is not (an empty Reload pile makes a Reload a shuffle of
the Deck that draws 1 card instead of 2); otherwise the bot goes to the Draw Phase, unless the
``reload`` stop is set. Deck and Reload pile sizes are public (B5), so the skipped question tells
the opponent nothing. The Calm Phase goes on to the Main Phase unless the ``calm`` stop is set:
the Calm Phase allows only a Reflex card or a Charged Ability (section 2, step 3), and the Main
Phase allows both and more, so nothing is lost. Every priority window is a response: a short prompt that passes when it
runs out. Any other open gamestate of one's own turn is always the player's to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId

from .actions import Go, Pass

WINDOW_NAMES: dict[str, str] = {
    "own": "My own action, before it resolves",
    "phase": "The opponent moves to another phase",
    "action": "The opponent acts (a Call, a spell, an ability)",
    "attack": "The opponent attacks",
    "reload": "My Reload Phase, even with a full Deck",
    "calm": "My Calm Phase (a Reflex card or ability before the Main Phase)",
}
RELOAD_ASKS_BELOW = 5
"""The Reload Phase asks only when the Deck holds this many cards or fewer (and the Reload pile is
not empty): with a fuller Deck a Reload costs a card for a shuffle, which no player wants turn
after turn; the ``reload`` stop asks at every Reload Phase."""
QUIET_WINDOWS = frozenset({"own", "phase"})
"""Windows where the bot passes unless a stop is set, even when a response exists."""


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
        "Reflex card or a Charged Ability; where passing is all you could do, I pass for you. "
        "In your Reload Phase I draw for you unless your Deck is nearly empty, and I go on from "
        "your Calm Phase to your Main Phase."
    )

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """``pass`` in a Sequence window not in ``stops`` when it is the only legal move or the
        window is a quiet one; the one option of a forced choice or a lone phase move; else None
        (ask the player)."""
        legal = list(engine.legal_actions(state, PlayerId(seat)))
        mode = getattr(state, "mode", "")
        if mode == "sequence" and getattr(state, "priority", -1) == seat:
            window = window_of(state, seat)
            if window in stops:
                return None
            if legal == [Pass()] or window in QUIET_WINDOWS:
                return Pass().to_id()
            return None
        if len(legal) == 1 and (mode == "choose" or (mode == "open" and legal[0].kind == "phase")):
            only: str = legal[0].to_id()
            return only
        calm = mode == "open" and getattr(state, "phase", "") == "calm"
        if calm and Go("main") in legal and "calm" not in stops:
            return Go("main").to_id()  # whatever the Calm Phase allows, the Main Phase does too
        if mode == "open" and getattr(state, "phase", "") == "reload" and Go("draw") in legal:
            st = state.seats[seat]
            if "reload" not in stops and (not st.reload or len(st.deck) > RELOAD_ASKS_BELOW):
                return Go("draw").to_id()
        return None

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        """Holding priority in a Sequence is an answer to a link: a short prompt."""
        return getattr(state, "mode", "") == "sequence" and getattr(state, "priority", -1) == seat


AUTOPLAY = SpiritAutoplay()
