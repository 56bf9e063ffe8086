"""Every statement of the repositories, prepared on both backends (#36 item 7).

The statements are collected from where they are written, so a new one is checked without being
listed here: each SQL string literal of the bot's modules, and each module-level value that is a
statement (a ``str``, an ``Sql`` with a text per backend, or a dict or tuple of them: statements
built at import time from constant pieces). Each is prepared, not run: on SQLite as ``EXPLAIN``
on a migrated file, on PostgreSQL with asyncpg's ``prepare`` on a migrated database (which
checks the names, the types and the parameters against the schema). A plain ``str`` must read on
both; an ``Sql``'s SQLite text on SQLite and its PostgreSQL text on PostgreSQL.

A statement put together inside a function (an f-string) is checked too when its holes are an
IN list (``marks``, ``in_list(n)``: one ``?`` stands for it) or module-level strings (a column
list). The others (a WHERE chosen by the caller, any table of an export) come from small pure
functions of their shape (``history.entries_sql(where)``, ``drafts.set_seat_sql(columns)``,
``transfer.dump_sql(table)``, ...), each declared in ``BUILT_AT_RUN_TIME`` with every shape it
can be given (each combination of the optional filters, each subset of the columns, each table
of the schema), and those statements are prepared like the others. A new one fails
``test_statements_built_at_run_time_are_the_listed_ones`` until its shapes are declared there.
"""

from __future__ import annotations

import ast
import importlib
import re
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.db import Database, cardstats, decks, drafts, history, puzzles, ratings, transfer
from bot.db.pgsql import numbered
from bot.db.sql import Sql

ROOT = Path(__file__).resolve().parents[2]
BACKEND_OWN = {
    "bot/db/migrate.py": "SQLite's migration runner (sqlite_master, PRAGMA)",
    "bot/db/postgres.py": "PostgreSQL's backend (advisory locks, its own version table)",
    "bot/db/pgsql.py": "PostgreSQL's functions",
    "bot/db/localpg.py": "the test server's administration",
}
"""Modules whose SQL is one backend's own by purpose, not a repository's."""
_SQL = re.compile(r"^\s*(SELECT\s|INSERT (OR \w+ )?INTO\s|UPDATE \w+ SET\s|DELETE FROM\s|WITH \w+ AS\b)")
"""The start of a statement (case-sensitive: the bot's SQL is upper case, its English is not)."""
_TEMPLATE = re.compile(r"\{[a-z_]+\}")


@dataclass(frozen=True)
class Found:
    where: str
    sql: str


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "bot").rglob("*.py") if str(p.relative_to(ROOT)) not in BACKEND_OWN)


def _is_statement(value: object) -> bool:
    return isinstance(value, str) and bool(_SQL.match(value)) and not _TEMPLATE.search(value)


def literal_statements() -> list[Found]:
    """Each SQL string literal (not a piece of an f-string) of the bot's modules."""
    found: list[Found] = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        pieces = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and id(node) not in pieces and _is_statement(node.value):
                found.append(Found(f"{path.relative_to(ROOT)}:{node.lineno}", str(node.value)))
    return found


def declared_statements() -> list[Found]:
    """Each module-level statement value of the storage modules (built at import time)."""
    found: list[Found] = []
    for path in _modules():
        if path.parent != ROOT / "bot" / "db":
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for attr, value in vars(importlib.import_module(name)).items():
            values = list(value.values()) if isinstance(value, dict) else value
            for v in values if isinstance(values, (list, tuple)) else [values]:
                if _is_statement(v):
                    found.append(Found(f"{name}.{attr}", v))
    return found


def _render(node: ast.JoinedStr, module: Any) -> str | None:
    """An f-string statement's text when each of its holes is an IN list (``marks``, ``in_list(...)``:
    one ``?`` stands for the list) or a module-level string (a column list); None otherwise."""
    text = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            text.append(str(value.value))
            continue
        hole = value.value if isinstance(value, ast.FormattedValue) else None
        is_list = isinstance(hole, ast.Name) and hole.id == "marks"
        is_list |= (
            isinstance(hole, ast.Call) and isinstance(hole.func, ast.Name) and hole.func.id == "in_list"
        )
        if is_list:
            text.append("?")
        elif isinstance(hole, ast.Name) and isinstance(getattr(module, hole.id, None), str):
            text.append(getattr(module, hole.id))
        else:
            return None
    return "".join(text)


