"""PlayerStore: players, settings, results and profile aggregation, on a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.db import Database, GameStats, SeatInfo
from engines.core import Outcome

pytestmark = pytest.mark.backends  # every test here runs on SQLite and on PostgreSQL


@pytest.fixture
async def db(databases: Any) -> AsyncIterator[Database]:
    async with databases.make(clock=lambda: 1000.0) as database:
        yield database


async def test_upsert_refreshes_the_name(db: Database) -> None:
    assert await db.players.get(1) is None
    await db.players.upsert(1, "Ada")
    await db.players.upsert(1, "Ada L.")
    player = await db.players.get(1)
    assert player is not None
    assert (player.user_id, player.display_name, player.created_at, player.settings) == (
        1,
        "Ada L.",
        1000.0,
        {},
    )


async def test_settings_set_update_and_defaults(db: Database) -> None:
    assert await db.players.get_settings(7) == {}
    await db.players.set_settings(7, {"auto_pass": True, "dm_hand": False})
    assert await db.players.get_settings(7) == {"auto_pass": True, "dm_hand": False}
    merged = await db.players.update_settings(7, {"dm_hand": True, "auto_pass": None, "lang": "en"})
    assert merged == {"dm_hand": True, "lang": "en"}
    assert await db.players.get_settings(7) == merged
    await db.players.upsert(7, "Seven")  # keeps the settings
    player = await db.players.get(7)
    assert player is not None and player.settings == merged and player.display_name == "Seven"
    assert await db.players.update_settings(8, {"x": 1}) == {"x": 1}  # unknown player is created


async def new_match(db: Database, game: str, seats: list[SeatInfo]) -> int:
    return await db.matches.create_match(game, "1", {}, 1, seats, 1, 10, seats[0].user_id)


async def test_record_results_and_profile(db: Database) -> None:
    ada, bob, cy = SeatInfo(1, "Ada"), SeatInfo(2, "Bob"), SeatInfo(3, "Cy")
    robot = SeatInfo(None, "Robot", is_ai=True)
    # chrono, 3 players: Cy wins, Ada second, Bob last.
    m1 = await new_match(db, "chrono", [ada, bob, cy])
    assert (
        await db.players.record_results(m1, "chrono", Outcome(((2,), (0,), (1,)), "points"), [ada, bob, cy])
        == 3
    )
    # chrono, 3 players with a tie for first between Ada and the robot; Bob last.
    m2 = await new_match(db, "chrono", [ada, robot, bob])
    seats = await db.matches.seats(m2)
    assert await db.players.record_results(m2, "chrono", Outcome(((0, 1), (2,)), "points"), seats) == 2
    # afrika, 2 players: Bob beats Ada. Recorded twice (a retry after a crash) counts once.
    m3 = await new_match(db, "afrika", [ada, bob])
    outcome = {"ranking": [[1], [0]], "reason": "resigned"}
    await db.players.record_results(m3, "afrika", outcome, [ada, bob])
    await db.players.record_results(m3, "afrika", outcome, [ada, bob])

    ada_profile = await db.players.profile(1)
    assert (ada_profile.display_name, ada_profile.games_played, ada_profile.wins, ada_profile.losses) == (
        "Ada",
        3,
        1,
        1,
    )
    assert ada_profile.average_place == pytest.approx((2 + 1 + 2) / 3)
    assert ada_profile.per_game == {
        "afrika": GameStats("afrika", 1, 0, 1, 2.0),
        "chrono": GameStats("chrono", 2, 1, 0, 1.5),
    }
    bob_profile = await db.players.profile(2)
    assert (bob_profile.games_played, bob_profile.wins, bob_profile.losses) == (3, 1, 2)
    assert bob_profile.average_place == pytest.approx((3 + 3 + 1) / 3)
    cy_profile = await db.players.profile(3)
    assert (cy_profile.games_played, cy_profile.wins, cy_profile.losses, cy_profile.average_place) == (
        1,
        1,
        0,
        1.0,
    )

    nobody = await db.players.profile(42)
    assert (nobody.display_name, nobody.games_played, nobody.average_place, nobody.per_game) == (
        None,
        0,
        None,
        {},
    )


async def test_ai_takeover_keeps_the_human_result_and_same_user_twice_keeps_best(db: Database) -> None:
    ada, bob = SeatInfo(1, "Ada"), SeatInfo(2, "Bob")
    m = await new_match(db, "chrono", [ada, bob, SeatInfo(1, "Ada")])
    await db.matches.set_seat_ai(m, 1, since_seq=3)  # Bob timed out; the AI finished for him
    seats = await db.matches.seats(m)
    assert await db.players.record_results(m, "chrono", Outcome(((1,), (2,), (0,)), "points"), seats) == 2
    assert (await db.players.profile(2)).wins == 1
    ada_profile = await db.players.profile(1)
    assert (ada_profile.games_played, ada_profile.average_place, ada_profile.losses) == (1, 2.0, 0)
