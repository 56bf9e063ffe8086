"""Autoplay: the bot passes for a player whose only move in a Sequence is pass, and in the quiet
windows (one's own link, the opponent's phase move) unless a stop is set; it takes a choice with
one option and a lone phase move, and never decides any other open gamestate of one's own turn."""

from __future__ import annotations

from engines.core import MatchConfig, PlayerId
from engines.spirit import ENGINE, GAME
from engines.spirit.autoplay import AUTOPLAY, window_of

POS = {
    "current": 0,
    "phase": "combat",
    "seats": [
        {"units": [{"card": "S38", "zone": "c2"}]},
        {"hand": ["R01"], "units": [{"card": "S20", "zone": "c3"}]},
    ],
}


def test_pass_when_nothing_else_and_ask_when_a_response_exists() -> None:
    s = ENGINE.position(MatchConfig(2), 1, POS)
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) is None  # own open gamestate
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("attack:c2:c3")).state
    assert window_of(s, 1) == "attack"
    assert AUTOPLAY.is_response(ENGINE, s, 1)
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset()) is None  # Stonebark Ward could answer
    s = ENGINE.apply(s, PlayerId(1), ENGINE.decode_action("pass")).state
    assert window_of(s, 0) == "own"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) == "pass"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset({"own"})) is None
    assert GAME.autoplay is AUTOPLAY and AUTOPLAY.pass_action == "pass"


def test_quiet_windows_pass_even_with_a_response_in_hand() -> None:
    s = ENGINE.position(MatchConfig(2), 1, POS)
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("go:submain")).state
    assert window_of(s, 1) == "phase"
    assert any(a.kind != "pass" for a in ENGINE.legal_actions(s, PlayerId(1))), "Stonebark Ward is playable"
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset()) == "pass"
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset({"phase"})) is None
    # Seat 1 answers with its Reflex card: seat 0 is then asked (the opponent acted), seat 1's own
    # link coming back to it passes.
    reflex = next(a for a in ENGINE.legal_actions(s, PlayerId(1)) if a.kind == "cast")
    s = ENGINE.apply(s, PlayerId(1), reflex).state
    assert window_of(s, 0) == "action"


def test_a_lone_phase_move_is_taken() -> None:
    pos = {"current": 0, "phase": "calm", "seats": [{}, {}]}
    s = ENGINE.position(MatchConfig(2), 1, pos)
    legal = ENGINE.legal_actions(s, PlayerId(0))
    assert [a.to_id() for a in legal] == ["go:main"]
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) == "go:main"


def test_forced_choice_is_taken() -> None:
    pos = {
        "current": 1,
        "turn": 5,
        "seats": [
            {"units": [{"card": "S38", "zone": "c2"}]},
            {"units": [{"card": "S42", "zone": "c3", "face_up": False, "concealed_turn": 3}]},
        ],
    }
    s = ENGINE.position(MatchConfig(2), 1, pos)
    for seat, aid in ((1, "flip:c3"), (0, "pass"), (1, "pass")):
        s = ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action(aid)).state
    assert s.mode == "choose"
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset()) == "target:c2"
    assert not AUTOPLAY.is_response(ENGINE, s, 1)


def _reload_phase(deck: int, reload: list[str]) -> object:
    pos = {
        "current": 0,
        "phase": "reload",
        "seats": [{"deck": ["E1"] * deck, "reload": reload}, {"deck": ["E1"] * 5}],
    }
    return ENGINE.position(MatchConfig(2), 1, pos)


def test_the_reload_phase_asks_only_when_a_reload_could_be_worth_a_card() -> None:
    """Issue 34 item 7: a Reload Phase question every turn was a click for a move nobody makes
    with a full Deck (S43: a Reload there draws 1 instead of 2). The bot draws for the player;
    it asks with a nearly empty Deck and a Reload pile to shuffle in, or with the stop set."""
    full = _reload_phase(20, ["E1", "E1", "E1"])
    assert {a.to_id() for a in ENGINE.legal_actions(full, PlayerId(0))} == {"reload", "go:draw"}
    assert AUTOPLAY.auto_action(ENGINE, full, 0, frozenset()) == "go:draw"
    assert AUTOPLAY.auto_action(ENGINE, full, 0, frozenset({"reload"})) is None
    assert "reload" in dict(AUTOPLAY.stop_steps)
    low = _reload_phase(3, ["E1"] * 8)
    assert AUTOPLAY.auto_action(ENGINE, low, 0, frozenset()) is None
    nothing_to_shuffle = _reload_phase(3, [])
    assert AUTOPLAY.auto_action(ENGINE, nothing_to_shuffle, 0, frozenset()) == "go:draw"


def test_the_calm_phase_goes_on_to_the_main_phase_unless_a_stop_is_set() -> None:
    """Issue 34 item 7: with a Charged Ability payable, the Calm Phase was a click for 'Go to the
    Main Phase' every turn; the Main Phase allows whatever the Calm Phase does (a Reflex card or a
    Charged Ability), so the bot goes on unless the ``calm`` stop asks there."""
    pos = {
        "current": 0,
        "phase": "calm",
        "seats": [{"commander_essence": ["E1", "E1", "E1"], "units": [{"card": "S38", "zone": "c2"}]}, {}],
    }
    s = ENGINE.position(MatchConfig(2), 1, pos)
    legal = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0))}
    assert "go:main" in legal and len(legal) > 1, legal
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) == "go:main"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset({"calm"})) is None
