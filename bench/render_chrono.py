"""Chrono render benchmark: board/hand render time and PNG encoding vs a blank canvas.

    python -m bench.render_chrono [--repeat N]     (from the repository root)

Prints, per scenario, the median time to draw the board, to encode it as PNG with Pillow's own
encoder (adaptive row filters) at several zlib levels (with and without ``optimize``) and with
``render.common.to_png`` (rows unfiltered, zlib) at several levels, the PNG size, and the same
encode for a blank canvas of the same size, with ratios (board / blank). ``to_png`` uses the
encoder and level chosen here.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image

from engines.chrono import ENGINE, ChronoView
from engines.chrono.carddata import card_data
from engines.core.types import MatchConfig, PlayerId
from render import chrono
from render.common import PNG_COMPRESS_LEVEL, canvas, to_png


def mid_game(players: int, suits: int, steps: int, seed: int = 7) -> ChronoView:
    """A real engine position after ``steps`` random legal actions, seen by the biggest hand."""
    s = ENGINE.setup(MatchConfig(players=players, options={"suits": suits}), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.outcome(s) is not None:
            break
        p = next(iter(ENGINE.current_players(s)))
        s = ENGINE.apply(s, p, rng.choice(list(ENGINE.legal_actions(s, p)))).state
    seat = max(range(players), key=lambda i: len(s.hands[i]))
    view: ChronoView = ENGINE.view(s, PlayerId(seat))
    return view


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm caches (fonts)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def encode(img: Image.Image, level: int, optimize: bool = False) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=level, optimize=optimize)
    return buf.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    r = args.repeat
    titles = {code: info.title for code, info in card_data().cards.items()}
    names = [f"Player number {i + 1}" for i in range(10)]
    scenarios = {
        "3 suits, 4 players": mid_game(4, 3, 40),
        "4 suits, 10 players": mid_game(10, 4, 100),
        "3 suits, 2 players (big hand)": mid_game(2, 3, 70, seed=2),
    }
    print(f"to_png uses compress_level={PNG_COMPRESS_LEVEL}; medians of {r} runs\n")
    for label, view in scenarios.items():
        bench_view(label, view, names, titles, r)
    rng = random.Random(1)
    view = scenarios["4 suits, 10 players"]
    cards = tuple(f"{rng.choice('HWON')}{rng.randint(1, 10)}" for _ in range(25))
    big = dataclasses.replace(view, hand=cards)
    t_hand = median_ms(lambda: chrono.hand(big, "Player", titles=titles), r)
    img = chrono.hand(big, "Player", titles=titles)
    t_png = median_ms(lambda: to_png(img), r)
    print(
        f"hand of 25 cards ({img.size[0]}x{img.size[1]}): draw {t_hand:.1f} ms, to_png {t_png:.1f} ms,"
        f" {len(to_png(img)) / 1024:.1f} KiB"
    )


def bench_view(label: str, view: ChronoView, names: list[str], titles: dict[str, str], r: int) -> None:
    board = chrono.board(view, names)
    blank = canvas(*board.size)
    w, h = board.size
    t_board = median_ms(lambda: chrono.board(view, names), r)
    t_titles = median_ms(lambda: chrono.board(view, names, titles=titles), r)
    t_hand = median_ms(lambda: chrono.hand(view, "Player", titles=titles), r)
    print(f"{label}: board {w}x{h}, turn {view.turn}, deck {view.deck_count}")
    print(f"  draw board            {t_board:7.1f} ms   (with titles {t_titles:.1f} ms)")
    print(f"  draw hand ({len(view.hand):2d} cards)  {t_hand:7.1f} ms")
    print(f"  {'encode':<20}{'board ms':>9}{'blank ms':>9}{'ratio':>7}{'board KiB':>11}{'blank KiB':>10}")
    for level, opt in ((0, False), (1, False), (3, False), (6, False), (9, False), (6, True)):
        tb = median_ms(functools.partial(encode, board, level, opt), r)
        tz = median_ms(functools.partial(encode, blank, level, opt), r)
        sb, sz = len(encode(board, level, opt)) / 1024, len(encode(blank, level, opt)) / 1024
        name = f"Pillow level {level}" + (" +opt" if opt else "")
        print(f"  {name:<20}{tb:9.1f}{tz:9.2f}{tb / max(tz, 1e-6):7.1f}{sb:11.1f}{sz:10.1f}")
    for level in (1, 3, 6):
        tb = median_ms(functools.partial(to_png, board, compress_level=level), r)
        tz = median_ms(functools.partial(to_png, blank, compress_level=level), r)
        sb = len(to_png(board, compress_level=level)) / 1024
        sz = len(to_png(blank, compress_level=level)) / 1024
        name = f"to_png level {level}"
        print(f"  {name:<20}{tb:9.1f}{tz:9.2f}{tb / max(tz, 1e-6):7.1f}{sb:11.1f}{sz:10.1f}")
    t_png = median_ms(lambda: to_png(board), r)
    t_blank = median_ms(lambda: to_png(blank), r)
    print(
        f"  to_png() board {t_png:.1f} ms vs blank {t_blank:.1f} ms (x{t_png / t_blank:.1f}),"
        f" {len(to_png(board)) / 1024:.1f} KiB"
    )
    print(
        f"  draw + to_png         {t_board + t_png:7.1f} ms"
        f"   (draw / blank encode x{t_board / t_blank:.1f})\n"
    )


if __name__ == "__main__":
    main()
