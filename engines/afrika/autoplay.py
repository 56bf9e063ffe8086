"""What the bot may do for an Afrika player without asking (pure; the bot only shows the result).

Priority passes back and forth many times a turn; asking a player every time drowns them, and a
player holding a quick-play card would otherwise be asked at every step of both turns. So the
bot asks only where a player usually acts (the rest it passes, like a client's default stops):

- every decision (targets, attackers, blockers, ...) unless it has one option (then it is taken);
- on your own turn: the Exploration phases when you can play something, and Establish Defenses
  (blockers are known: the moment for a combat trick) when you attack and can play something;
- on the opponent's turn: Mobilize Forces once attackers are declared, and Dusk (their end step),
  when you can play something;
- whenever an opponent's spell or ability is on top of the stack and you can respond to it (your
  own on top resolves unless you stop at that step: that is how you hold priority);
- at any step you set a stop at (``/settings stops``): on your own turn even when passing is all
  you could do, on the opponent's turn (``opp:<step>``) when you can play something.

Everything else is passed for you: an upkeep or draw step with an instant in hand costs no click.
Charging a terrain alone is never "something to play": spells pay for themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import PlayerId

from .actions import AfrikaAction
from .kinds import STEP_NAMES, STEPS, ActionKind, Step

QUICK: frozenset[ActionKind] = frozenset({"pass", "cast", "act", "charge"})
"""What a player may do with priority and nothing asked of them; anything else is a decision."""

ASK_OWN: frozenset[Step] = frozenset({"explore1", "explore2", "defenses"})
"""Steps of your own turn where the bot asks when you can play something."""

ASK_OPPONENT: frozenset[Step] = frozenset({"mobilize", "dusk"})
"""Steps of an opponent's turn where the bot asks when you can play something."""

COMBAT_ONLY: frozenset[Step] = frozenset({"mobilize", "defenses"})
"""Of those, the steps that are only worth a question while something attacks."""

OPPONENT = "opp:"
"""Prefix of a stop at a step of an opponent's turn (``opp:dusk``)."""


def forced(actions: Sequence[AfrikaAction]) -> AfrikaAction | None:
    """The one thing the player can do, when there is exactly one (charging alone is not a play)."""
    real = [a for a in actions if a.kind != "charge"]
    return real[0] if len(real) == 1 else None


def _attacking(view: Any) -> bool:
    return any(p.attacking for s in view.seats for p in (*s.zone1, *s.zone2))


def _stop_steps() -> tuple[tuple[str, str], ...]:
    own = [(s, STEP_NAMES[s]) for s in STEPS if s != "recharge"]
    theirs = [(f"{OPPONENT}{s}", f"Opponent's {STEP_NAMES[s]}") for s in STEPS if s != "recharge"]
    return (*own, *theirs)


@dataclass(frozen=True)
class AfrikaAutoplay:
    stop_steps: tuple[tuple[str, str], ...] = _stop_steps()
    pass_action: str = "pass"
    asks: str = (
        "Without stops I ask you in your Exploration phases and after blockers on your turn, when "
        "the opponent has declared attackers or reaches their Dusk step, and when they cast "
        "something you can answer, each time only if you can play something; everything else "
        "I pass for you."
    )

    def auto_action(self, engine: Any, state: Any, seat: int, stops: frozenset[str]) -> str | None:
        """The move the bot makes for ``seat`` now (a pass or a forced choice), or None to ask."""
        legal = engine.legal_actions(state, PlayerId(seat))
        view = engine.view(state, None)
        mine = _on_turn(view, seat)
        only = forced(legal)
        if only is not None:
            if only.kind in ("pass", "done") and mine and view.step in stops:
                return None
            return only.to_id()
        if view.choice is not None or not all(a.kind in QUICK for a in legal):
            return None  # a decision, or a sorcery-speed play: the player decides
        if not any(a.kind == "pass" for a in legal):
            return None
        stopped = (view.step if mine else f"{OPPONENT}{view.step}") in stops
        if view.stack:
            # An opponent's spell on top: ask. Your own: players seldom answer their own spell, so
            # it resolves unless you stop at this step (to hold priority and add another).
            return None if stopped or view.stack[-1].controller != seat else "pass"
        usual = view.step in (ASK_OWN if mine else ASK_OPPONENT)
        if usual and view.step in COMBAT_ONLY and not _attacking(view):
            usual = False  # no attack was declared: nothing to answer in combat
        return None if stopped or usual else "pass"

    def is_response(self, engine: Any, state: Any, seat: int) -> bool:
        view = engine.view(state, None)
        if view.step == "setup" or view.choice is not None:
            return False
        return not _on_turn(view, seat) or bool(view.stack)


def _on_turn(view: Any, seat: int) -> bool:
    """Whether ``seat`` is an active player: its turn, or its team's shared turn (R126)."""
    return view.active == seat or any(seat in t and view.active in t for t in view.teams)


AUTOPLAY = AfrikaAutoplay()
