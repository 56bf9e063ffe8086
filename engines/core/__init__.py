"""The engine kernel: the contract, value types, errors, seeded randomness, codec and registry."""

from .ai import choose_action, random_action
from .codec import dumps, from_data, loads, to_data
from .engine import CONCEDE, MAX_ACTION_ID, Action, Engine
from .errors import CardhostError, ConfigError, GameOver, IllegalAction, InvalidAction, NotYourTurn
from .registry import get_engine, load_all
from .replay import replay, step
from .rng import Rng
from .types import Event, MatchConfig, Outcome, PlayerId, Transition, seat_label

__all__ = [
    "CONCEDE",
    "MAX_ACTION_ID",
    "Action",
    "CardhostError",
    "ConfigError",
    "Engine",
    "Event",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "MatchConfig",
    "NotYourTurn",
    "Outcome",
    "PlayerId",
    "Rng",
    "Transition",
    "choose_action",
    "dumps",
    "from_data",
    "get_engine",
    "load_all",
    "loads",
    "random_action",
    "replay",
    "seat_label",
    "step",
    "to_data",
]
