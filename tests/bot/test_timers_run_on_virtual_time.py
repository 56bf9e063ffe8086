"""Every timer of the bot (turn clocks, pick clocks, deck-building deadlines, the time between a
series' games) runs out on the test Discord's virtual time only.

Pick clocks, building deadlines and series deadlines were loop timer handles, which simcord also
fires on real time: on a slow CI machine a 120 s pick clock ran out in the middle of a draft test
that took longer than that in real seconds, and the draft log said 'timeout' where the test made
every pick. Here a clock due in half a second is armed, the process sleeps a real second, and
nothing may run until virtual time passes the deadline.
"""

from __future__ import annotations

import time

from bot.services.clock import now


async def test_a_pick_clock_runs_out_on_virtual_time_only(simcord_env) -> None:
    clocks = simcord_env.bot.drafts.clocks
    ran: list[tuple[int, int, float]] = []

    async def expire(pod_id: int, seat: int, deadline: float) -> None:
        ran.append((pod_id, seat, deadline))

    clocks.expire = expire
    deadline = now() + 0.5
    with simcord_env._bot_scope():  # as the bot's own work, where the bot arms its clocks
        clocks.arm(7, 2, deadline, warned=True)
    time.sleep(1.0)  # real time passes the deadline; virtual time does not
    await simcord_env.settle()
    assert ran == []
    await simcord_env.advance_time(1)
    assert ran == [(7, 2, deadline)]
    assert (7, 2) not in clocks.handles


async def test_a_cancelled_pick_clock_never_runs(simcord_env) -> None:
    clocks = simcord_env.bot.drafts.clocks
    ran: list[int] = []

    async def expire(pod_id: int, seat: int, deadline: float) -> None:
        ran.append(seat)

    clocks.expire = expire
    with simcord_env._bot_scope():
        clocks.arm(7, 1, now() + 5, warned=True)
        clocks.arm(7, 2, now() + 5, warned=True)
        clocks.cancel(7, 1)
    await simcord_env.advance_time(10)
    assert ran == [2]


async def test_a_building_deadline_runs_out_on_virtual_time_only(simcord_env) -> None:
    deadline = simcord_env.bot.podplay.deadline
    fired: list[tuple[int, float, bool]] = []
    deadline._fire_build = lambda pod_id, when, expire: fired.append((pod_id, when, expire))
    due = now() + 0.5
    with simcord_env._bot_scope():
        deadline._arm_build(3, due, warn=False)
    time.sleep(1.0)
    await simcord_env.settle()
    assert fired == []
    await simcord_env.advance_time(1)
    assert fired == [(3, due, True)] and 3 not in deadline.handles


async def test_a_series_deadline_runs_out_on_virtual_time_only(simcord_env) -> None:
    series = simcord_env.bot.series
    fired: list[tuple[int, float]] = []
    series._fire = lambda series_id, when: fired.append((series_id, when))
    due = now() + 0.5
    with simcord_env._bot_scope():
        series._arm(4, due)
    time.sleep(1.0)
    await simcord_env.settle()
    assert fired == []
    await simcord_env.advance_time(1)
    assert fired == [(4, due)]
