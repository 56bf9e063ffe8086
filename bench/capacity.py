"""Issue #23 item 1, capacity: the most live matches one bot process holds at human pace.

The real bot (``create_bot``) runs on simcord. Live matches are real matches of the bot: each has
its game thread and its players' DM panels in the simulated Discord, and each moves once every
``THINK_SECONDS`` on average (Poisson arrivals, every move its own task): the move goes through
``MatchService.submit`` and ``TableService.after_report``, the code a click runs after its
``defer``, so every move draws and posts (or edits) the board and re-renders the DM panels whose
signature changed, exactly as in play. Chrono matches are two people; Afrika matches are a person
against the AI (what ``/play afrika`` starts), so Afrika's moves carry the AI's turns.

The number of live matches steps up (100, 200, 500, 1000, 2000; the same bot keeps its matches and
gets more; after a step far past the targets the larger ones are skipped), and at each step, after a warm-up in which the new matches make their first move
(their board is posted and their DMs sent), the measured match takes rounds as in
``bench/latency.py``: a no-op ``/ping`` (the floor of the same run and step), a move button in
alice's DM panel (first response) and the board delivered after it. A step meets the targets when
first response p99 <= 2x the no-op p99 and board delivered p99 <= 250 ms; the capacity is the
largest step that does (the board p99 is taken over the measured clicks and every background move,
hundreds to thousands of samples).

simcord's own cost is measured apart and kept out of the bot's figures where it can be: every call
into simcord's router (a REST call) and gateway (an event) is timed with the time discord.py spends
parsing the event taken out (that part is the bot's: real Discord sends the same events). simcord
also deep-copies every request body into its request log and keeps every request, transcript line
and uploaded file forever; the bench skips that copy and empties those stores every second (the
bot never reads them back), or 2,000 matches would fill the memory.

``python -m bench.capacity --cost N`` profiles instead: at each step, N moves one after another
(no queueing), the CPU of a move split into the loop's thread (simcord, discord.py's parsers, the
rest), the bot's other threads and the render workers, then the same under cProfile by part, the
images drawn per move, and a full garbage collection's size and time. ``CARDHOST_BENCH_PROFILE=1``
adds a per-move breakdown to the steps (engine apply, AI and autoplay choices, board and hand
draws when they run in threads, SQLite, and DM panel images that came out the same as before);
``CARDHOST_BENCH_CPROFILE=DIR`` writes a cProfile of each step to DIR.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, ms, percentile
from bench.latency import FIRST_RESPONSE, fast_settle, ping_cog, response_probe

THINK_SECONDS = 10.0
"""Average time between two moves of one live match (human pace)."""
LEVELS = (100, 200, 500, 1000, 2000)
QUICK_LEVELS = (3, 6)
GAMES = ("chrono", "afrika")
USERS = 200
"""Simulated players; each plays in several live matches (a DM channel holds several panels)."""
FIRST_RESPONSE_TARGET = 2.0
BOARD_TARGET_MS = 250.0


# --------------------------------------------------------------------------------------------
# where the time goes


@dataclass
class Meter:
    """CPU-ish seconds by category (wall time on the loop's thread, thread/process CPU elsewhere)."""

    seconds: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, dt: float, n: int = 1) -> None:
        self.seconds[key] = self.seconds.get(key, 0.0) + dt
        self.counts[key] = self.counts.get(key, 0) + n

    def reset(self) -> None:
        self.seconds.clear()
        self.counts.clear()


METER = Meter()


class _SimcordClock:
    """Exclusive time inside simcord: its router and gateway, minus discord.py's event parsers
    called from inside them (that parse is the bot's work)."""

    def __init__(self) -> None:
        self.stack: list[tuple[str, float]] = []

    def enter(self, kind: str) -> None:
        now = time.perf_counter()
        if self.stack:
            top, since = self.stack[-1]
            METER.add(top, now - since, 0)
        self.stack.append((kind, now))

    def leave(self) -> None:
        now = time.perf_counter()
        kind, since = self.stack.pop()
        METER.add(kind, now - since, 0)
        if self.stack:
            self.stack[-1] = (self.stack[-1][0], now)


