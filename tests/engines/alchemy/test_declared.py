"""Alchemy works as a declared game before the Discord side registers it: with "alchemy" added to
``engines.games.GAMES`` (as the renderer/presenter work will do), ``cardhost simulate alchemy``, the
shared AI entry point, the scenario runner and the option checks all work; and today the scenario
runner already finds the undeclared package."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import engines.games as games
from engines.alchemy import GAME
from engines.core import MatchConfig, PlayerId, Rng, choose_action, replay
from engines.core.scenario import run_file, scenario_engine

from .test_coverage import SCENARIOS


@pytest.fixture
def declared() -> Iterator[None]:
    """Alchemy declared as its package's ``GAME`` (as its line in ``GAMES`` does), through the
    registry's public ``override``."""
    with games.override("alchemy", GAME):
        yield


def test_the_scenario_runner_finds_the_package_before_registration() -> None:
    assert scenario_engine("alchemy") is GAME.engine
    assert run_file(SCENARIOS / "ta01_seed_example.toml").ok


def test_game_spec_and_shared_ai_once_declared(declared: None) -> None:
    assert games.game_spec("alchemy") is GAME
    s = GAME.engine.setup(MatchConfig(players=2), 4)
    p = PlayerId(min(GAME.engine.current_players(s)))
    assert choose_action(GAME.engine, s, p, Rng.from_seed(1)) in GAME.engine.legal_actions(s, p)


def test_cardhost_simulate_alchemy(declared: None, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main
    from bot.simulate import simulate

    assert main(["simulate", "alchemy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("alchemy: 2 players, seed 3,") and "result: AI " in out
    run = simulate("alchemy", seed=3, options={"damage_scoring": True})
    assert run.outcome is not None
    final = replay(GAME.engine, MatchConfig(2, {"damage_scoring": True}), 3, run.actions)
    assert GAME.engine.outcome(final) == run.outcome


def test_options_are_checked_and_kept_in_the_match(declared: None) -> None:
    options = GAME.engine_options({"damage_scoring": True, "alignment_override": "reversed"})
    assert options == {"damage_scoring": True, "alignment_override": "reversed"}
    s = GAME.engine.setup(MatchConfig(2, options), 1)
    assert s.damage_scoring and s.alignment_override == "reversed"
    view = GAME.engine.view(s, None)
    assert view.damage_scoring and view.alignment_override == "reversed"
    with pytest.raises(Exception, match="alignment_override must be one of"):
        GAME.engine_options({"alignment_override": "upside down"})
    for option in GAME.options:
        assert option.check(option.default) == option.default
