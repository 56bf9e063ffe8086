"""docs/adding-a-game.md, followed: a game made of the modules it lists plays through the bot.

``tests/bot/plugin_game/`` holds High Card, a fixture game written to the doc as a game kept
outside the repository: an engine package (point 1), a renderer (2), a table (3), its Russian words
(5), scenario files (6), a rules page citing them (10) and bundled puzzles (12), the last three where
its ``GameSpec`` declares them; it has no decks, so no pool module. The test adds those folders to the ``engines``, ``render`` and ``bot.presenters``
packages and adds the one registration line (the name in ``engines.games.GAMES``). Then, with no
other change, the game must pass the declaration checks and the conformance contract, appear in
``/play``, play to the end in a thread with hands by DM, and its puzzles must pass the checks every
bundled puzzle passes and play through ``/puzzle``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.presenters
import engines
import engines.games
import render
from bot.presenters.registry import entry, override
from engines.core import ConfigError, MatchConfig, Rng, replay
from engines.core.scenario import run_file
from tests.bot.table import game_thread, make_table, move_ids, panel_message

HERE = Path(__file__).parent / "plugin_game"


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from engines.core import puzzle

    monkeypatch.setattr(puzzle, "_BUNDLED", {})  # High Card's puzzles are read while it is declared
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(HERE / "engines")])
    monkeypatch.setattr(render, "__path__", [*render.__path__, str(HERE / "render")])
    monkeypatch.setattr(
        bot.presenters, "__path__", [*bot.presenters.__path__, str(HERE / "bot" / "presenters")]
    )
    engines.games.register("highcard")  # as the one line in engines.games.GAMES would
    yield
    engines.games.unregister("highcard")  # with its registry entry: table, renderers, describer
    with pytest.raises(ConfigError):
        entry("highcard")


def test_the_fixture_is_what_the_doc_lists(highcard: None) -> None:
    from tests.test_docs import check_rules_summary_cites_scenarios

    modules = sorted(p.relative_to(HERE).as_posix() for p in HERE.rglob("*.py"))
    assert modules == ["bot/presenters/highcard.py", "engines/highcard/__init__.py", "render/highcard.py"]
    doc = (Path(__file__).parents[2] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for listed in ("engines/spirit/", "render/spirit.py", "bot/presenters/spirit.py", "engines/games.py"):
        assert listed in doc
    # every per-game requirement the suite enforces is in the doc, with the test that enforces it
    for demanded, test in (
        ("docs/rules/spirit.md", "tests/test_docs.py"),
        ("README.md", "test_every_game_has_a_rules_summary_linked_from_the_readme"),
        ("engines/spirit/puzzles/", "tests/engines/test_bundled_puzzles.py"),
        ("GameSpec.translations", "tests/bot/test_translations.py"),
        ("tests/scenarios/spirit/", "test_every_game_has_scenario_files"),
    ):
        assert demanded in doc and test in doc, demanded
    # the points High Card meets, where it declares they are (GameSpec.scenarios, .rules_page, .puzzles)
    spec = engines.games.game_spec("highcard")
    assert spec.scenario_dir == HERE / "scenarios" / "highcard"
    assert spec.rules_path == HERE / "rules" / "highcard.md"
    assert spec.puzzle_dir == HERE / "puzzles" / "highcard"  # 12, checked below
    for point in ("GameSpec.scenarios", "GameSpec.rules_page", "GameSpec.puzzles"):
        assert point in doc, point
    followed = doc.split("## The doc, followed", 1)[1]  # what the doc says High Card declares
    assert all(f"`{key}=`" in followed for key in ("scenarios", "rules_page", "puzzles")), followed
    for path in sorted(spec.scenario_dir.glob("*.toml")):  # 6: scenario files, each passing
        result = run_file(path)
        assert result.ok, f"{path.name}: {result.detail}"
    check_rules_summary_cites_scenarios(spec)  # 10: a rules page citing them


def test_declared_game_keeps_every_contract(highcard: None) -> None:
    from tests.test_game_declarations import (
        test_every_game_declares_its_own_words,
        test_every_game_draws_its_board_and_hands,
        test_every_game_has_an_ai_that_moves,
        test_games_with_decks_have_legal_starters,
        test_the_declarations_agree,
    )

    spec = engines.games.game_spec("highcard")
    table = entry("highcard").table
    for check in (
        test_the_declarations_agree,
        test_every_game_has_an_ai_that_moves,
        test_every_game_draws_its_board_and_hands,
        test_games_with_decks_have_legal_starters,
        test_every_game_declares_its_own_words,
    ):
        check((spec, table))
    assert [g.name for g in engines.games.all_games()][-1] == "highcard"
    result = run_file(HERE / "scenarios" / "highcard" / "more_tricks_wins.toml")
    assert result.ok, result.detail


def test_conformance_playouts(highcard: None) -> None:
    from tests.engines.test_conformance import _check_concede, _playout, check_hidden_refusals

    spec = engines.games.game_spec("highcard")
    assert spec.hidden_probes is not None, "the doc says a game declares its hidden_probes"
    cfg = MatchConfig(players=2)
    for seed in range(20):
        final, log, states = _playout(spec, cfg, seed)
        assert spec.engine.outcome(final) is not None
        assert replay(spec.engine, cfg, seed, log) == final
        _check_concede(spec, cfg, seed, log)
        for state in states[:-1]:
            for seat in spec.engine.current_players(state):
                assert check_hidden_refusals(spec, state, seat, seed) > 0


async def test_it_plays_through_the_bot(highcard: None, simcord_env: Any) -> None:
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    play = simcord_env.bot.tree.get_command("play")
    highcard = play.get_command("highcard")
    assert highcard is not None, "a declared game is a /play subcommand"
    assert [p.name for p in highcard.parameters] == ["seats", "ai", "turn_seconds"], "a lobby game's options"
    await alice.slash(t.channel, "play highcard")
    lobby = t.channel.last_message
    assert "High Card" in lobby.embeds[0].title
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    thread = game_thread(t)
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert live.game == "highcard"
    rng = Rng.from_seed(3)
    for _ in range(6):
        seat = sorted(live.current)[0]
        member = (alice, bob)[seat]
        panel = panel_message(member, live.id)
        assert "Your hand" in panel.content
        ids = move_ids(panel)
        assert ids, "the player to move has move buttons"
        await member.user.click(panel, custom_id=rng.choice(ids))
    assert not live.active and live.outcome is not None
    assert any("Final ranking" in m.content for m in thread.history())
    assert all("**Your hand**" not in m.content for m in thread.history()), "hands stay in DMs"


def test_a_declared_puzzle_folder_is_where_puzzles_are_found(
    highcard: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 12 for a game outside the repository: ``GameSpec.puzzles`` names the folder."""
    import dataclasses

    from engines.core import puzzle

    assert puzzle.puzzle_dir("highcard") == engines.games.game_spec("highcard").puzzle_dir
    (tmp_path / "lay_high.toml").write_text(
        'game = "highcard"\ntitle = "Lay high"\ngoal = "win"\nplayers = 2\nseed = 1\nplayer = 0\n'
        'solutions = [["lay:9"]]\n[position]\nhands = [[9], [1]]\ntricks = [1, 1]\n',
        encoding="utf-8",
    )
    declared = dataclasses.replace(engines.games.game_spec("highcard"), puzzles=tmp_path)
    monkeypatch.setattr(puzzle, "_BUNDLED", {})
    with override("highcard", spec=declared):
        assert puzzle.puzzle_dir("highcard") == tmp_path
        assert [p.id for p in puzzle.bundled("highcard")] == ["highcard/lay_high"]
        assert entry("highcard").table.game is declared, "the game's table serves the changed declaration"


