"""The sandbox's relative times match the clock (issue 34 item 6).

A newcomer four minutes into a game in the sandbox read a deadline 20 s away as "in 4 minutes".
The bot's deadline was right; simcord's page turns ``<t:…:R>`` into words against its
"presentation time", which it sets when the preview opens and moves only on an explicit refresh.
The sandbox now moves it to the simulated now before every publication
(``bot.sandbox.keep_relative_times_current``). Here a preview is opened as the sandbox opens it,
four minutes pass, a game starts, and the page's basis is compared with the board's deadline, the
way simcord's page (static/text.js, ``renderTimestamp``) turns it into words.

simcord's clock also stands still between two timers of the bot, so a minute spent reading the
board did not count: the hand shown then said "in 2 minutes" where one was left. The sandbox
brings the clock to the wall clock before each thing done on the page
(``bot.sandbox.follow_the_wall_clock``), tested through the page's own HTTP endpoints.
"""

from __future__ import annotations

import math
import re
import time
from datetime import datetime
from typing import Any

from bot.sandbox import continue_time, follow_the_wall_clock, keep_relative_times_current
from tests.bot.table import game_thread, make_table
from tests.bot.test_sandbox_menus import Page


def relative_words(seconds: float) -> str:
    """What simcord's page writes for ``<t:…:R>`` that far from its basis (en-US, numeric: auto):
    its units and its rounding (JavaScript's Math.round)."""
    size = abs(seconds)
    unit, amount = (
        ("second", seconds)
        if size < 60
        else ("minute", seconds / 60)
        if size < 3600
        else ("hour", seconds / 3600)
    )
    n = math.floor(amount + 0.5)
    if n == 0:
        return "now"
    word = unit if abs(n) == 1 else unit + "s"
    return f"in {n} {word}" if n > 0 else f"{-n} {word} ago"


def _board_deadline(t: Any) -> int:
    board = next(m for m in reversed(game_thread(t).history()) if "<t:" in m.content)
    found = re.search(r"<t:(\d+):R>", board.content)
    assert found, board.content
    return int(found[1])


async def test_a_deadline_reads_as_far_as_it_is_four_minutes_after_the_page_opened(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    async with env.preview(t.channel, viewers=tuple(t.members.values()), layout="channel") as preview:
        assert keep_relative_times_current(preview)
        await env.advance_time(240)  # the newcomer reads the rules for four minutes
        await alice.slash(t.channel, "play afrika")
        deadline = _board_deadline(t)
        left = deadline - env.now().timestamp()
        assert 0 < left <= 120, "a turn and its reserve (tests/bot/conftest.py)"
        basis = datetime.fromisoformat((await preview.snapshot())["profile"]["presentationTime"])
        shown = relative_words(deadline - basis.timestamp())
        assert shown == relative_words(left), f"the page says {shown!r}"
        assert shown != relative_words(left + 240)  # what it said before: four minutes too far


async def test_a_minute_spent_reading_counts_on_the_next_click(simcord_env) -> None:
    env = simcord_env
    wall = [float(int(time.time()) + 86400)]  # a wall clock ahead of every moment the database has stored
    await continue_time(env, env.bot, wall=lambda: wall[0])
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    deadline = _board_deadline(t)
    assert 60 < deadline - wall[0] <= 120
    async with env.preview(game_thread(t), viewers=(alice,), layout="channel") as preview:
        assert keep_relative_times_current(preview)
        assert follow_the_wall_clock(preview, env, env.bot, wall=lambda: wall[0])
        page = Page(preview.url)
        await page.open(alice.id)
        wall[0] += 60  # alice reads the board for a minute; no timer of the bot falls due
        show = next(c for c in page.controls() if c.get("label") == "Show my hand")
        assert not (await page.act("click", show))["rejected"]
        basis = datetime.fromisoformat(page.state["profile"]["presentationTime"]).timestamp()
        shown = relative_words(deadline - basis)
        assert shown == relative_words(deadline - wall[0]) == "in 1 minute", f"the page says {shown!r}"
