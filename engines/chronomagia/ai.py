"""Placeholder AI (replaced below)."""

from __future__ import annotations

from typing import Any

from engines.core import PlayerId, Rng, random_action

from .actions import ChronoAction
from .state import ChronoState


def chrono_policy(engine: Any, s: ChronoState, p: PlayerId, rng: Rng) -> ChronoAction:
    a: ChronoAction = random_action(engine, s, p, rng)
    return a


def worth(s: ChronoState, p: int) -> float:
    return 0.5
