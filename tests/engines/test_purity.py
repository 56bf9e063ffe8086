"""engines/ is pure rules: it must never reach for Discord, storage, images, asyncio or the bot."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "bot", "render", "random"}
ENGINES = Path(__file__).resolve().parents[2] / "engines"


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engines_import_nothing_impure() -> None:
    files = sorted(ENGINES.rglob("*.py"))
    assert files, "engines/ has no Python files"
    offenders = {
        str(f.relative_to(ENGINES)): sorted(_imported_roots(f) & FORBIDDEN)
        for f in files
        if _imported_roots(f) & FORBIDDEN
    }
    assert offenders == {}


def test_purity_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom PIL import Image\nimport random\n")
    assert _imported_roots(bad) & FORBIDDEN == {"discord", "PIL", "random"}
