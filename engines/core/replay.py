"""Replaying a match from its save format: the seed plus the list of (player, action id)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .engine import Engine
from .types import Event, MatchConfig, PlayerId


def step(engine: Engine[Any, Any, Any], state: Any, player: int, action_id: str) -> tuple[Any, tuple[Event, ...]]:
    """Decode and apply one logged action; the same path the bot uses for a live click."""
    action = engine.decode_action(action_id)
    t = engine.apply(state, PlayerId(player), action)
    return t.state, t.events


def replay(
    engine: Engine[Any, Any, Any], cfg: MatchConfig, seed: int, log: Iterable[tuple[int, str]], state: Any = None
) -> Any:
    """The state after applying ``log`` to a fresh setup (or to ``state``, e.g. a snapshot)."""
    s = engine.setup(cfg, seed) if state is None else state
    for player, action_id in log:
        s, _ = step(engine, s, player, action_id)
    return s
