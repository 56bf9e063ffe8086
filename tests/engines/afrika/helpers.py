"""Shared helpers for the Afrika tests: random playouts and positions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.afrika import ENGINE
from engines.afrika.state import AfrikaState
from engines.core import MatchConfig, PlayerId, Rng

CFG = MatchConfig(players=2)


def playout(
    seed: int, max_actions: int = 20_000, each: Callable[[AfrikaState], None] | None = None
) -> Iterator[tuple[AfrikaState, int, str]]:
    """Yield (state before, player, action id) along a random legal game."""
    s = ENGINE.setup(CFG, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    for _ in range(max_actions):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        a = rng.choice(list(ENGINE.legal_actions(s, PlayerId(p))))
        yield s, p, a.to_id()
        s = ENGINE.apply(s, PlayerId(p), a).state
        if each is not None:
            each(s)


def run(state: AfrikaState, *steps: tuple[int, str]) -> tuple[AfrikaState, list[str]]:
    events: list[str] = []
    for p, aid in steps:
        t = ENGINE.apply(state, PlayerId(p), ENGINE.decode_action(aid))
        state = t.state
        events += [e.text for e in t.events]
    return state, events


def position(data: dict[str, Any]) -> AfrikaState:
    return ENGINE.position(CFG, 1, data)
