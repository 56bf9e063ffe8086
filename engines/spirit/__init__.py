"""Chronicle: Spirit Tactics: Duels on a 4 x 6 grid with Sequences, Essence and Concealed Spirits
(rules digest seed 001; the engine's own decisions are in ``DECISIONS.md``).

``GAME`` is the game's declaration, listed in ``engines.games.GAMES``; its table side (words,
buttons, images) is ``bot.presenters.spirit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.easy import EasySettings
from engines.core.game import GameSpec, SeriesRules, TurnClock
from engines.core.search import SearchSettings

from .actions import SpiritAction, decode_action
from .ai import spirit_policy
from .autoplay import AUTOPLAY
from .cards import card
from .decks import check_deck, check_side, starter_decks, starter_sides
from .engine import SpiritEngine
from .hard import focus as hard_focus
from .hard import playout as hard_playout
from .plays import played_card
from .probes import PROBES
from .state import SpiritState
from .view import SpiritView
from .worth import worth as hard_evaluate

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool


def _pool() -> DeckPool:
    from engines.decks.pools.spirit import pool

    return pool()


ENGINE = SpiritEngine()


def _is_commander(card_id: str) -> bool:
    """The Commander stays the same for the whole Match (B9): never swapped for a Side Deck card."""
    return card(card_id).kind == "commander"


GAME: GameSpec[SpiritState, SpiritAction, SpiritView] = GameSpec(
    # A Spirit Tactics turn is some twenty decisions (Calls, Gathers, attacks, Sequences): the longest clock.
    clock=TurnClock(turn_seconds=180, reserve_seconds=480),
    command_names={"ru": "тактика_духов"},
    translations={
        "ru": {
            "title": "Хроника: Тактика духов",
            "description": "Хроника: Тактика духов: дуэль против ИИ или вызов",
        }
    },
    engine=ENGINE,
    ai=spirit_policy,
    # hard (#37 item 2): its own fitted evaluator (normal keeps ai.evaluate), rounds only in the
    # Main and Combat Phases, playouts without spells (engines/spirit/hard.py says why). 16 rounds
    # and a move other than the AI's only when the paired rounds agree (z 1.64): 65.5% against
    # normal over 200 games at 0.18 s of CPU a decision (8 rounds, margin alone: 63.0%).
    evaluate=hard_evaluate,
    search=SearchSettings(rounds=16, focus=hard_focus, confidence=1.64),
    # easy (#37 item 3): a turn is twenty decisions, so easy strays from the AI's move less often.
    easy=EasySettings(follow=0.85),
    playout=hard_playout,
    autoplay=AUTOPLAY,
    deck_pool=_pool,
    starters=starter_decks,
    starter_sides=starter_sides,
    deck_check=check_deck,
    deck_option="decks",
    played_card=played_card,
    # The match rule is best of three (S3): listed first, as the default; a single Duel is allowed.
    series=SeriesRules(
        sideboard=True,
        chooser_option="chooser",
        best_of=(3, 1),
        side_option="sides",
        side_check=check_side,
        keeps=_is_commander,
        draws_replayed=True,  # a drawn Duel does not count: another is played (S2, B8)
    ),
    test_seeds=30,
    test_view_every=7,
    hidden_probes=PROBES,
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
