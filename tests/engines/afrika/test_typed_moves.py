"""Afrika moves carry their values typed (issue #36 item 2): the object, number, zone and seat a
move names are set once by the engine's two makers (``act`` for the legal list, ``decode`` for a
custom_id or a stored log), and the two agree, so neither the rules nor the presenters parse ids.
The ids themselves are unchanged: every decoded id gives back its own text."""

from __future__ import annotations

import pytest

from engines.afrika import ENGINE
from engines.afrika.actions import AfrikaAction, act, decode
from engines.core import InvalidAction, MatchConfig, PlayerId, Rng


def _typed(a: AfrikaAction) -> tuple[int | None, int | None, int | None, int | None]:
    return a.obj, a.n, a.zone, a.seat


@pytest.mark.parametrize(
    ("text", "obj", "n", "zone", "seat"),
    [
        ("cast:41", 41, None, None, None),
        ("cast:41:2", 41, None, 2, None),
        ("terrain:7:s", 7, None, None, None),
        ("terrain:7:1", 7, None, 1, None),
        ("act:5:1", 5, 1, None, None),
        ("act:5:0", 5, 0, None, None),
        ("act:5:equip", 5, None, None, None),
        ("act:5:travel", 5, None, None, None),
        ("charge:12:G", 12, None, None, None),
        ("atk:9", 9, None, None, None),
        ("at:P2", None, None, None, 1),
        ("at:P4", None, None, None, 3),
        ("at:33", 33, None, None, None),
        ("target:P1", None, None, None, 0),
        ("target:33", 33, None, None, None),
        ("target:none", None, None, None, None),
        ("blk:3", 3, None, None, None),
        ("on:4", 4, None, None, None),
        ("first:8", 8, None, None, None),
        ("dmg:2", None, 2, None, None),
        ("x:3", None, 3, None, None),
        ("mode:1", None, 1, None, None),
        ("trigger:0", None, 0, None, None),
        ("discard:6", 6, None, None, None),
        ("pick:6", 6, None, None, None),
        ("pick:none", None, None, None, None),
        ("bottom:6", 6, None, None, None),
        ("go:1st", None, None, None, None),
        ("pass", None, None, None, None),
    ],
)
def test_a_decoded_move_names_its_values_typed(
    text: str, obj: int | None, n: int | None, zone: int | None, seat: int | None
) -> None:
    a = decode(text)
    assert a.to_id() == text
    assert _typed(a) == (obj, n, zone, seat)


def test_an_id_keeps_its_text_and_reads_the_same_object() -> None:
    """A forged or old id with a leading zero is still its own text (it is not the listed move,
    which is checked as before) and names the object its digits say."""
    a = decode("cast:041:1")
    assert a.to_id() == "cast:041:1" and a.obj == 41 and a.zone == 1
    assert a != act("cast", 41, "1")
    assert act("charge", 12, "G").energy == "G" and act("charge", 12).energy == ""
    assert act("at", "P2").ref == "P2" and act("at", 33).ref == "33"


def test_a_seat_label_without_a_seat_names_none() -> None:
    assert decode("at:P0").seat is None
    with pytest.raises(InvalidAction):
        decode("at:Px")


@pytest.mark.parametrize("players", [2, 4])
def test_made_and_decoded_moves_agree_along_random_games(players: int) -> None:
    """Every move the engine lists, in every state of random games, is the move its id decodes
    to, with the same typed values: a replayed log reads what a click read."""
    kinds: set[str] = set()
    for seed in (3, 11):
        s = ENGINE.setup(MatchConfig(players=players), seed)
        rng = Rng.from_seed(seed)
        for _ in range(1500):
            if ENGINE.outcome(s) is not None:
                break
            p = PlayerId(min(ENGINE.current_players(s)))
            legal = list(ENGINE.legal_actions(s, p))
            for a in legal:
                back = decode(a.to_id())
                assert back == a and back.to_id() == a.to_id(), a.to_id()
                assert _typed(back) == _typed(a), a.to_id()
                kinds.add(a.kind)
            s = ENGINE.apply(s, p, rng.choice(legal)).state
    assert {"cast", "terrain", "pass", "atk", "at"} <= kinds
