"""How each game reads in chat: move buttons, hand text and the status line.

Engines give action labels and views; this module only chooses wording and button colours, and a
game without a presenter of its own still plays through the generic one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import discord

from bot.text import ordinal, with_names
from bot.ui.components import MoveChoice

QUIET_ACTIONS = {"end", "pass", "skip", "keep", "done"}


def move_choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    from engines.core import PlayerId

    choices = []
    for action in engine.legal_actions(state, PlayerId(seat)):
        action_id = action.to_id()
        style = discord.ButtonStyle.secondary if action_id in QUIET_ACTIONS else discord.ButtonStyle.success
        if action_id == "draw":
            style = discord.ButtonStyle.primary
        choices.append(MoveChoice(action_id, action.label, style))
    return choices


def _chrono_card(view: Any, code: str) -> str:
    from render.common import roman

    key = code.rstrip("0123456789")
    epoch = int(code[len(key) :])
    try:
        suit = view.suit_names[view.suits.index(key)]
    except ValueError:
        suit = key
    return f"{suit} {roman(epoch)}"


@cache
def render_options(game: str) -> dict[str, Any]:
    """Extra renderer options per game: Chrono's hands show each card's cosmetic title."""
    if game == "chrono":
        from engines.chrono.carddata import card_data

        return {"titles": {code: info.title for code, info in card_data().cards.items()}}
    return {}


def hand_text(game: str, view: Any) -> str:
    hand = getattr(view, "hand", ())
    if game == "chrono":
        cards = ", ".join(_chrono_card(view, c) for c in hand) or "no cards"
        text = f"**Your hand** ({len(hand)}): {cards}"
        playable = getattr(view, "playable", ())
        if playable:
            text += "\nPlayable now: " + ", ".join(_chrono_card(view, c) for c in sorted(set(playable)))
        return text
    return f"**Your hand** ({len(hand)} cards)"


def status_line(game: str, view: Any, names: list[str]) -> str:
    parts = []
    turn = getattr(view, "turn", None)
    if turn is not None:
        parts.append(f"Turn {turn}")
    deck = getattr(view, "deck_count", None)
    if deck is not None:
        parts.append(f"deck {deck}")
    phase = getattr(view, "phase", None)
    if phase == "opening":
        parts.append("opening: looking for a first player with an epoch IV-VI card")
    return " · ".join(parts)


def ranking_text(ranking: Any, names: list[str], reason: str = "") -> str:
    lines = []
    place = 1
    for group in ranking:
        who = ", ".join(names[p] for p in group)
        lines.append(f"{ordinal(place)}: {who}")
        place += len(group)
    text = "\n".join(lines)
    if reason:
        text += f"\n_{with_names(reason, names)}_"
    return text
