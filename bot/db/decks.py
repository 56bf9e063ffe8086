"""The deck library: each player's saved decks per game (tables ``decks`` and ``deck_cards``).

A deck is always written whole, in one transaction, from a ``Deck`` the importer accepted (no
problems); so a list with errors never reaches this store and nothing partial is ever written.
Names are unique per (user, game) ignoring case.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiosqlite

from bot.ids import parse_row_id
from bot.text import clip
from engines.decks import Deck, DeckError, check_deck_name
from engines.decks.names import MAX_NAME
from engines.decks.pool import play_cards

from .access import fetch_all, fetch_one, new_id_of
from .deckimports import ImportAttemptStore

if TYPE_CHECKING:
    from .access import Access

MAX_DECKS_PER_GAME = 100


def name_key(name: str) -> str:
    return name.casefold()


@dataclass(frozen=True)
class DeckRow:
    id: int
    user_id: int
    game: str
    name: str
    format: str
    card_count: int
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class StoredDeck:
    row: DeckRow
    deck: Deck


class DeckExists(DeckError):
    def __init__(self, name: str) -> None:
        super().__init__(
            f"You already have a deck called **{name}** for this game. "
            "Choose another name, or import with `replace: True` to overwrite it."
        )


class DeckNotFound(DeckError):
    def __init__(self, name: str = "") -> None:
        super().__init__(
            # The name is whatever the player typed (up to 6000 characters in an option): shown
            # no longer than a deck name can be, so the sentence fits any message.
            f"You have no deck called **{clip(name, MAX_NAME + 1)}**. `/deck list` shows your decks."
            if name
            else "That deck no longer exists."
        )


def _row(r: aiosqlite.Row) -> DeckRow:
    return DeckRow(
        r["id"],
        r["user_id"],
        r["game"],
        r["name"],
        r["format"],
        r["card_count"],
        r["created_at"],
        r["updated_at"],
    )


def find_sql(in_game: bool) -> str:
    """A player's decks of one name (in one game), by game."""
    game = " AND game = ?" if in_game else ""
    return f"SELECT * FROM decks WHERE user_id = ? AND name_key = ?{game} ORDER BY game"


