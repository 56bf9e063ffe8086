"""Item 6, draft: an 8-seat pod of draft bots makes all 432 picks (8 seats x 3 packs x 18) and builds
finished decks; the figure is the server CPU time (``time.process_time``), with a floor of opening
the same 24 boosters.

One pod = ``pod.new_pod`` (opens the 24 boosters) + 432 x (``bots.bot_pick`` + ``pod.pick`` with its
``PickRef`` check, seats taken in a seeded random order among those holding a pack, so queues form)
+ 8 x ``autobuild.build_deck``. Besides the whole pod it reports the CPU per pick (bot choice plus
engine), the engine's share alone (what a person's pick costs the server), one deck build, and a
replay of the pod from its seed and 432 picks (what a restart costs per pod). Each figure is the
median over several seeds after one warm-up pod (card data and rating caches loaded, as in a
running bot). Quick mode: one timed pod.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from bench.core import Context, Figure, median
from engines.core import Rng
from engines.draft import pod
from engines.draft.autobuild import build_deck
from engines.draft.boosters import open_boosters
from engines.draft.bots import bot_pick

SEATS, PACKS, PICKS = 8, 3, 18
TOTAL_PICKS = SEATS * PACKS * PICKS

T = TypeVar("T")


def _cpu(fn: Callable[[], T]) -> tuple[T, float]:
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def run_pod(seed: int) -> dict[str, float]:
    """CPU seconds of one bot pod, split by part, plus its replay."""
    cfg = pod.PodConfig(SEATS, PACKS)
    state, t_open = _cpu(lambda: pod.new_pod(cfg, seed))
    rng = Rng.from_seed(seed * 31 + 7)
    picks: list[tuple[int, str]] = []
    t_bot = t_engine = 0.0
    while not pod.is_done(state):
        seat = rng.choice(sorted(pod.waiting_seats(state)))
        t0 = time.process_time()
        pack = pod.current_pack(state, seat)
        assert pack is not None
        card = bot_pick(pack.cards, state.pools[seat])
        t1 = time.process_time()
        state = pod.pick(state, seat, card, pod.current_ref(state, seat))
        t2 = time.process_time()
        t_bot += t1 - t0
        t_engine += t2 - t1
        picks.append((seat, card))
    assert len(picks) == TOTAL_PICKS and all(len(p) == PACKS * PICKS for p in state.pools)
    decks, t_build = _cpu(lambda: [build_deck(list(p)) for p in state.pools])
    assert all(len(d) >= 40 for d in decks)
    replayed, t_replay = _cpu(lambda: pod.replay(cfg, seed, picks))
    assert replayed == state
    _, t_floor = _cpu(lambda: open_boosters(pod.booster_set(cfg.set_code, cfg.slots), seed, SEATS * PACKS))
    return {
        "pod": t_open + t_bot + t_engine + t_build,
        "pick": (t_bot + t_engine) / TOTAL_PICKS,
        "engine_pick": t_engine / TOTAL_PICKS,
        "build": t_build / SEATS,
        "replay": t_replay,
        "floor": t_floor,
    }


async def bot_pod(ctx: Context, seed: int) -> dict[str, float]:
    """An 8-seat pod through the real bot on simcord: alice opens it with bots allowed, starts it
    and leaves the draft at once, so bots draft all eight seats. Timed from the Start click until
    every seat's deck is built (the moment the pod would pair round 1; the rounds are not played
    here). CPU is the whole process's: the bot *and* the simulated Discord serving it."""
    import simcord

    from bench.latency import fast_settle
    from bot.client import create_bot

    db_path = ctx.tmp("draftpod") / "cardhost.sqlite3"
    bot = create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_path))
    bot.drafts.seed_source = lambda: seed
    done: dict[str, float] = {}

    async def decks_built(pod: object, seats: object) -> None:
        done["wall"], done["cpu"] = time.perf_counter(), time.process_time()

    bot.podplay.rounds.next_round = decks_built  # type: ignore[method-assign]
    with fast_settle():
        async with simcord.run(bot) as env:
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("draft")
            alice = guild.add_member(env.create_user("alice"))
            await alice.slash(channel, "draft create", seats=SEATS, timer="fast", bots=True)
            lobby = channel.last_message
            pod_id = int(lobby.embeds[0].title.split("#")[1])
            w0, c0 = time.perf_counter(), time.process_time()
            await alice.click(lobby, label="Start")
            await alice.slash(channel.threads[-1], "draft leave")
            for _ in range(400):
                if done:
                    break
                await asyncio.sleep(0.01)
            picks = len(await bot.drafts.store.picks(pod_id))
    await bot.db.close()
    if not done or picks != TOTAL_PICKS:
        raise RuntimeError(f"the bot pod did not finish: {picks} picks, decks built: {bool(done)}")
    return {"wall": done["wall"] - w0, "cpu": done["cpu"] - c0}


