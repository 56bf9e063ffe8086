"""The bundled puzzles (engines/<game>/puzzles/*.toml) and their judge (engines/core/puzzle.py).

Every puzzle must be a puzzle: its known solutions solve it, passing at every turn does not, the
first legal move every time does not, and each tempting wrong start it lists cannot be completed
into a solution at all (an exhaustive search of the solver's moves against the scripted
opponent says so).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import CONCEDE, ConfigError, IllegalAction
from engines.core.codec import dumps
from engines.core.puzzle import (
    PuzzleRun,
    bundled,
    find,
    first_chooser,
    judge,
    load_file,
    parse_puzzle,
    pass_chooser,
    play_out,
    puzzle_dir,
    solve,
)
from engines.games import GAMES

MINIMUM = {"afrika": 20}
"""Bundled puzzles each declared game must have (issue #21: 20 for Afrika, 5 for the others)."""

ALL = [p for game in GAMES for p in bundled(game)]


def test_every_declared_game_has_its_puzzles() -> None:
    counts = {game: len(bundled(game)) for game in GAMES}
    short = {g: n for g, n in counts.items() if n < MINIMUM.get(g, 5)}
    assert short == {}, (
        f"puzzles per game: {counts}; every declared game needs at least 5 bundled puzzles "
        "(engines/<game>/puzzles/, format in docs/puzzles.md)"
    )


def test_puzzle_ids_are_unique_and_name_their_file() -> None:
    ids = [p.id for p in ALL]
    assert len(ids) == len(set(ids))
    for p in ALL:
        game, _, stem = p.id.partition("/")
        assert (puzzle_dir(game) / f"{stem}.toml").is_file()
        assert find(p.id) == p


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_known_solutions_solve(puzzle: object) -> None:
    from engines.core.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    assert puzzle.title and puzzle.text and puzzle.hint
    for line in puzzle.solutions:
        verdict = judge(puzzle, line)
        assert verdict.solved, f"{line}: {verdict.reason}"


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_passing_does_not_solve(puzzle: object) -> None:
    from engines.core.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    verdict = play_out(puzzle, pass_chooser)
    assert not verdict.solved
    assert not verdict.reason.startswith("Undecided")


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_the_first_legal_move_every_time_does_not_solve(puzzle: object) -> None:
    from engines.core.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    assert not play_out(puzzle, first_chooser).solved


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_wrong_starts_cannot_be_saved(puzzle: object) -> None:
    """Each listed wrong start is legal, and no line beginning with it solves the puzzle."""
    from engines.core.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    assert puzzle.wrong, "a puzzle lists at least one tempting wrong start"
    for start in puzzle.wrong:
        PuzzleRun.replay(puzzle, start)  # raises if the start itself is not legal
        assert solve(puzzle, start, max_nodes=60_000) is None, f"{start} can still be completed"


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: p.id)
def test_a_run_rebuilt_from_its_moves_is_the_same_run(puzzle: object) -> None:
    """The bot stores only the solver's decisions: replaying them must reach the same position."""
    from engines.core.puzzle import Puzzle

    assert isinstance(puzzle, Puzzle)
    line = puzzle.solutions[0]
    run = PuzzleRun(puzzle)
    for move in line[:-1]:
        run.play(move)
    again = PuzzleRun.replay(puzzle, run.moves)
    assert dumps(again.state) == dumps(run.state)
    assert again.log == run.log and again.to_act == run.to_act


def test_the_search_finds_the_known_solution_and_sees_a_lost_cause() -> None:
    puzzle = find("afrika/01_clear_the_way")
    assert solve(puzzle) == puzzle.solutions[0]
    assert solve(puzzle, ["cast:12", "target:P2"]) is None


# ---------------------------------------------------------------- the judge


def test_an_illegal_move_is_refused_in_words_and_changes_nothing() -> None:
    puzzle = find("afrika/01_clear_the_way")
    run = PuzzleRun(puzzle)
    before = dumps(run.state)
    with pytest.raises(IllegalAction):
        run.play("atk:101")
    assert dumps(run.state) == before and run.moves == []
    verdict = judge(puzzle, ["cast:11", "target:999"])
    assert not verdict.solved and verdict.reason.startswith("Move 2 (target:999) is refused")


