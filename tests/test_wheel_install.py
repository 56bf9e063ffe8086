"""A regular (non-editable) install runs the bot: build the wheel, install it into a fresh venv,
start ``cardhost`` with no token on an empty database, and load the sandbox page.

The editable install the tests normally run from finds every file in the checkout, so it cannot
show that something the bot reads at run time (the migrations, card files, fonts) was left out of
the distribution. The fresh venv borrows this environment's third-party packages through a
``.pth`` line (no network, seconds instead of minutes); cardhost itself comes only from the wheel,
which the test checks by asking the venv where each top-level package was imported from.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import sysconfig
import threading
import urllib.request
import venv
from pathlib import Path

from bot.db.migrate import discover

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "engines", "render", "migrations")
"""The top-level packages the distribution ships (``[tool.setuptools.packages.find]``)."""


def _run(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """Run a command to completion; a failure shows its output."""
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}{result.stderr}"
    return result.stdout


def _build_wheel(tmp: Path) -> Path:
    # Built from a copy: an in-tree build leaves build/ and *.egg-info in the checkout, and a
    # stale build/lib would put deleted modules back into the next wheel.
    src = tmp / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.sqlite3*")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    out = tmp / "dist"
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", out, src)
    (wheel,) = out.glob("cardhost-*.whl")
    return wheel


def _fresh_venv(tmp: Path, wheel: Path) -> Path:
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # pip runs from this environment against the new interpreter; nothing is installed there yet,
    # so it cannot mistake the editable cardhost for the one being installed.
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel)
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip()
    # A plain path line: its directory joins sys.path, but its own .pth files (among them the
    # editable cardhost's import hook) are not run.
    (Path(site) / "_borrowed_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return env_dir


def _clean_env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARDHOST_", "DISCORD_", "PYTHON"))}
    env.update(CARDHOST_DB=str(db), CARDHOST_SANDBOX_PORT="0")
    return env


def test_the_built_wheel_runs_the_sandbox_on_an_empty_database(tmp_path: Path) -> None:
    env_dir = _fresh_venv(tmp_path, _build_wheel(tmp_path))
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    db = run_dir / "empty.sqlite3"
    env = _clean_env(db)

    names = ", ".join(PACKAGES)
    script = f"import {names}\nfor m in ({names}): print(m.__file__)"
    where = _run(bindir / "python", "-c", script, cwd=run_dir, env=env).split()
    assert len(where) == len(PACKAGES)
    for file in where:
        assert Path(file).resolve().is_relative_to(env_dir.resolve()), f"{file} is not from the wheel"
    # PostgreSQL's migration files (migrations/postgres/) are in the wheel too, one per version
    script = "from bot.db.migrate import discover_postgres; print(len(discover_postgres()))"
    assert _run(bindir / "python", "-c", script, cwd=run_dir, env=env).strip() == str(len(discover()))

    proc = subprocess.Popen(
        [str(bindir / "cardhost")],
        cwd=run_dir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []
    url: list[str] = []
    found = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if "Open http://127.0.0.1:" in line and not url:
                url.append(line.split("Open ", 1)[1].strip())
                found.set()
        found.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert found.wait(40) and url, "no sandbox URL printed:\n" + "".join(lines)
        with urllib.request.urlopen(url[0].split("#")[0], timeout=10) as page:
            assert page.status == 200
            assert b"SimCord Preview" in page.read()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        reader.join(5)
    assert proc.returncode == 0, "".join(lines)

    with sqlite3.connect(db) as c:
        versions = [r[0] for r in c.execute("SELECT version FROM schema_migrations ORDER BY version")]
        tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert versions == [m.version for m in discover()]
    assert {"matches", "match_actions", "lobbies", "players"} <= tables