def _sql_headed(node: ast.AST) -> bool:
    """A string expression that starts a statement: a literal, an f-string or a sum of them."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _sql_headed(node.left)
    head = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node
    return isinstance(head, ast.Constant) and isinstance(head.value, str) and bool(_SQL.match(head.value))


def _sql_names(function: ast.AST) -> set[str]:
    """The names a function gives a statement (``sql = "SELECT ..."``)."""
    return {
        target.id
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and _sql_headed(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def scan(source: str, path: str, module: Any) -> tuple[list[Found], set[str]]:
    """The f-string statements inside the functions of one module's ``source``: those ``_render``
    can write out, and ``path:function`` (``outer.inner`` for a nested one) of each of the others,
    and of each function that adds to a statement (``sql += " AND ..."``, ``sql + " ORDER BY ..."``)."""
    rendered: list[Found] = []
    others: set[str] = set()

    def grown(node: ast.AST, sql_names: set[str]) -> bool:
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            return isinstance(node.target, ast.Name) and node.target.id in sql_names
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left = node.left
            return _sql_headed(left) or (isinstance(left, ast.Name) and left.id in sql_names)
        return False

    def visit(node: ast.AST, path: str, module: Any, names: tuple[str, ...], sql_names: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, path, module, (*names, child.name), sql_names | _sql_names(child))
            elif names and grown(child, sql_names):
                others.add(f"{path}:{'.'.join(names)}")
            elif isinstance(child, ast.JoinedStr):
                head = child.values[0] if child.values else None
                if names and isinstance(head, ast.Constant) and _SQL.match(str(head.value)):
                    text = _render(child, module)
                    if text is None:
                        others.add(f"{path}:{'.'.join(names)}")
                    else:
                        rendered.append(Found(f"{path}:{child.lineno}", text))
            else:
                visit(child, path, module, names, sql_names)

    visit(ast.parse(source), path, module, (), set())
    return rendered, others


def run_time_statements() -> tuple[list[Found], set[str]]:
    """``scan`` of each of the bot's modules."""
    rendered: list[Found] = []
    others: set[str] = set()
    for path in _modules():
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name) if path.parent == ROOT / "bot" / "db" else None
        found, builders = scan(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), module)
        rendered += found
        others |= builders
    return rendered, others


def _each(build: Callable[..., Any], *choices: Iterable[Any]) -> list[Any]:
    """``build`` of every combination of one value of each of ``choices``."""
    return [build(*args) for args in product(*choices)]


BOTH = (False, True)
SCOPES = [where for where, _ in _each(ratings._scope, (None, 1), (None, "game"))]
"""Each WHERE of the rating tables' scope: everything, one server, one game, one board."""
FINISHED = [where for where, _ in _each(ratings.finished_where, (None, 1), (None, "game"))]
HISTORY = _each(history._where, BOTH, BOTH)
"""Each WHERE of a player's history: in one server or all, of one game or all."""
HISTORY_ONLY = _each(history._where, BOTH, BOTH, (None, 0, 2))
SEAT_COLUMNS = [c for n in range(1, 4) for c in combinations(drafts.SEAT_COLUMNS, n)]
TABLES = transfer.schema_of()

