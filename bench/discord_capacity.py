"""Issue #33 item 3: the capacity bench on a Discord that says no (tests/bot/limited_discord.py).

    python -m bench.discord_capacity [--games chronomagia ...] [--levels 100 300 400 450 500 550]
                                     [--seconds 40] [--quick]

``bench/capacity.py`` counts CPU on a simulator that never refuses a request; ``bench/discord_budget.py``
counts requests with the limits off. Here the real bot (``create_bot``, its sender paced at the
settings' budget: 45 of Discord's 50 requests a second, 5 message writes per 5 s per channel)
plays on the limited Discord with Discord's documented limits on (global 50/s per token, 5 writes
per 5 s per channel, 429s with Discord's headers), and time is the limited Discord's virtual
clock: the bot's waits (its sender's pacing, discord.py's sleeps on a 429) pass as the bench
advances it, CPU does not. Two parts:

* **requests per move** (per game and mode): one whole game of each game against the AI and
  between two people, the players thinking 10 s (virtual) before each move, as
  ``bench/discord_budget.py`` plays them; printed: global-bound requests per move by route, the
  429s Discord answered, and the live matches the budget holds at a move per 10 s:
  ``rate / (per move x 0.1)`` at Discord's 50/s and at the bot's own 45/s;
* **live matches held** (against the AI): N matches are started (10 a second) and then each
  makes a move every 10 s on average (Poisson) for ``--seconds`` of virtual time. Per move the
  **panel** latency (from the click until the clicker's DM panel shows the new position; it is
  written through the click's interaction) and the **board** latency (from the move until the
  sender has written the board of that position, or a newer one). A step **meets** the target when
  panel p99 <= 1 s, board p99 <= 3 s and no surface is left stale; the **capacity** is the largest
  step that meets it. Beside it, the CPU-only figure of ``bench/capacity.py`` (bench/README.md).

The figures are counts and virtual times: the same on every machine (the wall time of the run is
not a figure). Quick mode: one game's first moves each way and steps of 3 and 6 matches.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import math
import random
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, percentile
from bench.discord_budget import Played

GAMES = ("chrono", "afrika", "alchemy", "spirit", "chronomagia")
MODES = ("ai", "people")
DISCORD_RATE = 50.0
BOT_RATE = 45.0
"""The bot's own budget (``CARDHOST_DISCORD_GLOBAL_RATE``'s default): 45 of Discord's 50."""
THINK_SECONDS = 10.0
PANEL_TARGET = 1.0
BOARD_TARGET = 3.0
CPU_CAPACITY = 500
"""``bench/capacity.py``'s live matches held on a quiet 2-core machine (bench/README.md, session
11): CPU on a simulator that never refuses a request."""
OPEN_LOBBY = frozenset({"chrono"})
OPTIONS: dict[str, dict[str, Any]] = {"spirit": {"best_of": 1}}
SECONDS = 40.0
"""Virtual seconds of moves at each step (the starts' writes have gone through before)."""
CAPACITY_GAME = "chronomagia"
"""The game of the live-matches steps: a duel against the AI started with /play (the budget's
shortest games, so its set-up weighs most)."""


def held(per_move: float, rate: float) -> float:
    """Live matches a budget of ``rate`` requests a second holds at a move every 10 s."""
    return rate / (per_move / THINK_SECONDS) if per_move > 0 else math.inf


@contextmanager
def _bot(tmp: str, name: str) -> Iterator[Any]:
    from bot.client import create_bot

    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(Path(tmp) / f"{name}.sqlite3"))
    seeds = itertools.count(1)
    bot.matches.seed_source = lambda: next(seeds)
    yield bot


def _panel_seq(member: Any, match_id: int) -> int | None:
    """The position the player's DM panel shows, from the seq its buttons carry."""
    from tests.bot.table import custom_ids, panel_message

    panel = panel_message(member, match_id)
    if panel is None:
        return None
    prefix = re.compile(rf"m[vmspg]:{match_id}:(\d+)")
    seqs = [int(m.group(1)) for c in custom_ids(panel) if (m := prefix.match(c))]
    return max(seqs) if seqs else None


# --------------------------------------------------------------------------------------------
# requests per move, each game and mode, on the limited Discord


