"""Spirit Tactics works as a declared game before the Discord side registers it: with "spirit"
added to ``engines.games.GAMES`` (as the renderer/presenter work will do), ``cardhost simulate
spirit``, the shared AI entry point and the deck library all work; and today the scenario runner
already finds the undeclared package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engines.games as games
from engines.core import MatchConfig, PlayerId, Rng, choose_action, replay
from engines.core.scenario import run_file, scenario_engine
from engines.spirit import GAME

from .test_coverage import SCENARIOS


@pytest.fixture
def declared() -> Iterator[None]:
    """Spirit declared as its package's ``GAME`` (as its line in ``GAMES`` does), through the
    registry's public ``override``."""
    with games.override("spirit", GAME):
        yield


def test_the_scenario_runner_finds_the_package_before_registration() -> None:
    assert scenario_engine("spirit") is GAME.engine
    assert run_file(SCENARIOS / "ts01_sequence_order.toml").ok


def test_game_spec_and_shared_ai_once_declared(declared: None) -> None:
    assert games.game_spec("spirit") is GAME
    s = GAME.engine.setup(MatchConfig(players=2), 4)
    p = PlayerId(min(GAME.engine.current_players(s)))
    assert choose_action(GAME.engine, s, p, Rng.from_seed(1)) in GAME.engine.legal_actions(s, p)
    assert GAME.series.sideboard and GAME.series.chooser_option == "chooser" and 3 in GAME.series.best_of
    assert GAME.starter_decks() and GAME.check_deck(next(iter(GAME.starter_decks().values()))) == ""


def test_cardhost_simulate_spirit(declared: None, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main
    from bot.simulate import simulate

    assert main(["simulate", "spirit", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("spirit: 2 players, seed 3,") and "result: AI " in out
    run = simulate("spirit", seed=3, options={"first": 1})
    assert run.outcome is not None
    final = replay(GAME.engine, MatchConfig(2, {"first": 1}), 3, run.actions)
    assert GAME.engine.outcome(final) == run.outcome
