"""Issue #33 item 3: Discord's request budget per move, through the real bot on simcord.

    python -m bench.discord_budget [--games chrono afrika ...] [--matches N] [--seed S] [--quick]

Real Discord allows a bot token about 50 requests a second in all (every shard and process
together); interaction callbacks and interaction-token followups are not counted. Whole games of
each game are played through the real bot on simcord with the request recorder of
``tests/bot/limited_discord.py`` on (record only: no limits, no faults), in two modes:

* **against the AI**: alice types ``/play <game>`` and plays her seat;
* **two people**: alice challenges bob (``/play <game> opponent:``), bob joins, alice starts, and
  whoever is to act clicks.

A person's move is chosen by the AI's own policy and made by clicking the buttons (or menus) of
their DM panel, as ``bench/clicks.py`` does; page turns are clicks, not moves. Counted: every
REST request from the command that opens the game to the game's end, and of them the
global-bound ones (not interaction callbacks or followups). Printed per game and mode:
global-bound requests per move (a person's move), the routes that spend them, and the live
matches one token holds at a move every 10 s under 50 requests/s: ``50 / (requests per move x
0.1)``. No timing is measured: the figures are counts, the same on every machine.

Spirit Tactics is played ``best_of:1`` (one game, not a best-of-three match).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.core import Context, Figure

GAMES = ("chrono", "afrika", "alchemy", "spirit", "chronomagia")
MODES = ("ai", "people")
GLOBAL_RATE = 50.0
"""Discord's global limit: requests per second per token."""
THINK_SECONDS = 10.0
"""A live match moves once every 10 s (human pace)."""
OPEN_LOBBY = frozenset({"chrono"})
"""Games played in an open lobby (a shared set): players join with the button, no challenge."""
OPTIONS: dict[str, dict[str, Any]] = {"spirit": {"best_of": 1}}
"""Options of ``/play`` per game: Spirit Tactics's match is best of three; one game here."""
QUICK_MOVES = 8
"""In quick mode a game is cut after this many moves (the harness is checked, not the figure)."""


@dataclass
class Played:
    """One game played: its moves (a person's), its requests, and how it ended."""

    game: str
    mode: str
    moves: int = 0
    requests: int = 0
    global_bound: int = 0
    rejected: int = 0
    """Requests Discord answered 429 (``bench/discord_capacity.py``, on the limited Discord)."""
    routes: Counter[str] = field(default_factory=Counter)
    finished: bool = False

    @property
    def per_move(self) -> float:
        return self.global_bound / self.moves if self.moves else 0.0


def live_matches(per_move: float) -> float:
    """Matches one token holds at a move every ``THINK_SECONDS`` within ``GLOBAL_RATE``."""
    return GLOBAL_RATE / (per_move / THINK_SECONDS) if per_move > 0 else float("inf")


async def play_game(game: str, mode: str, seed: int, max_moves: int = 3000) -> Played:
    """One game of ``game`` through the bot, to its end (or ``max_moves`` moves)."""
    import simcord

    from bench.latency import fast_settle
    from bot.client import create_bot
    from engines.core import PlayerId, Rng, choose_action
    from tests.bot.limited_discord import Limits, limit
    from tests.bot.table import play_move

    played = Played(game, mode)
    with tempfile.TemporaryDirectory() as tmp:
        # The sender unpaced (as in the plain bot tests): players here click at machine speed, so
        # a paced sender would wait out the channel's 5 writes per 5 s and coalesce moves a person
        # would make seconds apart; unpaced, each move's writes are counted alone (an upper bound).
        bot = create_bot(
            DISCORD_TOKEN="",
            CARDHOST_DB=str(Path(tmp) / "budget.sqlite3"),
            CARDHOST_DISCORD_GLOBAL_RATE="10000",
            CARDHOST_DISCORD_CHANNEL_WRITES="1000",
        )
        seeds = itertools.count(seed)
        bot.matches.seed_source = lambda: next(seeds)
        with fast_settle():
            async with simcord.run(bot) as env:
                with limit(env, Limits(record_only=True), virtual_waits=False) as discord_:
                    guild = env.create_guild("Bench")
                    channel = guild.create_text_channel("table")
                    alice = guild.add_member(env.create_user("alice"))
                    bob = guild.add_member(env.create_user("bob"))
                    await env.settle()
                    start = discord_.mark()
                    options: dict[str, Any] = dict(OPTIONS.get(game, {}))
                    if mode == "ai":
                        await alice.slash(channel, f"play {game}", **options)
                        if not bot.matches._cache:  # a table game opens a lobby: one AI seat
                            lobby = next(m for m in reversed(channel.history()) if m.embeds)
                            await alice.click(lobby, label="Add AI")
                            await alice.click(lobby, label="Start")
                    else:
                        if game not in OPEN_LOBBY:
                            options["opponent"] = bob
                        await alice.slash(channel, f"play {game}", **options)
                        lobby = next(m for m in reversed(channel.history()) if m.embeds)
                        await bob.click(lobby, label="Join")
                        await alice.click(lobby, label="Start")
                    live = await bot.matches.get(max(bot.matches._cache))
                    people = {s.name: i for i, s in enumerate(live.seats) if s.name in ("alice", "bob")}
                    members = {people[m.name]: m for m in (alice, bob) if m.name in people}
                    rng = Rng.from_seed(seed)
                    while live.active and played.moves < max_moves:
                        acting = sorted(s for s in live.current if s in members)
                        assert acting, f"{game}: nobody is asked to move ({live.current})"
                        seat = acting[0]
                        chosen = choose_action(live.engine, live.state, PlayerId(seat), rng)
                        await play_move(members[seat], live.id, chosen.to_id())
                        played.moves += 1
                    await env.settle()
                    played.finished = not live.active
                    rows = discord_.since(start)
                    played.requests = len(rows)
                    played.global_bound = discord_.global_bound(rows)
                    played.routes = Counter(
                        f"{r.route}{_where(env, r.channel_id)}" for r in rows if r.global_bound
                    )
        await bot.db.close()
    return played