async def play_game(game: str, mode: str, seed: int, max_moves: int = 3000) -> Played:
    """One game through the bot on the limited Discord (Discord's limits), players thinking 10 s."""
    import simcord

    from bench.latency import fast_settle
    from engines.core import PlayerId, Rng, choose_action
    from tests.bot.limited_discord import Limits, limit
    from tests.bot.table import play_move

    played = Played(game, mode)
    with tempfile.TemporaryDirectory() as tmp, _bot(tmp, "budget") as bot:
        with fast_settle():
            async with simcord.run(bot) as env:
                with limit(env, Limits()) as discord_:
                    guild = env.create_guild("Bench")
                    channel = guild.create_text_channel("table")
                    alice = guild.add_member(env.create_user("alice"))
                    bob = guild.add_member(env.create_user("bob"))
                    await env.settle()
                    start = discord_.mark()
                    options: dict[str, Any] = dict(OPTIONS.get(game, {}))
                    if mode == "ai":
                        await alice.slash(channel, f"play {game}", **options)
                        if not bot.matches._cache:
                            await env.advance_time(THINK_SECONDS)
                            lobby = next(m for m in reversed(channel.history()) if m.embeds)
                            await alice.click(lobby, label="Add AI")
                            await env.advance_time(THINK_SECONDS)
                            await alice.click(lobby, label="Start")
                    else:
                        if game not in OPEN_LOBBY:
                            options["opponent"] = bob
                        await alice.slash(channel, f"play {game}", **options)
                        await env.advance_time(THINK_SECONDS)
                        lobby = next(m for m in reversed(channel.history()) if m.embeds)
                        await bob.click(lobby, label="Join")
                        await env.advance_time(THINK_SECONDS)
                        await alice.click(lobby, label="Start")
                    live = await bot.matches.get(max(bot.matches._cache))
                    people = {s.name: i for i, s in enumerate(live.seats) if s.name in ("alice", "bob")}
                    members = {people[m.name]: m for m in (alice, bob) if m.name in people}
                    rng = Rng.from_seed(seed)
                    while live.active and played.moves < max_moves:
                        await env.advance_time(THINK_SECONDS)
                        acting = sorted(s for s in live.current if s in members)
                        if not acting:
                            continue  # the AI is still thinking
                        seat = acting[0]
                        for _ in range(60):  # a player waits for the panel to show the position
                            if _panel_seq(members[seat], live.id) == live.seq:
                                break
                            await env.advance_time(1.0)
                        chosen = choose_action(live.engine, live.state, PlayerId(seat), rng)
                        await play_move(members[seat], live.id, chosen.to_id())
                        played.moves += 1
                    await env.advance_time(60.0)
                    played.finished = not live.active
                    rows = discord_.since(start)
                    played.global_bound = discord_.global_bound(rows)
                    played.rejected = len(discord_.rejected(rows))
                    played.routes = discord_.by_route(rows, global_only=True)
        await bot.db.close()
    return played


def measure(games: tuple[str, ...], seed: int, max_moves: int) -> list[Played]:
    return [asyncio.run(play_game(g, m, seed, max_moves)) for g in games for m in MODES]


def report_games(rows: list[Played], log: Any = print) -> None:
    log("On the limited Discord (50 requests/s, 5 writes per 5 s per channel; the sender paced at 45/s):")
    log(
        f"{'game':<13}{'mode':<8}{'moves':>7}{'global':>8}{'per move':>10}{'429s':>6}{'@50/s':>8}{'@45/s':>8}"
    )
    for r in rows:
        log(
            f"{r.game:<13}{r.mode:<8}{r.moves:>7}{r.global_bound:>8}{r.per_move:>10.2f}{r.rejected:>6}"
            f"{held(r.per_move, DISCORD_RATE):>8.0f}{held(r.per_move, BOT_RATE):>8.0f}"
        )
    log("routes per move (global-bound):")
    for r in rows:
        if r.moves:
            top = ", ".join(f"{route} {n / r.moves:.2f}" for route, n in r.routes.most_common(5))
            log(f"  {r.game} {r.mode}: {top}")


# --------------------------------------------------------------------------------------------
# live matches held: N matches against the AI at a move per 10 s, in virtual time


