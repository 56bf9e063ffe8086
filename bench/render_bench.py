"""Item 2, render: board and hand images per game, render + PNG encode (``render.common.to_png``, what
the bot sends), as a ratio to encoding a blank canvas of the same size with the same settings.

Positions are the consecutive states of random games (every few actions), so each image differs
from the last the way a game's boards do, and any cache in the renderers is exercised as in a real
match (warmed by a few positions of another game first). Board = spectator view with the table's
names; hand = the view of the player to act, with the bot's render options (Chrono card titles).

``to_png`` writes PNG rows unfiltered (see its docstring), which made the blank-canvas floor itself
cheaper or dearer depending on the size; the board figure is therefore also printed against the
old floor, Pillow's encoder on the same blank canvas, so a change of encoder cannot hide in the
ratio.
"""

from __future__ import annotations

import io
import time
from typing import Any

from bench.core import Context, Figure, median, ms, time_each
from engines.core import MatchConfig, PlayerId, Rng, load_all, random_action

PLAYERS = {"chrono": 4, "afrika": 2}
UNDECLARED = {"chronomagia": "engines.chronomagia"}
"""Games whose renderers are benched before ``engines.games`` declares them (their rows are the
same once it does: the declared engine is then used, and the hand gets its presenter's options)."""
CARD_IMAGES = {"chronomagia": "render.chronomagia"}
"""Games whose ``/card`` image is benched too: module with ``card_image(card_id, lang, epoch)``."""


