"""DeckStore on a real SQLite file and PostgreSQL: whole-deck writes, names per (player, game), nothing partial."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.db import Conflict, Database
from bot.db.decks import DeckExists, DeckNotFound
from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES, STARTER_WILDS
from engines.decks import Deck, DeckError, get_pool, import_deck

POOL = get_pool("afrika")

pytestmark = pytest.mark.backends  # every test here runs on SQLite and on PostgreSQL


def _deck(starter: dict[str, int]) -> Deck:
    text = "\n".join(f"{n} {CARDS()[cid].name}" for cid, n in starter.items())
    deck = import_deck(text, POOL).deck
    assert deck is not None
    return deck


FLAMES, WILDS = _deck(STARTER_FLAMES), _deck(STARTER_WILDS)


@pytest.fixture
async def db(databases: Any) -> AsyncIterator[Database]:
    async with databases.make(clock=lambda: 1000.0) as database:
        yield database


async def _count(db: Database, table: str) -> int:
    async with db.read() as conn, conn.execute(f"SELECT COUNT(*) FROM {table}") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


async def test_save_get_and_round_trip(db: Database) -> None:
    row = await db.decks.save(1, "  Stellar   Flames ", FLAMES)
    assert (row.name, row.game, row.format, row.card_count) == ("Stellar Flames", "afrika", "constructed", 60)
    stored = await db.decks.get(1, row.id)
    assert stored.deck == FLAMES
    assert await db.decks.get_for_play(1, "afrika", "stellar flames") == FLAMES.cards("main")
    assert await db.decks.get_for_play(1, "afrika", f"#{row.id}") == FLAMES.cards("main")
    assert sorted(await db.decks.get_for_play(1, "afrika", "Stellar Flames")) == sorted(
        cid for cid, n in STARTER_FLAMES.items() for _ in range(n)
    )


async def test_names_are_unique_per_player_and_game_ignoring_case(db: Database) -> None:
    await db.decks.save(1, "Aggro", FLAMES)
    with pytest.raises(DeckExists):
        await db.decks.save(1, "AGGRO", WILDS)
    await db.decks.save(2, "Aggro", WILDS)  # another player may use the name
    replaced = await db.decks.save(1, "aggro", WILDS, replace=True)
    assert replaced.name == "aggro"
    assert (await db.decks.get(1, replaced.id)).deck == WILDS
    assert [d.name for d in await db.decks.list(1)] == ["aggro"]
    assert await _count(db, "decks") == 2


async def test_rename_copy_delete(db: Database) -> None:
    a = await db.decks.save(1, "A", FLAMES)
    b = await db.decks.save(1, "B", WILDS)
    with pytest.raises(DeckExists):
        await db.decks.rename(1, a.id, "b")
    renamed = await db.decks.rename(1, a.id, "Alpha")
    assert renamed.id == a.id and renamed.name == "Alpha"
    copy = await db.decks.copy(1, b.id, "B2")
    assert (await db.decks.get(1, copy.id)).deck == WILDS
    with pytest.raises(DeckNotFound):
        await db.decks.delete(2, copy.id)  # not their deck
    await db.decks.delete(1, copy.id)
    with pytest.raises(DeckNotFound):
        await db.decks.delete(1, copy.id)  # a second click
    assert [d.name for d in await db.decks.list(1, "afrika")] == ["Alpha", "B"]
    assert [d.name for d in await db.decks.search(1, "a")] == ["Alpha"]  # starts with, then contains
    with pytest.raises(DeckNotFound):
        await db.decks.get_for_play(1, "afrika", "nope")


async def test_bad_names_are_refused_before_anything_is_written(db: Database) -> None:
    with pytest.raises(DeckError):
        await db.decks.save(1, "@everyone", FLAMES)
    assert await _count(db, "decks") == 0


async def test_a_failing_write_leaves_nothing(db: Database) -> None:
    broken = Deck(
        "afrika", "constructed", (("main", (("LC001", 2), ("LC004", 0))),)
    )  # count 0 breaks a CHECK
    with pytest.raises(Conflict):
        await db.decks.save(1, "Broken", broken)
    assert await _count(db, "decks") == 0
    assert await _count(db, "deck_cards") == 0
    # and a failing replace keeps the old deck whole
    row = await db.decks.save(1, "Keep", FLAMES)
    with pytest.raises(Conflict):
        await db.decks.save(1, "Keep", broken, replace=True)
    assert (await db.decks.get(1, row.id)).deck == FLAMES


async def test_deleting_a_deck_deletes_its_cards(db: Database) -> None:
    row = await db.decks.save(1, "A", FLAMES)
    assert await _count(db, "deck_cards") == len(FLAMES.rows())
    await db.decks.delete(1, row.id)
    assert await _count(db, "deck_cards") == 0
