"""How each game reads in chat: move buttons, hand text, status and waiting lines, and which
decisions the bot may take for a player (auto-pass).

A game plugs in by registering a ``Presenter`` whose fields are plain functions; anything it leaves
out falls back to the generic behaviour, so a new engine plays through Discord on day one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.presenters import generic
from bot.ui.components import MoveChoice


@dataclass(frozen=True)
class Presenter:
    game: str
    choices: Callable[[Any, Any, int], list[MoveChoice]] = generic.move_choices
    """(engine, state, seat) -> buttons, in the order a player wants to see them."""
    hand_text: Callable[[Any], str] = generic.hand_text
    status_line: Callable[[Any, list[str]], str] = generic.status_line
    waiting_text: Callable[[Any, list[str]], str] = generic.waiting_text
    multi: Callable[[Any, Any, int], tuple[Any, str] | None] = generic.no_multi
    """(engine, state, seat) -> (MultiChoice, the action that finishes the batch) or None."""
    render_options: Callable[[], dict[str, Any]] = field(default=generic.no_options)


PRESENTERS: dict[str, Presenter] = {}


def register(presenter: Presenter) -> Presenter:
    PRESENTERS[presenter.game] = presenter
    return presenter


def presenter_for(game: str) -> Presenter:
    if not PRESENTERS:
        from bot.presenters import afrika, chrono  # noqa: F401  (they register themselves)
    return PRESENTERS.get(game) or Presenter(game)


def ranking_text(ranking: Any, names: list[str], reason: str = "") -> str:
    return generic.ranking_text(ranking, names, reason)


__all__ = ["PRESENTERS", "Presenter", "presenter_for", "ranking_text", "register"]
