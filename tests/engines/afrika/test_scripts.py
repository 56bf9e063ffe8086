"""Every ``script`` card has its own test (engines/afrika/scripts.py: the escape hatch is tested
card by card)."""

from __future__ import annotations

from engines.afrika.cards import load_cards
from engines.afrika.scripts import SCRIPTS

from .helpers import position, run


def test_every_script_is_used_by_a_card_and_tested_here() -> None:
    used = {e.get("fn") for c in load_cards().values() for e in c.effects if e.op == "script"}
    assert used == set(SCRIPTS) == {"void_lance", "twin_suns"}


def test_void_lance_counts_entity_cards_in_the_void() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC061", "id": 10}],
                    "void": ["LC092", "LC093", "LB01", "LC044"],
                    "permanents": [{"card": "LB05", "id": 60 + i, "zone": "terrain"} for i in range(3)],
                },
                {},
            ],
        }
    )
    s, events = run(s, (0, "cast:10"), (0, "target:P2"), (0, "pass"), (1, "pass"))
    assert s.players[1].life == 18  # two entity cards in the Void
    assert "P2 takes 2 damage (18 life)." in events


def test_twin_suns_doubles_markers_on_your_entities_only() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC062", "id": 10}],
                    "permanents": [
                        {"card": "LC092", "id": 101, "zone": "1", "counters": {"+1/+1": 2}},
                        {"card": "LC093", "id": 102, "zone": "2"},
                        {"card": "LB03", "id": 60, "zone": "terrain"},
                        {"card": "LB07", "id": 61, "zone": "terrain"},
                        {"card": "LB07", "id": 62, "zone": "terrain"},
                    ],
                },
                {"permanents": [{"card": "LC092", "id": 201, "zone": "1", "counters": {"+1/+1": 1}}]},
            ],
        }
    )
    s, _ = run(s, (0, "cast:10"), (0, "pass"), (1, "pass"))
    assert s.objs[101].counters == (("+1/+1", 4),)
    assert s.objs[102].counters == ()
    assert s.objs[201].counters == (("+1/+1", 1),)