@dataclass
class Step:
    matches: int
    moves: int = 0
    panel: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    stale: int = 0
    rejected: int = 0
    global_bound: int = 0
    seconds: float = 0.0

    @property
    def panel_p99(self) -> float:
        return percentile(self.panel, 99) if self.panel else math.inf

    @property
    def board_p99(self) -> float:
        return percentile(self.board, 99) if self.board else math.inf

    @property
    def meets(self) -> bool:
        return (
            bool(self.moves)
            and self.panel_p99 <= PANEL_TARGET
            and self.board_p99 <= BOARD_TARGET
            and not self.stale
        )

    @property
    def rate(self) -> float:
        return self.global_bound / self.seconds if self.seconds else 0.0


def _watch_boards(bot: Any, samples: list[float]) -> None:
    """Board latency: from the submit of a board version to its settling (written, or replaced by
    a newer version that was written), on the loop's (virtual) clock."""
    from bot.sender.core import Status

    sender = bot.sender
    original = sender.submit_nowait
    loop = asyncio.get_running_loop()

    def submit_nowait(surface: Any, desired: Any) -> Any:
        future = original(surface, desired)
        if surface.kind == "board":
            start = loop.time()

            def settled(f: asyncio.Future[Any]) -> None:
                if not f.cancelled() and f.result().status in (
                    Status.WRITTEN,
                    Status.UNCHANGED,
                    Status.OUTDATED,
                ):
                    samples.append(loop.time() - start)

            future.add_done_callback(settled)
        return future

    sender.submit_nowait = submit_nowait


