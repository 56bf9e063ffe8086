"""Errors raised by the storage layer.

Three families: ``CardhostError`` subclasses are about something a player did (a stale button, a
full lobby) and carry a sentence the bot may show verbatim; ``StorageError`` subclasses say that
the database refused or failed an operation, in the same classes on SQLite and on PostgreSQL, so
callers outside ``bot/db`` never see (or import) a driver's own exceptions; ``MigrationError``
subclasses are for the operator starting the bot and say what is wrong with the database and what
to do about it.
"""

from __future__ import annotations

from engines.core.errors import CardhostError


class StaleAction(CardhostError):
    """The move's sequence number is not the next one of the match (double click, old button)."""

    def __init__(
        self,
        match_id: int,
        seq: int,
        expected: int,
        message: str = "This move is no longer available.",
    ) -> None:
        super().__init__(message)
        self.match_id = match_id
        self.seq = seq
        self.expected = expected


class MatchClosed(StaleAction):
    """The match is finished or aborted, so no move can be added to it."""

    def __init__(self, match_id: int, seq: int, status: str) -> None:
        super().__init__(match_id, seq, -1, "This game is over.")
        self.status = status


class MoveNotSaved(CardhostError):
    """Storage refused the move (disk full, read-only file, I/O error): nothing of it was kept, in
    the database or in memory, so the same button works again once storage is back."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            "Your move was not saved: the bot could not write to its storage. Nothing changed; "
            "please try the same move again in a moment."
        )
        self.match_id = match_id


class MatchNotFound(CardhostError):
    def __init__(self, match_id: int) -> None:
        super().__init__("This game no longer exists.")
        self.match_id = match_id


class EngineVersionMismatch(CardhostError):
    """The saved match was played with other rules than the engine now loaded."""

    def __init__(self, match_id: int, saved: str, current: str) -> None:
        super().__init__(
            "This game was started with a different version of the rules and can't be continued."
        )
        self.match_id = match_id
        self.saved = saved
        self.current = current


class LobbyNotFound(CardhostError):
    def __init__(self, lobby_id: int) -> None:
        super().__init__("This lobby no longer exists.")
        self.lobby_id = lobby_id


class LobbyClosed(CardhostError):
    def __init__(self, lobby_id: int, status: str) -> None:
        super().__init__("This lobby is no longer open.")
        self.lobby_id = lobby_id
        self.status = status


class LobbyFull(CardhostError):
    def __init__(self, lobby_id: int) -> None:
        super().__init__("This lobby is full.")
        self.lobby_id = lobby_id


class AlreadySeated(CardhostError):
    def __init__(self, lobby_id: int, user_id: int) -> None:
        super().__init__("You are already in this lobby.")
        self.lobby_id = lobby_id
        self.user_id = user_id


class StorageError(Exception):
    """The database refused or failed an operation; what was being written was rolled back.

    Raised by both backends at their boundary (``open``, ``transaction``, ``write``, ``query``)
    from the driver's own error, which stays the ``__cause__``; the message is the driver's (it
    goes to the log and to an operator, never to a player). A failure no subclass names (an SQL
    error: a bug) is a plain ``StorageError``.
    """

    def __init__(self, message: str, *, backend: str) -> None:
        super().__init__(message)
        self.backend = backend
        """``sqlite`` or ``postgresql``: which database said so."""


class Conflict(StorageError):
    """A constraint refused the write (a unique key taken, a foreign key or CHECK failed), or
    another writer's transaction collided with this one (PostgreSQL's serialization failure or
    deadlock). Trying the same write again gives the same answer unless the data changed."""


class StaleSeq(Conflict):
    """The action log's ``(owner, seq)`` key is already taken (``match_actions``, ``pod_picks``):
    another click, task or process stored that move first, so this one raced and lost."""

    def __init__(self, message: str, *, backend: str, table: str) -> None:
        super().__init__(message, backend=backend)
        self.table = table


class Unavailable(StorageError):
    """The database cannot be reached or used just now: locked or busy past the timeout, the
    connection lost or refused, an I/O error. The same operation may work in a moment."""


class Full(StorageError):
    """No room to write: the disk (or the file's page limit, or the server's quota) is full."""


class ReadOnly(StorageError):
    """The database takes no writes: a read-only file or file system, a read-only transaction or
    server (a hot standby)."""


LOG_TABLES = frozenset({"match_actions", "pod_picks"})
"""The append-only logs whose primary key is ``(owner, seq)``: a unique violation on them is a
``StaleSeq``."""


class MigrationError(Exception):
    """The database schema cannot be brought up to date safely. The message says why and what to do."""


class ChecksumMismatch(MigrationError):
    """A migration file was edited after it had been applied to this database."""


class DatabaseTooNew(MigrationError):
    """The database was migrated by a newer cardhost than this one."""


class MigrationFailed(MigrationError):
    """A statement of a migration failed; the migration was rolled back and not recorded."""
