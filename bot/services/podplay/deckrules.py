"""The limited deck rules as the deck-building panel uses them: ``engines.draft.limited`` over the
card source of the pod's game (the one game with boosters)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engines.decks import Deck
from engines.draft import limited
from engines.draft.source import CardSource, DraftCard, draft_source


def source() -> CardSource:
    """The card source pods draft from (``GameSpec.draft`` of the game with boosters)."""
    return draft_source()


def _cards() -> Mapping[str, DraftCard]:
    return source().cards()


def basic_of(code: str) -> str:
    return source().basic(code)


def energy_symbols(deck: Sequence[str]) -> Counter[str]:
    return limited.energy_symbols(deck, source())


def suggest_basics(deck: Sequence[str]) -> dict[str, int]:
    return limited.suggest_basics(deck, source())


def with_basics(deck: Sequence[str], basics: dict[str, int]) -> list[str]:
    return limited.with_basics(deck, basics, source())


def deck_problems(pool: Sequence[str], deck: Sequence[str]) -> list[str]:
    return limited.deck_problems(pool, deck, source())


def library_deck(pool: Sequence[str], deck: Sequence[str]) -> Deck:
    return limited.library_deck(pool, deck, source())


def pool_text(pool: Sequence[str], title: str) -> str:
    return limited.pool_text(pool, title, source())
