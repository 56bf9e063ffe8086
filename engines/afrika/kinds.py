"""The closed vocabularies of an Afrika game: steps, zones, choice kinds, stack items, action kinds.

They are ``Literal`` aliases rather than enums: the state keeps plain strings (cheap to copy on the
hot path, unchanged in JSON and in saved games), and mypy --strict still rejects a misspelt step or
zone anywhere in the rules. ``get_args`` gives the runtime lists where one is needed.
"""

from __future__ import annotations

from typing import Literal, get_args

Step = Literal[
    "setup",
    "recharge",
    "sustenance",
    "insight",
    "explore1",
    "dawn",
    "mobilize",
    "defenses",
    "clash1",
    "clash",
    "aftermath",
    "explore2",
    "dusk",
    "restoration",
    "over",
]
"""Where the game is: the turn's steps in order (§2), framed by the pre-game setup and the end."""

STEPS: tuple[Step, ...] = get_args(Step)[1:-1]
"""The steps of a turn, in order: ``Step`` without the pre-game setup and the end."""

STEP_NAMES: dict[Step, str] = {
    "setup": "Setup",
    "recharge": "Recharge step",
    "sustenance": "Sustenance step",
    "insight": "Cosmic Insight step",
    "explore1": "Exploration phase",
    "dawn": "Dawn of Conflict step",
    "mobilize": "Mobilize Forces step",
    "defenses": "Establish Defenses step",
    "clash1": "Clash of Forces (First Attack)",
    "clash": "Clash of Forces step",
    "aftermath": "Aftermath step",
    "explore2": "Second Exploration phase",
    "dusk": "Dusk step",
    "restoration": "Restoration step",
    "over": "Game over",
}

Zone = Literal["codex", "hand", "void", "exile", "stack", "field", "active", "terrain", "artifact", "command"]
"""Where a card object is (state.py's docstring says what each one is)."""

ChoiceKind = Literal[
    "first",  # the toss winner picks who goes first (R12)
    "mulligan",  # keep or mulligan (R14)
    "cast",  # X, mode and targets of a spell, ability or trigger being put on the stack
    "attackers",
    "blockers",
    "order",  # damage assignment order of an attacker's blockers (R47)
    "assign",  # damage split among blockers (R48)
    "discard",
    "legend",  # which of two legendary permanents to keep (R55f)
    "trigger_order",  # which pending trigger goes on the stack next (R39)
    "pick",  # look at / search / return from the Void (R70)
    "lord",  # a Star Lord put into its owner's hand: keep it there or into the Command zone (R144)
]
"""The decision a pending ``Choice`` asks for."""

ChoiceItem = Literal["", "spell", "ability", "trigger", "look", "search", "void", "effect"]
"""What a choice is about: for "cast" the kind of thing cast, for "pick" where the cards are, for
"discard" whether an effect (not the hand size) asked for it."""

ChoiceStage = Literal["", "gaze", "pick", "bottom", "1", "2"]
"""A pick choice's stage (deciding whether to look at all where the card says "you may look", taking,
then ordering the rest at the bottom); a damage assignment's pass."""

ItemKind = Literal["spell", "ability", "trigger"]
"""What a stack object is."""

ActionKind = Literal[
    "pass",
    "roll",
    "concede",
    "keep",
    "mull",
    "done",
    "cancel",
    "go",
    "terrain",
    "cast",
    "act",
    "charge",
    "x",
    "mode",
    "target",
    "atk",
    "at",
    "blk",
    "on",
    "first",
    "dmg",
    "discard",
    "look",
    "pick",
    "bottom",
    "trigger",
    "lord",
]
"""The first word of an action id (actions.py gives the grammar)."""

ACTION_KINDS: frozenset[str] = frozenset(get_args(ActionKind))

__all__ = [
    "ACTION_KINDS",
    "STEPS",
    "STEP_NAMES",
    "ActionKind",
    "ChoiceItem",
    "ChoiceKind",
    "ChoiceStage",
    "ItemKind",
    "Step",
    "Zone",
]