async def run_step(
    matches: int, seconds: float, seed: int, game: str = CAPACITY_GAME, log: Any = None
) -> Step:
    """``matches`` games of ``game`` against the AI, started 10 a second, then ``seconds`` of
    moves at a move per 10 s each (virtual time)."""
    import simcord

    from bench.latency import fast_settle
    from engines.core import PlayerId, Rng, choose_action
    from tests.bot.limited_discord import Limits, limit
    from tests.bot.table import play_move

    step = Step(matches)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp, _bot(tmp, "capacity") as bot:
        with fast_settle():
            async with simcord.run(bot) as env:
                with limit(env, Limits()) as discord_:
                    guild = env.create_guild("Bench")
                    channels = [guild.create_text_channel(f"table-{i}") for i in range(max(1, matches // 10))]
                    players = [guild.add_member(env.create_user(f"p{i}")) for i in range(matches)]
                    await env.settle()
                    lives: list[tuple[Any, Any]] = []
                    for i, member in enumerate(players):
                        await member.slash(channels[i % len(channels)], f"play {game}")
                        lives.append((await bot.matches.get(max(bot.matches._cache)), member))
                        await env.advance_time(0.1)
                    await env.advance_time(THINK_SECONDS)  # the starts' writes go through
                    if log is not None:
                        log(f"  {matches} matches started; {seconds:.0f} s of moves")
                    boards: list[float] = []
                    _watch_boards(bot, boards)
                    mark = discord_.mark()
                    start = env.backend.clock.elapsed
                    due = [(rng.expovariate(1 / THINK_SECONDS), i) for i in range(matches)]
                    waiting: dict[int, tuple[int, float]] = {}
                    now = 0.0
                    policy = Rng.from_seed(seed)
                    while True:
                        due.sort()
                        t, i = due[0]
                        if t > seconds:
                            break
                        if t > now:
                            await env.advance_time(t - now)
                            now = t
                            _panels_shown(lives, waiting, now, step)
                        live, member = lives[i]
                        due[0] = (now + rng.expovariate(1 / THINK_SECONDS), i)
                        if not live.active or 0 not in live.current or i in waiting:
                            continue
                        if _panel_seq(member, live.id) != live.seq:
                            continue  # the player still looks at an older panel
                        action = choose_action(live.engine, live.state, PlayerId(0), policy).to_id()
                        await play_move(member, live.id, action)
                        step.moves += 1
                        waiting[i] = (live.seq, now)
                        _panels_shown(lives, waiting, now, step)
                    await env.advance_time(BOARD_TARGET)
                    step.seconds = env.backend.clock.elapsed - start - BOARD_TARGET
                    rows = discord_.since(mark)
                    step.global_bound = discord_.global_bound(rows)
                    step.rejected = len(discord_.rejected(rows))
                    step.board = boards
                    step.stale = len(bot.sender.stale_surfaces())
                    step.panel.extend(math.inf for _ in waiting)  # never shown
        await bot.db.close()
    return step


def _panels_shown(
    lives: list[tuple[Any, Any]], waiting: dict[int, tuple[int, float]], now: float, step: Step
) -> None:
    """Clicks whose panel now shows their position (or a later one): their panel latency."""
    for i, (seq, at) in list(waiting.items()):
        live, member = lives[i]
        shown = _panel_seq(member, live.id)
        if (shown is not None and shown >= seq) or not live.active:
            step.panel.append(now - at)
            del waiting[i]


def report_steps(steps: list[Step], log: Any = print, *, summary: bool = True) -> int:
    log(
        f"Live matches against the AI ({CAPACITY_GAME}) at a move per 10 s on the limited Discord, "
        f"virtual time; target panel p99 <= {PANEL_TARGET:.0f} s, board p99 <= {BOARD_TARGET:.0f} s:"
    )
    log(
        f"{'matches':>8}{'moves':>7}{'req/s':>7}{'429s':>6}{'panel p99':>11}{'board p99':>11}{'p50':>7}{'stale':>7}  meets"
    )
    for s in steps:
        log(
            f"{s.matches:>8}{s.moves:>7}{s.rate:>7.1f}{s.rejected:>6}{s.panel_p99:>10.2f}s{s.board_p99:>10.2f}s"
            f"{(percentile(s.board, 50) if s.board else math.inf):>6.2f}s{s.stale:>7}  {'met' if s.meets else 'MISSED'}"
        )
    capacity = max((s.matches for s in steps if s.meets), default=0)
    if not summary:
        return capacity
    log(
        f"capacity on the limited Discord: {capacity} live matches (CPU only, bench/capacity.py: {CPU_CAPACITY})"
    )
    return capacity


def capacity(levels: tuple[int, ...], seconds: float, seed: int, log: Any = None) -> list[Step]:
    steps = []
    for n in levels:
        step = asyncio.run(run_step(n, seconds, seed, log=log))
        if log is not None:
            report_steps([step], log, summary=False)
        steps.append(step)
        if not step.meets and step.board_p99 > 4 * BOARD_TARGET:
            break  # far past it: more matches only wait longer
    return steps


# --------------------------------------------------------------------------------------------
# the harness


def run(ctx: Context) -> list[Figure]:
    games = tuple(ctx.extra.get("capacity_games", ("chronomagia",) if ctx.quick else GAMES))
    rows = measure(games, ctx.seed, 6 if ctx.quick else 3000)
    report_games(rows, ctx.log)
    levels = tuple(ctx.extra.get("discord_levels", (3, 6) if ctx.quick else (300, 450, 500)))
    steps = capacity(levels, 20.0 if ctx.quick else SECONDS, ctx.seed)
    held_ = report_steps(steps, ctx.log)
    figures = []
    for r in rows:
        figures.append(
            Figure(
                f"discord_capacity.{r.game}.{r.mode}.requests_per_move",
                f"{r.game}, {'against the AI' if r.mode == 'ai' else 'two people'}: global-bound requests "
                "per move on the limited Discord",
                r.per_move,
                "requests",
                note=f"{r.moves} moves, {r.rejected} 429s; top: {', '.join(k for k, _ in r.routes.most_common(3))}",
            )
        )
    figures.append(
        Figure(
            "discord_capacity.live_matches",
            f"live matches against the AI ({CAPACITY_GAME}) one token holds on the limited Discord within "
            f"panel p99 <= {PANEL_TARGET:.0f} s and board p99 <= {BOARD_TARGET:.0f} s",
            float(held_),
            "matches",
            floor=float(CPU_CAPACITY),
            floor_label="CPU only (bench/capacity.py)",
            note="steps: " + ", ".join(f"{s.matches} {'met' if s.meets else 'missed'}" for s in steps),
        )
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.discord_capacity", description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    ap.add_argument("--levels", nargs="*", type=int, default=[100, 300, 400, 450, 500, 550])
    ap.add_argument("--seconds", type=float, default=SECONDS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    if args.games:
        report_games(measure(tuple(args.games), args.seed, 6 if args.quick else 3000))
    if args.levels:
        report_steps(capacity(tuple(args.levels), 20.0 if args.quick else args.seconds, args.seed, print))
    return 0


if __name__ == "__main__":
    sys.exit(main())
