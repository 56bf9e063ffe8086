"""Rules the scenario files do not show on their own: options and their refusals, the End of Time
variant (F3), cards that do nothing in an Epoch (D12), static abilities (D11), Manifest on entering,
Trap from a trigger on the opponent's turn, and damage to oneself."""

from __future__ import annotations

from typing import Any

import pytest

from engines.chronomagia import ENGINE
from engines.chronomagia.state import ChronomagiaState
from engines.core import ConfigError, IllegalAction, MatchConfig, PlayerId

from .helpers import wide_decks


def _pos(seats: list[dict[str, Any]], **top: Any) -> ChronomagiaState:
    options = top.pop("options", {})
    data = {"active": 0, "turn": 5, "time": 5, **top, "seats": seats}
    return ENGINE.position(MatchConfig(2, options), 1, data)


def _do(s: ChronomagiaState, p: int, *ids: str) -> ChronomagiaState:
    for aid in ids:
        s = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid)).state
    return s


DECK = ["T020"] * 8


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deckz": []}, "Chronomagia has no option 'deckz'"),
        ({"decks": [["H01", *["T001"] * 30]] * 2}, "it has 30 copies of Goblin Arsonist"),
        ({"decks": [["T001"] * 30] * 2}, "a deck has exactly one Hero, not 0"),
        (
            {"decks": [["H01", *["T001", "T002"] * 10]] * 2},
            "the Main Deck has 20 cards and needs at least 30",
        ),
        ({"first": 2}, "first must be a seat number"),
        ({"end_of_time": "yes"}, "end_of_time must be true or false"),
        ({"hero_decks": [["T034"], []]}, "First Flame is mythic: mythic cards may be only in the Main Deck"),
    ],
)
def test_options_are_checked_in_words(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        ENGINE.setup(MatchConfig(2, options), 1)


def test_three_players_are_refused() -> None:
    with pytest.raises(ConfigError, match="played by 2 players, not 3"):
        ENGINE.setup(MatchConfig(3), 1)


def test_hero_decks_default_to_the_starters_and_can_be_given() -> None:
    s = ENGINE.setup(MatchConfig(2), 1)
    assert len(s.seats[0].hero_deck) == 8
    (d0, h0), (d1, _h1) = wide_decks()[:2]
    s = ENGINE.setup(MatchConfig(2, {"decks": [d0, d1], "hero_decks": [h0, []]}), 1)
    assert len(s.seats[0].hero_deck) == 10 and s.seats[1].hero_deck == ()
    s = ENGINE.setup(MatchConfig(2, {"decks": [d0, d1]}), 1)
    assert s.seats[0].hero_deck == (), "a deck that is not a starter has no Hero Deck unless given"


def test_end_of_time_variant() -> None:
    """F3's variant: at 30, the next natural movement ends the game on Life; off by default."""
    seats = [{"life": 25, "deck": DECK}, {"life": 20, "deck": DECK}]
    s = _do(_pos(seats, time=30, options={"end_of_time": True}), 0, "end")
    assert ENGINE.outcome(s) is not None and ENGINE.outcome(s).ranking == ((0,), (1,))
    s = _do(_pos(seats, time=30), 0, "end")
    assert ENGINE.outcome(s) is None and s.time == 30


def test_a_card_that_does_nothing_now_cannot_be_played_and_dies_without_a_spell() -> None:
    """D12: Mammoth Herd has no Epoch 3 window at all."""
    s = _pos([{"hand": ["T008"], "pool": ["T020"] * 5, "deck": DECK}, {"deck": DECK}], time=27)
    with pytest.raises(IllegalAction, match="does nothing in Epoch 3"):
        _do(s, 0, "play:T008")
    s = _pos([{"deck": DECK, "field": [{"card": "T008", "id": 50}]}, {"deck": DECK}], time=25, active=1)
    t = ENGINE.apply(s, PlayerId(1), ENGINE.decode_action("end"))
    assert [t.state.card_of[o] for o in t.state.seats[0].graveyard] == ["T008"]
    assert not any("resolves as a spell" in e.text for e in t.events)


def test_manifest_triggers_when_a_creature_enters() -> None:
    s = _pos([{"hand": ["T043"], "pool": ["T020"] * 2, "deck": DECK}, {"deck": DECK}], time=17)
    s = _do(s, 0, "play:T043")
    assert [s.card_of[o] for o in s.seats[0].hand] == ["T020"]


def test_discount_and_ward() -> None:
    """D11: Age of Plenty makes cards cost 1 less in Epoch 2 (never below 1); a warded Robot
    Sentinel cannot be chosen by the opponent's Disembody, but its controller's own effects may."""
    s = _pos(
        [
            {"hand": ["T003", "T007"], "pool": ["T020"] * 2, "deck": DECK, "field": [{"card": "P07"}]},
            {"deck": DECK},
        ],
        time=17,
    )
    s = _do(s, 0, "play:T003")
    assert len(s.seats[0].pool) == 0
    s = _pos(
        [{"hand": ["T007"], "pool": ["T020"], "deck": DECK, "field": [{"card": "P07"}]}, {"deck": DECK}],
        time=17,
    )
    assert len(_do(s, 0, "play:T007").seats[0].pool) == 0
    s = _pos(
        [{"hand": ["T093"], "pool": ["T020"] * 5, "deck": DECK, "field": [{"card": "T079", "id": 50}]},
         {"deck": DECK, "field": [{"card": "T079", "id": 60}]}],
        time=27,
    )  # fmt: skip
    s = _do(s, 0, "play:T093")
    ids = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0))}
    assert "target:50:T079" in ids and "target:60:T079" not in ids