@contextlib.contextmanager
def simcord_meter(bot: Any) -> Iterator[None]:
    """Time simcord's router and gateway feed (``simcord``) apart from discord.py's parsers
    (``dpy.parse``) they call."""
    from simcord import gateway
    from simcord.http import router

    clock = _SimcordClock()
    orig_dispatch = router.dispatch
    orig_feed = gateway.FakeGateway.feed

    def dispatch(*args: Any, **kwargs: Any) -> Any:
        clock.enter("simcord")
        try:
            return orig_dispatch(*args, **kwargs)
        finally:
            clock.leave()

    def feed(self: Any, *args: Any, **kwargs: Any) -> Any:
        clock.enter("simcord")
        try:
            return orig_feed(self, *args, **kwargs)
        finally:
            clock.leave()

    state = bot._connection
    orig_parsers = dict(state.parsers)

    def wrap_parser(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def parse(data: Any) -> Any:
            clock.enter("dpy.parse")
            try:
                return fn(data)
            finally:
                clock.leave()

        return parse

    router.dispatch = dispatch
    gateway.FakeGateway.feed = feed  # type: ignore[method-assign]
    state.parsers = {k: wrap_parser(v) for k, v in orig_parsers.items()}
    try:
        yield
    finally:
        router.dispatch = orig_dispatch
        gateway.FakeGateway.feed = orig_feed  # type: ignore[method-assign]
        state.parsers = orig_parsers


@contextlib.contextmanager
def lean_simcord() -> Iterator[None]:
    """simcord logs every REST call with a deep copy of its body (for test assertions the bench
    does not make); the bench keeps the log entries but not the copies, so simcord's bookkeeping
    costs the loop less. Nothing the bot sends or receives changes."""
    import types

    from simcord.http import router

    orig = getattr(router, "copy")  # noqa: B009  # the module's own import of ``copy``
    setattr(router, "copy", types.SimpleNamespace(deepcopy=lambda value, memo=None: value))  # noqa: B010
    try:
        yield
    finally:
        setattr(router, "copy", orig)  # noqa: B010


@contextlib.contextmanager
def bot_meter(bot: Any, game: str) -> Iterator[None]:
    """Time the bot's parts per move: engine apply, AI/autoplay choices, SQLite writes and reads
    on the loop, and panel edits whose image did not change (``CARDHOST_BENCH_PROFILE``)."""
    import bot.services.matches as matches_mod
    from engines.core import get_engine
    from engines.games import game_spec

    engine = get_engine(game)
    autoplay = game_spec(game).autoplay
    db = bot.db
    undo: list[Callable[[], None]] = []

    def timed(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                METER.add(key, time.perf_counter() - t0)

        return wrapper

    def atimed(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                METER.add(key, time.perf_counter() - t0)

        return wrapper

    def patch(obj: Any, name: str, new: Any) -> None:
        had = name in vars(obj)
        old = getattr(obj, name)
        object.__setattr__(obj, name, new)  # frozen dataclasses (autoplay) too

        def restore() -> None:
            if had:
                object.__setattr__(obj, name, old)
            else:
                object.__delattr__(obj, name)

        undo.append(restore)

    import dataclasses
    import hashlib


    def cpu_timed(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                METER.add(key, time.thread_time() - t0)

        return wrapper

    if getattr(getattr(bot.table, "renders", None), "workers", 0) == 0:
        # Drawn in threads of this process: time the draw and the encode there (thread CPU). In
        # worker processes the draw is theirs: their CPU is read from /proc instead.
        from bot.presenters.registry import entry, override

        spec = entry(game).table
        timed_spec = dataclasses.replace(
            spec,
            board=cpu_timed("render.board draw (cpu)", spec.board),
            hand=cpu_timed("render.hand draw (cpu)", spec.hand),
        )
        hosting = override(game, table=timed_spec)  # the game's registry entry, for the run
        hosting.__enter__()
        undo.append(lambda: hosting.__exit__(None, None, None))
        import bot.ui.table_clicks as clicks_mod  # a card's picture (Card details) is encoded there

        patch(clicks_mod, "_png", cpu_timed("render.png encode (cpu)", clicks_mod._png))
    last_hand: dict[tuple[int, int], bytes] = {}
    orig_hand_file = bot.table.hand_file

    async def hand_file(live: Any, seat: int, *args: Any, **kwargs: Any) -> Any:
        file = await orig_hand_file(live, seat, *args, **kwargs)
        if file is not None:
            digest = hashlib.blake2b(file.fp.getvalue(), digest_size=16).digest()
            METER.add(
                "hand.same image" if last_hand.get((live.id, seat)) == digest else "hand.new image", 0.0
            )
            last_hand[(live.id, seat)] = digest
        return file

    patch(bot.table, "hand_file", hand_file)
    orig_board_file = bot.table.board_file
    patch(bot.table, "board_file", atimed("board_file (wall)", orig_board_file))
    patch(engine, "apply", timed("engine.apply", engine.apply))
    patch(matches_mod, "choose_action", timed("ai.choose", matches_mod.choose_action))
    patch(autoplay, "auto_action", timed("autoplay", autoplay.auto_action))
    patch(db, "write", atimed("sqlite.write (wall)", db.write))
    patch(db, "query", atimed("sqlite.query (wall)", db.query))
    try:
        yield
    finally:
        for fn in reversed(undo):
            fn()


def _workers_cpu(bot: Any) -> float:
    """CPU seconds used so far by the render worker processes running now (read from /proc; they
    are children of the pool's fork server, not of this process)."""
    renders = getattr(bot.table, "renders", None)
    pids = renders.worker_pids() if renders is not None else []
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


# --------------------------------------------------------------------------------------------
# the world: a guild, players, live matches with threads


@dataclass
class World:
    env: Any
    bot: Any
    game: str
    channel: Any
    """simcord's handle of #table."""
    users: list[Any]
    live: list[int] = field(default_factory=list)
    """Background live matches (ids), replaced by a new one when they end."""
    moves: int = 0
    board_ms: list[float] = field(default_factory=list)
    """Board delivered after each background move (ms): from its submit until the board is posted."""
    clicked: dict[int, float] = field(default_factory=dict)
    """When the move in flight of each match was made (perf_counter)."""
    errors: list[str] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(1))


async def new_match(w: World) -> int:
    """A match as the bot starts one (stored, its thread opened, clock configured), without its
    first board: that is posted by its first move, in the load."""
    import discord

    from bot.services.codexes import starters
    from engines.games import game_spec

    bot, rng = w.bot, w.rng
    a, b = rng.sample(w.users, 2)
    if w.game == "afrika":
        decks = list(starters(w.game).values())
        option = game_spec(w.game).deck_option or "decks"
        options: dict[str, Any] = {option: [rng.choice(decks), rng.choice(decks)]}
        seats: list[tuple[int | None, str, bool]] = [(a.id, a.name, False), (None, "AI", True)]
    else:
        options, seats = {}, [(a.id, a.name, False), (b.id, b.name, False)]
    live = await bot.matches.create(w.game, options, seats, guild_id=w.channel.guild.id,
                                    channel_id=w.channel.id, host_id=a.id)  # fmt: skip
    channel = bot.get_channel(w.channel.id)
    thread = await channel.create_thread(
        name=f"{live.engine.title} #{live.id}",
        type=discord.ChannelType.public_thread,
        auto_archive_duration=1440,
    )
    live.thread_id = thread.id
    await bot.db.matches.set_thread(live.id, thread.id)
    bot.clocks.configure(live.id, float(bot.settings.turn_seconds), float(bot.settings.reserve_seconds))
    if any(live.seats[p].is_ai for p in live.current):
        await bot.matches.run_ai_seats(live)
    return int(live.id)


async def one_move(w: World, slot: int) -> None:
    """The player to act in the match in ``slot`` makes a random legal move, as a click would
    (submit, then the table: board, DM panels, clock); an ended match is replaced."""
    from engines.core import PlayerId

    bot = w.bot
    live = await bot.matches.get(w.live[slot])
    if not live.active or live.outcome is not None:
        return
    humans = [p for p in sorted(live.current) if live.seats[p].human]
    if not humans:
        return
    seat = humans[0]
    legal = live.engine.legal_actions(live.state, PlayerId(seat))
    action = w.rng.choice(list(legal)).to_id()
    w.clicked[live.id] = time.perf_counter()
    try:
        report = await bot.matches.submit(live.id, live.seats[seat].user_id, action, live.seq)
        await bot.table.after_report(report)
    finally:
        w.clicked.pop(live.id, None)
    w.moves += 1
    if report.finished:
        w.live[slot] = await new_match(w)


async def load(w: World, stop: asyncio.Event) -> None:
    """Each live match moves every THINK_SECONDS on average: Poisson arrivals at N / THINK_SECONDS
    a second, each move a task of its own (a slow one never holds back the next)."""
    rng = random.Random(7)
    tasks: set[asyncio.Task[None]] = set()
    next_at = time.perf_counter()
    busy: set[int] = set()

    async def run(slot: int) -> None:
        busy.add(slot)
        try:
            await one_move(w, slot)
        except Exception as exc:
            w.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            busy.discard(slot)

    while not stop.is_set():
        rate = len(w.live) / THINK_SECONDS
        if rate <= 0:
            await asyncio.sleep(0.05)
            continue
        next_at += rng.expovariate(rate)
        delay = next_at - time.perf_counter()
        if delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), delay)
            if stop.is_set():
                break
        slot = rng.randrange(len(w.live))
        if slot in busy:
            continue  # that player's last move is still being shown
        task = asyncio.create_task(run(slot))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks, return_exceptions=True)


