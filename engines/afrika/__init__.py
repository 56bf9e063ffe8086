"""Chronicles of Afrika: the duel rules engine (shared/rules/afrika.md), cards as data."""

from __future__ import annotations

from ..core import register
from .engine import AfrikaEngine

ENGINE = register(AfrikaEngine())

from . import ai as _ai  # noqa: E402,F401  (registers the AI policy)

__all__ = ["ENGINE", "AfrikaEngine"]

from typing import TYPE_CHECKING  # noqa: E402

from engines.core.game import GameSpec, SeriesRules  # noqa: E402

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool

from .ai import afrika_policy  # noqa: E402
from .autoplay import AUTOPLAY  # noqa: E402
from .decks import STARTERS, check_deck, expand  # noqa: E402


def _pool() -> DeckPool:
    from engines.decks.pool import get_pool

    return get_pool("afrika")


def _starters() -> dict[str, list[str]]:
    return {name: expand(counts) for name, counts in STARTERS.items()}


GAME = GameSpec(
    engine=ENGINE,
    ai=afrika_policy,
    autoplay=AUTOPLAY,
    deck_pool=_pool,
    starters=_starters,
    deck_check=check_deck,
    deck_option="decks",
    series=SeriesRules(sideboard=True, chooser_option="chooser", best_of=(1, 3, 5)),
)
