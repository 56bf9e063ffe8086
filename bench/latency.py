"""Item 1, interaction latency: slash command and button click to first response, through the real
discord.py bot on simcord, with 1, 50 and 200 live matches; the floor is a no-op ``/ping`` on the
same stack, measured in the same rounds.

- First response = from handing the interaction to the bot until simcord's backend records the
  bot's first answer to it (a message, a defer, ...): what Discord's 3-second rule is about.
- Board delivered = from the click until the table service has posted/edited the board image in
  the game's thread (``TableSurface.post_board`` returned).
- Live matches: the measured match (Chrono, alice + bob + 2 AI seats, started through /play, Join,
  Add AI, Start) plus N-1 others stored in the same database, loaded in the bot's cache with their
  turn clock armed. Live matches are also played: a background task submits a move to a random
  other match every ``THINK_SECONDS / N`` seconds through ``MatchService.submit`` and renders its
  board and hand the way the table does (without sending them), so 200 live matches bring 20 moves
  and renders a second while the measured clicks run.
- The no-op ``/ping`` is a cog defined here and added to the bot instance only for the bench.

simcord delivers one interaction at a time; its settle loop polls every 50 ms by default, which
only slows the harness (the bot has answered by then), so the bench lowers that poll to 2 ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, ms, percentile

THINK_SECONDS = 10.0
"""Average time a player of a background live match takes per move."""
GAME = "chrono"


# --------------------------------------------------------------------------------------------
# hooks: when did the bot first answer an interaction?

FIRST_RESPONSE: dict[int, float] = {}
_RESPONSES = ("respond_with_message", "defer", "defer_update", "update_source", "show_modal", "pong")


@contextlib.contextmanager
def response_probe() -> Iterator[None]:
    """Record ``perf_counter()`` of each simcord interaction's first response; undone on exit."""
    from simcord.backend.models import interaction as model

    originals = {name: getattr(model.Interaction, name) for name in _RESPONSES}

    def wrap(name: str) -> Any:
        orig = originals[name]

        def probe(self: Any, *args: Any, **kwargs: Any) -> Any:
            FIRST_RESPONSE.setdefault(self.id, time.perf_counter())
            return orig(self, *args, **kwargs)

        return probe

    try:
        for name in _RESPONSES:
            setattr(model.Interaction, name, wrap(name))
        yield
    finally:
        for name, orig in originals.items():
            setattr(model.Interaction, name, orig)


