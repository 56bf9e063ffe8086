"""LobbyStore on a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.db import AlreadySeated, Database, LobbyClosed, LobbyFull, LobbyNotFound, SeatInfo

pytestmark = pytest.mark.backends  # every test here runs on SQLite and on PostgreSQL


@pytest.fixture
async def db(databases: Any) -> AsyncIterator[Database]:
    async with databases.make() as database:
        yield database


async def test_create_and_get(db: Database) -> None:
    lobby_id = await db.lobbies.create(1, 10, 101, "chrono", {"players": 3, "variant": "short"})
    lobby = await db.lobbies.get(lobby_id)
    assert (lobby.guild_id, lobby.channel_id, lobby.host_id, lobby.game) == (1, 10, 101, "chrono")
    assert lobby.options == {"players": 3, "variant": "short"}
    assert (lobby.status, lobby.is_open, lobby.match_id, lobby.message_id, lobby.seats) == (
        "open",
        True,
        None,
        None,
        (),
    )
    await db.lobbies.set_message(lobby_id, 999)
    assert (await db.lobbies.get(lobby_id)).message_id == 999
    with pytest.raises(LobbyNotFound, match="no longer exists"):
        await db.lobbies.get(404)
    with pytest.raises(LobbyNotFound):
        await db.lobbies.set_message(404, 1)


async def test_seats_fill_in_order_and_close_gaps(db: Database) -> None:
    lobby_id = await db.lobbies.create(1, 10, 101, "chrono")
    assert await db.lobbies.add_seat(lobby_id, 101, "Ada") == 0
    assert await db.lobbies.add_seat(lobby_id, None, "Robot 1", is_ai=True) == 1
    assert await db.lobbies.add_seat(lobby_id, 102, "Bob") == 2
    assert await db.lobbies.add_seat(lobby_id, None, "Robot 2", is_ai=True) == 3
    with pytest.raises(AlreadySeated, match="already in this lobby"):
        await db.lobbies.add_seat(lobby_id, 102, "Bob")
    with pytest.raises(LobbyFull, match="full"):
        await db.lobbies.add_seat(lobby_id, 103, "Cy", max_seats=4)
    with pytest.raises(ValueError, match="AI seat"):
        await db.lobbies.add_seat(lobby_id, None, "nobody")

    assert await db.lobbies.remove_seat(lobby_id, position=1) is True
    assert await db.lobbies.remove_seat(lobby_id, user_id=101) is True
    assert await db.lobbies.remove_seat(lobby_id, user_id=555) is False
    lobby = await db.lobbies.get(lobby_id)
    assert [(s.position, s.user_id, s.display_name, s.is_ai) for s in lobby.seats] == [
        (0, 102, "Bob", False),
        (1, None, "Robot 2", True),
    ]
    assert lobby.seat_infos() == [SeatInfo(102, "Bob"), SeatInfo(None, "Robot 2", is_ai=True)]
    assert lobby.seat_of(102) is not None and lobby.seat_of(101) is None
    assert await db.lobbies.add_seat(lobby_id, 101, "Ada") == 2
    with pytest.raises(ValueError, match="exactly one"):
        await db.lobbies.remove_seat(lobby_id)


async def test_start_is_one_way_and_links_the_match(db: Database) -> None:
    lobby_id = await db.lobbies.create(1, 10, 101, "counter")
    await db.lobbies.add_seat(lobby_id, 101, "Ada")
    await db.lobbies.add_seat(lobby_id, None, "Robot", is_ai=True)
    lobby = await db.lobbies.get(lobby_id)
    async with db.transaction():
        match_id = await db.matches.create_match(
            "counter",
            "1",
            lobby.options,
            3,
            lobby.seat_infos(),
            lobby.guild_id,
            lobby.channel_id,
            lobby.host_id,
        )
        await db.lobbies.set_status(lobby_id, "started", match_id=match_id)
    lobby = await db.lobbies.get(lobby_id)
    assert (lobby.status, lobby.match_id) == ("started", match_id)
    with pytest.raises(LobbyClosed, match="no longer open"):
        await db.lobbies.set_status(lobby_id, "started", match_id=match_id)  # a second click on Start
    with pytest.raises(LobbyClosed):
        await db.lobbies.add_seat(lobby_id, 102, "Bob")
    with pytest.raises(LobbyClosed):
        await db.lobbies.remove_seat(lobby_id, user_id=101)
    with pytest.raises(ValueError, match="needs its match id"):
        await db.lobbies.set_status(lobby_id, "started")
    with pytest.raises(ValueError, match="only become"):
        await db.lobbies.set_status(lobby_id, "open")  # type: ignore[arg-type]


async def test_open_lobbies_survive_a_restart(databases: Any) -> None:
    async with databases.make() as db:
        a = await db.lobbies.create(1, 10, 101, "chrono")
        b = await db.lobbies.create(1, 11, 102, "chrono")
        c = await db.lobbies.create(1, 10, 103, "chrono")
        await db.lobbies.add_seat(c, 103, "Cy")
        await db.lobbies.set_status(b, "cancelled")
    async with databases.make() as db:
        assert [x.id for x in await db.lobbies.open_lobbies()] == [a, c]
        in_10 = await db.lobbies.open_lobbies(channel_id=10)
        assert [x.id for x in in_10] == [a, c]
        assert [s.user_id for s in in_10[1].seats] == [103]
        assert await db.lobbies.open_lobbies(channel_id=11) == []