async def trim_simcord(env: Any, stop: asyncio.Event) -> None:
    """Empty simcord's logs and uploaded files every second: simcord's memory, not the bot's."""
    backend = env.backend
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)
        backend.http_requests.clear()
        backend.transcript.clear()
        backend.cdn._blobs.clear()


@contextlib.contextmanager
def gc_pauses(pauses: list[float]) -> Iterator[None]:
    """Record how long each full (generation 2) garbage collection held the loop's thread."""
    import gc

    started: list[float] = []

    def callback(phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pauses.append(time.perf_counter() - started.pop())

    gc.callbacks.append(callback)
    try:
        yield
    finally:
        gc.callbacks.remove(callback)


async def loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    """How late a 10 ms sleep wakes up: the event loop's queueing delay."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(0.01)
        samples.append(time.perf_counter() - t0 - 0.01)


# --------------------------------------------------------------------------------------------
# the measured match


async def start_measured(env: Any, game: str, alice: Any, bob: Any, channel: Any) -> Any:
    bot = env.bot
    if game == "chrono":
        await alice.slash(channel, f"play {game}", seats=4)
        lobby = channel.last_message
        await bob.click(lobby, label="Join")
        await alice.click(lobby, label="Add AI")
        await alice.click(lobby, label="Add AI")
        await alice.click(lobby, label="Start")
    else:
        await alice.slash(channel, f"play {game}")
    mine = [
        m
        for m in bot.matches._cache.values()
        if m.channel_id == channel.id and m.active and m.host_id == alice.id
    ]
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


@dataclass
class Step:
    live: int
    ping: list[float] = field(default_factory=list)
    click: list[float] = field(default_factory=list)
    board: list[float] = field(default_factory=list)
    """Board delivered after the measured clicks (seconds)."""
    background_board_ms: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    gc: list[float] = field(default_factory=list)
    """Full garbage collections during the step (seconds each)."""
    moves_per_s: float = 0.0
    cpu_main: float = 0.0
    cpu_children: float = 0.0
    seconds: float = 0.0
    profile: dict[str, tuple[float, int]] = field(default_factory=dict)
    timed_out: bool = False
    """A measured click was not answered and settled within simcord's 5 s."""

    @property
    def ping99(self) -> float:
        return percentile(self.ping, 99)

    @property
    def click99(self) -> float:
        return percentile(self.click, 99)

    @property
    def board99_ms(self) -> float:
        return percentile([ms(b) for b in self.board] + self.background_board_ms, 99)

    @property
    def met(self) -> bool:
        return (
            not self.timed_out
            and bool(self.click)
            and self.click99 <= FIRST_RESPONSE_TARGET * self.ping99
            and self.board99_ms <= BOARD_TARGET_MS
        )


async def measure_game(
    ctx: Context, game: str, levels: tuple[int, ...], rounds: int, warmup: float
) -> list[Step]:
    import simcord

    from bot.client import create_bot

    FIRST_RESPONSE.clear()
    d = ctx.tmp(f"capacity-{game}")
    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(d / "cardhost.sqlite3"), CARDHOST_SNAPSHOT_EVERY=50)
    seeds = itertools.count(ctx.seed * 1000)
    bot.matches.seed_source = lambda: next(seeds)
    await bot.add_cog(ping_cog())
    profile = bool(os.environ.get("CARDHOST_BENCH_PROFILE"))
    boards: list[float] = []
    orig_post = bot.table.post_board
    measured: dict[str, int] = {"id": -1}
    world: World | None = None

    async def post_board(live: Any, *args: Any, **kwargs: Any) -> Any:
        result = await orig_post(live, *args, **kwargs)
        if live.id == measured["id"]:
            boards.append(time.perf_counter())
        elif world is not None and live.id in world.clicked:
            world.board_ms.append(ms(time.perf_counter() - world.clicked.pop(live.id)))
        return result

    bot.table.post_board = post_board  # type: ignore[method-assign]
    steps: list[Step] = []
    async with simcord.run(bot) as env:
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("table")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        users = [guild.add_member(env.create_user(f"p{i}")) for i in range(USERS)]
        w = world = World(env, bot, game, channel, users, rng=random.Random(ctx.seed))
        stop = asyncio.Event()
        trimmer = asyncio.create_task(trim_simcord(env, stop))
        live = await start_measured(env, game, alice, bob, channel)
        measured["id"] = live.id
        with contextlib.ExitStack() as meters:
            meters.enter_context(lean_simcord())
            meters.enter_context(simcord_meter(bot))
            if profile:
                meters.enter_context(bot_meter(bot, game))
            for n in levels:
                while len(w.live) < n - 1:
                    w.live.append(await new_match(w))
                step_stop = asyncio.Event()
                background = asyncio.create_task(load(w, step_stop))
                await asyncio.sleep(warmup)  # the new matches make their first moves
                step = Step(n)
                lagger = asyncio.create_task(loop_lag(step.lag, step_stop))
                w.board_ms.clear()
                moves0, t0 = w.moves, time.perf_counter()
                cpu0, child0 = time.process_time(), _workers_cpu(bot)
                METER.reset()
                profiler = _profiler()
                collecting = gc_pauses(step.gc)
                collecting.__enter__()
                try:
                    for _ in range(rounds):
                        t = time.perf_counter()
                        res = await alice.slash(channel, "ping")
                        step.ping.append(FIRST_RESPONSE.pop(res._interaction.id) - t)
                        if not live.active or live.outcome is not None:
                            live = await start_measured(env, game, alice, bob, channel)
                            measured["id"] = live.id
                        seat = min(live.current)
                        member = alice if live.seats[seat].user_id == alice.id else bob
                        ids = _move_ids(_panel(member, live.id))
                        if ids:
                            n_boards = len(boards)
                            t = time.perf_counter()
                            res = await member.user.click(_panel(member, live.id), custom_id=ids[0])
                            step.click.append(FIRST_RESPONSE.pop(res._interaction.id) - t)
                            if len(boards) > n_boards:
                                step.board.append(boards[n_boards] - t)
                except TimeoutError:
                    # simcord gave up waiting for the bot (5 s): the step is lost, and the bot is
                    # not in a state to measure more (work of that click is still pending).
                    step.timed_out = True
                collecting.__exit__(None, None, None)
                if profiler is not None:
                    profiler.disable()
                    profiler.dump_stats(
                        os.path.join(os.environ["CARDHOST_BENCH_CPROFILE"], f"{game}-{n}.prof")
                    )
                step.seconds = time.perf_counter() - t0
                step.moves_per_s = (w.moves - moves0) / step.seconds
                step.cpu_main = time.process_time() - cpu0
                step.cpu_children = _workers_cpu(bot) - child0
                step.background_board_ms = list(w.board_ms)
                step.profile = {k: (METER.seconds[k], METER.counts.get(k, 0)) for k in METER.seconds}
                step_stop.set()
                await background
                await lagger
                steps.append(step)
                _log_step(ctx, game, step, w.moves - moves0)
                if step.timed_out or (
                    not step.met and not ctx.quick and step.board99_ms > 4 * BOARD_TARGET_MS
                ):
                    ctx.log(f"   {game}: far past the targets at {n} live; larger steps skipped")
                    break
        stop.set()
        await trimmer
        if w.errors:
            ctx.log(f"   {game}: {len(w.errors)} background errors, first: {w.errors[0]}")
    await bot.db.close()
    return steps


