"""``cardhost ratings rebuild``: every rating computed again from the stored match history.

cardhost ratings rebuild [--db PATH|URL] [--guild ID] [--game G]

The same computation as ``/ratings rebuild`` and as the bot's updates when matches end
(``bot.services.ratings``), run on the database file (``CARDHOST_DB`` unless ``--db`` is given; the
file is migrated first, as the bot would). Run it once after upgrading to a cardhost with ratings,
to rate the matches played before. It can run while the bot is up (the rebuild is one transaction),
but a match that ends during it is rated against the old numbers: run it again then, or stop the
bot first.
"""

from __future__ import annotations

import argparse
import asyncio


async def rebuild(database: str, guild_id: int | None, game: str | None) -> str:
    """``database``: a file path or a database URL, as ``CARDHOST_DATABASE_URL`` takes."""
    from bot.db.url import DatabaseUrl
    from bot.services.ratings import RatingService

    db = await DatabaseUrl.parse(database).open_database().open()
    try:
        summary = await RatingService(db).rebuild(guild_id, game)
    finally:
        await db.close()
    where = (f" of {game}" if game else "") + (f" on server {guild_id}" if guild_id else "")
    return summary.text(where)


def cmd_rebuild(args: argparse.Namespace) -> int:
    if args.db is None:
        from bot.settings import load_settings

        settings = load_settings()
        args.db = settings.database_url or str(settings.db_path)
    print(asyncio.run(rebuild(args.db, args.guild, args.game)))
    return 0


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ratings = sub.add_parser("ratings", help="ratings per game and server")
    ratings_sub = ratings.add_subparsers(dest="ratings_command", required=True)
    rb = ratings_sub.add_parser(
        "rebuild", help="compute every rating again from the stored match results (same numbers as the bot's)"
    )
    rb.add_argument(
        "--db",
        default=None,
        help="the database file or URL (default: CARDHOST_DATABASE_URL, else CARDHOST_DB)",
    )
    rb.add_argument("--guild", type=int, default=None, help="only this server's ratings (its id)")
    rb.add_argument("--game", default=None, help="only this game's ratings")
    rb.set_defaults(func=cmd_rebuild)
