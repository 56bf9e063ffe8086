"""Action ids: every kind round-trips through ``decode_action``, zone names are absolute (D2),
ids fit a Discord custom_id, and malformed ids are refused in words."""

from __future__ import annotations

import re

import pytest

from engines.core import CONCEDE, MAX_ACTION_ID, InvalidAction
from engines.spirit import grid
from engines.spirit.actions import (
    Attack,
    Call,
    Cancel,
    Cast,
    Conceal,
    EndTurn,
    First,
    Flip,
    Gather,
    Go,
    Pass,
    Place,
    Reload,
    Target,
    Use,
    decode_action,
)

EXAMPLES = [
    Call("S12", grid.parse("c2") or 0),
    Conceal("S03", grid.parse("b1") or 0),
    Flip(grid.parse("b1") or 0),
    Gather("E1", None),
    Gather("E4", grid.parse("f2")),
    Cast("R02", (grid.parse("d3") or 0,)),
    Cast("A07", (grid.parse("c3") or 0, grid.parse("c4") or 0), ("c3", "c3")),
    Use(None, 2, (), ("c6", "c6", "c6")),
    Use(grid.parse("c2"), 1, (grid.parse("d3") or 0,), ("c1", "s1")),
    Attack(grid.parse("c2") or 0, None),
    Attack(grid.parse("a2") or 0, grid.parse("f3")),
    Pass(),
    Reload(),
    Go("combat"),
    EndTurn(),
    Cancel(),
    Target((grid.parse("d2") or 0,)),
    Place(grid.parse("a4") or 0),
    First(True),
    First(False),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=[a.to_id() for a in EXAMPLES])
def test_round_trip(action: object) -> None:
    aid = action.to_id()  # type: ignore[attr-defined]
    assert len(aid) <= MAX_ACTION_ID
    assert decode_action(aid) == action
    assert decode_action(aid.upper()) == action
    assert action.label and action.kind  # type: ignore[attr-defined]


def test_zone_names_are_absolute() -> None:
    """D2: a1 is seat 0's Back Row, row 2 its Front Row, row 3 seat 1's Front Row, row 4 its Back."""
    assert [grid.name(z) for z in grid.own_zones(0)][:6] == ["a2", "b2", "c2", "d2", "e2", "f2"]
    assert grid.owner_of(grid.parse("c3") or 0) == 1 and grid.is_front(grid.parse("c3") or 0)
    assert grid.is_back(grid.parse("f4") or 0) and grid.owner_of(grid.parse("a1") or 0) == 0
    assert grid.adjacent(grid.parse("c2") or 0, grid.parse("d3") or 0)  # across the midline (B2)
    assert not grid.adjacent(grid.parse("c2") or 0, grid.parse("c4") or 0)
    # an Indicator offset points toward the opponent for either seat
    assert grid.offset_zone(grid.parse("c2") or 0, 0, 1, 0) == grid.parse("c3")
    assert grid.offset_zone(grid.parse("c3") or 0, 1, 1, 0) == grid.parse("c2")
    assert grid.offset_zone(grid.parse("c3") or 0, 1, 0, 1) == grid.parse("b3")  # seat 1's right
    assert grid.offset_zone(grid.parse("a4") or 0, 1, -1, 0) is None


def test_payment_is_sorted_and_concede_decodes() -> None:
    assert decode_action("use:c2:1:d3:$s1c1").to_id() == "use:c2:1:d3:$c1s1"
    assert decode_action(CONCEDE).to_id() == CONCEDE


@pytest.mark.parametrize(
    ("aid", "words"),
    [
        ("call:S99:c2", "is not a Spirit Tactics card"),
        ("call:E1:c2", "is not a Spirit"),
        ("call:S01:g7", "is not a zone"),
        ("cast:S01", "is not an Arcana or Reflex card"),
        ("cast:R02:$s1", "paid with Essence from your Commander"),
        ("use:cmd:1:$s1", "paid with Essence from the Commander"),
        ("use:c2:3", "Charged Abilities 1 and 2"),
        ("use:c2:1:$x9", "A payment is '$'"),
        ("go:nowhere", "is not a Spirit Tactics move"),
        ("dance", "is not a Spirit Tactics move"),
        ("cast:A07:c3:c4:c1", "at most a Spirit and a zone"),
    ],
)
def test_bad_ids_are_refused_in_words(aid: str, words: str) -> None:
    with pytest.raises(InvalidAction, match=re.escape(words)) as err:
        decode_action(aid)
    text = str(err.value)
    assert (text[0].isupper() or text[0] == "'") and text.endswith((".", ")"))