def _profiler() -> Any:
    """A running cProfile of the step when ``CARDHOST_BENCH_CPROFILE`` names a directory."""
    if not os.environ.get("CARDHOST_BENCH_CPROFILE"):
        return None
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    return profiler


def _log_step(ctx: Context, game: str, s: Step, moves: int) -> None:
    per_move = 1000.0 / max(moves, 1)
    ctx.log(
        f"   {game} @{s.live}: {moves} moves in {s.seconds:.1f} s ({s.moves_per_s:.0f}/s);"
        f" ping p99 {ms(s.ping99):.2f} ms, click p99 {ms(s.click99):.2f} ms (x{s.click99 / s.ping99:.2f}),"
        f" board p99 {s.board99_ms:.0f} ms (clicks {ms(percentile(s.board, 99)):.0f},"
        f" background {percentile(s.background_board_ms, 99):.0f}, p50 {percentile(s.background_board_ms, 50):.0f});"
        f" loop lag p99 {ms(percentile(s.lag, 99)):.1f} ms; {len(s.gc)} full GCs"
        f" (longest {ms(max(s.gc, default=0.0)):.0f} ms);"
        f" CPU main {s.cpu_main / s.seconds:.2f} + workers {s.cpu_children / s.seconds:.2f} cores;"
        f" {'met' if s.met else 'MISSED'}{' (a click timed out)' if s.timed_out else ''}"
    )
    if s.profile:
        parts = ", ".join(
            f"{k} {secs * per_move:.2f} ms ({n / max(moves, 1):.2f}/move)"
            for k, (secs, n) in sorted(s.profile.items(), key=lambda kv: -kv[1][0])
        )
        ctx.log(
            f"      per move: {parts}; main CPU {s.cpu_main * per_move:.2f} ms, workers {s.cpu_children * per_move:.2f} ms"
        )


