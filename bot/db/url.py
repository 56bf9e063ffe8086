"""Where the bot's data lives: ``CARDHOST_DATABASE_URL`` (or the older ``CARDHOST_DB`` path).

Two backends keep one contract (bot/db/database.py for SQLite, bot/db/postgres.py for
PostgreSQL): the same repositories, the same migrations, the same guarantees. SQLite is what a
newcomer gets with nothing set; a deployment that runs several processes points the URL at a
PostgreSQL server. The URL is checked once, at start-up, so a typo is one readable line rather
than a driver's traceback on the first move.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit, urlunsplit

from .redact import redact

if TYPE_CHECKING:
    from .database import Database

Backend = Literal["sqlite", "postgresql"]


class BadDatabaseUrl(ValueError):
    """A URL no backend understands; the message says what would be understood."""


@dataclass(frozen=True)
class DatabaseUrl:
    backend: Backend
    path: Path | None = None
    """The SQLite file (backend ``sqlite``)."""
    dsn: str | None = None
    """The libpq-style URL asyncpg connects with (backend ``postgresql``)."""

    @classmethod
    def sqlite(cls, path: str | Path) -> DatabaseUrl:
        return cls("sqlite", path=Path(path))

    @classmethod
    def parse(cls, text: str) -> DatabaseUrl:
        """``sqlite:///relative.db``, ``sqlite:////abs/path.db``, a bare file path, or
        ``postgresql://user:password@host:port/dbname`` (``postgres://`` too)."""
        raw = text.strip()
        if not raw:
            raise BadDatabaseUrl("the database URL is empty")
        scheme, sep, rest = raw.partition("://")
        if not sep:
            return cls.sqlite(raw)  # a plain path, as CARDHOST_DB takes
        scheme = scheme.lower()
        if scheme == "sqlite":
            # sqlite:///cardhost.db -> cardhost.db; sqlite:////var/lib/x.db -> /var/lib/x.db
            if not rest.startswith("/") or rest == "/":
                raise BadDatabaseUrl(
                    f"{raw!r} names no file: write sqlite:///relative/path.db or sqlite:////absolute/path.db"
                )
            return cls.sqlite(rest[1:])
        if scheme in ("postgresql", "postgres"):
            parts = urlsplit(raw)
            if not parts.hostname and "host=" not in parts.query:
                raise BadDatabaseUrl(
                    f"{redact(raw)!r} names no server: postgresql://user:password@host/dbname"
                )
            if not parts.path.strip("/"):
                raise BadDatabaseUrl(
                    f"{redact(raw)!r} names no database: postgresql://user:password@host/dbname"
                )
            return cls("postgresql", dsn=urlunsplit(("postgresql", *parts[1:])))
        raise BadDatabaseUrl(
            f"unknown database scheme {scheme!r}: use sqlite:///path.db or postgresql://host/dbname"
        )

    def __str__(self) -> str:
        """For logs and messages: never the password."""
        if self.backend == "sqlite":
            return f"sqlite:///{self.path}"
        return redact(self.dsn or "")

    def open_database(self, *, snapshot_every: int = 50) -> Database:
        """The backend's database object, not yet opened (``await db.open()`` migrates it)."""
        if self.backend == "sqlite":
            from .database import Database

            assert self.path is not None
            return Database(self.path, snapshot_every=snapshot_every)
        from .postgres import PostgresDatabase

        assert self.dsn is not None
        return PostgresDatabase(self.dsn, snapshot_every=snapshot_every)
