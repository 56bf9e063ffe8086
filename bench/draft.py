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


def run(ctx: Context) -> list[Figure]:
    run_pod(ctx.seed + 10_000)  # warm-up: card data, booster set and rating caches
    runs = [run_pod(ctx.seed + i) for i in range(ctx.n(7, 1))]

    def med(key: str) -> float:
        return median(r[key] for r in runs)

    floor = med("floor")
    n = len(runs)
    ctx.log(
        f"   pod {1000 * med('pod'):.0f} ms CPU ({1e6 * med('pick'):.0f} us/pick, "
        f"{1000 * med('build'):.1f} ms/deck), boosters {1000 * floor:.1f} ms"
    )
    return [
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
