"""cardhost benchmarks: ``python -m bench [--quick]`` prints the figures and writes bench/results.json.

The benches are registered here (name, issue item, module); each module has ``run(ctx)``. A bench
whose subject does not exist yet raises ``NotAvailable`` and is listed as skipped. See README.md.
"""

from __future__ import annotations

from bench.core import REGISTRY, Bench, register

register(Bench("latency", 1, "Interaction latency through discord.py on simcord", "bench.latency"))
register(Bench("render", 2, "Board and hand images: render + PNG encode", "bench.render_bench"))
register(Bench("durable", 3, "Durable action through MatchService", "bench.durable"))
register(
    Bench(
        "durable_pg",
        22,
        "Durable action on PostgreSQL (issue #22 item 5) against raw asyncpg insert+commit",
        "bench.durable_pg",
        ("durable_pg.raw_floor_us", "durable_pg.action_us@1", "durable_pg.action_us@50"),
    )
)
register(
    Bench(
        "processes_pg",
        22,
        "Moves per second with 1 and 2 processes on one PostgreSQL, 200 live matches (issue #22 item 5)",
        "bench.processes_pg",
        ("processes_pg.moves_per_s@1", "processes_pg.moves_per_s@2", "processes_pg.log_failures"),
    )
)
register(
    Bench(
        "render_pool",
        22,
        "Board images in the render pool against a thread (issue #22 item 3)",
        "bench.render_pool",
        ("render_pool.boards_per_s", "render_pool.thread_boards_per_s", "render_pool.loop_stall_ms"),
    )
)
register(Bench("engines", 4, "Engine speed: random actions and AI-vs-AI games", "bench.engine_speed"))
register(Bench("restart", 5, "Restart: resume 10,000 stored active matches", "bench.restart"))
register(Bench("draft", 6, "Draft: 8-seat bot pod, 432 picks to decks", "bench.draft"))
register(Bench("memory", 7, "Memory per live match and per idle (evicted) match", "bench.memory"))
register(
    Bench(
        "card_stats",
        21,
        "Card statistics (issue #21 item 5): /stats queries over 10,000 stored matches",
        "bench.card_stats",
        ("card_stats.count_floor_ms", "card_stats.set_ms", "card_stats.card_ms", "card_stats.played_card_us"),
    )
)

register(
    Bench(
        "ratings",
        21,
        "Ratings (issue #21 items 1-2): rebuild from 10,000 matches, one update, leaderboard, history",
        "bench.ratings",
        ("ratings.rebuild_ms", "ratings.update_us", "ratings.leaderboard_ms", "ratings.history_page_ms"),
    )
)
register(
    Bench(
        "replay_size",
        21,
        "Replays (issue #21 item 3): animated replay size and build time of a long Afrika and Chrono game",
        "bench.replay_size",
        tuple(f"replay_size.{g}.{k}" for g in ("afrika", "chrono") for k in ("bytes", "build_ms")),
    )
)
register(
    Bench(
        "capacity",
        23,
        "Capacity (issue #23 item 1): live matches one bot process holds at human pace",
        "bench.capacity",
        ("capacity.chrono.live_matches", "capacity.afrika.live_matches"),
    )
)
register(
    Bench(
        "discord_budget",
        33,
        "Discord requests per move (issue #33 item 3): global-bound REST calls per move and live matches per token",
        "bench.discord_budget",
        tuple(
            f"discord_budget.chrono.{m}.{k}"
            for m in ("ai", "people")
            for k in ("requests_per_move", "live_matches")
        ),
    )
)

register(
    Bench(
        "discord_capacity",
        33,
        "Capacity on the limited Discord (issue #33 item 3): requests per move with Discord's limits on, "
        "and live matches one token holds within them and the latency target",
        "bench.discord_capacity",
        ("discord_capacity.live_matches",),
    )
)

__all__ = ["REGISTRY", "Bench", "register"]