BUILT_AT_RUN_TIME: dict[str, Callable[[], list[Any]]] = {
    # helpers run at import time: their statements are the declared values
    "bot/db/cardstats.py:_spelled": lambda: list(cardstats.STATEMENTS.values()),
    "bot/db/puzzles.py:_day_entries": lambda: [puzzles._DAY_ENTRIES],
    "bot/db/puzzles.py:_top_solvers": lambda: list(puzzles._TOP_SOLVERS.values()),
    "bot/db/ratings.py:_rated_matches": lambda: [ratings._RATED_MATCHES],
    # a WHERE, a SET or a column chosen by the caller: each shape it can take
    "bot/db/decks.py:find_sql": lambda: _each(decks.find_sql, BOTH),
    "bot/db/drafts.py:clocks_sql": lambda: _each(drafts.clocks_sql, BOTH),
    "bot/db/drafts.py:pods_of_sql": lambda: _each(drafts.pods_of_sql, (0, 1, 2), BOTH),
    "bot/db/drafts.py:set_seat_sql": lambda: _each(drafts.set_seat_sql, SEAT_COLUMNS),
    "bot/db/drafts.py:set_status_sql": lambda: _each(drafts.set_status_sql, BOTH, (0, 1, 2)),
    "bot/db/history.py:entries_sql": lambda: _each(history.entries_sql, HISTORY_ONLY),
    "bot/db/history.py:items_sql": lambda: _each(history.items_sql, HISTORY),
    "bot/db/history.py:decks_used_sql": lambda: _each(history.decks_used_sql, BOTH),
    "bot/db/history.py:count_sql": lambda: _each(history.count_sql, HISTORY),
    "bot/db/history.py:item_count_sql": lambda: _each(history.item_count_sql, HISTORY),
    "bot/db/ratings.py:matches_sql": lambda: _each(ratings.matches_sql, [ratings.BY_ID, *FINISHED]),
    "bot/db/ratings.py:every_sql": lambda: _each(ratings.every_sql, ratings.EVERY, SCOPES),
    "bot/db/ratings.py:deletes_sql": lambda: _each(ratings.deletes_sql, SCOPES),
    "bot/db/ratings.py:leaderboard_sql": lambda: _each(ratings.leaderboard_sql, BOTH),
    # any table of the schema (export and import)
    "bot/db/transfer.py:count_sql": lambda: [transfer.count_sql(t.name) for t in TABLES],
    "bot/db/transfer.py:dump_sql": lambda: _each(transfer.dump_sql, TABLES),
    "bot/db/transfer.py:insert_sql": lambda: [transfer.insert_sql(t.name, t.columns) for t in TABLES],
}
"""Each function that builds a statement at run time, with every statement it can build (a
builder may give several statements at once: a tuple or list of them)."""


def built_statements() -> list[Found]:
    """Every statement of ``BUILT_AT_RUN_TIME``, named by its builder and its place in the list."""
    found: list[Found] = []
    for name, variants in BUILT_AT_RUN_TIME.items():
        made = variants()
        assert made, f"{name} declares no statement"
        for i, value in enumerate(made):
            for j, sql in enumerate(value if isinstance(value, (tuple, list)) else [value]):
                assert _is_statement(sql), f"{name} #{i}.{j} is not a statement: {sql!r}"
                found.append(Found(f"{name} #{i}.{j}", sql))
    return found


def _params(sql: str) -> Any:
    stmt = numbered(sql)
    if stmt.names is not None:
        return dict.fromkeys(stmt.names)
    return (None,) * len(set(re.findall(r"\$(\d+)", stmt.sql)))


def sqlite_problem(conn: sqlite3.Connection, sql: str) -> str | None:
    text = sql.sqlite if isinstance(sql, Sql) else sql
    try:
        conn.execute("EXPLAIN " + text, _params(text)).fetchall()
    except sqlite3.Error as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


async def postgres_problem(conn: asyncpg.Connection, sql: str) -> str | None:
    text = sql.postgres if isinstance(sql, Sql) else sql
    try:
        await conn.prepare(numbered(text).sql)
    except asyncpg.PostgresError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


async def problems(statements: list[Found], sqlite_file: Path, dsn: str) -> list[tuple[str, str, str]]:
    """(where, backend, its message) of each statement a backend refuses."""
    out: list[tuple[str, str, str]] = []
    lite = sqlite3.connect(sqlite_file)
    pg = await asyncpg.connect(dsn)
    try:
        for f in statements:
            for backend, problem in (
                ("SQLite", sqlite_problem(lite, f.sql)),
                ("PostgreSQL", await postgres_problem(pg, f.sql)),
            ):
                if problem is not None:
                    out.append((f.where, backend, f"{problem}:\n    {f.sql.strip()[:400]}"))
    finally:
        lite.close()
        await pg.close()
    return out


