"""Two bot processes on one PostgreSQL and one Discord, the way ``cardhost --shards`` runs them.

Process B runs shard 1, which holds the test guild: slash commands, lobby buttons, the board's
"Show my hand" and "Open my pack" and the ephemeral panels they open all reach B. Process A runs
shard 0, which gets every DM interaction (Discord sends those to shard 0 whatever the guild), so a
player's clicks on their DM panel reach A, a process that never saw the match start. The same
match and the same draft are played through both, turn after turn; clocks run out with both
processes holding a timer for them; one process crashes and the other takes over.
(tests/bot/shards.py puts the second bot on the first one's simulated Discord.)
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from simcord import Env

from bot.client import CardhostBot, create_bot
from engines.draft import pod as engine
from tests.bot.shards import Attached, _working_for, attach_second, detach, detach_all
from tests.bot.table import Table, custom_ids, last_reply, move_ids, panel_message
from tests.bot.test_draft_flow import panel as pack_panel
from tests.bot.test_draft_flow import pick_by_clicks, pick_options, selects

TURN, RESERVE, WARN, POLL = 90, 30, 20, 5.0


class Pair:
    def __init__(self, env: Env, a: CardhostBot, b: CardhostBot, attached: Attached) -> None:
        self.env, self.a, self.b, self.attached = env, a, b, attached


@pytest.fixture
async def pair(pg_server: Any, pg_template: str) -> AsyncIterator[Pair]:
    dsn = pg_server.new_database(pg_template)
    common = {
        "DISCORD_TOKEN": "",
        "CARDHOST_DATABASE_URL": dsn,
        "CARDHOST_SHARD_COUNT": 2,
        "CARDHOST_TURN_SECONDS": TURN,
        "CARDHOST_RESERVE_SECONDS": RESERVE,
        "CARDHOST_WARN_SECONDS": WARN,
        "CARDHOST_CLOCK_POLL_SECONDS": POLL,
        "CARDHOST_RENDER_WORKERS": 0,
    }
    b = create_bot(**common, CARDHOST_SHARDS="1")
    a = create_bot(**common, CARDHOST_SHARDS="0")
    seeds = itertools.count(1)
    for bot in (a, b):
        bot.matches.seed_source = lambda: next(seeds)
        bot.drafts.seed_source = lambda: 11
    env = Env(b, shard_count=2)  # the env's own bot holds the guild, so the handles read its cache
    await env.start()
    attached = await attach_second(env, a)
    try:
        yield Pair(env, a, b, attached)
    finally:
        await detach_all(env)
        await env.shutdown()


def _table(env: Env) -> Table:
    guild = env.create_guild("Game Night", shard_id=1)
    channel = guild.create_text_channel("table")
    members = {n: guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")}
    return Table(env, guild, channel, members)


async def _chrono(p: Pair, t: Table, humans: tuple[str, ...]) -> int:
    await t.members[humans[0]].slash(t.channel, "play chrono")
    lobby = t.channel.last_message
    for name in humans[1:]:
        await t.members[name].click(lobby, label="Join")
    await t.members[humans[0]].click(lobby, label="Start")
    return max(p.b.matches._cache)


def _member(t: Table, live: Any, seat: int) -> Any:
    return next(m for m in t.members.values() if m.id == live.seats[seat].user_id)


async def _stored(bot: CardhostBot, match_id: int) -> Any:
    """The match as stored now: a fresh load, which leaves the process's cache as it was."""
    return await bot.matches._load(match_id)


def _shown(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("Waiting for ")]


async def _panels_are_current(p: Pair, t: Table, match_id: int) -> None:
    """Every player's DM panel says what the stored match says, with moves for the stored seq."""
    live = await _stored(p.b, match_id)
    clock = await p.b.db.matches.get_clock(match_id)
    p.b.clocks._shown[match_id] = clock  # the deadline as stored, whichever process set it
    for seat in live.seats:
        member = _member(t, live, seat.seat)
        dm = panel_message(member, match_id)
        assert dm is not None
        # (a waiting player's panel is not edited for whom they wait for: one process does the same)
        assert _shown(dm.content) == _shown(p.b.table.panel_content(live, seat.seat)), (
            f"{member.name}'s panel is behind"
        )
        for cid in move_ids(dm):
            assert int(cid.split(":")[2]) == live.seq, f"{member.name}'s buttons are for an old position"