def _where(env: Any, channel_id: int | None) -> str:
    """Which channel a request wrote to: the game's thread (the board), a DM (a panel), or the
    channel the game was opened in (the lobby)."""
    if channel_id is None:
        return ""
    kind = env.backend.get_channel(channel_id).type
    return {1: " (DM)", 11: " (thread)", 12: " (thread)"}.get(kind, " (channel)")


def measure(games: tuple[str, ...], matches: int, seed: int, max_moves: int = 3000) -> list[Played]:
    out: list[Played] = []
    for game in games:
        for mode in MODES:
            for i in range(matches):
                out.append(asyncio.run(play_game(game, mode, seed + i, max_moves)))
    return out


def summary(rows: list[Played]) -> dict[tuple[str, str], Played]:
    """The games of each (game, mode) added together."""
    total: dict[tuple[str, str], Played] = {}
    for r in rows:
        t = total.setdefault((r.game, r.mode), Played(r.game, r.mode))
        t.moves += r.moves
        t.requests += r.requests
        t.global_bound += r.global_bound
        t.routes.update(r.routes)
        t.finished = t.finished or r.finished
    return total


def worst(rows: list[Played], game: str, mode: str) -> float:
    """The highest requests per move of one game (the targets hold for every game, not on average:
    a short game carries its set-up over fewer moves)."""
    return max((r.per_move for r in rows if (r.game, r.mode) == (game, mode)), default=0.0)


def report(rows: list[Played], log: Any = print) -> None:
    total = summary(rows)
    games = list(dict.fromkeys(r.game for r in rows))
    log("global-bound requests per move (a person's move); live matches per token at a move per 10 s")
    log(
        f"{'game':<13}{'mode':<8}{'games':>6}{'moves':>7}{'requests':>10}{'global':>8}{'per move':>10}"
        f"{'worst game':>12}{'live':>8}"
    )
    for game in games:
        for mode in MODES:
            t = total.get((game, mode))
            if t is None:
                continue
            n = sum(1 for r in rows if (r.game, r.mode) == (game, mode))
            log(
                f"{game:<13}{mode:<8}{n:>6}{t.moves:>7}{t.requests:>10}{t.global_bound:>8}"
                f"{t.per_move:>10.2f}{worst(rows, game, mode):>12.2f}{live_matches(t.per_move):>8.0f}"
            )
    log("routes per move (global-bound):")
    for game in games:
        for mode in MODES:
            t = total.get((game, mode))
            if t is None or not t.moves:
                continue
            top = ", ".join(f"{route} {n / t.moves:.2f}" for route, n in t.routes.most_common(4))
            log(f"  {game} {mode}: {top}")


def run(ctx: Context) -> list[Figure]:
    """The harness's entry: quick mode plays one short game of Chrono each way."""
    games = tuple(ctx.extra.get("budget_games", ("chrono",) if ctx.quick else GAMES))
    max_moves = QUICK_MOVES if ctx.quick else 3000
    rows = measure(games, ctx.n(2, 1), ctx.seed, max_moves)
    report(rows, ctx.log)
    figures: list[Figure] = []
    for (game, mode), t in summary(rows).items():
        figures.append(
            Figure(
                f"discord_budget.{game}.{mode}.requests_per_move",
                f"{game}, {'against the AI' if mode == 'ai' else 'two people'}: global-bound requests per move",
                t.per_move,
                "requests",
                note=f"{t.moves} moves, worst game {worst(rows, game, mode):.2f}; "
                f"top: {', '.join(r for r, _ in t.routes.most_common(3))}",
            )
        )
        figures.append(
            Figure(
                f"discord_budget.{game}.{mode}.live_matches",
                f"{game}, {mode}: live matches per token at a move per 10 s within 50 requests/s",
                live_matches(t.per_move),
                "matches",
            )
        )
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.discord_budget", description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    ap.add_argument("--matches", type=int, default=1, help="games of each game in each mode")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help=f"cut each game at {QUICK_MOVES} moves")
    args = ap.parse_args(argv)
    rows = measure(tuple(args.games), args.matches, args.seed, QUICK_MOVES if args.quick else 3000)
    report(rows)
    unfinished = [f"{r.game}/{r.mode}" for r in rows if not r.finished]
    if unfinished and not args.quick:
        print("not finished:", ", ".join(unfinished))
    return 0


if __name__ == "__main__":
    sys.exit(main())
