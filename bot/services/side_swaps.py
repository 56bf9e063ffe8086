"""One change to a deck and its side deck between games, taken as a whole.

A change is the cards taken out of the deck and the cards put in from the side deck, applied
together and judged on the result: at Deck 50 with a full Side Deck of 10 (Spirit Tactics S5, B9)
neither a card out nor a card in is legal on its own, but one for one is. The panel gets there in
two clicks: a card chosen on one side that cannot move alone is *held* (its id rides in the other
select's custom_id, ``bot/ui/series.py``) until its replacement is chosen on the other side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.core.game import GameSpec


@dataclass(frozen=True)
class Swap:
    """Cards leaving the deck for the side deck (``out``) and the other way (``into``)."""

    out: tuple[str, ...]
    into: tuple[str, ...]

    @staticmethod
    def of(direction: str, chosen: Sequence[str], held: Sequence[str]) -> Swap:
        """The cards of a select of ``direction`` ("out" or "in") with the cards held from the
        other side."""
        if direction == "out":
            return Swap(tuple(chosen), tuple(held))
        return Swap(tuple(held), tuple(chosen))


def missing(swap: Swap, main: Sequence[str], side: Sequence[str]) -> bool:
    """A card of the swap is not (or not that many times) where it is taken from: the panel was
    older than the deck, or the click was forged."""
    return bool(Counter(swap.out) - Counter(main)) or bool(Counter(swap.into) - Counter(side))


def apply(swap: Swap, main: Sequence[str], side: Sequence[str]) -> tuple[list[str], list[str]]:
    """(deck, side deck) after the swap; every card of it must be there (see ``missing``)."""
    new_main, new_side = list(main), list(side)
    for cid in swap.out:
        new_main.remove(cid)
    for cid in swap.into:
        new_side.remove(cid)
    return new_main + list(swap.into), new_side + list(swap.out)


def problem(spec: GameSpec[Any, Any, Any], fmt: str, main: Sequence[str], side: Sequence[str]) -> str:
    """'' when the deck and the side deck are both legal, else the first reason in words."""
    found = spec.check_deck(main, fmt)
    if not found and spec.series.side_check is not None:
        found = spec.series.side_check(main, side)
    return found


def names(cards: Sequence[str], name_of: Callable[[str], str]) -> str:
    """'Cinder Whelp', 'Cinder Whelp and Ember Fox', 'A, B and C' (the player's own cards)."""
    words = [name_of(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
