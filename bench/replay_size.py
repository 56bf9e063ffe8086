"""Replays (issue #21 item 3): how big the animated replay of a long game is, and how long it takes
to build, for Afrika and Chrono.

    python -m bench.replay_size [seeds]      (or python -m bench --only replay_size)

For each game, AI-vs-AI games are played for a few seeds (``bot.simulate``) and the one with the
most turns is replayed the way ``/replay`` does it (``bot.services.replays``): the timeline from
seed + log, every chosen board drawn from the spectator's view, then encoded (lossless WebP and
GIF, the smaller kept) and shrunk until it fits Discord's 8 MiB. The figures:

- ``bytes``: the file sent (target: at most 8 MiB), with the frames, scale, size and format chosen
  in the note;
- ``build_ms``: replay + draw + encode, the work ``/replay`` does off the event loop the first
  time a match is asked for (then it is cached); **floor**: drawing the same boards and encoding
  each as the PNG the bot posts after a move (``render.common.to_png``), in the same run.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from bench.core import Context, Figure, ms

GAMES = (("afrika", 2), ("chrono", 4))
"""Each game and its seat count (Chrono's 4 seats give its longest games: ~60-80 turns)."""


def longest(game: str, players: int, seeds: int) -> tuple[int, list[tuple[int, str]]]:
    """The seed and log of the AI-vs-AI game with the most turns among ``seeds`` seeds."""
    from bot.simulate import simulate
    from engines.core import MatchConfig, get_engine, step

    engine = get_engine(game)
    best: tuple[int, int, list[tuple[int, str]]] | None = None
    for seed in range(1, seeds + 1):
        log = simulate(game, players=players, seed=seed).actions
        state = engine.setup(MatchConfig(players=players), seed)
        marker, turns = engine.turn_marker(state), 0
        for seat, action_id in log:
            state, _ = step(engine, state, seat, action_id)
            if engine.turn_marker(state) != marker:
                marker, turns = engine.turn_marker(state), turns + 1
        if best is None or turns > best[0]:
            best = (turns, seed, log)
    assert best is not None
    return best[1], best[2]


def measure(
    game: str, players: int, seed: int, log: list[tuple[int, str]], max_frames: int
) -> dict[str, Any]:
    """Build the replay of one game as the service does; sizes, times and the choices made."""
    from bot.presenters.registry import entry
    from bot.services.replays import build_animation, build_timeline
    from engines.core import MatchConfig, get_engine
    from render.common import to_png

    engine, table = get_engine(game), entry(game).table
    names = [f"AI {i + 1}" for i in range(players)]
    started = time.perf_counter()
    points, per_move = build_timeline(engine, MatchConfig(players=players), seed, log)
    replayed = time.perf_counter()
    movie = build_animation(
        lambda i: table.board(engine.view(points[i].state, None), names), len(points), max_frames=max_frames
    )
    built = time.perf_counter()
    for i in movie.frames:
        to_png(table.board(engine.view(points[i].state, None), names))
    pngs = time.perf_counter()
    return {
        "bytes": len(movie.data),
        "build": built - started,
        "replay": replayed - started,
        "floor": pngs - built,
        "moves": len(log),
        "steps": len(points),
        "per_move": per_move,
        "frames": len(movie.frames),
        "scale": movie.scale,
        "size": movie.size,
        "format": movie.format,
        "encodings": movie.encodings,
    }


def _note(seed: int, m: dict[str, Any]) -> str:
    unit = "moves" if m["per_move"] else "turns"
    return (
        f"seed {seed}: {m['moves']} moves, {m['steps'] - 1} {unit}; {m['frames']} frames, "
        f"scale {m['scale']:.2f} ({m['size'][0]}x{m['size'][1]}), {m['format']}, "
        f"encoded whole {m['encodings']}x; replaying the log {ms(m['replay']):.0f} ms"
    )


def run(ctx: Context) -> list[Figure]:
    from bot.services.replays import ATTACHMENT_LIMIT, MAX_FRAMES

    figures = []
    for game, players in GAMES:
        seed, log = longest(game, players, ctx.n(6, 1))
        m = measure(game, players, seed, log, ctx.n(MAX_FRAMES, 8))
        note = _note(seed, m)
        ctx.log(f"replay {game}: {m['bytes']} bytes in {ms(m['build']):.0f} ms ({note})")
        figures += [
            Figure(f"replay_size.{game}.bytes", f"{game}: animated replay of a long game", m["bytes"], "B",
                   target=ATTACHMENT_LIMIT, target_on="value", note=note),
            Figure(f"replay_size.{game}.build_ms", f"{game}: replay + draw + encode", ms(m["build"]), "ms",
                   floor=ms(m["floor"]), floor_label="the same boards as PNGs", note=note),
        ]  # fmt: skip
    return figures


def main(argv: list[str]) -> None:
    from bot.services.replays import MAX_FRAMES

    seeds = int(argv[0]) if argv else 6
    for game, players in GAMES:
        seed, log = longest(game, players, seeds)
        m = measure(game, players, seed, log, MAX_FRAMES)
        print(f"{game}: {m['bytes']:,} bytes, built in {ms(m['build']):.0f} ms "
              f"(x{m['build'] / m['floor']:.1f} the boards as PNGs, {ms(m['floor']):.0f} ms)")  # fmt: skip
        print(f"  {_note(seed, m)}")


if __name__ == "__main__":
    main(sys.argv[1:])