@contextlib.contextmanager
def fast_settle() -> Iterator[None]:
    from simcord.env import Env

    orig = Env._settle_internal

    async def settle(self: Any, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("idle", 0.002)
        return await orig(self, *args, **kwargs)

    Env._settle_internal = settle  # type: ignore[method-assign]
    try:
        yield
    finally:
        Env._settle_internal = orig  # type: ignore[method-assign]


def ping_cog() -> Any:
    from discord import app_commands
    from discord.ext import commands

    class BenchPing(commands.Cog):
        @app_commands.command(name="ping", description="benchmark floor: answers at once")
        async def ping(self, interaction: Any) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

    return BenchPing()


# --------------------------------------------------------------------------------------------
# live matches


async def seed_matches(path: Path, count: int, seed: int, moves: tuple[int, int] = (0, 30)) -> list[int]:
    """``count`` active 2-player Chrono matches with a few random moves and an armed clock row."""
    from bot.db import ClockRow, Database
    from bot.services.matches import MatchService
    from engines.core import PlayerId, Rng

    db = await Database(path).open()
    svc = MatchService(db)
    rng = Rng.from_seed(seed)
    ids = []
    try:
        for i in range(count):
            u1, u2 = 900_000 + 2 * i, 900_001 + 2 * i
            live = await svc.create(
                GAME, {}, [(u1, f"p{u1}", False), (u2, f"p{u2}", False)],
                guild_id=1, channel_id=1, host_id=u1, seed=seed * 10_000 + i,
            )  # fmt: skip
            for _ in range(rng.randint(*moves)):
                if live.outcome is not None:
                    break
                seat = min(live.current)
                action = rng.choice(list(live.engine.legal_actions(live.state, PlayerId(seat))))
                user = live.seats[seat].user_id
                assert user is not None
                await svc.submit(live.id, user, action.to_id(), live.seq)
            if live.outcome is not None:
                continue
            ids.append(live.id)
            seat = min(live.current)
            await db.matches.set_clock(
                ClockRow(live.id, seat, live.seq, time.time() + 86_400, 90, 180, reserve={0: 180, 1: 180})
            )
    finally:
        await db.close()
    return ids


async def background_load(bot: Any, ids: list[int], rate: float, stop: asyncio.Event, seed: int) -> int:
    """Play and render a move in a random live match ``rate`` times a second until ``stop``."""
    from bot.presenters.registry import entry
    from engines.core import PlayerId

    rng = random.Random(seed)
    done = 0
    if not ids or rate <= 0:
        return 0
    next_at = time.perf_counter()
    while not stop.is_set():
        next_at += rng.expovariate(rate)
        delay = next_at - time.perf_counter()
        if delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), delay)
            if stop.is_set():
                break
        live = await bot.matches.get(rng.choice(ids))
        if live.outcome is not None or not live.active:
            continue
        seat = min(live.current)
        action = rng.choice(list(live.engine.legal_actions(live.state, PlayerId(seat))))
        user = live.seats[seat].user_id
        with contextlib.suppress(Exception):
            await bot.matches.submit(live.id, user, action.to_id(), live.seq)
        view, names = live.engine.view(live.state, None), live.names
        hand_view = live.engine.view(live.state, PlayerId(seat))
        opts = entry(live.game).presenter.render_options()

        await asyncio.to_thread(_render_both, live.game, view, hand_view, names, seat, opts)
        done += 1
    return done


def _render_both(game: str, view: Any, hand_view: Any, names: list[str], seat: int, opts: Any) -> None:
    from bot.presenters.registry import entry
    from render.common import to_png

    hosted = entry(game)
    to_png(hosted.board(view, names))
    to_png(hosted.hand(hand_view, names[seat], **opts))


# --------------------------------------------------------------------------------------------
# the measured match


async def start_match(env: Any, t: dict[str, Any]) -> Any:
    alice, bob, channel = t["alice"], t["bob"], t["channel"]
    await alice.slash(channel, f"play {GAME}", seats=4)
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")
    bot = env.bot
    mine = [m for m in bot.matches._cache.values() if m.channel_id == channel.id and m.active]
    return max(mine, key=lambda m: m.id)


def _panel(member: Any, match_id: int) -> Any:
    for msg in reversed(member.user.dm_channel.history()):
        if msg.attachments and msg.attachments[0].filename.startswith(f"hand-{match_id}-"):
            return msg
    return None


def _move_ids(message: Any) -> list[str]:
    out = []
    for row in message.components if message is not None else []:
        for child in getattr(row, "children", []):
            cid = getattr(child, "custom_id", None)
            if cid and cid.startswith("mv:"):
                out.append(cid)
    return out


