"""PostgreSQL's side of the repositories' SQL: numbered parameters, and SQLite's JSON functions.

Nothing here rewrites SQL. The repositories write each statement in the subset both backends read,
or twice, once per backend, where they differ (``bot/db/sql.py``, ``Sql``); PostgreSQL's
migrations are files of their own (``migrations/postgres/``). What remains is the parameter style:
the repositories pass ``?`` or ``:name`` parameters, as ``sqlite3`` takes them, and asyncpg wants
``$1``, ``$2``, ... . ``numbered`` converts them with a small tokenizer that steps over string
literals, quoted names, comments and ``::`` casts, so a ``?`` or ``:x`` inside any of them is left
alone; the result is cached per distinct statement (``Statements``). It also notes which
parameters are a LIMIT or OFFSET: SQLite reads a negative LIMIT as no limit, PostgreSQL refuses
it, so the backend sends such a value as NULL (no limit there).

(Until #36 item 7, this module rewrote SQLite's spelling into PostgreSQL's with regexes at run
time: column types, ``INSERT OR REPLACE``, two-argument ``MAX``, ``IS ?``, empty ``IN`` lists,
JSON functions, an added ``RETURNING id``. Those are now written out where they are used.)

The SQLite JSON functions the schema and the statistics use are provided on the server by
``COMPAT_FUNCTIONS`` (``cardhost_json_*``), with SQLite's meaning: a JSON path such as
``$.ranking[0]``, a string value returned unquoted, 0 for the length of something not an array.
PostgreSQL's text of a statement calls them by those names. One difference stays: a PostgreSQL
function has one result type, so ``cardhost_json_extract`` of a number gives its text ('3'); a
statement that compares it as a number writes ``CAST(... AS BIGINT)``, which reads the same on both.
"""

from __future__ import annotations

from dataclasses import dataclass

from .sql import postgres_text


@dataclass(frozen=True)
class Statement:
    sql: str
    """PostgreSQL's text, parameters as ``$1``, ``$2``, ..."""
    names: tuple[str, ...] | None
    """For ``:name`` parameters, the name of ``$1``, ``$2``, ...; None for ``?`` parameters."""
    kind: str
    """The first keyword, upper case (SELECT, INSERT, ...)."""
    returns_rows: bool = False
    """Rows come back (a SELECT, WITH or VALUES, or a RETURNING clause): fetched; otherwise only the
    row count."""
    limits: tuple[int, ...] = ()
    """Parameters (0-based) given to LIMIT or OFFSET (sent as NULL when negative)."""


def _skip_quoted(sql: str, i: int) -> int:
    """The position after the literal or quoted name that opens at ``i`` (a doubled quote inside
    it is part of it)."""
    quote, j, n = sql[i], i + 1, len(sql)
    while j < n:
        if sql[j] == quote:
            if j + 1 < n and sql[j + 1] == quote:
                j += 2
                continue
            return j + 1
        j += 1
    return n


def numbered(sql: str) -> Statement:
    """``sql`` (PostgreSQL's text of a statement) with its ``?`` or ``:name`` parameters numbered."""
    out: list[str] = []
    names: list[str] = []
    positional = 0
    limits: list[int] = []
    words: list[str] = []  # the upper-cased words outside literals and comments, in order
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"":
            j = _skip_quoted(sql, i)
        elif sql.startswith("--", i):
            j = sql.find("\n", i)
            j = n if j < 0 else j
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif sql.startswith("::", i):  # a cast, not a parameter
            j = i + 2
        elif c == "?" or (c == ":" and i + 1 < n and (sql[i + 1].isalpha() or sql[i + 1] == "_")):
            if c == "?":
                positional += 1
                index = positional - 1
                j = i + 1
            else:
                j = i + 1
                while j < n and (sql[j].isalnum() or sql[j] == "_"):
                    j += 1
                name = sql[i + 1 : j]
                if name not in names:
                    names.append(name)
                index = names.index(name)
            if words and words[-1] in ("LIMIT", "OFFSET"):
                limits.append(index)
            out.append(f"${index + 1}")
            words.append("$")
            i = j
            continue
        elif c.isalpha() or c == "_":
            j = i + 1
            while j < n and (sql[j].isalnum() or sql[j] == "_"):
                j += 1
            words.append(sql[i:j].upper())
        else:
            j = i + 1
            if not c.isspace():
                words.append(c)
        out.append(sql[i:j])
        i = j
    if positional and names:
        raise ValueError(f"a statement with both ? and :name parameters: {sql[:200]!r}")
    kind = words[0] if words else ""
    returns_rows = kind in ("SELECT", "WITH", "VALUES") or "RETURNING" in words
    return Statement("".join(out), tuple(names) if names else None, kind, returns_rows, tuple(limits))


class Statements:
    """Each statement's ``numbered`` form, made once (PostgreSQL's text where it has its own)."""

    def __init__(self) -> None:
        self._cache: dict[str, Statement] = {}

    def __call__(self, sql: str) -> Statement:
        text = postgres_text(sql)
        found = self._cache.get(text)
        if found is None:
            found = numbered(text)
            if len(self._cache) > 4096:  # statements built with IN lists of every length
                self._cache.clear()
            self._cache[text] = found
        return found


COMPAT_FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION cardhost_json_valid(doc text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
    PERFORM doc::json;
    RETURN true;
EXCEPTION WHEN others THEN
    RETURN false;
END $$;

CREATE OR REPLACE FUNCTION cardhost_json_path(path text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE WHEN path = '$' THEN ARRAY[]::text[]
    ELSE string_to_array(
        regexp_replace(regexp_replace(substr(path, 2), '\[(\d+)\]', '.\1', 'g'), '^\.', ''), '.')
    END
$$;

CREATE OR REPLACE FUNCTION cardhost_json_text(v json) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE json_typeof(v) WHEN 'string' THEN v #>> '{}' WHEN 'null' THEN NULL ELSE v::text END
$$;

CREATE OR REPLACE FUNCTION cardhost_json_type(v json) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE json_typeof(v)
        WHEN 'string' THEN 'text'
        WHEN 'number' THEN CASE WHEN v::text ~ '^-?\d+$' THEN 'integer' ELSE 'real' END
        WHEN 'boolean' THEN v::text
        ELSE json_typeof(v) END
$$;

CREATE OR REPLACE FUNCTION cardhost_json_extract(doc text, path text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT cardhost_json_text(doc::json #> cardhost_json_path(path))
$$;

CREATE OR REPLACE FUNCTION cardhost_json_array_length(doc text, path text DEFAULT '$') RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE json_typeof(doc::json #> cardhost_json_path(path))
        WHEN 'array' THEN json_array_length(doc::json #> cardhost_json_path(path))::bigint
        WHEN NULL THEN NULL ELSE 0 END
$$;

CREATE OR REPLACE FUNCTION cardhost_json_each(doc text, path text DEFAULT '$')
RETURNS TABLE (key text, value text, type text)
LANGUAGE sql IMMUTABLE STRICT AS $$
    WITH v AS (SELECT doc::json #> cardhost_json_path(path) AS j)
    SELECT (e.n - 1)::text, cardhost_json_text(e.x), cardhost_json_type(e.x)
    FROM v, json_array_elements(v.j) WITH ORDINALITY AS e(x, n) WHERE json_typeof(v.j) = 'array'
    UNION ALL
    SELECT o.key, cardhost_json_text(o.value), cardhost_json_type(o.value)
    FROM v, json_each(v.j) AS o WHERE json_typeof(v.j) = 'object'
$$;
"""
"""SQLite's JSON functions (with its path syntax and result types) as PostgreSQL functions."""
