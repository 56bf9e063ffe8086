"""Storage: one SQLite file through aiosqlite. All SQL of the bot lives in this package.

Typical use: ``db = await Database(path, snapshot_every=n).open()``, then ``db.matches``,
``db.lobbies`` and ``db.players``; ``await db.close()`` at shutdown.
"""

from .database import Database
from .errors import (
    AlreadySeated,
    ChecksumMismatch,
    Conflict,
    DatabaseTooNew,
    EngineVersionMismatch,
    Full,
    LobbyClosed,
    LobbyFull,
    LobbyNotFound,
    MatchClosed,
    MatchNotFound,
    MigrationError,
    MigrationFailed,
    ReadOnly,
    StaleAction,
    StaleSeq,
    StorageError,
    Unavailable,
)
from .lobbies import LobbyRow, LobbySeatRow, LobbyStore
from .matches import (
    ActionRow,
    ClockRow,
    LoadedMatch,
    MatchRow,
    MatchStore,
    SeatInfo,
    SeatRow,
    SnapshotRow,
    restore_state,
)
from .migrate import MIGRATIONS_DIR, AppliedMigration, Migration, migrate
from .players import GameStats, PlayerRow, PlayerStore, Profile

__all__ = [
    "MIGRATIONS_DIR",
    "ActionRow",
    "AlreadySeated",
    "AppliedMigration",
    "ChecksumMismatch",
    "ClockRow",
    "Conflict",
    "Database",
    "DatabaseTooNew",
    "EngineVersionMismatch",
    "Full",
    "GameStats",
    "LoadedMatch",
    "LobbyClosed",
    "LobbyFull",
    "LobbyNotFound",
    "LobbyRow",
    "LobbySeatRow",
    "LobbyStore",
    "MatchClosed",
    "MatchNotFound",
    "MatchRow",
    "MatchStore",
    "Migration",
    "MigrationError",
    "MigrationFailed",
    "PlayerRow",
    "PlayerStore",
    "Profile",
    "ReadOnly",
    "SeatInfo",
    "SeatRow",
    "SnapshotRow",
    "StaleAction",
    "StaleSeq",
    "StorageError",
    "Unavailable",
    "migrate",
    "restore_state",
]