def test_moves_that_stop_early_are_not_a_solution() -> None:
    verdict = judge(find("afrika/01_clear_the_way"), ["cast:11", "target:201"])
    assert verdict == verdict.__class__(False, "The moves ran out before the puzzle was decided.")


def test_giving_up_fails_and_is_stored_like_a_move() -> None:
    puzzle = find("chrono/01_keep_the_door_shut")
    run = PuzzleRun.replay(puzzle, ["play:W4", CONCEDE])
    assert run.verdict is not None and not run.verdict.solved
    assert run.verdict.reason == "You gave up."
    with pytest.raises(IllegalAction):
        run.play("end")


def test_verdicts_say_why() -> None:
    win = find("afrika/01_clear_the_way")
    assert judge(win, win.solutions[0]).reason == "The opponent is out of the game."
    assert play_out(win, pass_chooser).reason == "The turn passed and the opponent is still in the game."
    survive = find("afrika/06_not_that_one")
    assert judge(survive, survive.solutions[0]).reason.startswith("The opponent's turn is over")
    assert play_out(survive, pass_chooser).reason == "You lost the game."
    later = find("chrono/02_hold_it_back")
    assert later.goal_text == "Win by your next turn"
    assert find("chrono/01_keep_the_door_shut").goal_text == "Survive until your next turn"
    assert win.goal_text == "Win this turn" and survive.goal_text == "Survive the turn"


def test_the_opponent_script_plays_each_reply_once_and_skips_what_does_not_fit() -> None:
    """Fill the Void: Ridge Brute blocks the Strider, the Bear then takes the Lizard (its first
    reply, "on:102", was used up by nobody: "on:101" came first for the Brute)."""
    run = PuzzleRun.replay(find("afrika/03_fill_the_void"), ["pass", "atk:101", "at:P2", "atk:102", "at:P2"])
    blocks = [a for seat, a, _ in run.log if seat == 1 and a.startswith(("blk:", "on:"))]
    assert blocks == ["blk:201", "on:101", "blk:202", "on:102"]


# ---------------------------------------------------------------- the files


def _data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "game": "chrono",
        "title": "t",
        "goal": "win",
        "players": 2,
        "seed": 1,
        "player": 0,
        "position": {"current": 0, "phase": "play", "hands": [["H4"], ["W7"]]},
        "solutions": [["play:H4"]],
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"goal": "draw"}, "goal must be one of"),
        ({"solutions": []}, "at least one known solution"),
        ({"player": 2}, "is not a seat"),
        ({"opponents": {}}, "unknown keys ['opponents']"),
        ({"opponent": {"fallback": "random"}}, "fallback must be one of"),
        ({"opponent": {"replies": "pass"}}, "must be a list of action ids"),
    ],
)
def test_a_malformed_puzzle_is_refused_in_words(changes: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_puzzle(_data(**changes), "chrono/test")


def test_a_minimal_puzzle_plays(tmp_path: Path) -> None:
    path = tmp_path / "mini.toml"
    path.write_text(
        'game = "chrono"\ntitle = "Mini"\ngoal = "win"\nplayers = 2\nseed = 1\nplayer = 0\n'
        'solutions = [["play:H4"]]\n[position]\ncurrent = 0\nphase = "play"\n'
        'hands = [["H4"], ["W7"]]\n',
        encoding="utf-8",
    )
    puzzle = load_file(path, "chrono")
    assert puzzle.id == "chrono/mini"
    assert judge(puzzle, ["play:H4"]).solved
    with pytest.raises(ConfigError, match="in 'afrika'"):
        load_file(path, "afrika")


def test_a_game_without_a_puzzle_folder_has_none() -> None:
    assert bundled("nosuchgame") == ()
    with pytest.raises(ConfigError, match="no puzzle"):
        find("chrono/99_missing")
