"""Storage: one SQLite file through aiosqlite. All SQL of the bot lives in this package.

Typical use: ``db = await Database(path, snapshot_every=n).open()``, then ``db.matches``,
``db.lobbies`` and ``db.players``; ``await db.close()`` at shutdown.
"""

from .database import Database
from .errors import (
    AlreadySeated,
    ChecksumMismatch,
    DatabaseTooNew,
    EngineVersionMismatch,
    LobbyClosed,
    LobbyFull,
    LobbyNotFound,
    MatchClosed,
    MatchNotFound,
    MigrationError,
    MigrationFailed,
    StaleAction,
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
    "Database",
    "DatabaseTooNew",
    "EngineVersionMismatch",
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
    "SeatInfo",
    "SeatRow",
    "SnapshotRow",
    "StaleAction",
    "migrate",
    "restore_state",
]