def positions(engine: Any, players: int, seed: int, count: int, every: int) -> list[Any]:
    """Up to ``count`` states, ``every`` random actions apart, across as many games as needed."""
    rng = Rng.from_seed(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count and game < 50:
        s = engine.setup(MatchConfig(players=players), seed * 101 + game)
        game += 1
        k = 0
        while engine.outcome(s) is None and len(out) < count and k < 5000:
            p = PlayerId(min(engine.current_players(s)))
            s = engine.apply(s, p, random_action(engine, s, p, rng)).state
            k += 1
            if k % every == 0:
                out.append(s)
    return out


def _blank_floor(size: tuple[int, int], cache: dict[tuple[int, int], float], repeat: int) -> float:
    from render.common import canvas, to_png

    if size not in cache:
        blank = canvas(*size)
        cache[size] = median(time_each(lambda: to_png(blank), repeat, warmup=2))
    return cache[size]


def _pillow_png(img: Any) -> bytes:
    """Pillow's own PNG encoder at zlib level 1 (adaptive row filters): what ``to_png`` was before."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def _pillow_floor(size: tuple[int, int], cache: dict[tuple[int, int], float], repeat: int) -> float:
    from render.common import canvas

    if size not in cache:
        blank = canvas(*size)
        cache[size] = median(time_each(lambda: _pillow_png(blank), repeat, warmup=2))
    return cache[size]


def _hand_options(game: str) -> dict[str, Any]:
    """The presenter's render options; none for a game the bot does not host yet."""
    from bot.presenters.registry import entry
    from engines.core.errors import ConfigError

    try:
        return entry(game).presenter.render_options()
    except ConfigError:
        return {}


def _engines() -> dict[str, Any]:
    """Every declared game's engine, and those of ``UNDECLARED`` games not declared yet."""
    import importlib

    out = dict(load_all())
    for game, module in UNDECLARED.items():
        if game not in out:
            out[game] = importlib.import_module(module).ENGINE
    return out


def measure_cards(game: str, repeat: int) -> dict[str, float]:
    """Every card of ``game`` drawn as ``/card`` does (English and Russian in turn, the active
    Epoch marked on every other one) and encoded, against a blank canvas of the same size."""
    import importlib

    from render.common import to_png

    module = importlib.import_module(CARD_IMAGES[game])
    ids = module.sheet_ids()
    total: list[float] = []
    draw: list[float] = []
    sizes: list[int] = []
    for i, cid in enumerate(ids):
        t0 = time.perf_counter()
        img = module.card_image(cid, "ru" if i % 2 else "en", (i % 3) + 1 if i % 2 else None)
        t1 = time.perf_counter()
        data = to_png(img)
        t2 = time.perf_counter()
        draw.append(t1 - t0)
        total.append(t2 - t0)
        sizes.append(len(data))
    floor = _blank_floor(img.size, {}, repeat)
    return {
        "total": median(total),
        "draw": median(draw),
        "floor": floor,
        "bytes": sum(sizes) / len(sizes),
        "width": img.size[0],
        "height": img.size[1],
    }


def measure(
    game: str, kind: str, states: list[Any], engine: Any, names: list[str], repeat: int
) -> dict[str, float]:
    from bot.presenters.registry import entry
    from render.common import to_png

    opts = _hand_options(game) if kind == "hand" else {}
    hosted = entry(game)

    def image(s: Any) -> Any:
        if kind == "board":
            return hosted.board(engine.view(s, None), names)
        seat = min(engine.current_players(s), default=0)
        return hosted.hand(engine.view(s, PlayerId(seat)), names[seat], **opts)

    draw_t: list[float] = []
    enc_t: list[float] = []
    total_t: list[float] = []
    sizes: list[int] = []
    floors: list[float] = []
    pillow: list[float] = []
    blank_cache: dict[tuple[int, int], float] = {}
    pillow_cache: dict[tuple[int, int], float] = {}
    for s in states:
        t0 = time.perf_counter()
        img = image(s)
        t1 = time.perf_counter()
        data = to_png(img)
        t2 = time.perf_counter()
        draw_t.append(t1 - t0)
        enc_t.append(t2 - t1)
        total_t.append(t2 - t0)
        sizes.append(len(data))
        floors.append(_blank_floor(img.size, blank_cache, repeat))
        pillow.append(_pillow_floor(img.size, pillow_cache, repeat))
    return {
        "pillow_floor": median(pillow),
        "total": median(total_t),
        "draw": median(draw_t),
        "encode": median(enc_t),
        "floor": median(floors),
        "bytes": sum(sizes) / len(sizes),
        "width": img.size[0],
        "height": img.size[1],
    }


def run(ctx: Context) -> list[Figure]:
    figures: list[Figure] = []
    count = ctx.n(40, 4)
    repeat = ctx.n(9, 3)
    for game, engine in sorted(_engines().items()):
        players = PLAYERS.get(game, 2)
        names = [f"Player {i + 1}" for i in range(players)]
        # Warm fonts and caches with another game's positions, as a running bot would be.
        warm = positions(engine, players, ctx.seed + 1000, 3, 7)
        states = positions(engine, players, ctx.seed, count, 5 if game == "chrono" else 9)
        for kind in ("board", "hand"):
            measure(game, kind, warm, engine, names, 1)
            r = measure(game, kind, states, engine, names, repeat)
            size = f"{r['width']:.0f}x{r['height']:.0f}"
            figures.append(
                Figure(
                    f"render.{game}.{kind}.render_encode_ms",
                    f"{game} {kind} render + PNG ({size})",
                    ms(r["total"]),
                    "ms",
                    floor=ms(r["floor"]),
                    floor_label="PNG of a blank canvas, same size and settings",
                    target=2.0 if kind == "board" else None,
                    note=f"draw {ms(r['draw']):.1f} ms + encode {ms(r['encode']):.1f} ms",
                )
            )
            if kind == "board":
                figures.append(
                    Figure(
                        f"render.{game}.{kind}.render_encode_vs_pillow_ms",
                        f"{game} {kind} render + PNG vs Pillow's blank PNG",
                        ms(r["total"]),
                        "ms",
                        floor=ms(r["pillow_floor"]),
                        floor_label="Pillow's PNG encoder (adaptive filters, level 1) on a blank canvas:"
                        " to_png before issue #9's render work",
                    )
                )
            figures.append(
                Figure(f"render.{game}.{kind}.draw_ms", f"{game} {kind} draw only", ms(r["draw"]), "ms")
            )
            figures.append(
                Figure(
                    f"render.{game}.{kind}.encode_ms",
                    f"{game} {kind} PNG encode only",
                    ms(r["encode"]),
                    "ms",
                    floor=ms(r["floor"]),
                    floor_label="PNG of a blank canvas",
                )
            )
            figures.append(
                Figure(
                    f"render.{game}.{kind}.kib", f"{game} {kind} bytes per image", r["bytes"] / 1024, "KiB"
                )
            )
            ctx.log(
                f"   {game} {kind} {size}: {ms(r['total']):.1f} ms (draw {ms(r['draw']):.1f},"
                f" encode {ms(r['encode']):.1f}) vs blank {ms(r['floor']):.1f} ms, {r['bytes'] / 1024:.0f} KiB"
            )
    for game in sorted(CARD_IMAGES):
        r = measure_cards(game, repeat)
        size = f"{r['width']:.0f}x{r['height']:.0f}"
        figures.append(
            Figure(
                f"render.{game}.card.render_encode_ms",
                f"{game} card image render + PNG ({size})",
                ms(r["total"]),
                "ms",
                floor=ms(r["floor"]),
                floor_label="PNG of a blank canvas, same size and settings",
                note=f"draw {ms(r['draw']):.1f} ms, every card of the set",
            )
        )
        figures.append(
            Figure(f"render.{game}.card.kib", f"{game} card image bytes", r["bytes"] / 1024, "KiB")
        )
        ctx.log(
            f"   {game} card {size}: {ms(r['total']):.1f} ms (draw {ms(r['draw']):.1f})"
            f" vs blank {ms(r['floor']):.1f} ms, {r['bytes'] / 1024:.0f} KiB"
        )
    return figures
