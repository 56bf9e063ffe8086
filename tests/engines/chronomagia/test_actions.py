"""Moves as values (D2): every id decodes to the same value, ids fit in a custom_id, labels say what
a move does, and malformed ids are refused with a sentence."""

from __future__ import annotations

import pytest

from engines.chronomagia import ENGINE, decode_action
from engines.chronomagia.actions import Collect, MoveTime, Play, Redeal, TapUse, Target
from engines.core import MAX_ACTION_ID, InvalidAction, PlayerId

from .helpers import playout, wide_cfg

IDS = [
    "keep", "redeal:T001.T002", "first", "second", "collect:conc", "collect:past", "meditate:T008", "main",
    "play:T001", "shadow:S01", "tap:41:T012", "hero:2", "sac:3:T001", "attack", "end", "target:41:T012",
    "target:7", "target:none", "pick:4:T003", "done", "shift:4:T003:2", "loc:3", "hit:0", "move:+2", "move:-1",
    "move:0", "flip:9", "stay:9", "bounce", "leave", "order:2", "pass", "concede",
]  # fmt: skip


@pytest.mark.parametrize("aid", IDS)
def test_ids_round_trip(aid: str) -> None:
    a = decode_action(aid)
    assert a.to_id() == aid and len(aid) <= MAX_ACTION_ID and a.label


def test_values_and_words() -> None:
    assert decode_action("PLAY:t001") == Play("T001")
    assert decode_action("redeal:T005.T001") == Redeal(("T001", "T005"))
    assert decode_action("collect:future") == Collect("time_future")
    assert decode_action("move:3") == MoveTime(3) and MoveTime(3).to_id() == "move:+3"
    assert decode_action("tap:41:T012") == TapUse(41, "T012")
    assert decode_action("target:none") == Target(None)
    assert Play("T001").label == "Play Goblin Arsonist"
    assert TapUse(41, "T068").label == "Tap Seeker"
    assert MoveTime(-2).label == "Move Time 2 into the Past"


@pytest.mark.parametrize(
    ("aid", "message"),
    [
        ("fly", "is not a Chronomagia move"),
        ("play:T999", "is not a Chronomagia card"),
        ("collect:attack", "You collect one of: conc, time, past, future, life, armor"),
        ("hero:4", "is not a Hero ability number"),
        ("move:up", "is not a movement"),
        ("redeal:T001.T001.T001.T001.T001.T001", "A Redeal sets aside 1 to 5 cards"),
        ("shift:4:T003:5", "is not an Epoch"),
    ],
)
def test_bad_ids_are_refused_in_words(aid: str, message: str) -> None:
    with pytest.raises(InvalidAction, match=message):
        decode_action(aid)


def test_every_listed_move_round_trips() -> None:
    for s, p, _aid in playout(2, wide_cfg(2), max_actions=1500):
        for a in ENGINE.legal_actions(s, PlayerId(p)):
            assert decode_action(a.to_id()) == a and len(a.to_id()) <= MAX_ACTION_ID and a.label