def run(ctx: Context) -> list[Figure]:
    figures: list[Figure] = []
    levels = QUICK_LEVELS if ctx.quick else tuple(ctx.extra.get("levels", LEVELS))
    rounds = ctx.n(60, 4)
    warmup = 0.5 if ctx.quick else THINK_SECONDS
    games = tuple(ctx.extra.get("games", GAMES))
    with response_probe(), fast_settle():
        for game in games:
            steps = asyncio.run(measure_game(ctx, game, levels, rounds, warmup))
            best = max((s.live for s in steps if s.met), default=0)
            figures.append(
                Figure(
                    f"capacity.{game}.live_matches",
                    f"{game}: live matches held (click p99 <= x2 no-op, board p99 <= 250 ms)",
                    float(best),
                    "matches",
                    note="steps " + ", ".join(f"{s.live} {'met' if s.met else 'missed'}" for s in steps),
                )
            )
            for s in steps:
                n = s.live
                figures.append(
                    Figure(
                        f"capacity.{game}.ping.p99@{n}",
                        f"{game} @{n} live: no-op /ping p99",
                        ms(s.ping99),
                        "ms",
                    )
                )
                figures.append(
                    Figure(
                        f"capacity.{game}.click.p99@{n}",
                        f"{game} @{n} live: move button first response p99",
                        ms(s.click99),
                        "ms",
                        floor=ms(s.ping99),
                        floor_label="/ping p99",
                        target=FIRST_RESPONSE_TARGET,
                        note=f"{len(s.click)} samples",
                    )
                )
                figures.append(
                    Figure(
                        f"capacity.{game}.board.p99@{n}",
                        f"{game} @{n} live: board delivered p99",
                        s.board99_ms,
                        "ms",
                        target=BOARD_TARGET_MS,
                        target_on="value",
                        note=f"{len(s.board)} clicks + {len(s.background_board_ms)} background moves",
                    )
                )
                moves = max(1.0, s.moves_per_s * s.seconds)
                simcord_s = s.profile.get("simcord", (0.0, 0))[0]
                figures.append(
                    Figure(
                        f"capacity.{game}.bot_cpu_ms_per_move@{n}",
                        f"{game} @{n} live: bot process CPU per move, simcord's taken out",
                        1000.0 * (s.cpu_main - simcord_s) / moves,
                        "ms",
                        note=f"all its threads; the measured match's clicks included; simcord's own "
                        f"{1000.0 * simcord_s / moves:.2f} ms a move",
                    )
                )
                figures.append(
                    Figure(
                        f"capacity.{game}.workers_cpu_ms_per_move@{n}",
                        f"{game} @{n} live: render workers CPU per move",
                        1000.0 * s.cpu_children / moves,
                        "ms",
                    )
                )
    return figures


