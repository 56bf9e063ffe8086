"""Two moves of one match shown at once end on the newer one.

Images are drawn in worker processes, so two showings of a match (two players' clicks in a row, a
click and a clock running out) draw at the same time and can finish in either order. Here the
older position's image is held back until the newer one has been asked for: the board and the
DM panel must still end on the newer position, words and picture alike."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engines.core import PlayerId
from tests.bot.table import game_thread, make_table, panel_message


async def _chrono_duel(env: Any) -> tuple[Any, Any]:
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play chrono", seats=2)
    await bob.click(t.channel.last_message, label="Join")
    await alice.click(t.channel.last_message, label="Start")
    live = next(m for m in env.bot.matches._cache.values() if m.active)
    return t, live


def _hold_first_image(
    monkeypatch: pytest.MonkeyPatch, pool: Any, kind: str
) -> tuple[asyncio.Event, asyncio.Event]:
    """The first ``kind`` ("board" / "hand") image asked for waits until the first event is set;
    the second is set once it is waiting."""
    gate, held = asyncio.Event(), asyncio.Event()
    real = pool.png

    async def png(draw: Any, *args: Any, **kwargs: Any) -> bytes:
        if kind in getattr(draw, "__name__", "") and not held.is_set():
            held.set()
            await gate.wait()
        return bytes(await real(draw, *args, **kwargs))

    monkeypatch.setattr(pool, "png", png)
    return gate, held


async def _move(env: Any, live: Any) -> None:
    seat = min(live.current)
    action = next(iter(live.engine.legal_actions(live.state, PlayerId(seat))))
    await env.bot.matches.submit(live.id, live.seats[seat].user_id, action.to_id(), live.seq)


async def _both(env: Any, older: Any, newer: Any, gate: asyncio.Event) -> None:
    """Let the newer showing run as far as it can while the older one's image is held, then let
    the older one finish."""
    await asyncio.wait({newer}, timeout=0.5)
    gate.set()
    await asyncio.gather(older, newer)
    await env.settle()


async def test_the_board_ends_on_the_newer_move(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env, bot = simcord_env, simcord_env.bot
    t, live = await _chrono_duel(env)
    gate, held = _hold_first_image(monkeypatch, bot.table.renders, "board")
    await _move(env, live)  # a position whose board is not drawn yet (the start's is cached)
    before = live.seq
    with env._bot_scope():
        older = asyncio.ensure_future(bot.table.post_board(live, new_message=False))
    await asyncio.wait_for(held.wait(), 5)
    await _move(env, live)
    assert live.seq == before + 1
    with env._bot_scope():
        newer = asyncio.ensure_future(bot.table.post_board(live, new_message=False))
    await _both(env, older, newer, gate)

    board = next(m for m in game_thread(t).history() if m.id == live.board_message_id)
    assert board.attachments[0].filename == f"board-{live.id}-{live.seq}.png", (
        "the board shows the position before the last move"
    )
    assert board.content == bot.table.board_content(live, mention=False)


async def test_a_dm_panel_ends_on_the_newer_move(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    env, bot = simcord_env, simcord_env.bot
    t, live = await _chrono_duel(env)
    gate, held = _hold_first_image(monkeypatch, bot.table.renders, "hand")
    first = live.seats[0]
    with env._bot_scope():
        older = asyncio.ensure_future(bot.table.update_dms(live, force=True))
    await asyncio.wait_for(held.wait(), 5)
    await _move(env, live)
    with env._bot_scope():
        newer = asyncio.ensure_future(bot.table.update_dms(live))
    await _both(env, older, newer, gate)

    member = next(m for m in t.members.values() if m.id == first.user_id)
    panel = panel_message(member, live.id)
    assert panel is not None
    assert panel.attachments[0].filename == f"hand-{live.id}-{live.seq}.png", (
        "the hand picture is of the position before the last move"
    )
    assert panel.content == bot.table.panel_content(live, 0)
    assert len([m for m in member.user.dm_channel.history() if m.attachments]) == 1, "one panel, edited"
