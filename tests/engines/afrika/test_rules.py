"""Rules checks that read better as code than as scenario files."""

from __future__ import annotations

import pytest

from engines.afrika import ENGINE
from engines.afrika.cards import card
from engines.core import (
    ConfigError,
    GameOver,
    IllegalAction,
    InvalidAction,
    MatchConfig,
    NotYourTurn,
    PlayerId,
)

from .helpers import CFG, playout, position, run


def test_mulligan_to_zero_keeps_automatically() -> None:
    """R14/A37: a mulligan from a 1-card hand gives a 0-card hand, kept without asking."""
    s = ENGINE.setup(CFG, 3)
    s, _ = run(s, (1, "go:2nd"))
    for size in range(7, 0, -1):
        assert len(s.players[0].hand) == size
        s, _ = run(s, (0, "mull"))
        if size == 7:
            s, _ = run(s, (1, "keep"))
    assert s.players[0].hand == () and s.players[0].kept
    assert len(s.players[0].codex) == 60
    assert s.turn == 1


def test_setup_refuses_bad_options() -> None:
    with pytest.raises(ConfigError, match="Duel is played by 2 players"):
        ENGINE.setup(MatchConfig(players=3, options={"variant": "duel"}), 1)
    with pytest.raises(ConfigError, match="Star Lords is played by 2-6 players"):
        ENGINE.setup(MatchConfig(players=7, options={"variant": "starlords"}), 1)
    with pytest.raises(ConfigError, match="variant must be one of"):
        ENGINE.setup(MatchConfig(players=2, options={"variant": "chaos"}), 1)
    with pytest.raises(ConfigError, match="format"):
        ENGINE.setup(MatchConfig(players=2, options={"format": "vintage"}), 1)
    with pytest.raises(ConfigError, match="one deck per player"):
        ENGINE.setup(MatchConfig(players=2, options={"decks": [["LB01"] * 60]}), 1)


def test_decode_rejects_garbage() -> None:
    for bad in ("", "fly", "cast", "cast:x", "terrain:1:9", "target:Q1", "go:3rd", "a" * 61):
        with pytest.raises(InvalidAction):
            ENGINE.decode_action(bad)


def test_wrong_player_and_game_over() -> None:
    s = ENGINE.setup(CFG, 1)
    who = min(ENGINE.current_players(s))
    with pytest.raises(NotYourTurn):
        ENGINE.apply(s, PlayerId(1 - who), ENGINE.decode_action("go:1st"))
    s, _ = run(s, (1 - who, "concede"))
    assert ENGINE.outcome(s) is not None
    with pytest.raises(GameOver):
        ENGINE.apply(s, PlayerId(who), ENGINE.decode_action("pass"))


def test_refusals_never_name_hidden_cards() -> None:
    """Error texts are shown verbatim: trying an opponent's hand card id must not reveal its name."""
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [{}, {"hand": [{"card": "LC019", "id": 20}]}],
        }
    )
    for aid in ("cast:20", "cast:20:1", "terrain:20:s", "act:20:0", "charge:20", "discard:20"):
        with pytest.raises(IllegalAction) as exc:
            ENGINE.apply(s, PlayerId(0), ENGINE.decode_action(aid))
        assert card("LC019").name not in str(exc.value)


def test_first_player_is_chosen_by_the_toss_winner() -> None:
    """R12: a random toss picks who chooses; they may go first or second."""
    s = ENGINE.setup(CFG, 3)
    assert ENGINE.current_players(s) == {PlayerId(1)}
    s2, _ = run(s, (1, "go:1st"))
    assert s2.first == 1
    s3, _ = run(s, (1, "go:2nd"))
    assert s3.first == 0


def test_random_games_end_fast_enough() -> None:
    """Random legal games all end (no stalls) and every seat gets a ranking."""
    from engines.afrika.state import AfrikaState

    for seed in range(4):
        ends: list[AfrikaState] = []
        for _ in playout(seed, each=ends.append):
            pass
        outcome = ENGINE.outcome(ends[-1])
        assert outcome is not None
        assert sorted(p for group in outcome.ranking for p in group) == [0, 1]


def test_energy_pools_are_public_and_empty_between_steps() -> None:
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [{"permanents": [{"card": "LB04", "id": 60, "zone": "terrain"}]}, {}],
        }
    )
    s, _ = run(s, (0, "charge:60"))
    assert ENGINE.view(s, PlayerId(1)).seats[0].pool == (("VOL", 1),)
    s, _ = run(s, (0, "pass"), (1, "pass"))
    assert s.players[0].pool == ()


def test_turn_marker_changes_each_turn() -> None:
    s = position({"active": 0, "step": "dusk", "players": [{"codex": ["LB01"]}, {"codex": ["LB01"]}]})
    before = ENGINE.turn_marker(s)
    s, _ = run(s, (0, "pass"), (1, "pass"))
    assert ENGINE.turn_marker(s) != before


def test_position_refuses_typos() -> None:
    with pytest.raises(ConfigError, match="Unknown player key"):
        position({"players": [{"hnad": []}, {}]})
    with pytest.raises(ConfigError, match="Unknown permanent key"):
        position({"players": [{"permanents": [{"card": "LC092", "chraged": True}]}, {}]})
    with pytest.raises(ConfigError, match="Unknown step"):
        position({"step": "upkeep"})
    with pytest.raises(ConfigError, match="Unknown card id"):
        position({"players": [{"hand": ["NOPE"]}, {}]})


def test_restoration_with_a_trigger_gets_a_priority_round_then_another_restoration() -> None:
    """§2 5.2: a trigger during Restoration gives a priority round, then a new Restoration step."""
    from engines.afrika.state import Trig, freeze, thaw
    from engines.afrika.steps import cleanup, settle

    s = position(
        {
            "active": 0,
            "step": "dusk",
            "players": [
                {"codex": ["LB01", "LB01"], "permanents": [{"card": "LC007", "id": 101, "zone": "1"}]},
                {"codex": ["LB01"]},
            ],
        }
    )
    g = thaw(s)
    g.step = "restoration"
    g.priority = -1
    g.triggers.append(Trig(0, 101, "LC007", 0))  # as if something had triggered during cleanup
    cleanup(g)
    settle(g)
    s = freeze(g)
    assert s.step == "restoration" and s.priority == 0 and len(s.stack) == 1
    s, events = run(s, (0, "pass"), (1, "pass"))  # the draw resolves
    assert "P1 draws 1 card." in events
    s, _ = run(s, (0, "pass"), (1, "pass"))  # stack empty: another Restoration step, then P2's turn
    assert s.active == 1 and s.step == "sustenance"


def test_decks_may_name_a_starter_codex() -> None:
    s = ENGINE.setup(MatchConfig(players=2, options={"decks": ["Savanna Wilds", "Savanna Wilds"]}), 1)
    assert {s.objs[i].card for i in s.players[0].codex} == {s.objs[i].card for i in s.players[1].codex}
    with pytest.raises(ConfigError, match="Unknown starter Codex"):
        ENGINE.setup(MatchConfig(players=2, options={"decks": ["Nope", "Savanna Wilds"]}), 1)
