"""Epochs Chrono rules, actions, options and card data as unit tests (scenarios cover the TE cases)."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engines.chrono import ENGINE, ChronoState, Draw, End, Play, card_title
from engines.chrono.carddata import CARD_FILE, CardDataError, card_data, parse_card_data
from engines.core import (
    MAX_ACTION_ID,
    ConfigError,
    GameOver,
    IllegalAction,
    InvalidAction,
    MatchConfig,
    NotYourTurn,
    PlayerId,
    get_engine,
)

P0, P1, P2 = PlayerId(0), PlayerId(1), PlayerId(2)


def setup(players: int = 3, seed: int = 1, **options: object) -> ChronoState:
    state: ChronoState = ENGINE.setup(MatchConfig(players=players, options=options), seed)
    return state


def position(players: int = 3, options: dict[str, object] | None = None, **data: object) -> ChronoState:
    state: ChronoState = ENGINE.position(MatchConfig(players=players, options=options or {}), 1, data)
    return state


def test_registered_with_class_attributes() -> None:
    engine = get_engine("chrono")
    assert engine is ENGINE
    assert (engine.name, engine.title, engine.min_players, engine.max_players) == (
        "chrono",
        "Epochs Chrono",
        2,
        10,
    )
    assert engine.state_type is ChronoState
    assert engine.version


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("suits", [3, 4])
def test_setup_deals_five_each_and_lays_the_v_column(players: int, suits: int) -> None:
    s = setup(players, seed=players, suits=suits)
    assert all(len(h) == 5 for h in s.hands)
    assert [row[4] for row in s.piles] == [1] * suits
    assert sum(map(sum, s.piles)) == suits
    total = suits * 10 * 3
    assert len(s.deck) == total - suits - 5 * players
    cards = Counter(s.deck)
    for h in s.hands:
        cards.update(h)
    for suit in "HWON"[:suits]:
        for e in range(1, 11):
            assert cards[f"{suit}{e}"] == (2 if e == 5 else 3)


def test_dealer_is_random_but_seeded() -> None:
    dealers = {setup(6, seed=s).dealer for s in range(40)}
    assert dealers == set(range(6))
    assert setup(6, seed=3) == setup(6, seed=3)


def test_opening_player_is_first_from_dealers_left_holding_iv_to_vi() -> None:
    for seed in range(60):
        s = setup(4, seed=seed)
        assert s.phase == "opening"
        order = [(s.dealer + k) % 4 for k in range(1, 5)]
        holders = [p for p in order if any(int(c[1:]) in (4, 5, 6) for c in s.hands[p])]
        assert s.current == (holders[0] if holders else order[0])


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2 to 10 players"),
        (11, {}, "2 to 10 players"),
        (3, {"suits": 5}, "3 suits"),
        (3, {"copies_per_cell": 0}, "copies_per_cell"),
        (3, {"dealer": 7}, "dealer must be a seat"),
        (3, {"missing": ["H5"]}, "epoch-V cards"),
        (3, {"missing": ["N3"]}, "not a card of this set"),
        (3, {"missing": "H3"}, "list of card codes"),
        (3, {"colour": "red"}, "no option 'colour'"),
        (10, {"copies_per_cell": 1}, "Not enough cards"),
        (8, {"copies_per_cell": 1, "suits": 4}, "Not enough cards"),
    ],
)
def test_config_errors(players: int, options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        setup(players, **options)


def test_e4_boundary_exactly_enough_cards() -> None:
    # 1 copy, 4 suits: 40 - 4 = 36 cards; 7 players need 35.
    s = setup(7, copies_per_cell=1, suits=4)
    assert len(s.deck) == 1


def test_missing_cells_are_not_dealt() -> None:
    s = setup(3, missing=["H3", "o9"])
    assert s.missing == ("H3", "O9")
    everywhere = [*s.deck, *(c for h in s.hands for c in h)]
    assert "H3" not in everywhere and "O9" not in everywhere


def test_action_ids_and_labels() -> None:
    for action in [Play("H10"), Play("N1"), Draw(), End()]:
        assert len(action.to_id()) <= MAX_ACTION_ID
        assert ENGINE.decode_action(action.to_id()) == action
        assert action.label
    assert Play("H5").label == "Play Heroes V"
    assert ENGINE.decode_action(" play:w7 ") == Play("W7")


@pytest.mark.parametrize("bad", ["", "pass", "play:", "play:H0", "play:H11", "play:X5", "play:HV", "x" * 500])
def test_decode_garbage_is_invalid_action(bad: str) -> None:
    with pytest.raises(InvalidAction) as err:
        ENGINE.decode_action(bad)
    assert "Epochs Chrono" in str(err.value)
    assert len(str(err.value)) < 200


def test_turn_and_game_over_errors() -> None:
    s = position(current=0, hands=[["H6", "O1"], ["W6", "O2"], ["O3"]], deck=["W9"])
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, P1, Play("W6"))
    assert ENGINE.legal_actions(s, P1) == []
    over = position(players=2, current=0, hands=[["H6"], ["O2"]], deck=[])
    over = ENGINE.apply(over, P0, Play("H6")).state
    assert ENGINE.outcome(over) is not None
    with pytest.raises(GameOver):
        ENGINE.apply(over, P1, Draw())


def test_turn_ends_by_itself_when_nothing_more_fits() -> None:
    s = position(current=0, hands=[["H6", "H6", "O1"], ["W6", "O2"], ["O3", "O4"]], deck=["W9"])
    s = ENGINE.apply(s, P0, Play("H6")).state
    assert s.current == 0 and [a.to_id() for a in ENGINE.legal_actions(s, P0)] == ["play:H6", "end"]
    t = ENGINE.apply(s, P0, Play("H6"))
    assert t.state.current == 1
    assert t.state.rows_extended == () and t.state.placed_this_turn == 0


def test_refused_actions_do_not_change_state() -> None:
    s = position(current=0, hands=[["H6", "H8", "O1"], ["W6", "O2"], ["O3"]], deck=["W9"])
    for action in [Play("H8"), Play("W6"), Draw(), End(), Play("N5")]:
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, P0, action)


def test_events_never_name_a_drawn_card_kept_in_hand() -> None:
    s = position(current=0, hands=[["H1", "O1"], ["W6", "O2"], ["O3"]], deck=["W8", "H6"])
    t = ENGINE.apply(s, P0, Draw())
    assert [e.text for e in t.events] == ["P1 draws a card and skips"]
    assert "W8" in t.state.hands[0]


def test_drawn_playable_card_is_hidden_from_others_until_played() -> None:
    s = position(current=0, hands=[["H1", "O1"], ["W6", "O2"], ["O3"]], deck=["H6"])
    s = ENGINE.apply(s, P0, Draw()).state
    assert ENGINE.view(s, P0).must_play == "H6"
    assert ENGINE.view(s, P1).must_play is None
    assert ENGINE.view(s, None).must_play is None


def test_view_for_spectator_and_players() -> None:
    s = setup(4, seed=9)
    spec = ENGINE.view(s, None)
    assert spec.viewer is None and spec.hand == () and spec.playable == ()
    for p in range(4):
        v = ENGINE.view(s, PlayerId(p))
        assert list(v.hand) == sorted(v.hand, key=lambda c: ("HWON".index(c[0]), int(c[1:])))
        assert Counter(v.hand) == Counter(s.hands[p])
        if p == s.current:
            assert v.playable and set(v.playable) <= set(v.hand)
        else:
            assert v.playable == ()
    assert [seat.hand_count for seat in spec.seats] == [5, 5, 5, 5]


def test_position_validation() -> None:
    with pytest.raises(ConfigError, match="copies"):
        position(current=0, hands=[["H6", "H6", "H6", "H6"], ["W1"], ["O1"]])
    with pytest.raises(ConfigError, match="must contain epoch V"):
        position(current=0, hands=[["H6"], ["W1"], ["O1"]], spans={"W": [1, 3]})
    with pytest.raises(ConfigError, match="must be listed in 'out'"):
        position(current=0, hands=[["H6"], [], ["O1"]])
    with pytest.raises(ConfigError, match="unknown keys"):
        position(current=0, hands=[["H6"], ["W1"], ["O1"]], colour="red")
    with pytest.raises(ConfigError, match="outside its row"):
        position(current=0, hands=[["H6"], ["W1"], ["O1"]], piles={"H7": 2})
    with pytest.raises(ConfigError, match="3 hands"):
        position(current=0, hands=[["H6"], ["W1"]])


def test_card_titles_cover_every_card() -> None:
    data = card_data()
    assert [s.key for s in data.suits] == ["H", "W", "O", "N"]
    assert [s.name for s in data.suits] == ["Heroes", "Weapons", "Objects", "Hand"]
    assert card_title("H5") == "The Navigator"
    titles = [card_title(f"{s}{e}") for s in "HWON" for e in range(1, 11)]
    assert len(set(titles)) == 40
    with pytest.raises(KeyError):
        card_title("H11")


def test_card_file_validation_names_file_and_card() -> None:
    raw = tomllib.loads(CARD_FILE.read_text(encoding="utf-8"))
    raw["card"][0]["power"] = 3
    with pytest.raises(CardDataError, match=r"chrono.toml: card H1: unknown fields \['power'\]"):
        parse_card_data(raw, CARD_FILE)
    raw = tomllib.loads(CARD_FILE.read_text(encoding="utf-8"))
    raw["card"] = [c for c in raw["card"] if c["id"] != "W7"]
    with pytest.raises(CardDataError, match="card W7: missing"):
        parse_card_data(raw, Path("x.toml"))
    raw = tomllib.loads(CARD_FILE.read_text(encoding="utf-8"))
    raw["card"][3]["epoch"] = 11
    with pytest.raises(CardDataError, match="epoch must be"):
        parse_card_data(raw)


def test_state_fields_are_plain_data() -> None:
    s = setup(3)
    assert replace(s) == s
    assert isinstance(s.rng, int)