class DeckStore:
    def __init__(self, db: Access) -> None:
        self.db = db
        self.attempts = ImportAttemptStore(db)
        """Failed imports kept for their "Fix and retry" / "Use the suggestions" buttons."""

    # -- writing ----------------------------------------------------------------------------

    async def save(self, user_id: int, name: str, deck: Deck, *, replace: bool = False) -> DeckRow:
        """Create the deck, or with ``replace`` overwrite the one of that name; all or nothing."""
        name = check_deck_name(name)
        now = self.db.now()
        async with self.db.transaction() as conn:
            old = await self._find(conn, user_id, deck.game, name)
            if old is not None and not replace:
                raise DeckExists(old.name)
            if old is None:
                n = await fetch_one(
                    conn,
                    "SELECT COUNT(*) AS n FROM decks WHERE user_id = ? AND game = ?",
                    (user_id, deck.game),
                )
                if n is not None and n["n"] >= MAX_DECKS_PER_GAME:
                    raise DeckError(
                        f"You already have {MAX_DECKS_PER_GAME} decks for this game; delete one first."
                    )
                cur = await conn.execute(
                    "INSERT INTO decks (user_id, game, name, name_key, format, card_count, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (user_id, deck.game, name, name_key(name), deck.format, deck.size(), now, now),
                )
                deck_id = await new_id_of(cur)
            else:
                deck_id = old.id
                await conn.execute(
                    "UPDATE decks SET name = ?, name_key = ?, format = ?, card_count = ?, updated_at = ?"
                    " WHERE id = ?",
                    (name, name_key(name), deck.format, deck.size(), now, deck_id),
                )
                await conn.execute("DELETE FROM deck_cards WHERE deck_id = ?", (deck_id,))
            await conn.executemany(
                "INSERT INTO deck_cards (deck_id, section, card_id, count, position) VALUES (?, ?, ?, ?, ?)",
                [(deck_id, s, cid, n, pos) for s, cid, n, pos in deck.rows()],
            )
            row = await self._by_id(conn, deck_id)
        assert row is not None
        return row

    async def rename(self, user_id: int, deck_id: int, new_name: str) -> DeckRow:
        new_name = check_deck_name(new_name)
        async with self.db.transaction() as conn:
            row = await self._owned(conn, user_id, deck_id)
            other = await self._find(conn, user_id, row.game, new_name)
            if other is not None and other.id != deck_id:
                raise DeckExists(other.name)
            await conn.execute(
                "UPDATE decks SET name = ?, name_key = ?, updated_at = ? WHERE id = ?",
                (new_name, name_key(new_name), self.db.now(), deck_id),
            )
            out = await self._by_id(conn, deck_id)
        assert out is not None
        return out

    async def copy(self, user_id: int, deck_id: int, new_name: str) -> DeckRow:
        new_name = check_deck_name(new_name)
        async with self.db.transaction():
            stored = await self.get(user_id, deck_id)
            return await self.save(user_id, new_name, stored.deck)

    async def delete(self, user_id: int, deck_id: int) -> DeckRow:
        """Delete the player's deck; ``DeckNotFound`` when it is already gone (a second click)."""
        async with self.db.transaction() as conn:
            row = await self._owned(conn, user_id, deck_id)
            await conn.execute("DELETE FROM decks WHERE id = ?", (deck_id,))
        return row

    # -- reading ----------------------------------------------------------------------------

    # Below this method ``list`` in the class body names the method: annotations say builtins.list.
    async def list(self, user_id: int, game: str | None = None) -> list[DeckRow]:
        async with self.db.read() as conn:
            if game is None:
                rows = await fetch_all(
                    conn, "SELECT * FROM decks WHERE user_id = ? ORDER BY game, name_key", (user_id,)
                )
            else:
                rows = await fetch_all(
                    conn,
                    "SELECT * FROM decks WHERE user_id = ? AND game = ? ORDER BY name_key",
                    (user_id, game),
                )
        return [_row(r) for r in rows]

    async def find(self, user_id: int, name: str, game: str | None = None) -> builtins.list[DeckRow]:
        """The player's decks called ``name`` (any case), in every game or in ``game``."""
        key = name_key(name.strip())
        async with self.db.read() as conn:
            params = (user_id, key) if game is None else (user_id, key, game)
            rows = await fetch_all(conn, find_sql(game is not None), params)
        return [_row(r) for r in rows]

    async def get(self, user_id: int, deck_id: int) -> StoredDeck:
        async with self.db.read() as conn:
            row = await self._owned(conn, user_id, deck_id)
            cards = await fetch_all(
                conn,
                "SELECT section, card_id, count, position FROM deck_cards WHERE deck_id = ? ORDER BY position",
                (deck_id,),
            )
        return StoredDeck(row, _deck(row, cards))

    async def get_for_play(self, user_id: int, game: str, name: str) -> builtins.list[str]:
        """The cards of the player's deck ``name`` that go to the match, one id per copy (MatchConfig
        'decks'): the main deck, and any other section the game's format says the engine takes."""
        stored = await self.get_named(user_id, game, name)
        return play_cards(stored.deck)

    async def get_named(self, user_id: int, game: str, name: str) -> StoredDeck:
        """The player's deck of ``game`` by name (any case) or by autocomplete value ('#12')."""
        value = name.strip()
        deck_id = parse_row_id(value[1:]) if value.startswith("#") else None
        if deck_id is not None:
            try:
                stored = await self.get(user_id, deck_id)
            except DeckNotFound:
                pass
            else:
                if stored.row.game == game:
                    return stored
        rows = await self.find(user_id, value, game)
        if not rows:
            raise DeckNotFound(value)
        return await self.get(user_id, rows[0].id)

    async def search(
        self, user_id: int, text: str, game: str | None = None, limit: int = 25
    ) -> builtins.list[DeckRow]:
        """Autocomplete: names starting with ``text``, then containing it."""
        key = name_key(text.strip())
        decks = await self.list(user_id, game)
        starts = [d for d in decks if name_key(d.name).startswith(key)]
        inside = [d for d in decks if key in name_key(d.name) and d not in starts]
        return (starts + inside)[:limit]

    # -- helpers ----------------------------------------------------------------------------

    async def _find(self, conn: aiosqlite.Connection, user_id: int, game: str, name: str) -> DeckRow | None:
        r = await fetch_one(
            conn,
            "SELECT * FROM decks WHERE user_id = ? AND game = ? AND name_key = ?",
            (user_id, game, name_key(name)),
        )
        return None if r is None else _row(r)

    async def _by_id(self, conn: aiosqlite.Connection, deck_id: int) -> DeckRow | None:
        r = await fetch_one(conn, "SELECT * FROM decks WHERE id = ?", (deck_id,))
        return None if r is None else _row(r)

    async def _owned(self, conn: aiosqlite.Connection, user_id: int, deck_id: int) -> DeckRow:
        row = await self._by_id(conn, deck_id)
        if row is None or row.user_id != user_id:
            raise DeckNotFound()
        return row


def _deck(row: DeckRow, cards: list[aiosqlite.Row]) -> Deck:
    return Deck.from_rows(
        row.game, row.format, [(c["section"], c["card_id"], c["count"], c["position"]) for c in cards]
    )
