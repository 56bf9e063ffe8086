"""Epochs Chrono: a shedding game on a shared suit x epoch matrix (rules digest seed 003)."""

from engines.core.game import GameSpec, OptionSpec, TurnClock
from engines.core.search import SearchSettings

from .ai import chrono_policy
from .carddata import card_title
from .engine import ChronoEngine
from .evaluate import evaluate as chrono_evaluate
from .probes import PROBES
from .state import ChronoAction, ChronoState, Draw, End, Play
from .view import ChronoView, SeatView

ENGINE = ChronoEngine()
CHRONO_ROUNDS = 300
"""hard's rounds a decision: about 0.8 s of one idle core of the bench machine at six seats (1 s: some 370)."""

GAME: GameSpec[ChronoState, ChronoAction, ChronoView] = GameSpec(
    # An Epochs Chrono turn is a card or two: a short clock keeps several players moving.
    clock=TurnClock(turn_seconds=60, reserve_seconds=120),
    command_names={"ru": "хроно"},
    translations={
        "ru": {
            "title": "Эпохи Хроно",
            "description": "Эпохи Хроно: открыть лобби на 2-10 игроков",
            "suits": "масти",
            "suits:": "3 масти (колоды №1+2) или 4 масти (колоды №1+2+3)",
            "3 suits": "3 масти",
            "4 suits": "4 масти",
        }
    },
    engine=ENGINE,
    ai=chrono_policy,
    evaluate=chrono_evaluate,
    # hard: a playout is a few hundred microseconds to the end of the game, and a position cut
    # after a round says little about who goes out first, so playouts run to the end and score the
    # real places (tests/engines/test_chrono_hard.py; figures in bench/README.md, AI levels).
    search=SearchSettings(rounds=CHRONO_ROUNDS, turns=10_000, playout_moves=3_000),
    options=(
        OptionSpec(
            "suits",
            int,
            3,
            "3 suits (decks #1+2) or 4 suits (decks #1+2+3)",
            choices=(("3 suits", 3), ("4 suits", 4)),
        ),
    ),
    players_for_tests=(2, 3, 6, 10),
    hidden_probes=PROBES,
)

__all__ = [
    "ENGINE",
    "GAME",
    "ChronoAction",
    "ChronoEngine",
    "ChronoState",
    "ChronoView",
    "Draw",
    "End",
    "Play",
    "SeatView",
    "card_title",
]