def _report(found: list[tuple[str, str, str]]) -> str:
    return "\n".join(f"{where}: {backend} refuses it ({message}" for where, backend, message in found)


@pytest.fixture
async def both(tmp_path: Path, pg_server: Any, pg_template: str) -> tuple[Path, str]:
    """A migrated SQLite file and a migrated PostgreSQL database."""
    path = tmp_path / "c.sqlite3"
    async with Database(path):
        pass
    return path, pg_server.new_database(pg_template)


async def test_every_statement_reads_on_both_backends(both: tuple[Path, str]) -> None:
    rendered, _ = run_time_statements()
    built = built_statements()
    statements = literal_statements() + declared_statements() + rendered + built
    assert len(statements) > 150 and len(rendered) > 5, "the collection found the repositories' statements"
    assert len(built) > 100 and len(TABLES) > 20, "each builder's shapes were made"
    assert any(isinstance(f.sql, Sql) for f in statements)
    found = await problems(statements, *both)
    assert not found, f"{len(found)} statements do not read on both backends:\n" + _report(found)


async def test_a_statement_in_one_backends_spelling_is_refused(both: tuple[Path, str]) -> None:
    one_sided = [
        Found("1", "INSERT OR REPLACE INTO ratings (guild_id, game, user_id) VALUES (?, ?, ?)"),
        Found("2", "SELECT json_extract(config, '$.teams') FROM matches"),
        Found("3", "SELECT id FROM puzzle_attempts WHERE guild_id IS ?"),
        Found("4", "SELECT GREATEST(created_at, ended_at) FROM matches"),
        Found("5", "SELECT cardhost_json_extract(config, '$.a') FROM matches"),
        Found("6", Sql("SELECT GREATEST(1, 2)", "SELECT MAX(1, 2)")),  # each half on the other backend
    ]
    found = await problems(one_sided, *both)
    assert [(where, backend) for where, backend, _ in found] == [
        ("1", "PostgreSQL"),
        ("2", "PostgreSQL"),
        ("3", "PostgreSQL"),
        ("4", "SQLite"),
        ("5", "SQLite"),
        ("6", "SQLite"),
        ("6", "PostgreSQL"),
    ], _report(found)
    good = [Found("both", Sql("SELECT MAX(1, 2)", "SELECT GREATEST(1, 2)")), Found("both", "SELECT ? + 1")]
    assert await problems(good, *both) == []


def test_statements_built_at_run_time_are_the_listed_ones() -> None:
    assert run_time_statements()[1] == set(BUILT_AT_RUN_TIME)


def test_a_statement_added_to_inside_a_function_needs_its_shapes_declared() -> None:
    source = """
def plain(conn):
    conn.execute("SELECT id FROM matches WHERE id = ?")

def listed(conn, ids):
    conn.execute(f"SELECT id FROM matches WHERE id IN ({in_list(len(ids))})")

def grown(conn, game):
    sql = "SELECT id FROM matches WHERE id = ?"
    if game:
        sql += " AND game = ?"
    conn.execute(sql)

def summed(conn, where):
    conn.execute("SELECT id FROM matches" + where)

def ordered(conn, ids):
    sql = f"SELECT id FROM matches WHERE id IN ({in_list(len(ids))})"
    conn.execute(sql + " ORDER BY id")

def chosen(conn, table):
    conn.execute(f"SELECT * FROM {table}")

TOP = "SELECT id FROM matches" + " ORDER BY id"
"""
    rendered, builders = scan(source, "m.py", None)
    assert builders == {"m.py:grown", "m.py:summed", "m.py:ordered", "m.py:chosen"}
    assert [f.sql for f in rendered] == [
        "SELECT id FROM matches WHERE id IN (?)",
        "SELECT id FROM matches WHERE id IN (?)",
    ]