# --------------------------------------------------------------------------------------------
# where the time goes: moves one at a time, under cProfile


COST_PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # (category, functions whose cumulative time counts: "file.py:function", first match wins)
    ("engine apply (own moves)", ("engine.py:apply", "rules.py:apply")),
    ("AI and autoplay choices", ("ai.py:choose_action", "autoplay.py:auto_action", "policy.py:choose")),
    ("SQLite (on the loop)", ("database.py:write", "database.py:query", "database.py:_commit_pending")),
    ("clock re-armed", ("clock.py:arm",)),
    ("board: view, pickle, submit", ("table.py:board_file",)),
    ("hand: view, pickle, submit", ("table.py:hand_file",)),
    ("DM panel text and buttons", ("table.py:panel_content", "table.py:panel_view", "table.py:_signature")),
    ("board text", ("table.py:board_content",)),
    ("simcord (router, gateway, minus parsers)", ("router.py:dispatch", "gateway.py:feed")),
    ("discord.py gateway parsers", ("state.py:parse_",)),
)


async def cost_profile(ctx: Context, game: str, levels: tuple[int, ...], moves: int) -> None:
    """At each level: every live match makes one move (warm-up: first board and DMs), then
    ``moves`` moves are made one after another under cProfile; CPU per move by part, the bot's
    threads and the render workers apart."""
    import cProfile
    import pstats

    import simcord

    from bot.client import create_bot

    d = ctx.tmp(f"cost-{game}")
    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(d / "cardhost.sqlite3"), CARDHOST_SNAPSHOT_EVERY=50)
    seeds = itertools.count(ctx.seed * 1000)
    bot.matches.seed_source = lambda: next(seeds)
    async with simcord.run(bot) as env:
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("table")
        users = [guild.add_member(env.create_user(f"p{i}")) for i in range(USERS)]
        w = World(env, bot, game, channel, users, rng=random.Random(ctx.seed))
        stop = asyncio.Event()
        trimmer = asyncio.create_task(trim_simcord(env, stop))
        with lean_simcord(), simcord_meter(bot):
            for n in levels:
                while len(w.live) < n:
                    w.live.append(await new_match(w))
                    await one_move(w, len(w.live) - 1)
                await asyncio.sleep(1.0)
                import gc

                gc.collect()
                t_gc, c_gc = time.perf_counter(), time.thread_time()
                gc.collect()
                ctx.log(
                    f"   {game} @{n}: {len(gc.get_objects()):,} objects tracked by the GC; a full"
                    f" collection takes {ms(time.perf_counter() - t_gc):.0f} ms ({ms(time.thread_time() - c_gc):.0f} ms CPU)"
                )
                if os.environ.get("CARDHOST_BENCH_GC_TYPES"):
                    from collections import Counter

                    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())
                    ctx.log("      " + ", ".join(f"{k} {v:,}" for k, v in kinds.most_common(25)))
                # First without the profiler (its overhead triples the loop's time): CPU per move.
                METER.reset()
                cpu0, thread0, workers0, moves0 = (
                    time.process_time(),
                    time.thread_time(),
                    _workers_cpu(bot),
                    w.moves,
                )
                for _ in range(moves):
                    await one_move(w, w.rng.randrange(len(w.live)))
                await asyncio.sleep(0.2)
                made = max(1, w.moves - moves0)
                per = 1000.0 / made
                cpu, thread = time.process_time() - cpu0, time.thread_time() - thread0
                simcord_s = METER.seconds.get("simcord", 0.0)
                parse_s = METER.seconds.get("dpy.parse", 0.0)
                ctx.log(
                    f"   {game} @{n}: {made} moves one at a time; CPU per move: loop thread {thread * per:.2f} ms"
                    f" (simcord {simcord_s * per:.2f}, discord.py event parsers {parse_s * per:.2f}, the rest"
                    f" {(thread - simcord_s - parse_s) * per:.2f}), other threads {(cpu - thread) * per:.2f} ms,"
                    f" render workers {(_workers_cpu(bot) - workers0) * per:.2f} ms"
                )
                order = [w.rng.randrange(len(w.live)) for _ in range(moves)]
                METER.reset()
                profiler = cProfile.Profile(time.thread_time)  # CPU of the loop's thread, not waits
                cpu0, thread0, workers0, t0 = (
                    time.process_time(),
                    time.thread_time(),
                    _workers_cpu(bot),
                    time.perf_counter(),
                )
                moves0 = w.moves
                with bot_meter(bot, game):  # counts images (and which ones came out the same)
                    profiler.enable()
                    for slot in order:
                        await one_move(w, slot)
                    profiler.disable()
                await asyncio.sleep(0.2)
                made = max(1, w.moves - moves0)
                cpu, thread = time.process_time() - cpu0, time.thread_time() - thread0
                workers = _workers_cpu(bot) - workers0
                stats = pstats.Stats(profiler)
                if os.environ.get("CARDHOST_BENCH_CPROFILE"):
                    stats.dump_stats(
                        os.path.join(os.environ["CARDHOST_BENCH_CPROFILE"], f"cost-{game}-{n}.prof")
                    )
                total = sum(v[2] for v in stats.stats.values())  # tottime of everything: the loop's thread
                per = 1000.0 / made
                ctx.log(
                    f"      under cProfile (CPU of the loop's thread, x2-3 slower): {total * per:.2f} ms a move"
                    f" in {time.perf_counter() - t0:.1f} s, workers {workers * per:.2f} ms, other threads"
                    f" {(cpu - thread) * per:.2f} ms; cumulative by part:"
                )
                counts = METER.counts
                ctx.log(
                    f"      images a move: {counts.get('board_file (wall)', 0) / made:.2f} boards asked"
                    f" (one drawing per position), {counts.get('hand.new image', 0) / made:.2f} hands new,"
                    f" {counts.get('hand.same image', 0) / made:.2f} hands the same as that panel's last"
                )
                for label, names in COST_PARTS:
                    cum = 0.0
                    for (file, _line, func), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():
                        if any(
                            file.endswith(n.split(":")[0]) and func.startswith(n.split(":")[1]) for n in names
                        ):
                            cum += ct
                    ctx.log(f"      {label:<42} {cum * per:6.2f} ms")
                top = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:12]
                ctx.log("      top own time: " + ", ".join(
                    f"{Path(f).name}:{fn} {tt * per:.2f}" for (f, _l, fn), (_c, _n, tt, _ct, _cl) in top
                ))  # fmt: skip
        stop.set()
        await trimmer
        if w.errors:
            ctx.log(f"   {game}: {len(w.errors)} errors, first: {w.errors[0]}")
    await bot.db.close()


def main(argv: list[str] | None = None) -> None:
    """``python -m bench.capacity [--games chrono afrika] [--levels 200 500 ...] [--rounds N]``."""
    import argparse
    import tempfile

    ap = argparse.ArgumentParser(prog="python -m bench.capacity")
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--levels", nargs="*", type=int, default=list(LEVELS))
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--warmup", type=float, default=THINK_SECONDS)
    ap.add_argument("--cost", type=int, default=0, help="profile N moves made one at a time instead")
    args = ap.parse_args(argv)
    ctx = Context(quick=False, workdir=Path(tempfile.mkdtemp(prefix="cardhost-capacity-")))
    with response_probe(), fast_settle():
        for game in args.games:
            if args.cost:
                asyncio.run(cost_profile(ctx, game, tuple(args.levels), args.cost))
            else:
                asyncio.run(measure_game(ctx, game, tuple(args.levels), args.rounds, args.warmup))


if __name__ == "__main__":
    main()
