"""Epochs Chrono: a shedding game on a shared suit x epoch matrix (rules digest seed 003)."""

from engines.core import register

from . import ai as _ai  # noqa: F401  (registers the AI policy)
from .carddata import card_title
from .engine import ChronoEngine
from .state import ChronoAction, ChronoState, Draw, End, Play
from .view import ChronoView, SeatView

ENGINE = register(ChronoEngine())

__all__ = [
    "ENGINE",
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
