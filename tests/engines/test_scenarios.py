"""Every scenario file of every game must pass; and the runner must report mismatches clearly.

The runner's own tests use small inline Chrono scenarios because Chrono is the first game with an
explicit ``position``; the checks themselves (paths, built-ins, refusals) are game-agnostic.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from engines.core.scenario import main, run_file, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))


@pytest.mark.parametrize(
    "path", SCENARIOS, ids=[str(p.relative_to(ROOT / "tests" / "scenarios")) for p in SCENARIOS]
)
def test_scenario_passes(path: Path) -> None:
    result = run_file(path)
    assert result.ok, result.detail


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 20


BASE = """
game = "chrono"
players = 3
seed = 1

[position]
current = 0
hands = [["H6", "W4", "O1"], ["W1", "W2"], ["O2", "O3"]]
deck = ["W9"]
"""


def _run(extra: str) -> Any:
    return run_scenario(tomllib.loads(BASE + extra), "inline")


def test_a_passing_inline_scenario() -> None:
    result = _run(
        """
[[step]]
player = 0
action = "play:H6"

[step.expect]
legal.0 = ["play:W4", "end"]
legal_includes.0 = ["end"]
legal_excludes.0 = ["draw"]
"view.0.playable" = ["W4"]

[expect.view.spectator]
deck_count = 1
seats = [{ hand_count = 2 }, { hand_count = 2 }, { hand_count = 2 }]
"""
    )
    assert result.ok, result.detail
    assert result.steps == 1


def test_mismatch_names_step_path_expected_and_actual() -> None:
    result = _run(
        """
[[step]]
player = 0
action = "play:H6"

[step.expect]
"state.hands.0" = ["W4"]
"""
    )
    assert not result.ok
    assert "step 1 (P1 play:H6)" in result.detail
    assert "state.hands.0" in result.detail
    assert "expected: ['W4']" in result.detail
    assert "actual:   ['W4', 'O1']" in result.detail


def test_unexpected_refusal_is_reported() -> None:
    result = _run('[[step]]\nplayer = 0\naction = "play:O1"\n')
    assert not result.ok
    assert "refused" in result.detail and "would leave a gap" in result.detail


def test_expected_refusal_that_is_accepted_fails() -> None:
    result = _run('[[step]]\nplayer = 0\naction = "play:H6"\nerror = "gap"\n')
    assert not result.ok
    assert "should have been refused" in result.detail


def test_refusal_with_other_message_fails() -> None:
    result = _run('[[step]]\nplayer = 0\naction = "play:O1"\nerror = "not your turn"\n')
    assert not result.ok
    assert "would leave a gap" in result.detail


def test_bad_paths_and_keys_are_reported() -> None:
    assert "no key 'nope'" in _run('[expect]\n"state.nope" = 1\n').detail
    assert "no index '7'" in _run('[expect]\n"state.hands.7" = 1\n').detail
    assert "unknown expectation" in _run("[expect]\nfoo = 1\n").detail
    top = run_scenario(tomllib.loads("bogus = 1\n" + BASE))
    assert "unknown top-level keys ['bogus']" in top.detail
    assert "seat 5 does not exist" in _run("[expect]\nlegal.5 = []\n").detail


def test_outcome_current_and_events() -> None:
    result = _run(
        """
[expect]
outcome = "none"
current = [0]
"view.spectator.viewer" = "none"
"""
    )
    assert result.ok, result.detail
    bad = _run('[[step]]\nplayer = 0\naction = "play:H6"\n[expect]\nevents_include = ["P9 flies"]\n')
    assert not bad.ok and "no event contains 'P9 flies'" in bad.detail


def test_setup_error_expectation() -> None:
    data = {"game": "chrono", "players": 11, "seed": 1, "setup_error": "2 to 10 players"}
    assert run_scenario(data).ok
    data["setup_error"] = "something else"
    assert not run_scenario(data).ok


def test_main_prints_one_line_per_file_and_returns_nonzero_on_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.toml"
    good.write_text(BASE)
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + "[expect]\ncurrent = [2]\n")
    assert main([str(good)]) == 0
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"PASS {good}" in out and f"FAIL {bad}" in out
    assert "current" in out and "expected: [2]" in out
    assert main([str(tmp_path / "missing.toml")]) == 1
    assert main([]) == 2
