"""Conceding is an action in the log (R57, D21): accepted from a seat still playing at any moment,
never offered as a button, and replayed like any other move."""

from __future__ import annotations

from itertools import islice

import pytest

from engines.afrika import ENGINE
from engines.afrika.actions import GROUP_ORDER, group
from engines.afrika.state import AfrikaState
from engines.core import GameOver, NotYourTurn, PlayerId, replay
from engines.core.codec import dumps

from .helpers import CFG, playout, position, run

OPEN_BOARD = {"active": 0, "step": "explore1", "players": [{}, {}]}


def _concede(s: AfrikaState, seat: int) -> tuple[AfrikaState, list[str]]:
    return run(s, (seat, "concede"))


def _assert_conceded(s: AfrikaState, events: list[str], seat: int) -> None:
    out = ENGINE.outcome(s)
    assert out is not None
    assert out.ranking == ((1 - seat,), (seat,))
    assert out.reason == "concession"
    assert events == [f"P{seat + 1} concedes."]
    assert ENGINE.current_players(s) == frozenset()
    assert ENGINE.view(s, None).reason == f"P{seat + 1} conceded."
    for p in (0, 1):
        assert list(ENGINE.legal_actions(s, PlayerId(p))) == []


def test_decoded_concede_is_a_labelled_command() -> None:
    a = ENGINE.decode_action("concede")
    assert (a.to_id(), a.label) == ("concede", "Concede")
    assert group(a) in GROUP_ORDER


def test_concede_on_own_turn() -> None:
    s = position(OPEN_BOARD)
    assert ENGINE.current_players(s) == frozenset({PlayerId(0)})
    s, events = _concede(s, 0)
    _assert_conceded(s, events, 0)


def test_concede_on_the_opponents_turn() -> None:
    s = position(OPEN_BOARD)
    s, events = _concede(s, 1)
    _assert_conceded(s, events, 1)


@pytest.mark.parametrize("who", ["chooser", "other"])
def test_concede_while_a_choice_is_pending(who: str) -> None:
    s = ENGINE.setup(CFG, 3)  # the toss winner must choose who goes first
    chooser = min(ENGINE.current_players(s))
    assert ENGINE.view(s, None).choice is not None
    seat = chooser if who == "chooser" else 1 - chooser
    s, events = _concede(s, seat)
    _assert_conceded(s, events, seat)
    assert ENGINE.view(s, None).choice is None


def test_concede_with_spells_on_the_stack_and_a_cast_half_made() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC045", "id": 10}, {"card": "LC045", "id": 11}],
                    "permanents": [
                        {"card": "LB04", "id": 60, "zone": "terrain"},
                        {"card": "LB04", "id": 61, "zone": "terrain"},
                    ],
                },
                {},
            ],
        }
    )
    s, _ = run(s, (0, "cast:10"), (0, "target:P2"), (0, "cast:11"))
    assert s.stack and s.choice is not None and s.choice.kind == "cast"
    s, events = _concede(s, 0)
    _assert_conceded(s, events, 0)
    assert s.choice is None


def test_concede_is_never_listed_as_legal() -> None:
    for s, p, _aid in playout(5, max_actions=400):
        assert all(a.kind != "concede" for a in ENGINE.legal_actions(s, PlayerId(p)))


@pytest.mark.parametrize(("seed", "seat"), [(2, 0), (9, 1)])
def test_replay_reproduces_a_concession(seed: int, seat: int) -> None:
    """Part-way through a random game a seat concedes; the seed plus the log rebuilds the end state."""
    log = [(p, aid) for _, p, aid in islice(playout(seed), 150)]
    s = replay(ENGINE, CFG, seed, log)
    assert ENGINE.outcome(s) is None
    s, _ = _concede(s, seat)
    log.append((seat, "concede"))
    again = replay(ENGINE, CFG, seed, log)
    assert dumps(again) == dumps(s)
    assert ENGINE.outcome(again) == ENGINE.outcome(s)
    assert ENGINE.outcome(again).ranking == ((1 - seat,), (seat,))  # type: ignore[union-attr]


def test_a_stale_concede_after_the_end_is_refused() -> None:
    s, _ = _concede(position(OPEN_BOARD), 1)
    for seat in (0, 1):
        with pytest.raises(GameOver):
            ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action("concede"))
    assert ENGINE.outcome(s) is not None and ENGINE.outcome(s).ranking == ((0,), (1,))  # type: ignore[union-attr]


def test_concede_from_a_seat_not_in_the_game_is_refused() -> None:
    with pytest.raises(NotYourTurn, match="not playing"):
        ENGINE.apply(position(OPEN_BOARD), PlayerId(2), ENGINE.decode_action("concede"))
