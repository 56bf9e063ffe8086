"""The database drivers stay inside bot/db (issue 36 item 6): code outside it catches the typed
storage errors of bot/db/errors.py, which both backends raise, and never a driver's own. An
import of ``sqlite3``, ``aiosqlite`` or ``asyncpg`` anywhere else in bot/ (at module level, in a
function or under ``TYPE_CHECKING``: read with ast) would let a caller catch one backend's
exception and miss the other's."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRIVERS = frozenset({"sqlite3", "aiosqlite", "asyncpg"})


def driver_imports(source: str) -> list[str]:
    """The driver modules a Python source imports (``import x``, ``from x[.y] import z``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [n for n in names if n.split(".")[0] in DRIVERS]
    return found


def test_the_check_sees_every_spelling() -> None:
    source = (
        "import sqlite3\nimport asyncpg.exceptions as e\nfrom aiosqlite import Row\n"
        "def f():\n    from asyncpg import UniqueViolationError\nimport sqlite3x\nfrom . import asyncpg\n"
    )
    assert driver_imports(source) == ["sqlite3", "asyncpg.exceptions", "aiosqlite", "asyncpg"]


def test_no_driver_is_imported_outside_bot_db() -> None:
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if (ROOT / "bot" / "db") not in path.parents
        and (found := driver_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}, (
        "catch bot.db.errors.StorageError (Conflict, StaleSeq, Unavailable, Full, ReadOnly) and name "
        f"bot.db.database.Connection instead: {offenders}"
    )
