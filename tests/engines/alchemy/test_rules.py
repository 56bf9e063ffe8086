"""Alchemy rules checked directly: the digest's whole alignment table (AL24), action ids, the
Battle arithmetic in half points, and refusals in words."""

from __future__ import annotations

import pytest

from engines.alchemy import ENGINE
from engines.alchemy.actions import Attack, Block, Play, decode_action
from engines.alchemy.alignment import can_block, multiplier2, score
from engines.alchemy.view import mg_text
from engines.core import InvalidAction, MatchConfig, PlayerId

COLUMNS = ("Fire", "Air", "Earth", "Water", "Steam", "Plasma", "Magma", "Mist", "Mud", "Dust")
TABLE = """
Fire   -   2   1   .5  .5  2   1   1   .5  2
Air    .5  -   2   1   .5  .5  1   1   2   2
Earth  1   .5  -   2   2   .5  1   1   2   .5
Water  2   1   .5  -   2   2   1   1   .5  .5
Steam  2   2   .5  .5  -   2   1   1   .5  1
Plasma .5  2   2   .5  .5  -   1   1   1   2
Magma  1   1   1   1   1   1   -   1   1   1
Mist   1   1   1   1   1   1   1   -   1   1
Mud    2   .5  .5  2   2   1   1   1   -   .5
Dust   .5  .5  2   2   1   .5  1   1   2   -
"""
"""The digest's full blocker multiplier table (section 3.4), rows block columns."""


def _cells() -> list[tuple[str, str, str]]:
    out = []
    for line in TABLE.strip().splitlines():
        blocker, *cells = line.split()
        out.extend((blocker, attacker, cell) for attacker, cell in zip(COLUMNS, cells, strict=True))
    return out


@pytest.mark.parametrize(("blocker", "attacker", "cell"), _cells())
def test_the_digest_alignment_table(blocker: str, attacker: str, cell: str) -> None:
    if cell == "-":
        assert not can_block(blocker, attacker)
        return
    assert can_block(blocker, attacker)
    assert multiplier2(blocker, attacker) == {"2": 4, "1": 2, ".5": 1}[cell]


def test_alignment_score_examples() -> None:
    assert score("Steam", "Mud") == -2  # TA5
    assert score("Water", "Mud") == -1
    assert score("Steam", "Fire") == 1  # TA4
    assert score("Magma", "Water") == 0 and score("Mist", "Fire") == 0  # TA6


def test_override_tables() -> None:
    assert multiplier2("Water", "Fire", "reversed") == 1
    assert multiplier2("Magma", "Fire", "reversed") == 2
    assert multiplier2("Steam", "Fire", "complex_neutral") == 2
    assert multiplier2("Water", "Fire", "complex_neutral") == 4, "cells a table leaves out follow AL24"


def test_half_points_are_never_rounded() -> None:
    assert [mg_text(x) for x in (0, 1, 3, 8, 21)] == ["0", "0.5", "1.5", "4", "10.5"]


@pytest.mark.parametrize(
    "action_id",
    [
        "attack:F4",
        "attack:F2+W3",
        "block:E1+A5",
        "counter:W5",
        "pass",
        "draw",
        "refresh",
        "back:P01",
        "done",
        "store",
        "put:MO01",
        "take:A3",
        "leave",
        "play:P02:F1",
        "play:P12",
        "opus",
        "end",
        "concede",
    ],
)
def test_action_ids_round_trip(action_id: str) -> None:
    a = decode_action(action_id)
    assert decode_action(a.to_id()) == a
    assert a.label
    assert decode_action(action_id.upper()) == a


def test_complex_ids_are_written_in_type_order() -> None:
    assert decode_action("attack:W3+F2") == Attack("F2", "W3")
    assert decode_action("block:w1 + e2") == Block("E2", "W1")
    assert Attack("F2", "W3").label == "Attack with Steam 5 (Ember + Stream)"
    assert Play("P05", "F1").label == "Play Sublimation, exhausting Spark (Fire 1)"


