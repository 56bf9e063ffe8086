"""Ratings (issue #21 items 1, 2): the rebuild from 10,000 stored matches, the update when one
match ends, and the reads behind /leaderboard and /history.

    python -m bench.ratings [matches]      (or python -m bench --only ratings)

A temp SQLite file gets the bot's schema and then, in one transaction, finished matches the way the
bot stores them in one server: three in four are duels, one in four a 4-seat Chrono game (a tie for
a place now and then), among 200 players; one match in ten has an AI seat (not rated by default).
The figures:

- ``rebuild``: ``RatingService.rebuild()`` of everything (what ``cardhost ratings rebuild`` and
  ``/ratings rebuild`` run), against reading those matches alone (``finished_matches``, the floor:
  the rebuild can be no faster than its input);
- ``update``: ``rate_match`` of one more finished match (what a match's end costs), against one
  openskill ``rate()`` of the same contest;
- ``leaderboard``: the top of the board for all time and for 7 days; ``history``: one player's page.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from bench.core import Context, Figure, median, ms, us

GUILD = 1001
PLAYERS = 200
MOVES_EACH = 3
"""Moves each seat makes before its match ends (the ladder's minimum for a loser)."""


def generate(path: Path, matches: int, seed: int = 1) -> int:
    """Fill ``path`` with ``matches`` finished matches in one server; returns the rated ones."""
    from bot.db import Database

    async def migrate() -> None:
        db = await Database(path).open()
        await db.close()

    asyncio.run(migrate())
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    start = time.time() - matches * 60.0
    rated = 0
    for i in range(matches):
        chrono = rng.random() < 0.25
        seats = 4 if chrono else 2
        people = rng.sample(range(PLAYERS), seats)
        ai = rng.random() < 0.1
        users: list[int | None] = [10_000 + p for p in people]
        if ai:
            users[-1] = None
        order = list(range(seats))
        rng.shuffle(order)
        ranking = [[s] for s in order]
        if chrono and rng.random() < 0.2:
            ranking = [ranking[0], ranking[1] + ranking[2], ranking[3]]
        at = start + i * 60.0
        cur = conn.execute(
            "INSERT INTO matches (game, engine_version, config, seed, status, guild_id, channel_id,"
            " created_at, ended_at, outcome) VALUES (?, '1', '{}', ?, 'finished', ?, 5, ?, ?, ?)",
            ("chrono" if chrono else "afrika", i, GUILD, at - 600, at,
             json.dumps({"ranking": ranking, "reason": "done"})),
        )  # fmt: skip
        conn.executemany(
            "INSERT INTO match_seats (match_id, seat, user_id, display_name, is_ai) VALUES (?, ?, ?, ?, ?)",
            [(cur.lastrowid, s, u, f"p{u}", int(u is None)) for s, u in enumerate(users)],
        )
        # Every seat plays its moves, as in a real game: the ladder rates no loser who did not
        # (bot.services.ladder_policy), so a log-less match would leave the rebuild nothing to rate.
        conn.executemany(
            "INSERT INTO match_actions (match_id, seq, seat, action_id, at, by_ai) VALUES (?, ?, ?, 'pass', ?, 0)",
            [(cur.lastrowid, n + 1, n % seats, at - 600 + n) for n in range(MOVES_EACH * seats)],
        )
        rated += not ai
    conn.executemany(
        "INSERT INTO players (user_id, display_name, created_at) VALUES (?, ?, ?)",
        [(10_000 + p, f"p{p}", start) for p in range(PLAYERS)],
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return rated


async def _measure(path: Path, repeat: int, updates: int) -> dict[str, float]:
    from openskill.models import PlackettLuce

    from bot.db import Database
    from bot.db.history import HistoryStore
    from bot.db.matches import SeatInfo
    from bot.services.ratings import RatingService, contest_of

    db = await Database(path).open()
    try:
        service = RatingService(db)
        read, build = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            await service.store.finished_matches(None, None)
            read.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            summary = await service.rebuild()
            build.append(time.perf_counter() - t0)
        model = PlackettLuce()
        rng = random.Random(7)
        update, floor = [], []
        for _ in range(updates):
            people = rng.sample(range(PLAYERS), 2)
            seats = [SeatInfo(10_000 + p, f"p{p}") for p in people]
            match_id = await db.matches.create_match("afrika", "1", {}, 1, seats, GUILD, 5, None)
            for n in range(MOVES_EACH * 2):
                await db.matches.append_action(match_id, n + 1, n % 2, "pass")
            await db.matches.finish(match_id, "finished", {"ranking": [[0], [1]], "reason": "x"}, "x")
            t0 = time.perf_counter()
            assert await service.rate_match(match_id)
            update.append(time.perf_counter() - t0)
            match = await service.store.rated_match(match_id)
            assert match is not None and contest_of(match, False) is not None
            t0 = time.perf_counter()
            model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
            floor.append(time.perf_counter() - t0)
        board_all, board_week, page = [], [], []
        history = HistoryStore(db)
        for _ in range(repeat * 3):
            t0 = time.perf_counter()
            await service.store.leaderboard(GUILD, "afrika", None, -1)
            board_all.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await service.store.leaderboard(GUILD, "afrika", db.now() - 7 * 86400, -1)
            board_week.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await history.count(10_000, GUILD, None)
            await history.page(10_000, GUILD, None, 5, 5)
            page.append(time.perf_counter() - t0)
        return {
            "read": median(read),
            "rebuild": median(build),
            "rated": float(summary.matches),
            "ratings": float(summary.players),
            "update": median(update),
            "rate": median(floor),
            "board_all": median(board_all),
            "board_week": median(board_week),
            "page": median(page),
        }
    finally:
        await db.close()


def run(ctx: Context) -> list[Figure]:
    matches = ctx.n(10_000, 300)
    path = ctx.tmp("ratings") / "ratings.sqlite3"
    generate(path, matches, ctx.seed)
    t = asyncio.run(_measure(path, ctx.n(5, 2), ctx.n(200, 20)))
    note = f"{t['rated']:.0f} rated matches, {t['ratings']:.0f} ratings"
    return [
        Figure("ratings.read_ms", f"reading {matches} finished matches with their seats", ms(t["read"]), "ms"),
        Figure("ratings.rebuild_ms", f"rebuild every rating from {matches} matches", ms(t["rebuild"]), "ms",
               floor=ms(t["read"]), floor_label="reading the matches", note=note),
        Figure("ratings.update_us", "rating one finished duel (rate_match)", us(t["update"]), "us",
               floor=us(t["rate"]), floor_label="openskill rate() of a duel"),
        Figure("ratings.leaderboard_ms", "/leaderboard, all time", ms(t["board_all"]), "ms",
               floor=ms(t["read"]), floor_label="reading the matches"),
        Figure("ratings.leaderboard_7d_ms", "/leaderboard, 7 days", ms(t["board_week"]), "ms",
               floor=ms(t["read"]), floor_label="reading the matches"),
        Figure("ratings.history_page_ms", "/history: one page of a player", ms(t["page"]), "ms",
               floor=ms(t["read"]), floor_label="reading the matches"),
    ]  # fmt: skip


def main(argv: list[str]) -> None:
    matches = int(argv[0]) if argv else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ratings.sqlite3"
        rated = generate(path, matches)
        t = asyncio.run(_measure(path, 5, 200))
        print(f"{matches} matches ({rated} rated), {t['ratings']:.0f} ratings")
        print(f"  read      {ms(t['read']):8.1f} ms")
        print(f"  rebuild   {ms(t['rebuild']):8.1f} ms   x{t['rebuild'] / t['read']:.2f} the read")
        print(f"  update    {us(t['update']):8.1f} us   x{t['update'] / t['rate']:.2f} one rate()")
        print(f"  board     {ms(t['board_all']):8.2f} ms (all time), {ms(t['board_week']):.2f} ms (7 days)")
        print(f"  history   {ms(t['page']):8.2f} ms (a page)")


if __name__ == "__main__":
    main(sys.argv[1:])
