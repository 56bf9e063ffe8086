"""Chronomagia: a duel of Time Mages on a shared Time track of 30 Centuries in three Epochs, with
cards that change with the Epoch, Heroes, and resources collected once per turn (rules digest
seed 004; the engine's own decisions are in ``DECISIONS.md``).

``GAME`` is the game's declaration, listed in ``engines.games.GAMES``; its table side (words in
English and Russian, buttons, images) is ``bot.presenters.chronomagia``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core.easy import EasySettings
from engines.core.game import GameSpec, OptionSpec, SeriesRules, TurnClock
from engines.core.search import SearchSettings

from .actions import ChronomagiaAction, decode_action
from .ai import chrono_policy
from .ai import worth as chrono_evaluate
from .autoplay import AUTOPLAY
from .cards import card
from .decks import check_deck, check_hero_deck, starter_decks, starter_hero_decks
from .engine import ChronomagiaEngine
from .hard import focus as hard_focus
from .probes import PROBES
from .state import ChronomagiaState
from .view import ChronomagiaView

if TYPE_CHECKING:
    from engines.decks.pool import DeckPool


def _pool() -> DeckPool:
    from engines.decks.pools.chronomagia import pool

    return pool()


ENGINE = ChronomagiaEngine()
HARD_ROUNDS = 4
"""hard's rounds a decision (each a deal of the unseen cards with every candidate played out)."""

GAME: GameSpec[ChronomagiaState, ChronomagiaAction, ChronomagiaView] = GameSpec(
    # A Chronomagia turn collects, plays cards and uses abilities: a few more clicks than Alchemy's.
    clock=TurnClock(turn_seconds=120, reserve_seconds=300),
    command_names={"ru": "хрономагия"},
    translations={
        "ru": {
            "title": "Хрономагия",
            "description": "Хрономагия: дуэль против ИИ или вызов",
            "end_of_time": "конец_времени",
            "end_of_time:": "Конец времени: когда Время прошло бы 30-й Век, побеждает тот, у кого больше Жизни (F3)",
        }
    },
    engine=ENGINE,
    ai=chrono_policy,
    evaluate=chrono_evaluate,
    # easy (#37 item 3): kept the AI's move a little more often than by default (normal won 89%).
    easy=EasySettings(follow=0.8),
    # hard: a playout finishes the seat's own turn with the game AI (about 10 ms a candidate) and
    # the evaluator scores where the turn leaves it; moves made by rule get no rounds
    # (engines/chronomagia/hard.py; figures in bench/README.md, AI levels).
    search=SearchSettings(rounds=HARD_ROUNDS, turns=1, focus=hard_focus),
    autoplay=AUTOPLAY,
    options=(
        OptionSpec(
            "end_of_time",
            bool,
            False,
            "the end of time: when Time would pass Century 30, more Life wins (F3's variant)",
        ),
    ),
    deck_pool=_pool,
    starters=starter_decks,
    starter_sides=starter_hero_decks,
    deck_check=check_deck,
    deck_option="decks",
    series=SeriesRules(chooser_option="chooser", side_option="hero_decks", side_check=check_hero_deck),
    test_seeds=30,
    test_view_every=5,
    hidden_probes=PROBES,
)

__all__ = [
    "ENGINE",
    "GAME",
    "ChronomagiaAction",
    "ChronomagiaEngine",
    "ChronomagiaState",
    "ChronomagiaView",
    "card",
    "decode_action",
]
