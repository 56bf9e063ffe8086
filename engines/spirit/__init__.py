"""Chronicle: Spirit Tactics: Duels on a 4 x 6 grid with Sequences, Essence and Concealed Spirits
(rules digest seed 001; the engine's own decisions are in ``DECISIONS.md``).

``GAME`` is the game's declaration. It is not yet listed in ``engines.games.GAMES``: the board and
hand renderers and the presenter are built separately and register it once they exist; until then
the conformance test and the scenario runner find it here (``engines.core.scenario``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.game import GameSpec, SeriesRules

from .actions import SpiritAction, decode_action
from .ai import spirit_policy
from .autoplay import AUTOPLAY
from .cards import card
from .decks import check_deck, starter_decks, starter_sides
from .engine import SpiritEngine
from .plays import played_card
from .state import SpiritState
from .view import SpiritView

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool


def _pool() -> DeckPool:
    from engines.decks.pool import get_pool

    return get_pool("spirit")


ENGINE = SpiritEngine()

GAME: GameSpec[SpiritState, SpiritAction, SpiritView] = GameSpec(
    engine=ENGINE,
    ai=spirit_policy,
    autoplay=AUTOPLAY,
    deck_pool=_pool,
    starters=starter_decks,
    deck_check=check_deck,
    deck_option="decks",
    played_card=played_card,
    # The match rule is best of three (S3): listed first, as the default; a single Duel is allowed.
    series=SeriesRules(sideboard=True, chooser_option="chooser", best_of=(3, 1)),
    test_seeds=30,
    test_view_every=7,
)

__all__ = [
    "ENGINE",
    "GAME",
    "SpiritAction",
    "SpiritEngine",
    "SpiritState",
    "SpiritView",
    "card",
    "decode_action",
    "starter_sides",
]
