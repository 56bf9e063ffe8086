"""Card statistics (issue #21 item 5): the queries behind ``/stats set`` and ``/stats card`` over
10,000 stored matches, against a plain ``COUNT(*)`` of the action log in the same run.

    python -m bench.card_stats [matches]      (or python -m bench --only card_stats)

A temp SQLite file gets the bot's schema (every migration, through ``Database.open``) and then,
in one transaction, stored history the way the bot writes it: Afrika matches in one server (a
tenth more in another server, which the queries must skip), two seats each with a 40-card
limited deck (``match_decks`` rows), a finished result for 19 in 20 (the rest aborted), an
action log of 120-180 moves of which one in ten played a card (``match_actions.card``), and one
8-seat draft per 25 matches (432 picks, a third of them by people). The figures:

- ``set``: every card's counts (``count_cards`` with no card: what ``/stats set`` runs), on a
  fresh read-only connection as the bot opens one per question;
- ``card``: one card's counts (``/stats card``);
- the floor: ``SELECT COUNT(*) FROM match_actions`` on the same kind of connection, same run;
- ``played_card``: the cost the write path pays per stored move (the game's ``played_card`` on
  the states before and after), against the engine's ``apply`` of that move.

Target: the ``set`` query under a second for 10,000 matches (``target_on='value'``).
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.core import Context, Figure, median, ms, time_each, us

GAME = "afrika"
GUILD, OTHER_GUILD = 1001, 2002


async def _migrate(path: Path) -> None:
    from bot.db import Database

    db = await Database(path).open()
    await db.close()


def _decks(rng: random.Random, spells: list[str], basics: list[str]) -> list[list[str]]:
    out = []
    for _ in range(2):
        deck = [rng.choice(spells) for _ in range(23)] + [rng.choice(basics) for _ in range(17)]
        out.append(deck)
    return out


def generate(path: Path, matches: int, seed: int = 1) -> dict[str, int]:
    """Fill ``path`` with ``matches`` matches in the measured server (+10% elsewhere) and drafts."""
    from engines.games import game_spec

    asyncio.run(_migrate(path))
    pool = game_spec(GAME).deck_pool
    assert pool is not None
    cards = pool().cards
    basics = sorted(c.id for c in cards.values() if "basic" in c.tags)
    spells = sorted(c.id for c in cards.values() if not c.tags & {"basic", "token"})
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    now = time.time()
    rows = {"matches": 0, "actions": 0, "plays": 0, "picks": 0}
    total = matches + matches // 10
    for i in range(total):
        guild = GUILD if i < matches else OTHER_GUILD
        decks = _decks(rng, spells, basics)
        finished = rng.random() < 0.95
        winner = rng.randrange(2)
        outcome = json.dumps({"ranking": [[winner], [1 - winner]], "reason": "life"}) if finished else None
        cur = conn.execute(
            "INSERT INTO matches (game, engine_version, config, seed, status, guild_id, channel_id,"
            " created_at, ended_at, outcome) VALUES (?, '1', ?, ?, ?, ?, 5, ?, ?, ?)",
            (GAME, json.dumps({"decks": decks}), i, "finished" if finished else "aborted", guild, now, now,
             outcome),
        )  # fmt: skip
        mid = cur.lastrowid
        conn.executemany(
            "INSERT INTO match_seats (match_id, seat, user_id, display_name, is_ai) VALUES (?, ?, ?, ?, ?)",
            [(mid, 0, 100 + i % 50, "p", 0), (mid, 1, None, "AI", 1)],
        )
        conn.executemany(
            "INSERT INTO match_decks (match_id, seat, card, copies) VALUES (?, ?, ?, ?)",
            [(mid, s, c, n) for s, deck in enumerate(decks) for c, n in Counter(deck).items()],
        )
        log = []
        for seq in range(1, rng.randint(120, 180) + 1):
            seat = (seq // 7) % 2
            card = rng.choice(decks[seat]) if rng.random() < 0.1 else None
            log.append((mid, seq, seat, f"cast:{seq + 80}" if card else "pass", now, seat, card))
            rows["plays"] += card is not None
        conn.executemany(
            "INSERT INTO match_actions (match_id, seq, seat, action_id, at, by_ai, card) VALUES (?, ?, ?, ?, ?, ?, ?)",
            log,
        )
        rows["matches"] += 1
        rows["actions"] += len(log)
    for p in range(total // 25):
        guild = GUILD if p < matches // 25 else OTHER_GUILD
        cur = conn.execute(
            "INSERT INTO pods (kind, status, guild_id, host_id, config, seed, created_at)"
            " VALUES ('draft', 'finished', ?, 1, '{\"seats\": 8}', ?, ?)",
            (guild, p, now),
        )
        pid = cur.lastrowid
        picks, seq = [], 0
        for rnd in (1, 2, 3):
            for pick_no in range(1, 19):
                for seat in range(8):
                    seq += 1
                    by = "player" if seat < 3 else "bot"
                    picks.append((pid, seq, seat, rnd, pick_no, rng.choice(spells), "[]", by, now))
        conn.executemany(
            "INSERT INTO pod_picks (pod_id, seq, seat, round, pick_no, card, pack, by, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            picks,
        )
        rows["picks"] += len(picks)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    return rows


def _time_queries(path: Path, repeat: int) -> dict[str, float]:
    from bot.db.cardstats import _read_only, count_cards
    from engines.games import game_spec

    spec = game_spec(GAME)
    draft_game = GAME if spec.draft is not None else None
    card = _read_only(
        path,
        lambda c: c.execute(
            "SELECT card FROM match_decks GROUP BY card ORDER BY count(*) DESC LIMIT 1"
        ).fetchone()[0],
    )

    def floor() -> Any:
        return _read_only(path, lambda c: c.execute("SELECT COUNT(*) FROM match_actions").fetchone())

    def whole_set() -> Any:
        return _read_only(path, lambda c: count_cards(c, GUILD, GAME, draft_game=draft_game))

    def one_card() -> Any:
        return _read_only(path, lambda c: count_cards(c, GUILD, GAME, draft_game=draft_game, card=card))

    data = whole_set()
    return {
        "floor": median(time_each(floor, repeat)),
        "set": median(time_each(whole_set, repeat)),
        "card": median(time_each(one_card, repeat * 3)),
        "cards": float(len(data.cards)),
        "games": float(data.totals.games),
    }


def _played_card_cost(games: int, seed: int) -> tuple[float, float]:
    """Seconds per move: the game's ``played_card``, and the engine's ``apply`` it follows."""
    from engines.core import MatchConfig, PlayerId, Rng
    from engines.games import game_spec

    spec = game_spec(GAME)
    played = spec.played_card
    assert played is not None
    moves: list[tuple[Any, Any, int, Any]] = []
    for g in range(games):
        s = spec.engine.setup(MatchConfig(players=2), seed + g)
        rng = Rng.from_seed(seed + g)
        while spec.engine.outcome(s) is None:
            seat = int(min(spec.engine.current_players(s)))
            a = spec.ai(spec.engine, s, PlayerId(seat), rng)
            after = spec.engine.apply(s, PlayerId(seat), a).state
            moves.append((s, after, seat, a))
            s = after
    t0 = time.perf_counter()
    for before, after, seat, _ in moves:
        played(before, after, seat)
    per_call = (time.perf_counter() - t0) / len(moves)
    t0 = time.perf_counter()
    for before, _, seat, a in moves:
        spec.engine.apply(before, PlayerId(seat), a)
    per_apply = (time.perf_counter() - t0) / len(moves)
    return per_call, per_apply


def run(ctx: Context) -> list[Figure]:
    matches = ctx.n(10_000, 300)
    path = ctx.tmp("card-stats") / "stats.sqlite3"
    t0 = time.perf_counter()
    rows = generate(path, matches, ctx.seed)
    made = time.perf_counter() - t0
    ctx.log(
        f"   stored {rows['matches']} matches, {rows['actions']} moves ({rows['plays']} plays),"
        f" {rows['picks']} picks in {made:.1f} s"
    )
    t = _time_queries(path, ctx.n(7, 3))
    call, apply = _played_card_cost(ctx.n(4, 1), ctx.seed)
    floor_label = "SELECT COUNT(*) FROM match_actions"
    note = f"{matches} matches in the server, {rows['actions']} moves stored, {t['cards']:.0f} cards counted"
    return [
        Figure("card_stats.count_floor_ms", f"plain COUNT(*) of match_actions ({rows['actions']} rows)",
               ms(t["floor"]), "ms"),
        Figure("card_stats.set_ms", f"/stats set: every card's counts, {matches} matches",
               ms(t["set"]), "ms", floor=ms(t["floor"]), floor_label=floor_label, target=1000.0,
               target_on="value", note=note),
        Figure("card_stats.card_ms", f"/stats card: one card's counts, {matches} matches",
               ms(t["card"]), "ms", floor=ms(t["floor"]), floor_label=floor_label, target=1000.0,
               target_on="value"),
        Figure("card_stats.played_card_us", "write path: played_card per stored move", us(call), "us",
               floor=us(apply), floor_label="the engine's apply of the move"),
    ]  # fmt: skip


def main(argv: list[str]) -> None:
    from bench.core import Context

    matches = int(argv[0]) if argv else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        ctx = Context(quick=False, workdir=Path(tmp))
        path = Path(tmp) / "stats.sqlite3"
        rows = generate(path, matches)
        t = _time_queries(path, 7)
        print(f"{matches} matches, {rows['actions']} moves, {rows['picks']} picks, {t['cards']:.0f} cards")
        for key in ("floor", "set", "card"):
            print(f"  {key:<6} {ms(t[key]):8.1f} ms   x{t[key] / t['floor']:.2f} the COUNT(*)")
        del ctx


if __name__ == "__main__":
    main(sys.argv[1:])
