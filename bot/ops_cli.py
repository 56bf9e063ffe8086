"""``cardhost migrate``, ``cardhost export`` and ``cardhost import``: the operator's commands.

cardhost migrate [--database URL]
cardhost export [--database URL] --out FILE
cardhost import [--database URL] FILE

``--database`` takes what ``CARDHOST_DATABASE_URL`` takes (``sqlite:///path``, a plain file path,
``postgresql://user:password@host/db``); without it, the bot's own settings say where the data
lives. Each command opens the database as the bot does, which applies any pending migration. The
work itself is in bot/db/transfer.py; here are only the arguments and the lines printed. A refusal
(a database newer than this cardhost, an edited migration, a target that already holds data) is
one sentence on stderr and exit code 1; a bad setting is exit code 2, as for the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.db.database import Database
    from bot.db.url import DatabaseUrl

EXIT_REFUSED = 1
EXIT_SETTINGS = 2


class _Refused(Exception):
    pass


def _url(args: argparse.Namespace) -> DatabaseUrl:
    from bot.db.url import BadDatabaseUrl, DatabaseUrl
    from bot.settings import SettingsError, load_settings

    try:
        if args.database:
            return DatabaseUrl.parse(args.database)
        return load_settings().database
    except (BadDatabaseUrl, SettingsError) as exc:
        raise _Refused(str(exc)) from None


async def _open(url: DatabaseUrl) -> Database:
    from bot.db.errors import MigrationError, StorageError

    db = url.open_database()
    try:
        return await db.open()
    except MigrationError as exc:
        raise _Refused(f"{url}: {exc}") from None
    except StorageError as exc:  # either backend's failure to open
        raise _Refused(f"{url} cannot be opened: {exc}.") from None


async def migrate(url: DatabaseUrl) -> list[str]:
    """Open (so migrate) the database; the lines to print."""
    db = await _open(url)
    try:
        rows = await db.query(
            lambda conn: conn.execute(
                "SELECT version, name FROM schema_migrations ORDER BY version"
            ).fetchall()
        )
    finally:
        await db.close()
    version, name = (int(rows[-1][0]), str(rows[-1][1])) if rows else (0, "empty")
    at = f"{url} is at schema version {version} ({name})."
    # The version's file name, the same on both backends (PostgreSQL's files are in a subfolder).
    applied = [m.filename.rsplit("/", 1)[-1] for m in db.applied_now]
    if not applied:
        return [f"Nothing to apply: {at}"]
    return [f"Applied {', '.join(applied)}.", f"Now {at}"]


async def export(url: DatabaseUrl, out: str) -> str:
    from bot.db.transfer import TransferError, export_database

    db = await _open(url)
    try:
        summary = await export_database(db, out)
    except TransferError as exc:
        raise _Refused(str(exc)) from None
    finally:
        await db.close()
    return f"Exported {summary.text()} from {url} to {out}."


async def import_(url: DatabaseUrl, source: str) -> str:
    from bot.db.transfer import TransferError, import_database

    db = await _open(url)
    try:
        summary = await import_database(db, source)
    except TransferError as exc:
        raise _Refused(f"Nothing was imported into {url}. {exc}") from None
    finally:
        await db.close()
    return f"Imported {summary.text()} from {source} into {url}."


def _run(args: argparse.Namespace) -> int:
    try:
        url = _url(args)
    except _Refused as exc:
        print(exc, file=sys.stderr)
        return EXIT_SETTINGS
    try:
        if args.command == "migrate":
            lines = asyncio.run(migrate(url))
        elif args.command == "export":
            lines = [asyncio.run(export(url, args.out))]
        else:
            lines = [asyncio.run(import_(url, args.file))]
    except _Refused as exc:
        print(exc, file=sys.stderr)
        return EXIT_REFUSED
    for line in lines:
        print(line)
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database",
        metavar="URL",
        default=None,
        help="sqlite:///path, a file path or postgresql://user:password@host/db "
        "(default: CARDHOST_DATABASE_URL, else CARDHOST_DB)",
    )
    mig = sub.add_parser(
        "migrate",
        parents=[database],
        help="apply pending schema migrations and print the schema version",
    )
    mig.set_defaults(func=_run)
    exp = sub.add_parser(
        "export",
        parents=[database],
        help="write every row of the database to a file (gzip JSON lines), e.g. to move to PostgreSQL",
    )
    exp.add_argument("--out", required=True, metavar="FILE", help="the export file to write")
    exp.set_defaults(func=_run)
    imp = sub.add_parser(
        "import",
        parents=[database],
        help="fill a new, empty database from a `cardhost export` file (never merges)",
    )
    imp.add_argument("file", metavar="FILE", help="a file written by `cardhost export`")
    imp.set_defaults(func=_run)
