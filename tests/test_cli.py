"""The command line: simulate writes boards and a log that replay reproduces; scenarios exit non-zero on a mismatch."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from engines.games import game_spec

ROOT = Path(__file__).resolve().parents[1]


def test_simulate_then_replay_matches(tmp_path: Path, capsys) -> None:
    out = tmp_path / "game"
    assert main(["simulate", "chrono", "--players", "4", "--seed", "5", "--out", str(out)]) == 0
    log = json.loads((out / "log.json").read_text())
    assert log["game"] == "chrono" and log["seed"] == 5 and log["actions"]
    boards = sorted(out.glob("board_*.png"))
    assert len(boards) == len(log["boards"]) > 5
    with Image.open(boards[-1]) as img:
        # the board is drawn for Discord's inline width: 800 px (#34 item 5)
        assert img.width >= 700 and len(img.getcolors(1 << 16) or []) > 20
    capsys.readouterr()
    assert main(["replay", str(out / "log.json"), "--out", str(tmp_path / "again")]) == 0
    n = len(log["actions"])
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"The replay matches the log: {n} actions, same final state."
    )


def test_replay_detects_a_tampered_log(tmp_path: Path, capsys) -> None:
    out = tmp_path / "game"
    main(["simulate", "chrono", "--players", "3", "--seed", "9", "--out", str(out)])
    log = json.loads((out / "log.json").read_text())
    log["final_state_sha256"] = "0" * 64
    (out / "log.json").write_text(json.dumps(log))
    capsys.readouterr()
    assert main(["replay", str(out / "log.json")]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        "The replay does not match the log: final state differs from the one recorded in the log."
    )


def test_replay_names_the_action_it_refuses(tmp_path: Path, capsys) -> None:
    out = tmp_path / "game"
    main(["simulate", "chrono", "--players", "3", "--seed", "9", "--out", str(out)])
    log = json.loads((out / "log.json").read_text())
    log["actions"][4] = [log["actions"][4][0], "play:Z99"]
    (out / "log.json").write_text(json.dumps(log))
    capsys.readouterr()
    assert main(["replay", str(out / "log.json")]) == 1
    verdict = capsys.readouterr().out.splitlines()[-1]
    assert verdict.startswith("The replay does not match the log: action 5 of ")
    assert "AI " in verdict and "play:Z99" in verdict and "was refused" in verdict


def test_simulate_help_lists_the_games_and_names_players_as_the_boards_do(capsys) -> None:
    from engines.games import GAMES

    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    shown = capsys.readouterr().out
    for game in GAMES:
        assert game in shown
    assert main(["simulate", "afrika", "--seed", "7"]) == 0
    result = capsys.readouterr().out.splitlines()[1]
    assert result.startswith("result: AI ") and not re.search(r"\bP\d\b", result), result


def test_scenario_command_reports_a_failing_file(tmp_path: Path, capsys) -> None:
    good = sorted((ROOT / "tests" / "scenarios" / "chrono").glob("*.toml"))[0]
    assert main(["scenario", "run", str(good)]) == 0
    bad = tmp_path / "bad.toml"
    text = good.read_text()
    bad.write_text(
        text + '\n[[step]]\nplayer = 0\naction = "play:H99"\nerror = "this text is not in the message"\n'
    )
    assert main(["scenario", "run", str(bad)]) != 0
    printed = capsys.readouterr().out
    assert "FAIL" in printed


def test_cards_lists_and_draws_any_game_with_card_images(tmp_path: Path) -> None:
    """``cardhost cards --game alchemy``: its cards listed, and contact sheets of their images."""
    import subprocess
    import sys

    listed = subprocess.run(
        [sys.executable, "-m", "bot.cli", "cards", "--game", "alchemy"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Blaze" in listed.stdout and "Magnum Opus" in listed.stdout
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.cli",
            "cards",
            "--game",
            "alchemy",
            "--sheet",
            str(tmp_path),
            "--per-page",
            "40",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    pages = sorted(tmp_path.glob("alchemy-sheet-*.png"))
    assert pages and f"{len(pages)} page(s) written" in made.stdout


def test_cards_lists_a_game_with_its_own_sheet_from_its_pool(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardhost cards --game chronomagia`` (a game with its own contact sheet) lists its own cards,
    every one; Afrika's listing keeps to the set asked for (and the basics)."""
    assert main(["cards", "--game", "chronomagia"]) == 0
    listed = capsys.readouterr().out
    assert "Goblin Arsonist" in listed and "Diamond Terrain" not in listed
    assert len(listed.splitlines()) == len(game_spec("chronomagia").deck_pool().cards)  # type: ignore[misc]
    assert main(["cards", "--game", "afrika", "--set", "LC"]) == 0
    afrika = capsys.readouterr().out.splitlines()
    assert afrika and all(line.startswith(("LC", "LB")) for line in afrika), afrika[:3]


def test_simulate_plays_star_lords_and_refuses_a_duel_of_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cardhost simulate afrika --players 3`` plays a Star Lords table (the variant for more than
    two) and draws its boards; asking for a three-player duel is refused in words, not a traceback."""
    assert main(["simulate", "afrika", "--players", "3", "--seed", "4", "--out", str(tmp_path / "sl")]) == 0
    out = capsys.readouterr().out
    assert "afrika: 3 players" in out and "result:" in out
    board = Image.open(sorted((tmp_path / "sl").glob("board_*.png"))[-1])
    assert board.width <= 1600
    code = main(
        ["simulate", "afrika", "--players", "3", "--option", 'variant="duel"', "--out", str(tmp_path / "d")]
    )
    assert code == 2
    assert capsys.readouterr().out.strip() == "error: Chronicles of Afrika's Duel is played by 2 players."


@pytest.mark.parametrize(
    ("variant", "players", "rifts", "winners"),
    [
        ("allied", 4, True, r"(AI 1 and AI 2|AI 3 and AI 4) win: "),
        ("overlord", 5, False, r"(AI 1 wins|AI 2, AI 3, AI 4 and AI 5 win): "),
    ],
)
def test_simulate_plays_each_team_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, players: int, rifts: bool, winners: str
) -> None:
    """``--variant`` and ``--rifts`` play a team game to its end (the team's result in words) and
    draw its boards within 1600 px; a game without the option refuses it in words."""
    args = [
        "simulate",
        "afrika",
        "--variant",
        variant,
        "--players",
        str(players),
        "--seed",
        "3" if rifts else "2",
    ]
    assert main([*args, *(["--rifts"] if rifts else []), "--out", str(tmp_path / variant)]) == 0
    out = capsys.readouterr().out
    assert f"afrika: {players} players" in out and re.search(winners, out), out
    boards = sorted((tmp_path / variant).glob("board_*.png"))
    assert len(boards) > 5 and all(Image.open(b).width <= 1600 for b in boards)
    assert main(["simulate", "chrono", "--variant", "allied"]) == 2
    assert capsys.readouterr().out.strip() == "error: Epochs Chrono has no option 'variant'."