async def _click_in_dm(t: Table, live: Any) -> None:
    """The player to act clicks their DM panel: the click reaches process A."""
    member = _member(t, live, min(live.current))
    dm = panel_message(member, live.id)
    ids = move_ids(dm)
    assert ids, f"{member.name} must act but their DM panel has no moves"
    result = await member.user.click(dm, custom_id=ids[0])
    assert not result.followups, [f.content for f in result.followups]


async def _click_in_thread(t: Table, live: Any) -> None:
    """The player to act opens "Show my hand" on the board and clicks there: process B."""
    member = _member(t, live, min(live.current))
    thread = next(th for th in t.channel.threads if th.id == live.thread_id)
    board = next(m for m in reversed(thread.history()) if any(c.startswith("hand:") for c in custom_ids(m)))
    shown = await member.click(board, custom_id=f"hand:{live.id}")
    hand = last_reply(shown).message
    ids = move_ids(hand)
    assert ids, f"{member.name}'s hand in the thread has no moves: {hand.content}"
    result = await member.click(hand, custom_id=ids[0])
    assert not [f for f in result.followups if f.content and "out of date" in f.content]


async def test_one_game_played_through_both_processes(pair: Pair) -> None:
    p, t = pair, _table(pair.env)
    match_id = await _chrono(p, t, ("alice", "bob", "carol"))
    assert match_id not in p.a.matches._cache, "process A has never seen the match"
    for n in range(24):
        live = await _stored(p.b, match_id)
        if not live.active:
            break
        await (_click_in_dm if n % 3 else _click_in_thread)(t, live)
    stored = await p.b.db.matches.actions(match_id)
    assert [a.seq for a in stored] == list(range(1, len(stored) + 1)) and len(stored) >= 24
    await _panels_are_current(p, t, match_id)
    for bot in (p.a, p.b):  # each process's copy, once brought up to date, is the stored match
        live = await bot.matches.get(match_id)
        async with live.lock:
            fresh = await _stored(p.a if bot is p.b else p.b, match_id)
            assert (live.seq, live.state) == (fresh.seq, fresh.state)


async def test_each_clock_runs_out_once_with_both_processes_timing_it(pair: Pair) -> None:
    p, t = pair, _table(pair.env)
    match_id = await _chrono(p, t, ("alice", "bob"))
    live = await _stored(p.b, match_id)
    await _click_in_dm(t, live)  # A made the last move: it armed the clock
    with p.env._bot_scope():  # as B's own work (its timers follow the simulated clock)
        await p.b.clocks.restore_all()  # and B times it too (as after a restart of B)
    assert p.a.clocks.is_armed(match_id) and p.b.clocks.is_armed(match_id)
    thread = next(th for th in t.channel.threads if th.id == live.thread_id)
    before = await _stored(p.b, match_id)
    waiting = before.seats[min(before.current)].name
    await p.env.advance_time(TURN + RESERVE + POLL)
    texts = [m.content for m in thread.history()]
    assert sum("seconds left on your turn" in x for x in texts) == 1, texts
    assert sum(f"{waiting} ran out of time" in x for x in texts) == 1, texts
    after = await _stored(p.b, match_id)
    assert sum(s.consecutive_timeouts for s in after.seats) == 1
    await _panels_are_current(p, t, match_id)


async def test_a_crashed_process_leaves_its_clocks_to_the_other(pair: Pair) -> None:
    p, t = pair, _table(pair.env)
    match_id = await _chrono(p, t, ("alice", "bob"))
    await _click_in_dm(t, await _stored(p.b, match_id))
    await _click_in_dm(t, await _stored(p.b, match_id))  # A armed the running clock
    assert p.a.clocks.is_armed(match_id)
    p.b.clocks.cancel(match_id)  # B holds no timer for it: only its poll can find it
    await detach(p.attached, crash=True)  # A dies: no clean-up of any kind
    before = await _stored(p.b, match_id)
    waiting, seq_before = before.seats[min(before.current)].name, before.seq  # (B's copy moves on)
    thread = next(th for th in t.channel.threads if th.id == before.thread_id)
    await p.env.advance_time(TURN + RESERVE + 5 + 2 * POLL)
    texts = [m.content for m in thread.history()]
    assert sum(f"{waiting} ran out of time" in x for x in texts) == 1, texts
    after = await _stored(p.b, match_id)
    assert after.seq > seq_before and sum(s.consecutive_timeouts for s in after.seats) == 1
    assert p.b.clocks.is_armed(match_id), "B runs the next clock itself"