async def measure(ctx: Context, live_matches: int, rounds: int) -> dict[str, list[float]]:
    import simcord

    from bot.client import create_bot

    FIRST_RESPONSE.clear()  # interaction ids start again in every simcord env
    d = ctx.tmp(f"latency{live_matches}")
    db_path = d / "cardhost.sqlite3"
    others = await seed_matches(db_path, live_matches - 1, ctx.seed + live_matches)
    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_path), CARDHOST_SNAPSHOT_EVERY=50)
    seeds = itertools.count(ctx.seed * 1000)
    bot.matches.seed_source = lambda: next(seeds)
    await bot.add_cog(ping_cog())
    boards: list[float] = []
    orig_post = bot.table.post_board

    async def post_board(*args: Any, **kwargs: Any) -> Any:
        result = await orig_post(*args, **kwargs)
        boards.append(time.perf_counter())
        return result

    bot.table.post_board = post_board  # type: ignore[method-assign]
    out: dict[str, list[float]] = {"ping": [], "click": [], "status": [], "board": []}
    async with simcord.run(bot) as env:
        for mid in others:
            await bot.matches.get(mid)
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("table")
        t = {"channel": channel}
        for name in ("alice", "bob"):
            t[name] = guild.add_member(env.create_user(name))
        live = await start_match(env, t)
        stop = asyncio.Event()
        load = asyncio.create_task(background_load(bot, others, len(others) / THINK_SECONDS, stop, ctx.seed))
        try:
            for r in range(rounds):
                t0 = time.perf_counter()
                res = await t["alice"].slash(channel, "ping")
                out["ping"].append(FIRST_RESPONSE.pop(res._interaction.id) - t0)

                if not live.active or live.outcome is not None:
                    live = await start_match(env, t)
                seat = min(live.current)
                member = t["alice"] if live.seats[seat].user_id == t["alice"].id else t["bob"]
                panel = _panel(member, live.id)
                ids = _move_ids(panel)
                if ids:
                    n_boards = len(boards)
                    t0 = time.perf_counter()
                    res = await member.user.click(panel, custom_id=ids[0])
                    out["click"].append(FIRST_RESPONSE.pop(res._interaction.id) - t0)
                    if len(boards) > n_boards:
                        out["board"].append(boards[n_boards] - t0)

                if r % 2 == 0 and channel.threads:
                    thread = channel.threads[-1]
                    t0 = time.perf_counter()
                    res = await t["alice"].slash(thread, "game status")
                    out["status"].append(FIRST_RESPONSE.pop(res._interaction.id) - t0)
        finally:
            stop.set()
            background = await load
    await bot.db.close()  # simcord's shutdown does not close the bot; its sqlite thread would outlive us
    ctx.log(
        f"   {live_matches} live: {rounds} rounds, {background} background moves rendered,"
        f" click p99 {ms(percentile(out['click'], 99)):.1f} ms, board p99 {ms(percentile(out['board'], 99)):.0f} ms"
    )
    return out


def run(ctx: Context) -> list[Figure]:
    figures: list[Figure] = []
    levels = (1, 3) if ctx.quick else (1, 50, 200)
    rounds = ctx.n(100, 6)
    with response_probe(), fast_settle():
        for n in levels:
            r = asyncio.run(measure(ctx, n, rounds))
            ping50, ping99 = percentile(r["ping"], 50), percentile(r["ping"], 99)
            figures.append(Figure(f"latency.ping.p50@{n}", f"@{n} live: no-op /ping p50", ms(ping50), "ms"))
            figures.append(Figure(f"latency.ping.p99@{n}", f"@{n} live: no-op /ping p99", ms(ping99), "ms"))
            for kind, label in (("click", "move button"), ("status", "/game status")):
                for q, floor in ((50, ping50), (99, ping99)):
                    figures.append(
                        Figure(
                            f"latency.{kind}.p{q}@{n}",
                            f"@{n} live: {label} first response p{q}",
                            ms(percentile(r[kind], q)),
                            "ms",
                            floor=ms(floor),
                            floor_label=f"/ping p{q}",
                            target=2.0 if q == 99 and n == max(levels) else None,
                            note=f"{len(r[kind])} samples",
                        )
                    )
            for q in (50, 99):
                figures.append(
                    Figure(
                        f"latency.board.p{q}@{n}",
                        f"@{n} live: board image delivered p{q}",
                        ms(percentile(r["board"], q)),
                        "ms",
                        target=250.0 if q == 99 and n == max(levels) else None,
                        target_on="value",
                        note=f"{len(r['board'])} samples",
                    )
                )
    return figures
