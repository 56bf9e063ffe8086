"""The bundled puzzles ship in the distribution: a plain ``pip install .`` has every puzzle file
the checkout has (they are package data beside each game's engine, ``engines/<game>/puzzles/``)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from engines.core.puzzle import puzzle_dir
from engines.games import GAMES
from tests.test_wheel_install import ROOT, _build_wheel


def test_the_wheel_carries_every_bundled_puzzle(tmp_path: Path) -> None:
    wanted = {
        path.relative_to(ROOT).as_posix()
        for game in GAMES
        for path in sorted(puzzle_dir(game).glob("*.toml"))
    }
    assert len(wanted) >= 35
    names = set(zipfile.ZipFile(_build_wheel(tmp_path)).namelist())
    assert wanted <= names, sorted(wanted - names)
