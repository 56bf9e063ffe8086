"""Chronomagia's bundled puzzles (engines/chronomagia/puzzles/*.toml) before the game is listed in
``engines.games.GAMES``: the checks of tests/engines/test_bundled_puzzles.py (known solutions
solve, passing and the first legal move do not, no listed wrong start can be completed, a run
rebuilt from its moves is the same run), and that each puzzle's words match its position, since
the player reads the text before the board.

``PuzzleRun`` finds a game's engine through ``engines.games.game_spec``, which refuses a game that
is not declared; the fixture below declares Chronomagia for these tests only (once the lead
registers it, the fixture does nothing and test_bundled_puzzles covers the same ground).
"""

from __future__ import annotations

import re

import pytest

import engines.games
from engines.chronomagia.board import cost_of
from engines.chronomagia.cards import card
from engines.chronomagia.grammar import RES_EN
from engines.core import PlayerId
from engines.core.codec import dumps
from engines.core.puzzle import (
    Puzzle,
    PuzzleRun,
    bundled,
    find,
    first_chooser,
    judge,
    pass_chooser,
    play_out,
    puzzle_dir,
    solve,
)

GAME = "chronomagia"
PUZZLES = bundled(GAME)


@pytest.fixture(autouse=True)
def declared(monkeypatch: pytest.MonkeyPatch) -> None:
    if GAME not in engines.games.GAMES:
        monkeypatch.setattr(engines.games, "GAMES", (*engines.games.GAMES, GAME))


def test_there_are_at_least_five_and_each_names_its_file() -> None:
    assert len(PUZZLES) >= 5
    assert [p.id for p in PUZZLES] == sorted({p.id for p in PUZZLES})
    for p in PUZZLES:
        assert (puzzle_dir(GAME) / f"{p.id.partition('/')[2]}.toml").is_file()
        assert find(p.id) == p
        assert p.title and p.text and p.hint and p.wrong


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_known_solutions_solve(puzzle: Puzzle) -> None:
    for line in puzzle.solutions:
        verdict = judge(puzzle, line)
        assert verdict.solved, f"{line}: {verdict.reason}"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_passing_and_the_first_legal_move_do_not_solve(puzzle: Puzzle) -> None:
    passing = play_out(puzzle, pass_chooser)
    assert not passing.solved and not passing.reason.startswith("Undecided")
    assert not play_out(puzzle, first_chooser).solved


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_wrong_starts_cannot_be_saved(puzzle: Puzzle) -> None:
    for start in puzzle.wrong:
        PuzzleRun.replay(puzzle, start)  # raises if the start itself is not legal
        assert solve(puzzle, start, max_nodes=60_000) is None, f"{start} can still be completed"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_a_run_rebuilt_from_its_moves_is_the_same_run(puzzle: Puzzle) -> None:
    run = PuzzleRun(puzzle)
    for move in puzzle.solutions[0][:-1]:
        run.play(move)
    again = PuzzleRun.replay(puzzle, run.moves)
    assert dumps(again.state) == dumps(run.state)
    assert again.log == run.log and again.to_act == run.to_act


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_the_search_finds_a_solution_within_its_budget(puzzle: Puzzle) -> None:
    """What `cardhost puzzle solve` does for an author; small enough to search in full."""
    line = solve(puzzle, max_nodes=20_000)
    assert line is not None and judge(puzzle, line).solved


def test_the_shadow_that_stays_down_saves_nobody() -> None:
    ambush = find(f"{GAME}/03_ambush_at_dusk")
    assert judge(ambush, ["play:T037", "shadow:S01", "end", "stay:1"]).reason == "You lost the game."
    assert judge(ambush, ["play:T006", "shadow:S01", "end", "flip:1"]).reason == "You lost the game."


# ---------------------------------------------------------------- the words match the position

_RES = "|".join(sorted((re.escape(w) for w in RES_EN.values()), key=len, reverse=True))
_AMOUNT = re.compile(rf"^(\d+) ({_RES})$")
_WILLPOWER = re.compile(r"^Willpower (\d+)$")


def _described(text: str, name: str) -> list[str]:
    """What follows each "<name> (" in the text, up to the first ';' or ')'."""
    return [m.group(1) for m in re.finditer(re.escape(name) + r" \(([^;)]*)", text)]


def _amounts(words: str) -> tuple[dict[str, int], int | None]:
    """ "3 Attack, 3 Defense, Willpower 5" -> ({"attack": 3, "defense": 3}, 5)."""
    res: dict[str, int] = {}
    will = None
    by_word = {w: r for r, w in RES_EN.items()}
    for part in (p.strip() for p in words.split(",")):
        if m := _AMOUNT.match(part):
            res[by_word[m.group(2)]] = int(m.group(1))
        elif m := _WILLPOWER.match(part):
            will = int(m.group(1))
    return res, will


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_the_text_matches_the_position(puzzle: Puzzle) -> None:
    """Everything the solver sees that the text speaks of is as the text says: the Time marker,
    Life, Armor, the Location, the opponent's Defense, the Pool, the Hero's counters, every card in
    hand (with its cost) and every permanent (with what it produces now)."""
    run = PuzzleRun(puzzle)
    me = puzzle.player
    view = run.engine.view(run.state, PlayerId(me))
    text = puzzle.text
    mine, theirs = view.seats[me], view.seats[1 - me]
    assert f"position {view.time} (Epoch {view.epoch}, Century {view.century})" in text
    assert f"{theirs.life} Life" in text
    if puzzle.goal == "survive":
        assert f"{mine.life} Life" in text and ("no Armor" if not mine.hero.armor else "Armor") in text
    else:
        assert ("no Armor" if not theirs.hero.armor else f"{theirs.hero.armor} Armor") in text
        assert f"{dict(theirs.production).get('defense', 0)} Defense" in text
    locations = [f for f in theirs.field if f.kind == "location"]
    if puzzle.goal == "win" and not locations:
        assert "no Location" in text
    for loc in locations:
        assert f"{card(loc.card).name}" in text
        assert f"{loc.counters} counter{'s' * (loc.counters != 1)} left" in text
    if mine.pool_count:
        assert re.search(rf"Pool holds (exactly )?{mine.pool_count}\b", text)
    hero = card(mine.hero.card).name.split(",")[0]
    assert hero in text
    assert ("no counters" if not mine.hero.counters else f"{mine.hero.counters} counters") in text
    if not view.hand:
        assert "hand is empty" in text
    for cid in view.hand:
        c = card(cid)
        assert c.name in text, f"{c.name} is in hand but not in the text"
        if c.kind != "shadow":
            costs = [d.split(":")[0].strip() for d in _described(text, c.name)]
            assert f"{cost_of(run.state, me, cid)} Concentration" in costs, (c.name, costs)
    for seat in view.seats:
        for perm in seat.field:
            name = card(perm.card).name
            told = [_amounts(d) for d in _described(text, name)]
            assert told, f"{name} is on the battlefield but not described in the text"
            now = dict(perm.resources or ())
            assert any(res == now and will in (None, perm.willpower) for res, will in told), (
                f"{name}: the text says {told}, the position {now} (Willpower {perm.willpower})"
            )
        assert not seat.shadows or "face down" in text or "face-down" in text
