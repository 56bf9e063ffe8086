"""Moves aimed at cards a seat cannot see, for the conformance test (issue 32, item 2).

Epochs Chrono names cards only by code (``play:H5``): the codes another seat holds, or the deck
holds, that the sender does not. The engine must refuse them without naming any other hidden
card (it may say back the card the move itself named: "You don't hold Heroes V.").
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.game import HiddenProbes

from .state import CODE_INFO, ChronoState, card_name


def aimed(s: ChronoState, seat: int) -> Iterator[str]:
    mine = set(s.hands[seat]) if seat < len(s.hands) else set()
    hidden = {c for p, hand in enumerate(s.hands) if p != seat for c in hand} | set(s.deck)
    for code in sorted(hidden - mine):
        yield f"play:{code}"
    yield "play:Z9"
    yield "play:H99"


def _name(text: str) -> str | None:
    return card_name(text) if text in CODE_INFO else None


PROBES = HiddenProbes(aimed=aimed, card_name=_name)