@pytest.mark.parametrize(
    ("action_id", "message"),
    [
        ("attack:F6", "'F6' is not an Alchemy card"),
        ("attack:P01", "Quicksilver Draught is not an element card"),
        ("attack:F1+F2", "Two Fire elements can't combine"),
        ("block:F1+W1+E1", "exactly two basic elements"),
        ("play:F3", "Kindled Flame is not a Process card"),
        ("dance", "'dance' is not an Alchemy move"),
        ("attack:" + "x" * 80, "is not an Alchemy card"),
    ],
)
def test_bad_ids_are_refused_in_words(action_id: str, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        decode_action(action_id)


def test_every_legal_id_is_short_and_decodes() -> None:
    s = ENGINE.setup(MatchConfig(players=2), 3)
    p = PlayerId(s.current)
    for a in ENGINE.legal_actions(s, p):
        assert len(a.to_id()) <= 60
        assert ENGINE.decode_action(a.to_id()) == a


def test_the_idle_seat_is_refused_without_change() -> None:
    s = ENGINE.setup(MatchConfig(players=2), 3)
    idle = PlayerId(1 - s.current)
    with pytest.raises(Exception, match="It's not your turn: P"):
        ENGINE.apply(s, idle, decode_action("end"))
    assert ENGINE.legal_actions(s, idle) == []


def test_the_log_counts_in_words_not_card_s() -> None:
    """Issue 34 item 9: "puts back 1 card", never "1 card(s)"; the status line says "1 point"."""
    from engines.core import MatchConfig, PlayerId

    s = ENGINE.setup(MatchConfig(players=2), 1)
    p = PlayerId(min(ENGINE.current_players(s)))
    s = ENGINE.apply(s, p, decode_action("refresh")).state
    backs = [a.to_id() for a in ENGINE.legal_actions(s, p) if a.to_id().startswith("back:")]
    one = ENGINE.apply(s, p, decode_action(backs[0])).state
    assert [e.text for e in ENGINE.apply(one, p, decode_action("done")).events] == [
        f"P{int(p) + 1} puts back 1 card and draws 1."
    ]
    two = ENGINE.apply(one, p, decode_action(backs[1])).state
    assert [e.text for e in ENGINE.apply(two, p, decode_action("done")).events] == [
        f"P{int(p) + 1} puts back 2 cards and draws 2."
    ]


def test_the_battle_log_says_whose_card_did_what_in_words() -> None:
    """Issue 34 item 9: "Parried: 6 against 2 … no winner (C12)" read as the opposite of what
    happened. Each line names whose card, its value (and why the blocker's changed), who won or
    took damage, and no rule id."""
    cfg = MatchConfig(players=2)
    s = ENGINE.position(cfg, 1, {"current": 0, "seats": [{"hand": ["F3"], "ap": 1}, {"hand": ["F2", "W3"]}]})
    texts: list[str] = []
    for seat, move in ((0, "attack:F3"), (1, "block:W3+F2"), (0, "pass"), (1, "pass")):
        step = ENGINE.apply(s, PlayerId(seat), decode_action(move))
        s = step.state
        texts += [e.text for e in step.events]
    fire3, water3, fire2 = _name("F3"), _name("W3"), _name("F2")
    assert texts == [
        f"P1 attacks P2 with {fire3} (Fire 3).",
        f"P2 blocks P1's {fire3} with Steam 5 ({fire2} + {water3}).",
        f"Parried: P2's Steam, {fire2} + {water3} (10: 5 doubled, ascendant) beats P1's {fire3} (3); "
        "nobody takes damage. P2 may counterattack for free.",
        "P2 does not counterattack, so the Battle ends with no winner: a parry scores only through a "
        "counterattack that wins.",
    ]
    assert not any("(C" in t for t in texts)


def _name(cid: str) -> str:
    from engines.alchemy import card

    return card(cid).name
