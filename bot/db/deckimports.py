"""Failed ``/deck import`` attempts (table ``deck_import_attempts``), kept so the player's work is not lost.

The answer to a list with problems carries buttons ("Fix and retry", "Use the suggestions") whose
custom_id holds only an attempt's id: the list itself (up to 256 KB from a file) cannot ride in a
custom_id, and it must outlive a restart. So the attempt is stored here with everything needed to
import it again the same way (user, game, name, format, replace) and, when every problem had one
sure suggestion, the corrected list and its changed lines.

An attempt belongs to the player who imported: any other clicker is refused. It expires after
``ATTEMPT_SECONDS``; expired rows, and a player's rows beyond ``MAX_ATTEMPTS_PER_USER``, are
deleted whenever a new attempt is stored, so the table stays small without a timer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiosqlite

from engines.decks import DeckError
from engines.decks.fixes import LineChange, SuggestedFix

from .access import dump_json, fetch_one, new_id_of

if TYPE_CHECKING:
    from .access import Access

ATTEMPT_SECONDS = 24 * 3600
"""How long a failed import's buttons keep working: a day is enough to come back to a list."""
ATTEMPT_HOURS = ATTEMPT_SECONDS // 3600
MAX_ATTEMPTS_PER_USER = 10
"""Older attempts of the same player are dropped beyond this (each may hold a 256 KB file)."""


class AttemptGone(DeckError):
    def __init__(self) -> None:
        super().__init__(
            f"This failed import is no longer kept (they are kept for {ATTEMPT_HOURS} hours): "
            "run `/deck import` again with your list."
        )


class NotYourAttempt(DeckError):
    def __init__(self) -> None:
        super().__init__("Only the player who imported this list can use its buttons.")


class AlreadyImported(DeckError):
    def __init__(self, name: str) -> None:
        super().__init__(f"This list was already imported as **{name}**; `/deck list` shows your decks.")


@dataclass(frozen=True)
class ImportAttempt:
    id: int
    user_id: int
    game: str
    name: str | None
    format: str
    overwrite: bool
    listing: str
    """The list exactly as the player sent it."""
    corrected: str | None
    """The list with every suggestion applied, or None when no sure correction exists."""
    changes: tuple[LineChange, ...]
    created_at: float
    expires_at: float
    imported_as: str | None


def _attempt(r: aiosqlite.Row) -> ImportAttempt:
    changes = tuple(LineChange(int(n), str(b), str(a)) for n, b, a in json.loads(r["changes"]))
    return ImportAttempt(
        r["id"],
        r["user_id"],
        r["game"],
        r["name"],
        r["format"],
        bool(r["overwrite"]),
        r["listing"],
        r["corrected"],
        changes,
        r["created_at"],
        r["expires_at"],
        r["imported_as"],
    )


class ImportAttemptStore:
    def __init__(self, db: Access) -> None:
        self.db = db

    async def add(
        self,
        user_id: int,
        game: str,
        name: str | None,
        fmt: str,
        overwrite: bool,
        listing: str,
        fix: SuggestedFix | None,
    ) -> int:
        """Store a failed attempt and return its id; drop expired rows and the player's oldest."""
        now = self.db.now()
        changes = [[c.line, c.before, c.after] for c in fix.changes] if fix else []
        async with self.db.transaction() as conn:
            await conn.execute("DELETE FROM deck_import_attempts WHERE expires_at <= ?", (now,))
            cur = await conn.execute(
                "INSERT INTO deck_import_attempts (user_id, game, name, format, overwrite, listing,"
                " corrected, changes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    user_id,
                    game,
                    name,
                    fmt,
                    int(overwrite),
                    listing,
                    fix.text if fix else None,
                    dump_json(changes),
                    now,
                    now + ATTEMPT_SECONDS,
                ),
            )
            attempt_id = await new_id_of(cur)
            await conn.execute(
                "DELETE FROM deck_import_attempts WHERE user_id = ? AND id NOT IN"
                " (SELECT id FROM deck_import_attempts WHERE user_id = ? ORDER BY id DESC LIMIT ?)",
                (user_id, user_id, MAX_ATTEMPTS_PER_USER),
            )
        return attempt_id

    async def get(self, attempt_id: int) -> ImportAttempt | None:
        async with self.db.read() as conn:
            r = await fetch_one(conn, "SELECT * FROM deck_import_attempts WHERE id = ?", (attempt_id,))
        return None if r is None else _attempt(r)

    async def open_for(self, user_id: int, attempt_id: int) -> ImportAttempt:
        """The attempt a button names, for this clicker; refused in words when it is gone or
        expired, someone else's, or already imported."""
        attempt = await self.get(attempt_id)
        if attempt is None:
            raise AttemptGone()
        if attempt.user_id != user_id:
            raise NotYourAttempt()
        if attempt.expires_at <= self.db.now():
            raise AttemptGone()
        if attempt.imported_as is not None:
            raise AlreadyImported(attempt.imported_as)
        return attempt

    async def mark_imported(self, attempt_id: int, deck_name: str) -> None:
        """A retry from this attempt was saved as ``deck_name``: its buttons say so from now on."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE deck_import_attempts SET imported_as = ? WHERE id = ?", (deck_name, attempt_id)
            )
