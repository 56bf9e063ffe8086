"""Board and hand images come from worker processes (bot/services/renders.py); a worker that dies
is replaced and the image still arrives, drawn once more."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.services.renders import RenderPool
from render.common import to_png
from tests.bot.table import game_thread, make_table, move_ids, panel_message
from tests.pngs import assert_same_png

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills a process with SIGKILL")

PARENT = os.getpid()
"""The test's process (a worker imports this module afresh: the pid goes as an argument)."""


def _picture(colour: int) -> Image.Image:
    return Image.new("RGB", (40, 30), (colour, 0, 0))


def crash_once(marker: str, colour: int, parent: int) -> Image.Image:
    """A renderer whose first call kills the worker process drawing it (as an OOM kill would)."""
    if os.getpid() != parent and not Path(marker).exists():
        Path(marker).write_text("crashed")
        os._exit(1)
    return _picture(colour)


def crash_in_workers(colour: int, parent: int) -> Image.Image:
    """A renderer that kills every worker process that draws it (and draws in the bot's own)."""
    if os.getpid() != parent:
        os._exit(1)
    return _picture(colour)


def worker_pid() -> Image.Image:
    """The drawing process's pid in the picture (to tell where it was drawn)."""
    return Image.new("RGB", (4, 1), (os.getpid() % 256, (os.getpid() >> 8) % 256, (os.getpid() >> 16) % 256))


async def _until(check: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.to_thread(time.sleep, 0.05)


def _pid_of(png: bytes) -> int:
    import io

    r, g, b = Image.open(io.BytesIO(png)).getpixel((0, 0))  # type: ignore[misc]
    return int(r) | int(g) << 8 | int(b) << 16


async def test_a_crashed_worker_is_replaced_and_the_image_drawn_again(tmp_path: Path) -> None:
    pool = RenderPool(1)
    try:
        pool.start()
        await _until(lambda: pool.start() or pool.ready, "the worker to start")
        data = await pool.png(crash_once, str(tmp_path / "marker"), 200, PARENT)
        assert data == to_png(_picture(200))
        assert (tmp_path / "marker").exists(), "the first try ran in a worker and killed it"
        assert pool.replaced == 1
        await _until(lambda: pool.start() or pool.ready, "the new worker to start")
        assert _pid_of(await pool.png(worker_pid)) in pool.worker_pids()
    finally:
        pool.shutdown()


async def test_an_image_that_kills_every_worker_is_drawn_in_the_bot(caplog: pytest.LogCaptureFixture) -> None:
    pool = RenderPool(1)
    try:
        pool.start()
        await _until(lambda: pool.start() or pool.ready, "the worker to start")
        data = await pool.png(crash_in_workers, 90, PARENT)
        assert data == to_png(_picture(90))
        assert pool.replaced == 2, "tried in the pool, then in a fresh pool once, then here"
        assert "drawn in the bot's process" in caplog.text
    finally:
        pool.shutdown()


async def test_a_renderer_workers_cannot_pickle_is_drawn_in_the_bot() -> None:
    pool = RenderPool(1)
    try:
        pool.start()
        await _until(lambda: pool.start() or pool.ready, "the worker to start")
        data = await pool.png(lambda: _picture(7))
        assert data == to_png(_picture(7)) and pool.replaced == 0
    finally:
        pool.shutdown()


async def test_killed_render_workers_are_replaced_and_the_board_still_arrives(simcord_env: Any) -> None:
    """Chrono through the bot; every render worker is killed between two moves: the move's board
    and hand still arrive (the right pictures), drawn by new workers."""
    from bot.presenters.registry import entry

    chrono = entry("chrono")
    bot = simcord_env.bot
    pool = bot.table.renders
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play chrono", seats=2)
    await bob.click(t.channel.last_message, label="Join")
    await alice.click(t.channel.last_message, label="Start")
    live = next(m for m in bot.matches._cache.values() if m.active)
    await _until(lambda: pool.ready and pool.worker_pids(), "the render workers")
    before, replaced = pool.worker_pids(), pool.replaced
    for pid in before:
        os.kill(pid, signal.SIGKILL)
    await _until(lambda: all(not Path(f"/proc/{pid}").exists() for pid in before), "the workers to die")

    seat = min(live.current)
    member = alice if live.seats[seat].user_id == alice.id else bob
    panel = panel_message(member, live.id)
    await member.user.click(panel, custom_id=move_ids(panel)[0])

    assert pool.replaced == replaced + len(before), "each dead worker replaced once"
    assert pool.worker_pids() and not set(pool.worker_pids()) & set(before)
    board = next(m for m in reversed(game_thread(t).history()) if m.attachments)
    assert board.attachments[0].filename == f"board-{live.id}-{live.seq}.png"
    drawn = simcord_env.backend.cdn.get(board.attachments[0].url)
    assert_same_png(drawn, to_png(chrono.board(live.engine.view(live.state, None), live.names)), "the board")
    panel = panel_message(member, live.id)
    assert panel is not None and panel.attachments[0].filename == f"hand-{live.id}-{live.seq}.png"
    from engines.core import PlayerId

    options = chrono.presenter.render_options()
    hand = chrono.hand(live.engine.view(live.state, PlayerId(seat)), live.names[seat], **options)
    assert_same_png(simcord_env.backend.cdn.get(panel.attachments[0].url), to_png(hand), "the hand")
