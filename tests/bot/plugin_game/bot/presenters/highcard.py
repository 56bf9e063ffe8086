"""High Card at the table (the fixture's module 3 of docs/adding-a-game.md): generic buttons."""

from __future__ import annotations

from typing import Any

import render.highcard
from engines.highcard import GAME

from bot.presenters import Presenter, TableSpec


def hand_text(view: Any) -> str:
    return f"**Your hand**: {', '.join(map(str, view.hand)) or 'no cards'}"


TABLE = TableSpec(
    game=GAME,
    presenter=Presenter(hand_text=hand_text),
    board=render.highcard.board,
    hand=render.highcard.hand,
    start="lobby",
)
