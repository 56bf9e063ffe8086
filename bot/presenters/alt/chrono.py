"""Epochs Chrono's board and hand in words: whose turn, each row's run of epochs, hand sizes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.presenters.alt import Describer, counted, listing, seat_name, sentences
from bot.text import ordinal
from engines.core.words import plural
from render.common import roman


def card_name(view: Any, code: str) -> str:
    """A card code as players read it: "H5" -> "Heroes V"."""
    key = code.rstrip("0123456789")
    epoch = int(code[len(key) :])
    suit = view.suit_names[view.suits.index(key)] if key in view.suits else key
    return f"{suit} {roman(epoch)}"


def _turn(view: Any, names: Sequence[str], viewer: int | None) -> str:
    if view.phase == "over" or view.current is None:
        return "The game is over"
    who = "your" if view.current == viewer else f"{seat_name(names, view.current)}'s"
    text = f"Epochs Chrono, turn {view.turn}: {who} turn"
    if view.phase == "opening":
        text += " (opening: looking for a first player with an epoch IV to VI card)"
    if view.must_play:
        text += f", who must play the drawn {card_name(view, view.must_play)}"
    return text


def _row(view: Any, row: int, brief: bool) -> str:
    suit = view.suit_names[row]
    counts = view.piles[row]
    if not any(counts):
        return f"{suit}: empty"
    lo, hi = view.spans[row]
    run = roman(lo) if lo == hi else f"{roman(lo)} to {roman(hi)}"
    if brief:
        return f"{suit}: {run}"
    cells = [f"{roman(e + 1)} {n}" for e, n in enumerate(counts) if n]
    return f"{suit}: {run} ({', '.join(cells)})"


def _seat(view: Any, s: Any, names: Sequence[str]) -> str:
    who = seat_name(names, s.seat)
    if s.out_place is not None:
        return f"{who} went out {ordinal(s.out_place)}"
    if s.lost:
        return f"{who} lost with {plural(s.hand_count, 'card')}"
    return f"{who} holds {plural(s.hand_count, 'card')}"


def board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = [_turn(view, names, None)]
    parts.append("Rows: " + "; ".join(_row(view, r, brief) for r in range(len(view.suits))))
    parts.append("; ".join(_seat(view, s, names) for s in view.seats))
    parts.append(f"Deck: {plural(view.deck_count, 'card')}")
    return sentences(parts)


def hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    mine = [card_name(view, c) for c in view.hand]
    parts = [f"Your hand, {plural(len(mine), 'card')}: {listing(counted(mine), 'none')}"]
    if view.playable:
        parts.append("Playable now: " + listing(card_name(view, c) for c in sorted(set(view.playable))))
    parts.append(_turn(view, names, view.viewer))
    if not brief:
        parts.append("Rows: " + "; ".join(_row(view, r, True) for r in range(len(view.suits))))
    return sentences(parts)


DESCRIBER = Describer(board, hand)
