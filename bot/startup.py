"""Start-up failures an operator can fix, told in one line instead of a traceback.

A bad token, no network, a port already taken or a database file the bot cannot use are not bugs:
the person starting the bot needs to know which setting or file to look at, and a 40-line
traceback out of discord.py, aiohttp or simcord buries that. ``explain`` turns the failures we know
into such a line (``None`` for anything else, which stays a traceback: that one is a bug).
"""

from __future__ import annotations

import errno
from collections.abc import Iterator

from bot.db.errors import MigrationError, ReadOnly, StorageError
from bot.settings import Settings

PREFIX = "cardhost cannot start: "


class StartupError(Exception):
    """A failure the operator can fix; the message is the whole explanation."""


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The exception and what it was raised from or during (a wrapper names the real cause less well)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def port_problem(port: int, exc: OSError) -> StartupError:
    """The sandbox page's port could not be bound."""
    if exc.errno == errno.EADDRINUSE:
        why = f"port {port} on 127.0.0.1 is already in use (another cardhost sandbox?)"
    else:
        why = f"it cannot listen on 127.0.0.1 port {port} ({exc.strerror or exc})"
    return StartupError(
        f"the sandbox page cannot open: {why}. Set CARDHOST_SANDBOX_PORT to a free port, or to 0 for any."
    )


def _where(settings: Settings) -> str:
    if settings.database.backend == "postgresql":
        return f"the PostgreSQL database {settings.database} (CARDHOST_DATABASE_URL)"
    return f"the database file {settings.database.path} (CARDHOST_DB)"


def _database_problem(settings: Settings, exc: StorageError) -> str:
    where = _where(settings)
    text = str(exc)
    if settings.database.backend == "postgresql":
        return f"{where} cannot be used: {text}. Check that the server runs and the URL, user and password."
    if isinstance(exc, ReadOnly) or "readonly" in text or "read-only" in text:
        return f"{where} is read-only: give the bot write access to it and its folder, or point CARDHOST_DB elsewhere."
    if "not a database" in text:
        return f"{where} is not a SQLite database: point CARDHOST_DB at the bot's database or a new file."
    if "unable to open" in text:
        return (
            f"{where} cannot be opened (a folder, or a place the bot may not write): "
            "point CARDHOST_DB at a file the bot may create and write."
        )
    return f"{where} cannot be used: {text}."


def explain(exc: BaseException, settings: Settings) -> str | None:
    """One line for a start-up failure the operator can fix, or None for a bug."""
    import aiohttp
    import discord

    for e in _chain(exc):
        if isinstance(e, StartupError):
            return PREFIX + str(e)
        if isinstance(e, discord.LoginFailure):
            return PREFIX + (
                "Discord refused DISCORD_TOKEN (401 Unauthorized). Copy the bot's token again from the "
                "Developer Portal (Bot, Reset Token) into .env."
            )
        if isinstance(e, discord.PrivilegedIntentsRequired):
            return PREFIX + (
                "Discord refused an intent the bot asked for; enable it for the bot in the Developer Portal."
            )
        if isinstance(e, MigrationError):
            return PREFIX + f"{_where(settings)}: {e}"
        if isinstance(e, StorageError):
            return PREFIX + _database_problem(settings, e)
        if isinstance(e, aiohttp.ClientError | TimeoutError) and settings.discord_token:
            reason = str(e) or type(e).__name__
            return (
                PREFIX + f"Discord cannot be reached ({reason}). Check the network connection and try again."
            )
    return None
