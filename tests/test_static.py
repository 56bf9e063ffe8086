"""Static checks as tests, so the one test command also keeps the typed packages typed (mypy
--strict as configured in pyproject.toml) and the tree linted."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    exe = Path(sys.executable).with_name(name)
    found = str(exe) if exe.exists() else shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: install the test extras (pip install -e '.[test]')")
    return found


def test_mypy_strict_on_engines_render_and_bot() -> None:
    """The pyproject config: engines/, render/ and every module of bot/."""
    result = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint() -> None:
    paths = ["engines", "bot", "render", "tests", "bench"]
    result = subprocess.run([_tool("ruff"), "check", *paths], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
