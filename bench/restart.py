"""Restart: time to resume 10,000 stored active matches, the first move on a match not yet loaded,
and actions lost (must be 0). (Issue #9 item 5 with 1,000 matches; issue #23 item 2: constant time.)

1. A child process plays 1,000 active 2-player Chrono matches (0-60 random moves each, snapshots
   every 25 moves, a turn clock each) through ``MatchService``, prints every acknowledged move's
   (match, seq, state digest), then kills itself with SIGKILL: no close, no WAL checkpoint.
2. A fresh bot starts on that file through simcord (migrations, cogs, command sync, dynamic
   buttons, every clock re-armed: one query into one timer, no match loaded). That is the resume
   time: matches load on first touch.
3. The first move on a match nobody touched since the restart (``MatchService.submit``: load from
   the snapshot + later actions, then store the move), median over 20 matches.
4. Then (untimed) every active match is loaded and checked. Actions lost = acknowledged moves
   missing after the restart; a state that differs from the one acknowledged also counts as lost.
   The floor is a raw ``sqlite3`` read of every active match's rows (matches, seats, snapshots,
   actions): what loading them all up front would cost at least.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.core import Context, Figure

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT_EVERY = 25


def digest(state: Any) -> str:
    from engines.core import codec

    return hashlib.sha1(codec.dumps(state).encode()).hexdigest()[:16]


async def _child(path: Path, count: int, seed: int) -> None:
    import time as _time

    from bot.db import ClockRow, Database
    from bot.services.matches import MatchService
    from engines.core import PlayerId, Rng

    db = await Database(path, snapshot_every=SNAPSHOT_EVERY).open()
    svc = MatchService(db)
    rng = Rng.from_seed(seed)
    active = 0
    i = 0
    out = sys.stdout
    while active < count:
        i += 1
        u1, u2 = 700_000 + 2 * i, 700_001 + 2 * i
        live = await svc.create(
            "chrono", {}, [(u1, "a", False), (u2, "b", False)],
            guild_id=1, channel_id=1, host_id=u1, seed=seed * 100_000 + i,
        )  # fmt: skip
        for _ in range(rng.randint(0, 60)):
            if live.outcome is not None:
                break
            seat = min(live.current)
            action = rng.choice(list(live.engine.legal_actions(live.state, PlayerId(seat))))
            user = live.seats[seat].user_id
            assert user is not None
            await svc.submit(live.id, user, action.to_id(), live.seq)
            out.write(f"ack {live.id} {live.seq}\n")
        if live.active and live.outcome is None:
            active += 1
            await db.matches.set_clock(
                ClockRow(live.id, min(live.current), live.seq, _time.time() + 86_400, 90, 180, reserve={})
            )
            out.write(f"state {live.id} {live.seq} {digest(live.state)}\n")
    out.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def seed_in_child(path: Path, count: int, seed: int) -> dict[int, tuple[int, str | None]]:
    """Run the child; returns match id -> (acknowledged seq, state digest of active matches)."""
    proc = subprocess.run(
        [sys.executable, "-m", "bench.restart", "child", str(path), str(count), str(seed)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != -signal.SIGKILL:
        raise RuntimeError(f"seeding child exited with {proc.returncode}: {proc.stderr[-2000:]}")
    acked: dict[int, tuple[int, str | None]] = {}
    for line in proc.stdout.splitlines():
        _kind, mid, seq, *rest = line.split()
        acked[int(mid)] = (int(seq), rest[0] if rest else None)
    return acked


def raw_read(path: Path) -> float:
    t0 = time.perf_counter()
    conn = sqlite3.connect(path)
    try:
        ids = [r[0] for r in conn.execute("SELECT id FROM matches WHERE status = 'active'")]
        for mid in ids:
            conn.execute("SELECT * FROM matches WHERE id = ?", (mid,)).fetchall()
            conn.execute("SELECT * FROM match_seats WHERE match_id = ?", (mid,)).fetchall()
            conn.execute(
                "SELECT state FROM match_snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (mid,)
            ).fetchall()
            conn.execute("SELECT * FROM match_actions WHERE match_id = ?", (mid,)).fetchall()
    finally:
        conn.close()
    return time.perf_counter() - t0


async def resume(path: Path) -> dict[str, Any]:
    import simcord

    from bot.client import create_bot

    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(path), CARDHOST_SNAPSHOT_EVERY=SNAPSHOT_EVERY)
    t0 = time.perf_counter()
    from bench.latency import fast_settle
    from engines.core import PlayerId

    with fast_settle():
        async with simcord.run(bot):
            t1 = time.perf_counter()
            armed = bot.clocks.armed
            cached = len(bot.matches._cache)
            ids = await bot.matches.active_match_ids()
            firsts: list[float] = []
            touched: set[int] = set()
            for mid in ids[:: max(1, len(ids) // 20)][:20]:
                row = await bot.db.matches.get(mid)
                ta = time.perf_counter()
                live = await bot.matches.get(mid)
                seat = min(live.current)
                action = live.engine.legal_actions(live.state, PlayerId(seat))[0].to_id()
                user = live.seats[seat].user_id
                assert user is not None and row.id == mid
                await bot.matches.submit(mid, user, action, live.seq)
                firsts.append(time.perf_counter() - ta)
                touched.add(mid)
            loaded = {mid: await bot.matches.get(mid) for mid in ids if mid not in touched}
            result = {
                "start": t1 - t0,
                "first_move": sorted(firsts)[len(firsts) // 2] if firsts else 0.0,
                "armed": armed,
                "cached_at_start": cached,
                "seqs": {mid: (live.seq, digest(live.state)) for mid, live in loaded.items()},
                "touched": touched,
            }
    await bot.db.close()  # simcord's shutdown does not close the bot; its sqlite thread would outlive us
    return result


def run(ctx: Context) -> list[Figure]:
    count = ctx.n(10_000, 20)
    path = ctx.tmp("restart") / "cardhost.sqlite3"
    t0 = time.perf_counter()
    acked = seed_in_child(path, count, ctx.seed)
    ctx.log(f"   seeded {count} active matches ({len(acked)} in all) in {time.perf_counter() - t0:.1f} s")
    floor = raw_read(path)
    r = asyncio.run(resume(path))
    lost = 0
    conn = sqlite3.connect(path)
    for mid, (seq, state) in acked.items():
        if mid in r["touched"]:
            continue  # moved on by the timed first move: its log was checked by loading it
        got = r["seqs"].get(mid)
        if state is None:  # finished during seeding: its whole log must be there
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM match_actions WHERE match_id = ?", (mid,))
            lost += max(0, seq - int(row.fetchone()[0]))
            continue
        if got is None:
            lost += seq
        else:
            lost += max(0, seq - got[0]) + (got[0] == seq and got[1] != state)
    conn.close()
    active = sum(1 for _, st in acked.values() if st is not None)
    return [
        Figure(
            "restart.resume_s",
            f"resume {active} active matches (bot start; matches load on first touch)",
            r["start"],
            "s",
            floor=floor,
            floor_label="raw sqlite3 read of every active match's rows",
            note=f"clocks re-armed: {r['armed']} (one timer); matches loaded at start: {r['cached_at_start']}",
        ),
        Figure(
            "restart.first_move_ms",
            "  first move on a match not loaded since the restart (load + store), median of 20",
            r["first_move"] * 1000,
            "ms",
        ),
        Figure("restart.clocks_armed", "  clocks re-armed", float(r["armed"]), "timers"),
        Figure(
            "restart.actions_lost",
            "actions lost after SIGKILL + restart",
            float(lost),
            "actions",
            target=0,
            target_on="value",
        ),
    ]


if __name__ == "__main__" and len(sys.argv) == 5 and sys.argv[1] == "child":
    asyncio.run(_child(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
