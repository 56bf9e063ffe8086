"""High Card at the table (the fixture's module 3 of docs/adding-a-game.md): generic buttons."""

from __future__ import annotations

from typing import Any

import render.highcard
from engines.highcard import GAME

from bot.presenters import Presenter, TableSpec


def hand_text(view: Any) -> str:
    return f"**Your hand**: {', '.join(map(str, view.hand)) or 'no cards'}"


def status_line(view: Any, names: list[str]) -> str:
    """The turn, the tricks taken and the card led, in words (the board shows them too)."""
    tricks = ", ".join(f"{name} {n}" for name, n in zip(names, view.tricks, strict=True))
    led = f" · {names[1 - view.current]} led a {view.led}" if view.led else ""
    return f"Turn {view.turn} · Tricks: {tricks}{led}"


TABLE = TableSpec(
    game=GAME,
    presenter=Presenter(hand_text=hand_text, status_line=status_line),
    board=render.highcard.board,
    hand=render.highcard.hand,
    start="lobby",
)
