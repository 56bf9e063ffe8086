"""What the bot may do for an Alchemy player without asking: only pass, only in a Battle window,
only when pass is the one legal move and the player set no stop there."""

from __future__ import annotations

from typing import Any

from engines.alchemy import ENGINE, GAME
from engines.alchemy.autoplay import AUTOPLAY
from engines.alchemy.state import AlchemyState
from engines.core import MatchConfig, PlayerId

NONE: frozenset[str] = frozenset()


def _pos(seats: list[dict[str, Any]]) -> AlchemyState:
    return ENGINE.position(MatchConfig(players=2), 1, {"current": 0, "seats": seats})


def _step(s: AlchemyState, p: int, aid: str) -> AlchemyState:
    state: AlchemyState = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid)).state
    return state


def test_declared() -> None:
    assert GAME.autoplay is AUTOPLAY
    assert AUTOPLAY.pass_action == "pass"
    assert {key for key, _ in AUTOPLAY.stop_steps} == {"defend", "press", "riposte"}


def test_passes_only_when_nothing_else_is_legal() -> None:
    s = _step(_pos([{"hand": ["F3"], "ap": 1}, {"hand": ["F1", "P01"]}]), 0, "attack:F3")
    assert AUTOPLAY.auto_action(ENGINE, s, 1, NONE) == "pass", "only Fire in hand: nothing can block"
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset({"defend"})) is None, "a stop asks anyway"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, NONE) is None, "not that player's window"
    s = _step(_pos([{"hand": ["F3"], "ap": 1}, {"hand": ["W1"]}]), 0, "attack:F3")
    assert AUTOPLAY.auto_action(ENGINE, s, 1, NONE) is None, "a block is possible: the player decides"


def test_press_window_passes_without_a_reaction() -> None:
    s = _pos([{"hand": ["F3"], "ap": 1}, {"hand": ["W1"]}])
    s = _step(_step(s, 0, "attack:F3"), 1, "block:W1")
    assert AUTOPLAY.auto_action(ENGINE, s, 0, NONE) == "pass"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset({"press"})) is None
    s = _pos([{"hand": ["F3", "P27"], "ap": 1}, {"hand": ["W1"]}])
    s = _step(_step(s, 0, "attack:F3"), 1, "block:W1")
    assert AUTOPLAY.auto_action(ENGINE, s, 0, NONE) is None, "Kindle could be played"


def test_own_turn_is_never_played_for_the_player() -> None:
    s = _pos([{"hand": [], "ap": 0}, {"hand": []}])
    assert [a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0))] == ["end"]
    assert AUTOPLAY.auto_action(ENGINE, s, 0, NONE) is None
    assert not AUTOPLAY.is_response(ENGINE, s, 0)


def test_battle_windows_are_responses() -> None:
    s = _step(_pos([{"hand": ["F3"], "ap": 1}, {"hand": ["W1"]}]), 0, "attack:F3")
    assert AUTOPLAY.is_response(ENGINE, s, 1)
    assert not AUTOPLAY.is_response(ENGINE, s, 0)
