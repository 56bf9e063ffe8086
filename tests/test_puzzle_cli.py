"""``cardhost puzzle check|solve`` (bot/puzzles_cli.py): the authors' checks on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

TRIVIAL = """game = "chrono"
title = "Too easy"
goal = "win"
text = "One card, and it fits."
hint = "Play it."
players = 2
seed = 1
player = 0
solutions = [["play:H4"], ["end"]]

[position]
current = 0
phase = "play"
hands = [["H4"], ["W7"]]
"""


def test_check_passes_the_bundled_puzzles_of_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "check", "chrono"]) == 0
    out = capsys.readouterr().out
    assert "PASS chrono/02_hold_it_back: Hold it back (Win by your next turn)" in out
    assert out.rstrip().endswith("5 passed, 0 failed")


def test_check_says_what_keeps_a_file_from_being_a_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "too_easy.toml"
    path.write_text(TRIVIAL, encoding="utf-8")
    assert main(["puzzle", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL chrono/too_easy: Too easy (Win this turn)" in out
    assert "the solution ['end'] does not solve it: Move 1 (end) is refused" in out
    assert "passing at every decision solves it" in out
    assert "the first legal move every time solves it" in out
    assert "it lists no tempting wrong start" in out
    assert out.rstrip().endswith("0 passed, 1 failed")


def test_solve_finds_a_line_or_says_there_is_none(capsys: pytest.CaptureFixture[str]) -> None:
    first = str(Path(__file__).resolve().parents[1] / "engines/afrika/puzzles/01_clear_the_way.toml")
    assert main(["puzzle", "solve", first]) == 0
    assert capsys.readouterr().out.strip() == "cast:11 target:201 atk:101 at:P2"
    assert main(["puzzle", "solve", first, "cast:12", "target:P2"]) == 1
    assert capsys.readouterr().out.strip() == "no solution starts with ['cast:12', 'target:P2']"
