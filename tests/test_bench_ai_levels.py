"""The AI level bench (issue #37 item 1): its figures do not depend on how many processes play
the games, its confidence interval is the one its docstring names, its command line keeps the
old words, and its figures survive in bench/results.json (its own runs and ``python -m bench``
merge into the file instead of replacing it). No timing is asserted."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bench.__main__ as bench_main
from bench import ai_levels
from bench.ai_levels import NO_CAP, Duel, confidence, merge, parse, summarise
from bench.core import Bench, Context, Figure
from engines.games import game_spec

SAME_WHATEVER_THE_JOBS = ("games", "score", "ci_low", "ci_high", "wins", "draws", "losses", "mean_place")


def test_a_run_is_the_same_on_one_process_or_two() -> None:
    settings = replace(game_spec("alchemy").search, rounds=3, seconds=NO_CAP)
    duel = Duel("alchemy", 2, "normal", "hard", settings)
    one = ai_levels.run(duel, games=2, jobs=1)
    two = ai_levels.run(duel, games=2, jobs=2)
    for key in (*SAME_WHATEVER_THE_JOBS, "moves", "decisions", "mean_rounds", "rounds"):
        assert one[key] == two[key], key
    assert one["games"] == 2 and one["wins"] + one["draws"] + one["losses"] == 2
    assert one["rounds"] == 3 and one["mean_rounds"] == 3, (
        "every decision with a choice searched its 3 rounds"
    )
    assert one["seconds_cap"] is None, "a rounds-bound bench search has no seconds cap"


def _games(scores: list[float], places: list[float] | None = None) -> list[dict[str, Any]]:
    places = places or [1.0 if s == 1 else 2.0 for s in scores]
    return [
        {"game": g, "score": s, "place": p, "times": [0.5], "rounds": [7], "moves": 10}
        for g, (s, p) in enumerate(zip(scores, places, strict=True))
    ]


def test_the_interval_is_the_normal_approximation_on_the_per_game_scores() -> None:
    scores = [1.0] * 120 + [0.5] * 20 + [0.0] * 60
    m, low, high = confidence(scores)
    assert m == pytest.approx(0.65)
    sd = math.sqrt(sum((x - 0.65) ** 2 for x in scores) / 199)
    assert high - m == pytest.approx(1.959964 * sd / math.sqrt(200), rel=1e-6)
    assert m - low == pytest.approx(high - m)
    r = summarise(Duel("spirit", 2, "normal", "hard", None), _games(scores), 12.0, 2)
    assert (r["wins"], r["draws"], r["losses"]) == (120, 20, 60)
    assert (r["score"], r["ci_low"], r["ci_high"]) == (m, low, high)
    assert confidence([1.0, 1.0, 1.0]) == (1.0, 1.0, 1.0)
    assert confidence([0.0, 0.0, 1.0])[1] == 0.0, "clipped to [0, 1]"


def test_a_table_seat_is_measured_against_its_even_share() -> None:
    r = summarise(Duel("chrono", 6, "normal", "hard", None), _games([1.0, 0.0, 0.5], [1.0, 4.0, 1.5]), 1.0, 1)
    assert r["even"] == pytest.approx(1 / 6)
    assert r["score"] == pytest.approx(0.5) and r["mean_place"] == pytest.approx(6.5 / 3)
    assert "against 16.7% (normal seats' even share)" in ai_levels.describe(r)


def test_the_old_command_words_still_work() -> None:
    a = parse(["afrika", "20", "r40", "2", "easy"])
    assert (a.games, a.count, a.rounds, a.players, a.pairings) == (["afrika"], 20, 40, 2, ("easy",))
    b = parse(["spirit", "40", "0.3"])
    assert (b.seconds, b.rounds, b.pairings) == (0.3, None, ("hard",))
    assert ai_levels.settings_for("spirit", b).rounds >= 10**6, "seconds, not rounds, bound the old way"
    c = parse(["all", "200", "both", "jobs=2", "calibrate=0", "out=-"])
    assert c.games == ["afrika", "spirit", "alchemy", "chronomagia", "chrono"]
    assert (c.count, c.pairings, c.jobs, c.positions, c.out) == (200, ("hard", "easy"), 2, 0, None)
    own = ai_levels.settings_for("alchemy", parse(["alchemy"]))
    assert own.rounds == game_spec("alchemy").search.rounds and own.seconds == NO_CAP


def test_figures_merge_into_the_results_file(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    out.write_text(json.dumps({"figures": {"x": 1}, "hard_vs_normal": {"afrika": {"score": 0.6}}}))
    merge(out, "hard_vs_normal", "alchemy", {"score": 0.7})
    merge(out, "normal_vs_easy", "alchemy", {"score": 0.9})
    data = json.loads(out.read_text())
    assert data["figures"] == {"x": 1}
    assert data["hard_vs_normal"] == {"afrika": {"score": 0.6}, "alchemy": {"score": 0.7}}
    assert data["normal_vs_easy"] == {"alchemy": {"score": 0.9}}


def run(ctx: Context) -> list[Figure]:
    """A bench of one figure, for the test below (registered under this module's name)."""
    return [Figure("tiny.figure", "a figure", 1.0, "n")]


def test_python_m_bench_keeps_the_ai_level_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "results.json"
    kept = {"alchemy": {"score": 0.7, "games": 200}}
    out.write_text(
        json.dumps({"figures": {"old.figure": {}}, "hard_vs_normal": kept, "hard_calibration": {"x": 1}})
    )
    monkeypatch.setattr(bench_main, "REGISTRY", {"tiny": Bench("tiny", 37, "one figure", __name__)})
    assert bench_main.run(["--only", "tiny", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert list(data["figures"]) == ["tiny.figure"], "the benches' own figures are written anew"
    assert data["hard_vs_normal"] == kept and data["hard_calibration"] == {"x": 1}


def test_z_width_and_turns_change_the_search_and_are_recorded() -> None:
    args = parse(["spirit", "10", "r16", "z=1.64", "width=4", "turns=3", "out=-"])
    s = ai_levels.settings_for("spirit", args)
    assert (s.rounds, s.confidence, s.width, s.turns) == (16, 1.64, 4, 3)
    assert s.focus is game_spec("spirit").search.focus, "the rest is the game's own search"
    r = summarise(Duel("spirit", 2, "normal", "hard", s), _games([1.0, 0.0]), 1.0, 1)
    assert (r["confidence"], r["width"], r["turns"]) == (1.64, 4, 3) and "z 1.64" in ai_levels.describe(r)


def test_random_measures_normal_against_uniformly_random_moves() -> None:
    args = parse(["chrono", "4", "random", "out=-"])
    assert args.pairings == ("random",) and ai_levels.PAIRINGS["random"] == ("random", "normal")
    r = ai_levels.run(Duel("chrono", 3, "random", "normal", None), games=4, jobs=1)
    assert r["games"] == 4 and r["weaker"] == "random" and r["stronger"] == "normal"
    assert ai_levels.KEYS[("random", "normal")] == "normal_vs_random"