async def _pick_in_thread(member: Any, message: discord.Message) -> Any:
    """Choose the first card of the pack "Open my pack" showed: that picks it (as a guild member)."""
    options = pick_options(message)
    assert options, f"no pack in the panel: {message.content}"
    menu = selects(message)[0]
    return await member.select(message, [options[0]], custom_id=menu.custom_id)


async def test_one_draft_picked_through_both_processes(pair: Pair) -> None:
    p, t = pair, _table(pair.env)
    await t.members["alice"].slash(t.channel, "draft create")
    lobby = t.channel.last_message
    await t.members["bob"].click(lobby, label="Join")
    result = await t.members["alice"].click(lobby, label="Start")
    assert not result.followups, last_reply(result).content
    pod_id = int(lobby.embeds[0].title.split("#")[1])
    thread = t.channel.threads[-1]
    progress = next(m for m in thread.history() if any(c.startswith("dro:") for c in custom_ids(m)))
    for n in range(10):
        for name in ("alice", "bob"):
            member = t.members[name]
            if (n + (name == "bob")) % 2:
                dm = pack_panel(member, pod_id)  # in the DM: process A
                assert dm is not None and pick_options(dm)
                _, confirmed = await pick_by_clicks(member, dm)
            else:  # "Open my pack" in the pod's thread: process B
                opened = await member.click(
                    progress, custom_id=next(c for c in custom_ids(progress) if c.startswith("dro:"))
                )
                confirmed = await _pick_in_thread(member, last_reply(opened).message)
            assert not [f.content for f in confirmed.followups if "already" in (f.content or "")]
    picks = await p.b.drafts.store.picks(pod_id)
    assert [x.seq for x in picks] == list(range(1, len(picks) + 1))
    assert sum(x.by == "player" for x in picks) == 20, "every player's pick stored once"
    stored = await p.b.drafts.pods.load(pod_id)
    assert stored.state is not None
    for name in ("alice", "bob"):
        seat = stored.seat_of(t.members[name].id)
        assert seat is not None
        dm = pack_panel(t.members[name], pod_id)
        assert dm is not None
        pack = engine.current_pack(stored.state, seat.seat)
        # each DM panel shows the pack the stored draft gives the player now (or none yet)
        assert sorted(set(pick_options(dm))) == sorted(set(pack.cards if pack is not None else ())), name

    # Both processes time every pick now, from the stored clocks (as after a restart of each):
    # each warning is given and each pick runs out once.
    for bot, scope in ((p.a, _working_for(p.attached)), (p.b, p.env._bot_scope())):
        with scope:  # as that process's own work
            for key in list(bot.drafts.clocks.handles):
                bot.drafts.clocks.cancel(*key)
            await bot.drafts.restore()
    waiting = [
        s.seat for s in stored.seats if s.user_id is not None and engine.current_pack(stored.state, s.seat)
    ]
    assert waiting
    await p.env.advance_time(max(stored.deadlines.values()) - p.env.now().timestamp() + 1)
    timeouts = [x for x in await p.b.drafts.store.picks(pod_id) if x.by == "timeout"]
    assert sorted(x.seat for x in timeouts) == sorted(waiting), timeouts
    # each waiting player was warned on their DM panel (issue #35 item 2), nobody in the thread
    warned = {
        r.path
        for r in p.env.http_requests
        if r.method == "PATCH"
        and isinstance(r.json, dict)
        and "Only seconds left" in str(r.json.get("content"))
    }
    assert len(warned) == len(waiting), warned
    assert not [m.content for m in thread.history() if "seconds left" in m.content]
