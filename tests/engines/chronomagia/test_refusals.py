"""Refusals of answers (issue 32, items 2 and 12): an id aimed at an object the sender cannot
see (the opponent's face-down Shadow, hand or deck, one's own Pool) or at no object at all is
refused in words that name no card, never with a KeyError or IndexError; a Time Shift into an
Epoch that is not next to the permanent's own says so (KM8)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.chronomagia import ENGINE
from engines.chronomagia.actions import Pick
from engines.chronomagia.refusals import UNSEEN, why_not_answer
from engines.chronomagia.state import Ask, ChronomagiaState
from engines.core import IllegalAction, InvalidAction, MatchConfig, PlayerId
from engines.core.evolve import evolve

DECK = ["T020"] * 8
SECRET = "Ambush Wolves"  # S01, face down on P2's side, in P2's hand and deck, in P1's Pool


def _pos(seats: list[dict[str, Any]], **top: Any) -> ChronomagiaState:
    data = {"active": 0, "turn": 5, "time": 5, **top, "seats": seats}
    return ENGINE.position(MatchConfig(2), 1, data)


def _do(s: ChronomagiaState, p: int, *ids: str) -> ChronomagiaState:
    for aid in ids:
        s = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid)).state
    return s


def _refusal(s: ChronomagiaState, p: int, aid: str) -> str:
    with pytest.raises((IllegalAction, InvalidAction)) as e:
        _do(s, p, aid)
    return str(e.value)


def _asking(card: str, time: int) -> ChronomagiaState:
    """P1 has played ``card`` and is asked to choose; P2 has a Goblin Arsonist (60) in play and
    Ambush Wolves face down, in hand and in the deck; P1's Pool holds one."""
    s = _pos(
        [{"hand": [card], "pool": ["T020"] * 5 + ["S01"], "deck": DECK},
         {"deck": ["S01", *DECK], "hand": ["S01"], "field": [{"card": "T001", "id": 60}], "shadows": ["S01"]}],
        time=time,
    )  # fmt: skip
    s = _do(s, 0, f"play:{card}")
    assert s.ask is not None and s.ask.seat == 0
    return s


def _hidden(s: ChronomagiaState) -> list[int]:
    """The Ambush Wolves P1 cannot see: P2's face-down Shadow, hand, deck; P1's Pool."""
    zones = (s.seats[1].shadows, s.seats[1].hand, s.seats[1].deck, s.seats[0].pool)
    out = [next(o for o in zone if s.card_of[o] == "S01") for zone in zones]
    assert len(set(out)) == 4
    return out


QUESTIONS = [("T093", 27, "target"), ("T032", 10, "shift")]
"""Disembody (a creature to choose) and Eclipse Chant (Time Shift: a permanent and an Epoch)."""


@pytest.mark.parametrize(("card", "time", "kind"), QUESTIONS)
def test_an_answer_aimed_at_a_hidden_card_is_refused_without_its_name(
    card: str, time: int, kind: str
) -> None:
    s = _asking(card, time)
    assert s.ask is not None and s.ask.kind == kind
    aims = _hidden(s)
    ids = [
        *(f"target:{o}" for o in aims),
        *(f"target:{o}:S01" for o in aims),
        *(f"target:{o}:T020" for o in aims),
        *(f"pick:{o}:S01" for o in aims),
        *(f"shift:{o}:S01:2" for o in aims),
        *(f"shift:{o}:T001:2" for o in aims),
    ]
    for aid in ids:
        message = _refusal(s, 0, aid)
        assert SECRET not in message, f"{aid!r} refused as {message!r}"
        if aid.startswith(kind) and aid.count(":") > 1:  # the shape this question asks for
            assert message == UNSEEN, (aid, message)


@pytest.mark.parametrize(("card", "time", "kind"), QUESTIONS)
@pytest.mark.parametrize("beyond", [0, 1, 999, 5000])
def test_an_answer_aimed_at_no_object_is_refused_in_words(
    card: str, time: int, kind: str, beyond: int
) -> None:
    s = _asking(card, time)
    obj = len(s.card_of) + beyond
    for aid in (f"target:{obj}", f"target:{obj}:T001", f"pick:{obj}:T001", f"shift:{obj}:T001:2"):
        message = _refusal(s, 0, aid)
        assert message.endswith("."), (aid, message)
        if aid.startswith(kind):
            assert message == UNSEEN, (aid, message)


def test_a_mass_pick_of_a_hidden_card_does_not_tell_its_willpower() -> None:
    """The refusal of a Mass pick once told "the combined Willpower would be N": the Willpower of
    whatever card the id named, face down or in a hand."""
    s = _asking("T093", 27)
    s = evolve(s, ask=Ask("mass", 0, amount=1))
    for obj in _hidden(s):
        assert why_not_answer(s, Pick(obj, "S01")) == UNSEEN
        assert why_not_answer(s, Pick(obj, "T020")) == UNSEEN


def test_a_time_shift_into_an_epoch_not_next_to_its_own_says_so() -> None:
    """KM8: at Time 10 the Goblin Arsonist is in Epoch 1, so Epoch 3 is refused for that reason,
    not as if Time Shift could not choose it."""
    s = _asking("T032", 10)
    message = _refusal(s, 0, "shift:60:T001:3")
    assert message == (
        "Goblin Arsonist is in Epoch 1: Time Shift moves a permanent only into an Epoch next to its own, "
        "so Epoch 2 (KM8)."
    )
    assert "Disembody" not in message
    assert _do(s, 0, "shift:60:T001:2").ask is None
