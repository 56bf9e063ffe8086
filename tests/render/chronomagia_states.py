"""Chronomagia positions for the render tests: states along AI games, every state the scenario files
of ``tests/scenarios/chronomagia`` pass through, and one position with every marker the board
draws (tapped, Trapped, sick, a Time-Shifted creature and Location, Location, Phenomenon,
face-down Shadows on both sides, a Hero ability used)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engines.chronomagia import ENGINE, GAME, ChronomagiaState
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.errors import CardhostError

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "chronomagia").glob("*.toml"))
NAMES = ["alice", "a rather long name for the AI"]

MARKERS: dict[str, Any] = {
    "active": 0,
    "turn": 6,
    "time": 18,
    "hero_used": True,
    "collected": ["concentration"],
    "seats": [
        {
            "hero": "H03",
            "life": 24,
            "armor": 3,
            "counters": 2,
            "hand": ["T001", "T068", "S01", "L02", "T085", "P03", "T002"],
            "deck": ["T020"] * 6,
            "pool": ["T020", "T020"],
            "hero_deck": ["T003", "T004", "T005", "T006", "T013"],
            "graveyard": ["T007"],
            "shadows": [{"card": "S02", "id": 60}, {"card": "S05", "id": 61}],
            "field": [
                {"card": "L01", "counters": 3},
                {"card": "P02", "counters": 2},
                {"card": "T035", "id": 50, "tapped": True},
                {"card": "T040", "id": 51, "trapped_until": 8, "tapped": True},
                {"card": "T068", "id": 52, "sick": True},
                {"card": "T005", "id": 53, "epoch": 1},
                {"card": "T006", "id": 54},
                {"card": "T065", "id": 55},
            ],
        },
        {
            "hero": "H02",
            "life": 9,
            "hand": ["T021", "T022"],
            "deck": ["T020"] * 4,
            "shadows": [{"card": "S03", "id": 62}],
            "field": [{"card": "L05", "counters": 1, "epoch": 1}, {"card": "T013", "id": 56}],
        },
    ],
}
"""Seat 0 is to act in its Main phase, Epoch 2 (position 18)."""


def markers(**changes: Any) -> ChronomagiaState:
    return ENGINE.position(MatchConfig(players=2), 1, {**MARKERS, **changes})


def ai_states(seed: int, every: int = 4, limit: int = 3000) -> list[ChronomagiaState]:
    """States of an AI-vs-AI game, ``every`` actions apart, and its last state."""
    s = ENGINE.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    out = [s]
    for i in range(limit):
        if ENGINE.outcome(s) is not None:
            break
        p = PlayerId(sorted(ENGINE.current_players(s))[0])
        s = ENGINE.apply(s, p, GAME.ai(ENGINE, s, p, rng)).state
        if i % every == 0:
            out.append(s)
    return [*out, s]


def scenario_states(path: Path) -> Iterator[ChronomagiaState]:
    """The position of a scenario file and the state after each of its steps (refused steps are
    skipped, as the runner leaves the state as it was)."""
    data = tomllib.loads(path.read_text())
    cfg = MatchConfig(players=int(data["players"]), options=dict(data.get("options", {})))
    seed = int(data["seed"])
    try:
        pos = data.get("position")
        s = ENGINE.position(cfg, seed, pos) if pos is not None else ENGINE.setup(cfg, seed)
    except CardhostError:
        return
    yield s
    for st in data.get("step", []):
        try:
            s = ENGINE.apply(s, PlayerId(int(st["player"])), ENGINE.decode_action(str(st["action"]))).state
        except CardhostError:
            continue
        yield s


__all__ = ["MARKERS", "NAMES", "SCENARIOS", "ai_states", "markers", "scenario_states"]
