"""How a statement is written for the two backends.

Most of the repositories' SQL is written once, in the subset SQLite (3.35 or newer) and
PostgreSQL both read: ``INSERT ... ON CONFLICT (...) DO UPDATE SET c = excluded.c`` rather than
SQLite's ``INSERT OR REPLACE``, ``RETURNING id`` rather than the cursor's ``lastrowid``,
``CAST(... AS BIGINT)`` (SQLite reads any type name with INT in it as its 64-bit integer), and an
``IN`` list never empty (``in_list``). Such a statement is a plain ``str``.

Where the two differ (SQLite's JSON functions against PostgreSQL's ``cardhost_json_*``, ``IS ?``
against ``IS NOT DISTINCT FROM``, ...) the statement is written twice, side by side, as an ``Sql``:
a ``str`` holding SQLite's text, so ``sqlite3`` and aiosqlite run it as they are, that carries
PostgreSQL's text in ``.postgres``, which the PostgreSQL backend runs instead. Nothing rewrites
SQL at run time; the PostgreSQL backend only numbers the parameters (``bot/db/pgsql.py``).
``tests/bot/test_sql_statements.py`` prepares every statement of the repositories on both
backends, so a statement written in one backend's spelling only fails there.
"""

from __future__ import annotations

from collections.abc import Callable


class Sql(str):
    """A statement spelled for each backend: the value is SQLite's text, ``postgres`` PostgreSQL's.

    Joining it with other text (``+``, an f-string) gives a plain ``str`` of SQLite's text and
    loses PostgreSQL's: build both texts and make an ``Sql`` of the whole statement instead.
    """

    postgres: str

    def __new__(cls, sqlite: str, postgres: str) -> Sql:
        made = super().__new__(cls, sqlite)
        made.postgres = postgres
        return made

    @property
    def sqlite(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Sql(sqlite={self.sqlite!r}, postgres={self.postgres!r})"

    def map(self, build: Callable[[str], str]) -> Sql:
        """``build`` applied to each backend's text: a statement made of this one (a WHERE added)."""
        return Sql(build(self.sqlite), build(self.postgres))

    def __reduce__(self) -> tuple[type[Sql], tuple[str, str]]:
        return (Sql, (self.sqlite, self.postgres))


def postgres_text(sql: str) -> str:
    """The text PostgreSQL runs for ``sql``: its own spelling when it has one."""
    return sql.postgres if isinstance(sql, Sql) else sql


def in_list(count: int) -> str:
    """The inside of ``x IN (...)`` for ``count`` parameters. An empty list is an error on
    PostgreSQL (SQLite reads it as false), so none gives ``NULL``: ``x IN (NULL)`` is never true,
    which a WHERE reads as false on both backends. (Not for ``NOT IN``: that would be never true too.)"""
    return ", ".join(["?"] * count) if count > 0 else "NULL"
