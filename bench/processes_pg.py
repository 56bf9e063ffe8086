"""Issue #22 item 5, several processes on one PostgreSQL: moves stored per second by 1 and by 2
bot processes sharing one database, 200 live two-player Epochs Chrono matches, and the 2-process
figure over the 1-process one measured in the same run on the same machine.

    python -m bench --only processes_pg
    python -m bench.processes_pg [--quick] [--seconds 6] [--rounds 2] [--matches 200] [--tasks 8]
                                 [--procs 1 2] [--unshared]

What it models: each process is a real OS process (multiprocessing, spawn) with its own
``PostgresDatabase`` (one connection) and ``MatchService`` with ``shared = True``, as ``cardhost
--shards`` runs them: a match's lock is taken in the database (``SharedLock``) and the cached match
is brought up to the stored log under it (``MatchService._refresh``), and every write transaction
holds PostgreSQL's global write lock (one writer at a time across processes).

The players are outside the processes, as on Discord: every match has a **panel** in shared
memory, what its player's DM shows (the match, its seq, the move the seat's AI would choose,
which is the click the player makes). A process that stores a move publishes the next panel, and
any process gets the next click (Discord delivers DM clicks to shard 0 whatever the guild). Each
process runs several tasks (8: a process is not idle during its round trips), each looping: pick a
random one of the matches, read its panel, ``MatchService.submit(match, player, move, seq)``. A
``StaleAction`` (another task or process moved that match between the panel and the click) is a
**refused click**, not a move. A finished match is **replaced**: the process that stored its last
move creates a new match in its slot (as players start another game), so 200 stay live; the
creations are counted, and their time is in the window.

Each run gets a fresh database (a copy of a migrated template) with the same 200 seeded matches;
the processes load every match into their cache first (a running process has them cached), then
play for a fixed wall-clock window (6 s). The 1- and 2-process runs alternate twice and each
count's figure is its better round: on a shared machine another job's burst only lowers a figure.
Figures: moves stored per second (moves acknowledged by ``submit``, over the time from the start
to the last task's end), refused clicks; printed besides, where the time of a click goes (the
shared lock's round trips, the refresh read, the append with its wait for the write lock, the
unlock; CPU of the processes and of the PostgreSQL server over the window). ``--unshared`` runs one
process with plain locks (``shared = False``, a bot without ``--shards``), for comparison.

After each run, every match's stored log is checked: seqs 1..n with no gap or double, each row is
a move ``submit`` acknowledged to exactly one click and each acknowledged move is stored as it was
acknowledged, replaying the log from the seed gives the state a fresh load (snapshot + later
moves) gives, and a match whose game ended is stored as finished. ``OK`` or
``FAIL`` is printed; a FAIL raises (the harness reports an error, the command exits 1).
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import multiprocessing
import os
import queue
import random
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, NotAvailable

GAME = "chrono"
ACTION_BYTES = 32
"""Room for one action id in a panel (Chrono's ids are at most ~10 characters)."""
FIRST_USER = 1_000_000


@dataclass
class Plan:
    matches: int
    seconds: float
    tasks: int
    procs: tuple[int, ...]
    rounds: int = 1
    """Each process count runs this many times, interleaved (1, 2, 1, 2); its figure is the best."""
    shared: bool = True
    """False (``--unshared``, one process): the single-process bot's plain locks, for comparison."""


def plan_for(ctx: Context) -> Plan:
    """The defaults (quick mode: small and short), or what ``ctx.extra`` says (the command line)."""
    extra = ctx.extra
    return Plan(
        matches=int(extra.get("matches") or ctx.n(200, 20)),
        seconds=float(extra.get("seconds") or (1.5 if ctx.quick else 6.0)),
        tasks=int(extra.get("tasks") or ctx.n(8, 4)),
        procs=tuple(extra.get("procs") or (1, 2)),
        rounds=int(extra.get("rounds") or ctx.n(2, 1)),
        shared=not extra.get("unshared"),
    )


# -- the panels: what each match's player sees, shared by the processes


class Panels:
    """One slot per live match in shared memory: the match id (0 while a finished one is being
    replaced), the seq the player's panel shows, and the click it offers (player, move)."""

    def __init__(self, mp: Any, n: int) -> None:
        self.n = n
        self.ids = mp.RawArray(ctypes.c_int64, n)
        self.seqs = mp.RawArray(ctypes.c_int64, n)
        self.users = mp.RawArray(ctypes.c_int64, n)
        self.moves = mp.RawArray(ctypes.c_char, n * ACTION_BYTES)
        self.lock = mp.Lock()

    def read(self, i: int) -> tuple[int, int, int, str]:
        with self.lock:
            at = i * ACTION_BYTES
            move = bytes(self.moves[at : at + ACTION_BYTES]).rstrip(b"\0").decode()
            return self.ids[i], self.seqs[i], self.users[i], move

    def _write(self, i: int, match_id: int, seq: int, user: int, move: str) -> None:
        raw = move.encode()
        if len(raw) > ACTION_BYTES:
            raise ValueError(f"action id {move!r} longer than {ACTION_BYTES} bytes")
        at = i * ACTION_BYTES
        self.moves[at : at + ACTION_BYTES] = raw.ljust(ACTION_BYTES, b"\0")
        self.ids[i], self.seqs[i], self.users[i] = match_id, seq, user

    def publish(self, i: int, match_id: int, seq: int, user: int, move: str) -> None:
        """The panel after a stored move; an older one never replaces a newer one (two processes
        may finish their clicks on one match in either order)."""
        with self.lock:
            if self.ids[i] == match_id and seq > self.seqs[i]:
                self._write(i, match_id, seq, user, move)

    def put(self, i: int, match_id: int, seq: int, user: int, move: str) -> None:
        """A new match in slot ``i`` (or ``match_id`` 0: the slot is being refilled)."""
        with self.lock:
            self._write(i, match_id, seq, user, move)

    def take(self, i: int, match_id: int) -> bool:
        """Empty the slot of ``match_id`` that just finished; False if it holds another match."""
        with self.lock:
            if self.ids[i] != match_id:
                return False
            self.ids[i] = 0
            return True


def next_click(live: Any) -> tuple[int, str]:
    """The click the panel offers: the current seat's player, the move its AI would choose."""
    from engines.core import PlayerId, Rng, choose_action

    seat = min(live.current)
    user = live.seats[seat].user_id
    rng = Rng.from_seed(live.id * 7919 + live.seq)
    return int(user), choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()


# -- one process


class Timings:
    """Seconds spent in (and calls of) the database steps a click takes, in one process."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.lock_busy = 0
        """``try_lock`` answers False: the match's lock was held by another process."""

    def wrap(self, name: str, fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - t0
                self.calls[name] = self.calls.get(name, 0) + 1

        return timed

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()
        self.lock_busy = 0


def instrument(db: Any, t: Timings) -> None:
    """Time the steps of a click on this process's database (instance attributes: the bench's
    copy only). ``begin_write`` is BEGIN + the global write lock, in one round trip: its time is
    the wait for the other process's write transaction."""
    try_lock = db.try_lock

    async def counted_try_lock(space: int, key: int) -> bool:
        got = bool(await try_lock(space, key))
        if not got:
            t.lock_busy += 1
        return got

    db.try_lock = t.wrap("try_lock", counted_try_lock)
    db.unlock = t.wrap("unlock", db.unlock)
    db.matches.head = t.wrap("refresh", db.matches.head)
    db.matches.append_action = t.wrap("append", db.matches.append_action)
    begin = db._begin

    async def timed_begin(conn: Any, write: bool) -> None:
        if not write:
            await begin(conn, write)
            return
        await t.wrap("begin_write", begin)(conn, write)

    db._begin = timed_begin


def worker(
    index: int,
    dsn: str,
    panels: Panels,
    seconds: float,
    tasks: int,
    shared: bool,
    events: tuple[Any, Any, Any],
    results: Any,
) -> None:
    """A process's body (spawned): play clicks for ``seconds`` once ``go`` is set, put its counts,
    keep its connection until ``done`` (so the server's CPU is read with its backend alive)."""
    try:
        asyncio.run(_worker(index, dsn, panels, seconds, tasks, shared, events, results))
    except BaseException:
        results.put({"index": index, "error": traceback.format_exc()})
        raise


async def _worker(
    index: int,
    dsn: str,
    panels: Panels,
    seconds: float,
    tasks: int,
    shared: bool,
    events: tuple[Any, Any, Any],
    results: Any,
) -> None:
    from bot.db.errors import StaleAction
    from bot.db.postgres import PostgresDatabase
    from bot.services.matches import MatchService
    from engines.core import GameOver, load_all

    ready, go, done = events
    load_all()
    db = await PostgresDatabase(dsn).open()
    svc = MatchService(db)
    svc.shared = shared
    timings = Timings()
    instrument(db, timings)
    for i in range(panels.n):  # a running process has its matches cached
        match_id, *_ = panels.read(i)
        if match_id:
            await svc.get(match_id)
    ready.put(index)
    await asyncio.to_thread(go.wait)
    timings.reset()
    counts = {"clicks": 0, "moves": 0, "refused": 0, "finished_clicks": 0, "created": 0}
    errors: list[str] = []
    acked: list[tuple[int, int, int, str]] = []
    """(match, seq, seat, action) of every move ``submit`` acknowledged to this process."""
    next_user = FIRST_USER * (index + 2)
    rng = random.Random(index)
    cpu0, t0 = time.process_time(), time.perf_counter()
    deadline = t0 + seconds
    submit_seconds = 0.0

    async def replace(slot: int) -> None:
        nonlocal next_user
        next_user += 2
        live = await svc.create(
            GAME,
            {},
            [(next_user, "a", False), (next_user + 1, "b", False)],
            guild_id=1,
            channel_id=1,
            host_id=next_user,
            seed=rng.randrange(1 << 62),
        )
        user, move = next_click(live)
        panels.put(slot, live.id, live.seq, user, move)
        counts["created"] += 1

    async def clicks() -> None:
        nonlocal submit_seconds
        while time.perf_counter() < deadline:
            slot = rng.randrange(panels.n)
            match_id, seq, user, move = panels.read(slot)
            if not match_id:
                await asyncio.sleep(0)  # being refilled by the process that finished it
                continue
            s0 = time.perf_counter()
            try:
                report = await svc.submit(match_id, user, move, seq)
            except StaleAction:
                counts["refused"] += 1
                continue
            except GameOver:
                counts["finished_clicks"] += 1  # a click that raced the game's last move
                continue
            except Exception as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
                continue
            finally:
                submit_seconds += time.perf_counter() - s0
            counts["clicks"] += 1
            counts["moves"] += len(report.acted)
            live = report.match
            first = live.seq - len(report.acted) + 1  # no await since submit returned
            acked.extend(
                (match_id, first + k, seat, action) for k, (seat, action, _) in enumerate(report.acted)
            )
            if live.active and live.outcome is None:
                user, move = next_click(live)  # no await since submit returned: seq and state agree
                panels.publish(slot, match_id, live.seq, user, move)
            elif panels.take(slot, match_id):
                svc.evict(match_id)  # announced and gone, as the table does
                await replace(slot)

    await asyncio.gather(*(clicks() for _ in range(tasks)))
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    results.put(
        {
            "index": index,
            **counts,
            "errors": errors,
            "acked": acked,
            "elapsed": elapsed,
            "cpu": cpu,
            "submit_seconds": submit_seconds,
            "seconds": dict(timings.seconds),
            "calls": dict(timings.calls),
            "lock_busy": timings.lock_busy,
        }
    )
    await asyncio.to_thread(done.wait, 120)
    await db.close()


# -- the run


def _cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each of these processes so far (/proc; a gone one is left out)."""
    out = {}
    hz = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / hz  # utime, stime
    return out


def _cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings by the processes alive at both."""
    return sum(after[pid] - before[pid] for pid in before.keys() & after.keys())


def _server_pids(server: Any) -> list[int]:
    """The PostgreSQL postmaster and its children (the backends serving the processes)."""
    try:
        root = int((server.data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    pids = [root]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == root:
                pids.append(int(entry.name))
    return pids


def _machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    total = sum(values[:8])
    hz = os.sysconf("SC_CLK_TCK")
    return (total - idle) / hz, total / hz


async def _seed(dsn: str, plan: Plan, seed: int, panels: Panels) -> None:
    """The live matches, created as ``/play`` would, and their first panels."""
    from bot.db.postgres import PostgresDatabase
    from bot.services.matches import MatchService
    from engines.core import load_all

    load_all()
    db = await PostgresDatabase(dsn).open()
    try:
        svc = MatchService(db)
        for i in range(plan.matches):
            user = FIRST_USER + 2 * i
            live = await svc.create(
                GAME,
                {},
                [(user, "a", False), (user + 1, "b", False)],
                guild_id=1,
                channel_id=1,
                host_id=user,
                seed=seed * 1_000_003 + i,
            )
            panels.put(i, live.id, live.seq, *next_click(live))
    finally:
        await db.close()


async def check_logs(dsn: str, acked: list[tuple[int, int, int, str]]) -> dict[str, Any]:
    """Every stored match: seqs 1..n; every stored move acknowledged to exactly one click and every
    acknowledged move stored as acknowledged; replay from the seed == a fresh load; ended =>
    finished."""
    from bot.db.postgres import PostgresDatabase
    from bot.services.matches import MatchService
    from engines.core import get_engine
    from engines.core.replay import replay

    db = await PostgresDatabase(dsn).open()
    try:
        svc = MatchService(db)  # a fresh process's view: nothing cached
        engine = get_engine(GAME)
        ids = await db.query(lambda c: [int(r[0]) for r in c.execute("SELECT id FROM matches ORDER BY id")])
        rows = 0
        bad: list[str] = []
        told: dict[int, dict[int, tuple[int, str]]] = {}
        for match_id, seq, seat, action in acked:
            if seq in told.setdefault(match_id, {}):
                bad.append(f"match {match_id}: seq {seq} acknowledged to two clicks")
            told[match_id][seq] = (seat, action)
        for match_id in ids:
            actions = await db.matches.actions(match_id)
            rows += len(actions)
            if [a.seq for a in actions] != list(range(1, len(actions) + 1)):
                bad.append(f"match {match_id}: seqs {[a.seq for a in actions][:8]}... not 1..{len(actions)}")
                continue
            stored = {a.seq: (a.seat, a.action_id) for a in actions}
            if stored != told.get(match_id, {}):
                lost = sorted(told.get(match_id, {}).keys() - stored.keys())
                bad.append(f"match {match_id}: the log is not the acknowledged moves (lost seqs {lost[:5]})")
                continue
            try:
                live = await svc.get(match_id)
                expected = replay(engine, live.cfg, live.seed, [(a.seat, a.action_id) for a in actions])
            except Exception as exc:
                bad.append(f"match {match_id}: the log does not replay: {type(exc).__name__}: {exc}")
                continue
            if live.seq != len(actions) or live.state != expected:
                bad.append(f"match {match_id}: a fresh load differs from the replayed log")
            ended = engine.outcome(expected) is not None
            if ended != (live.status == "finished"):
                bad.append(f"match {match_id}: game ended={ended} but stored status {live.status!r}")
        return {"matches": len(ids), "rows": rows, "bad": bad}
    finally:
        await db.close()


def _spawn_run(server: Any, dsn: str, plan: Plan, procs: int, panels: Panels, mp: Any) -> dict[str, Any]:
    ready, results, go, done = mp.Queue(), mp.Queue(), mp.Event(), mp.Event()
    workers = [
        mp.Process(
            target=worker,
            args=(i, dsn, panels, plan.seconds, plan.tasks, plan.shared, (ready, go, done), results),
            name=f"cardhost-bench-proc{i}",
        )
        for i in range(procs)
    ]
    for w in workers:
        w.start()
    try:
        for _ in workers:
            try:
                ready.get(timeout=120)
            except queue.Empty:
                raise RuntimeError("a bench process did not get ready in 120 s") from None
        pg = _server_pids(server)
        pg0, machine0, t0 = _cpu_seconds(pg), _machine_busy(), time.perf_counter()
        go.set()
        out = []
        for _ in workers:
            try:
                out.append(results.get(timeout=plan.seconds + 120))
            except queue.Empty:
                raise RuntimeError("a bench process gave no result") from None
        wall = time.perf_counter() - t0
        pg1, machine1 = _cpu_seconds(pg), _machine_busy()
    finally:
        done.set()
        for w in workers:
            w.join(timeout=30)
            if w.is_alive() and w.pid is not None:
                w.kill()  # this run's own child, by its pid
    failed = [r["error"] for r in out if "error" in r]
    if failed:
        raise RuntimeError("a bench process failed:\n" + "\n".join(failed))
    return {
        "workers": sorted(out, key=lambda r: int(r["index"])),
        "pg_cpu": _cpu_used(pg0, pg1),
        "machine_busy": machine1[0] - machine0[0],
        "machine_total": machine1[1] - machine0[1],
        "wall": wall,
    }


def measure(ctx: Context, server: Any, template: str, plan: Plan, procs: int) -> dict[str, Any]:
    """One run: a fresh database, the matches, ``procs`` processes for the window, the checks."""
    mp = multiprocessing.get_context("spawn")
    dsn = server.new_database(template)
    panels = Panels(mp, plan.matches)
    asyncio.run(_seed(dsn, plan, ctx.seed, panels))
    r = _spawn_run(server, dsn, plan, procs, panels, mp)
    ws = r["workers"]
    elapsed = max(float(w["elapsed"]) for w in ws)
    total = {
        k: sum(int(w[k]) for w in ws) for k in ("clicks", "moves", "refused", "finished_clicks", "created")
    }
    checked = asyncio.run(check_logs(dsn, [tuple(a) for w in ws for a in w["acked"]]))
    errors = [e for w in ws for e in w["errors"]]
    bad = list(checked["bad"])
    if checked["rows"] != total["moves"]:
        bad.append(f"{checked['rows']} moves stored but {total['moves']} acknowledged")
    if errors:
        bad.append(f"{len(errors)} clicks failed, first: {errors[0]}")
    steps: dict[str, float] = {}
    calls: dict[str, int] = {}
    for w in ws:
        for k, v in w["seconds"].items():
            steps[k] = steps.get(k, 0.0) + float(v)
            calls[k] = calls.get(k, 0) + int(w["calls"][k])
    return {
        **total,
        "procs": procs,
        "shared": plan.shared,
        "elapsed": elapsed,
        "per_s": total["moves"] / elapsed,
        "checked": checked,
        "bad": bad,
        "steps": steps,
        "calls": calls,
        "lock_busy": sum(int(w["lock_busy"]) for w in ws),
        "submit_seconds": sum(float(w["submit_seconds"]) for w in ws),
        "proc_cpu": sum(float(w["cpu"]) for w in ws),
        "pg_cpu": r["pg_cpu"],
        "machine": r["machine_busy"] / r["machine_total"] if r["machine_total"] else 0.0,
        "tasks": plan.tasks * procs,
    }


def _describe(ctx: Context, r: dict[str, Any]) -> None:
    n = max(1, r["clicks"] + r["refused"] + r["finished_clicks"])
    per = r["submit_seconds"] / n * 1000
    steps = r["steps"]

    def ms_per_click(name: str) -> str:
        return f"{steps.get(name, 0.0) / n * 1000:.2f}"

    kind = "" if r["shared"] else ", not shared"
    ctx.log(
        f"   {r['procs']} process(es){kind}: {r['per_s']:.0f} moves/s ({r['moves']} moves in {r['elapsed']:.1f} s,"
        f" {r['tasks']} tasks), refused clicks {r['refused']} ({r['refused'] / n:.1%}),"
        f" clicks on a just-finished game {r['finished_clicks']}, matches replaced {r['created']}"
    )
    other = r["submit_seconds"] - sum(steps.get(k, 0.0) for k in ("try_lock", "refresh", "append", "unlock"))
    ctx.log(
        f"     a click takes {per:.2f} ms, waits for the process's one connection included:"
        f" shared lock {ms_per_click('try_lock')} (held by the other process {r['lock_busy']} times),"
        f" refresh {ms_per_click('refresh')}, append {ms_per_click('append')}"
        f" (of which BEGIN + the write lock {ms_per_click('begin_write')}), unlock {ms_per_click('unlock')},"
        f" the rest (same-match waits, retries, the engine) {other / n * 1000:.2f}"
    )
    moves = max(1, r["moves"])
    ctx.log(
        f"     CPU over the window: bot processes {r['proc_cpu'] / r['elapsed']:.2f} cores"
        f" ({r['proc_cpu'] / moves * 1000:.2f} ms a move), PostgreSQL {r['pg_cpu'] / r['elapsed']:.2f} cores"
        f" ({r['pg_cpu'] / moves * 1000:.2f} ms a move), machine {r['machine']:.0%} busy (everything on it)"
    )
    c = r["checked"]
    verdict = "OK" if not r["bad"] else "FAIL"
    ctx.log(f"     log check: {verdict} ({c['matches']} matches, {c['rows']} moves stored)")
    for line in r["bad"][:10]:
        ctx.log(f"       {line}")


def run(ctx: Context) -> list[Figure]:
    from bot.db.localpg import PgServer, PostgresUnavailable

    plan = plan_for(ctx)
    try:
        server = PgServer(durable=True).start()
    except PostgresUnavailable as exc:
        raise NotAvailable(str(exc)) from exc
    try:
        template = "bench_template"
        server.psql(f"CREATE DATABASE {template}")
        asyncio.run(_migrate(server.dsn(template)))
        ctx.log(
            f"   {plan.matches} live {GAME} matches, {plan.seconds:g} s a run, {plan.tasks} tasks a process,"
            f" {plan.rounds} round(s), {os.cpu_count()} CPUs"
        )
        runs: dict[int, list[dict[str, Any]]] = {}
        for _ in range(plan.rounds):
            for procs in plan.procs:
                runs.setdefault(procs, []).append(measure(ctx, server, template, plan, procs))
                _describe(ctx, runs[procs][-1])
    finally:
        server.stop()
    return figures(plan, runs)


async def _migrate(dsn: str) -> None:
    from bot.db.postgres import PostgresDatabase

    db = await PostgresDatabase(dsn).open()
    await db.close()


def figures(plan: Plan, runs: dict[int, list[dict[str, Any]]]) -> list[Figure]:
    """Each process count's best round (a shared machine's bursts of other work only lower a
    figure), the others' in the note; the log checks of every round."""
    best = {procs: max(rs, key=lambda r: float(r["per_s"])) for procs, rs in runs.items()}
    first = min(best)
    out: list[Figure] = []
    for procs, r in best.items():
        n = r["clicks"] + r["refused"] + r["finished_clicks"]
        each = " / ".join(f"{x['per_s']:.0f}" for x in runs[procs])
        plural = "es" if procs > 1 else ""
        out.append(
            Figure(
                f"processes_pg.moves_per_s@{procs}",
                f"moves stored per second, {procs} process{plural}, {plan.matches} live",
                r["per_s"],
                "moves/s",
                floor=None if procs == first else best[first]["per_s"],
                floor_label="" if procs == first else f"{first} process",
                note=f"rounds {each} moves/s; best: {r['moves']} moves, {r['refused']} of {n} clicks refused,"
                f" {r['created']} matches replaced, machine {r['machine']:.0%} busy",
            )
        )
        out.append(
            Figure(
                f"processes_pg.refused@{procs}",
                f"refused clicks (stale seq), {procs} process{plural}",
                float(r["refused"]),
                "clicks",
            )
        )
    bad = [line for rs in runs.values() for r in rs for line in r["bad"]]
    out.append(
        Figure(
            "processes_pg.log_failures",
            "log check failures (gaps, doubles, replay != load)",
            float(len(bad)),
            "failures",
            target=0,
            target_on="value",
        )
    )
    if bad:
        raise AssertionError("processes_pg: FAIL: " + "; ".join(bad[:5]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.processes_pg", description=(__doc__ or "").split("\n\n")[0]
    )
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seconds", type=float, default=None, help="each run's window (default 6, quick 1.5)")
    ap.add_argument("--matches", type=int, default=None)
    ap.add_argument("--tasks", type=int, default=None, help="concurrent clicks a process (default 8)")
    ap.add_argument("--procs", type=int, nargs="*", default=None, help="process counts (default 1 2)")
    ap.add_argument("--rounds", type=int, default=None, help="runs of each count, interleaved (default 2)")
    ap.add_argument("--unshared", action="store_true", help="one process with plain locks (no --shards)")
    args = ap.parse_args(argv)
    if args.unshared and (args.procs or [1]) != [1]:
        ap.error("--unshared is one process: the others would not see its moves")
    extra = {
        "seconds": args.seconds,
        "matches": args.matches,
        "tasks": args.tasks,
        "rounds": args.rounds,
        "procs": [1] if args.unshared else args.procs,
        "unshared": args.unshared,
    }
    ctx = Context(quick=args.quick, workdir=Path("/tmp"), extra=extra)
    try:
        figs = run(ctx)
    except AssertionError as exc:
        print(exc, file=sys.stderr)
        return 1
    for f in figs:
        ratio = f" (x{f.ratio:.2f} the {f.floor_label})" if f.ratio is not None else ""
        print(f"{f.key}: {f.value:.1f} {f.unit}{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