def run(ctx: Context) -> list[Figure]:
    run_pod(ctx.seed + 10_000)  # warm-up: card data, booster set and rating caches
    runs = [run_pod(ctx.seed + i) for i in range(ctx.n(7, 1))]

    def med(key: str) -> float:
        return median(r[key] for r in runs)

    floor = med("floor")
    n = len(runs)
    through_bot = [asyncio.run(bot_pod(ctx, ctx.seed + 20_000 + i)) for i in range(ctx.n(3, 1))]
    bot_wall = median(r["wall"] for r in through_bot)
    bot_cpu = median(r["cpu"] for r in through_bot)
    ctx.log(f"   through the bot: {bot_wall:.2f} s from Start to 8 decks, {bot_cpu:.2f} s CPU")
    ctx.log(
        f"   pod {1000 * med('pod'):.0f} ms CPU ({1e6 * med('pick'):.0f} us/pick, "
        f"{1000 * med('build'):.1f} ms/deck), boosters {1000 * floor:.1f} ms"
    )
    return [
        Figure(
            "draft.bot_pod_wall_s",
            "8-seat bot pod through the bot (simcord): Start to 8 decks built, wall",
            bot_wall,
            "s",
            floor=med("pod"),
            floor_label="the same work in the pure engine, CPU",
            note=f"median of {len(through_bot)} pods; stores 432 picks, posts progress",
        ),
        Figure(
            "draft.bot_pick_cpu_ms",
            "per pick through the bot (process CPU incl. simulated Discord)",
            1000 * bot_cpu / TOTAL_PICKS,
            "ms",
            floor=1000 * med("pick"),
            floor_label="a bot pick in the pure engine",
        ),
        Figure(
            "draft.pod_cpu_ms",
            "8-seat bot pod: 432 picks + 8 decks, server CPU",
            1000 * med("pod"),
            "ms",
            floor=1000 * floor,
            floor_label="opening the same 24 boosters",
            note=f"median of {n} pods",
        ),
        Figure(
            "draft.pick_cpu_us",
            "one bot pick (bot_pick + pod.pick), server CPU",
            1e6 * med("pick"),
            "us",
            floor=1e6 * floor / TOTAL_PICKS,
            floor_label="opening 24 boosters / 432",
        ),
        Figure(
            "draft.engine_pick_cpu_us",
            "one pick in the pod engine (a person's pick), CPU",
            1e6 * med("engine_pick"),
            "us",
            floor=1e6 * floor / TOTAL_PICKS,
            floor_label="opening 24 boosters / 432",
        ),
        Figure(
            "draft.build_deck_cpu_ms",
            "auto-build one 40-card deck from a 54-card pool, CPU",
            1000 * med("build"),
            "ms",
            floor=1000 * floor,
            floor_label="opening 24 boosters",
        ),
        Figure(
            "draft.replay_cpu_ms",
            "replay a finished pod from seed + 432 picks, CPU",
            1000 * med("replay"),
            "ms",
            floor=1000 * floor,
            floor_label="opening the same 24 boosters",
        ),
    ]
