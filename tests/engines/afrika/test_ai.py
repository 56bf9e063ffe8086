"""The Afrika AI: legal, sensible in key positions, and much stronger than a random player."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.core import PlayerId, Rng, choose_action

from .helpers import CFG, position, run

RNG = Rng.from_seed(5)


def _ai(s, p: int = 0) -> str:  # type: ignore[no-untyped-def]
    a = afrika_policy(ENGINE, s, PlayerId(p), RNG)
    assert a in ENGINE.legal_actions(s, PlayerId(p))
    return a.to_id()


def test_policy_is_registered() -> None:
    s = ENGINE.setup(CFG, 1)
    p = min(ENGINE.current_players(s))
    assert choose_action(ENGINE, s, PlayerId(p), RNG) == afrika_policy(ENGINE, s, PlayerId(p), RNG)


def test_plays_a_terrain_then_spends_energy_on_curve() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [
                        {"card": "LB10", "id": 10},
                        {"card": "LC092", "id": 11},
                        {"card": "LC093", "id": 12},
                    ],
                    "permanents": [
                        {"card": "LB10", "id": 60, "zone": "terrain"},
                        {"card": "LB10", "id": 61, "zone": "terrain"},
                    ],
                },
                {},
            ],
        }
    )
    assert _ai(s).startswith("terrain:10")
    s, _ = run(s, (0, _ai(s)))
    assert _ai(s) == "cast:12:1", "the most expensive castable entity"


def test_removal_goes_to_the_biggest_threat() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC053", "id": 10}],
                    "permanents": [{"card": "LB05", "id": 60 + i, "zone": "terrain"} for i in range(3)],
                },
                {
                    "permanents": [
                        {"card": "LC092", "id": 201, "zone": "1"},
                        {"card": "LC095", "id": 202, "zone": "1"},
                    ]
                },
            ],
        }
    )
    s, _ = run(s, (0, _ai(s)))
    assert _ai(s) == "target:202"


def test_blocks_to_survive_lethal() -> None:
    s = position(
        {
            "active": 1,
            "step": "defenses",
            "enter": True,
            "attackers": {"201": "P1"},
            "players": [
                {"life": 4, "permanents": [{"card": "LC026", "id": 101, "zone": "1"}]},
                {"permanents": [{"card": "LC095", "id": 201, "zone": "1", "charged": True}]},
            ],
        }
    )
    assert _ai(s) == "blk:101"
    s, _ = run(s, (0, "blk:101"))
    assert _ai(s) == "on:201"


def test_does_not_throw_away_an_attacker() -> None:
    s = position(
        {
            "active": 0,
            "step": "mobilize",
            "enter": True,
            "players": [
                {"permanents": [{"card": "LC092", "id": 101, "zone": "1"}]},
                {"permanents": [{"card": "LC095", "id": 201, "zone": "1"}]},
            ],
        }
    )
    assert _ai(s) == "done"


def test_beats_a_random_player() -> None:
    spec = importlib.util.spec_from_file_location(
        "afrika_bench", Path(__file__).parents[3] / "bench" / "afrika_ai.py"
    )
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    score = sum(bench.play(seed, seed % 2)[0] for seed in range(10))
    assert score >= 9


def test_ai_against_itself_finishes() -> None:
    s = ENGINE.setup(CFG, 11)
    for _ in range(20_000):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), RNG)).state
    assert ENGINE.outcome(s) is not None


def test_saves_a_blocker_with_a_combat_trick() -> None:
    s = position(
        {
            "active": 1,
            "step": "defenses",
            "attackers": {"201": "P1"},
            "blockers": {"101": 201},
            "priority": 0,
            "players": [
                {
                    "hand": [{"card": "LC046", "id": 10}],
                    "permanents": [
                        {"card": "LC098", "id": 101, "zone": "1"},
                        {"card": "LC092", "id": 102, "zone": "1"},
                        {"card": "LB02", "id": 60, "zone": "terrain"},
                    ],
                },
                {"permanents": [{"card": "LC093", "id": 201, "zone": "1", "charged": True}]},
            ],
        }
    )
    assert _ai(s) == "cast:10"
    s, _ = run(s, (0, "cast:10"))
    assert _ai(s) == "target:101"


def test_energy_harvester_is_spent_only_on_a_charged_entity() -> None:
    """Issue #15 item 14: uncharging an uncharged entity wastes the Harvester's charge."""
    board = {
        "active": 0,
        "step": "explore1",
        "players": [
            {
                "permanents": [
                    {"card": "LC092", "id": 101, "zone": "1"},
                    {"card": "LC092", "id": 102, "zone": "1", "charged": True},
                    {"card": "LC003", "id": 90, "zone": "1"},
                ],
            },
            {},
        ],
    }
    s = position(board)
    assert _ai(s) == "act:90:0"
    s, _ = run(s, (0, "act:90:0"))
    assert _ai(s) == "target:102", "the charged one"
    board["players"][0]["permanents"][1]["charged"] = False  # type: ignore[index]
    assert _ai(position(board)) != "act:90:0"