def test_damage_to_oneself_is_never_redirected() -> None:
    """D5: Raging Berserker's Epoch 3 spell hurts its caster, whose own Location is not asked."""
    s = _pos(
        [{"hand": ["T011"], "pool": ["T020"] * 3, "deck": DECK, "field": [{"card": "L05"}]}, {"deck": DECK}],
        time=27,
    )
    s = _do(s, 0, "play:T011")
    assert s.ask is None and s.seats[0].life == 29 and s.seats[1].life == 28


def test_trap_from_a_shadow_lasts_until_the_trappers_next_turn() -> None:
    """F25 on the opponent's turn: P2's Ghost of the Past Traps P1's creature during P1's turn 5;
    the Trap ends at the start of P2's turn 6."""
    s = _pos(
        [{"hero": "H01", "deck": DECK, "field": [{"card": "T024", "id": 50}]},
         {"deck": DECK, "shadows": [{"card": "S10", "id": 60}]}],
    )  # fmt: skip
    s = _do(
        s,
        0,
        "hero:1",
    )
    s = _do(s, 1, "flip:60", "target:50:T024")
    perm = s.seats[0].field[0]
    assert perm.tapped and perm.trapped_until == 6
    s = _do(s, 0, "attack")
    assert s.turn == 6 and s.seats[0].field[0].tapped


def test_untap_effect_and_hero_tokens() -> None:
    s = _pos([{"hero": "H07", "counters": 2, "deck": DECK, "field": [{"card": "T024", "id": 50, "tapped": True}]},
              {"deck": DECK}])  # fmt: skip
    s = _do(s, 0, "hero:2")
    assert not s.seats[0].field[0].tapped and s.seats[0].counters == 0


def test_pass_is_the_answer_that_does_least() -> None:
    s = _pos(
        [
            {"hand": ["T002"], "pool": ["T020"] * 3, "deck": DECK},
            {"deck": DECK, "field": [{"card": "L05", "id": 60}]},
        ]
    )
    s = _do(s, 0, "play:T002")
    assert s.ask is not None and s.ask.kind == "loc"
    s = _do(s, 0, "pass")
    assert s.seats[1].life == 27 and s.seats[1].field[0].counters == 6
    with pytest.raises(IllegalAction, match="There is no question to pass on"):
        _do(s, 0, "pass")