def test_its_puzzles_pass_every_bundled_puzzles_checks(highcard: None) -> None:
    """Point 12: the checks ``tests/engines/test_bundled_puzzles.py`` makes of the repository's
    games (it lists them when it is collected, before High Card is declared), made of the puzzles
    in the folder High Card declares: at least 5, ids naming their files, each known solution
    solving it, passing or the first legal move every time not, each wrong start lost whatever
    follows (the search proves it), and a run rebuilt from its stored moves the same run."""
    from engines.core.puzzle import bundled, find, puzzle_dir
    from tests.engines import test_bundled_puzzles as checks

    puzzles = bundled("highcard")
    assert len(puzzles) >= 5, "at least 5 bundled puzzles (docs/adding-a-game.md, point 12)"
    assert puzzle_dir("highcard") == HERE / "puzzles" / "highcard"
    assert len({p.id for p in puzzles}) == len(puzzles)
    for p in puzzles:
        assert (HERE / "puzzles" / "highcard" / f"{p.id.partition('/')[2]}.toml").is_file()
        assert find(p.id) == p
        checks.test_known_solutions_solve(p)
        checks.test_passing_does_not_solve(p)
        checks.test_the_first_legal_move_every_time_does_not_solve(p)
        checks.test_wrong_starts_cannot_be_saved(p)
        checks.test_a_run_rebuilt_from_its_moves_is_the_same_run(p)


async def test_its_puzzles_play_through_the_bot(highcard: None, simcord_env: Any) -> None:
    """``/puzzle game: highcard`` while High Card is declared: each of its puzzles on its day,
    solved by clicks on the DM panel; a wrong start is judged lost."""
    from datetime import timedelta

    from bot.services.puzzles import puzzle_of
    from engines.core.puzzle import bundled
    from tests.bot.test_puzzles import DAY, _panel, _today, play_line

    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    days = {}
    for offset in range(len(bundled("highcard"))):
        day = DAY + timedelta(days=offset)
        _today(simcord_env, day)
        puzzle = puzzle_of("highcard", day)
        days[puzzle.id] = day
        await alice.slash(t.channel, "puzzle", game="highcard")
        assert f"High Card: {puzzle.title}**" in _panel(alice).content
        await play_line(alice, puzzle.solutions[0])
        assert "✅ **Solved!**" in _panel(alice).content, (puzzle.id, _panel(alice).content)
    assert len(days) == len(bundled("highcard")), "one puzzle a day, each in turn"
    _today(simcord_env, days["highcard/01_not_the_low_one"])
    await bob.slash(t.channel, "puzzle", game="highcard")
    await play_line(bob, ["lay:5", "lay:7", "lay:8"])  # the low lead: their 6 takes it, then the 9
    assert "❌ **Not solved.** You lost the game." in _panel(bob).content
