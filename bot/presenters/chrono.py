"""Epochs Chrono in chat: card names like "Heroes V", the opening phase explained, card titles."""

from __future__ import annotations

from functools import cache
from typing import Any

import render.chrono
from bot.presenters import Presenter, TableSpec, generic
from bot.presenters.alt.chrono import DESCRIBER
from engines.chrono import GAME


def card_name(view: Any, code: str) -> str:
    from render.common import roman

    key = code.rstrip("0123456789")
    epoch = int(code[len(key) :])
    try:
        suit = view.suit_names[view.suits.index(key)]
    except ValueError:
        suit = key
    return f"{suit} {roman(epoch)}"


def hand_text(view: Any) -> str:
    hand = view.hand
    cards = ", ".join(card_name(view, c) for c in hand) or "no cards"
    text = f"**Your hand** ({len(hand)}): {cards}"
    if view.playable:
        text += "\nPlayable now: " + ", ".join(card_name(view, c) for c in sorted(set(view.playable)))
    return text


def status_line(view: Any, names: list[str]) -> str:
    parts = [f"Turn {view.turn}", f"deck {view.deck_count}"]
    if view.phase == "opening":
        parts.append("opening: looking for a first player with an epoch IV-VI card")
    return " · ".join(parts)


@cache
def render_options() -> dict[str, Any]:
    """Hands show each card's cosmetic title."""
    from engines.chrono.carddata import card_data

    return {"titles": {code: info.title for code, info in card_data().cards.items()}}


PRESENTER = Presenter(
    choices=generic.move_choices,
    hand_text=hand_text,
    status_line=status_line,
    render_options=render_options,
)

TABLE = TableSpec(
    game=GAME,
    presenter=PRESENTER,
    board=render.chrono.board,
    hand=render.chrono.hand,
    describer=DESCRIBER,
    start="lobby",
)
