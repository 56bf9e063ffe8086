"""How an animated replay is made to fit (``bot.services.replays``, no Discord): which frames,
what scale, which format, and the timeline a log replays into. The size budget is measured on the
encoded file, so the tests give budgets the frames must be shrunk or thinned to meet."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image, ImageChops

from bot.presenters.registry import entry
from bot.services.replays import (
    BAR,
    MIN_WIDTH,
    ReplayRefused,
    ReplayService,
    Timeline,
    build_animation,
    build_timeline,
    caption,
    choose_frames,
    frame_image,
)
from bot.simulate import simulate
from engines.core import MatchConfig, get_engine
from engines.games import game_spec


def _noise(width: int, height: int, seed: int) -> Image.Image:
    """A board nothing compresses: the encoded size follows the pixel count."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", (width, height), rng.randbytes(width * height * 3))


def _decoded(data: bytes) -> list[Image.Image]:
    movie = Image.open(io.BytesIO(data))
    frames = []
    for i in range(getattr(movie, "n_frames", 1)):
        movie.seek(i)
        frames.append(movie.convert("RGB"))
    return frames


def test_frames_are_spread_evenly_with_the_first_and_last_kept() -> None:
    assert choose_frames(10, 60) == tuple(range(10))
    chosen = choose_frames(100, 60)
    assert len(chosen) == 60 and chosen[0] == 0 and chosen[-1] == 99
    gaps = {b - a for a, b in itertools.pairwise(chosen)}
    assert gaps <= {1, 2}, gaps
    assert choose_frames(1, 60) == (0,) and choose_frames(0, 60) == ()


def test_a_budget_is_met_by_downscaling() -> None:
    boards = [_noise(800, 200, i) for i in range(6)]
    full = build_animation(lambda i: boards[i], 6, budget=50_000_000)
    assert full.scale == 1.0 and full.size == (800, 200 + BAR)
    budget = len(full.data) // 3
    fitted = build_animation(lambda i: boards[i], 6, budget=budget)
    assert len(fitted.data) <= budget
    assert fitted.scale < 0.75 and fitted.frames == tuple(range(6)), (fitted.scale, fitted.frames)
    assert len(_decoded(fitted.data)) == 6
    assert fitted.encodings > 2, "the size was measured, found too big, and measured again"


def test_when_a_board_would_be_too_narrow_frames_are_dropped_first_and_last_kept() -> None:
    width = MIN_WIDTH + 20
    boards = [_noise(width, 200, i) for i in range(12)]
    full = build_animation(lambda i: boards[i], 12, budget=50_000_000)
    fitted = build_animation(lambda i: boards[i], 12, budget=len(full.data) // 4)
    assert len(fitted.data) <= len(full.data) // 4
    assert len(fitted.frames) < 12 and fitted.frames[0] == 0 and fitted.frames[-1] == 11
    assert fitted.size[0] >= MIN_WIDTH * 0.85
    assert len(_decoded(fitted.data)) == len(fitted.frames)


def test_a_budget_nothing_meets_is_refused_in_words() -> None:
    boards = [_noise(300, 200, i) for i in range(3)]
    with pytest.raises(ReplayRefused, match="too big"):
        build_animation(lambda i: boards[i], 3, budget=100)


def test_boards_of_different_heights_share_one_canvas() -> None:
    short, tall = Image.new("RGB", (300, 100), (24, 27, 33)), Image.new("RGB", (300, 180), (24, 27, 33))
    short.paste((200, 0, 0), (10, 10, 50, 50))
    movie = build_animation(lambda i: (short, tall)[i], 2)
    first, second = _decoded(movie.data)
    assert first.size == second.size == (300, 180 + BAR)
    expected = frame_image(short, 1.0, (300, 180))
    assert ImageChops.difference(first.crop((0, 0, 300, 180)), expected).getbbox() is None
    assert expected.getpixel((5, 150)) == (24, 27, 33), "padded with the board's own background"


def _short_chrono() -> tuple[Timeline, list[object]]:
    run = simulate("chrono", players=3, seed=2)
    log = run.actions[:12]
    engine = get_engine("chrono")
    points, per_move = build_timeline(engine, MatchConfig(players=3), 2, log)
    assert per_move, "12 moves are a short game: a step per move"
    timeline = Timeline(
        match_id=7,
        guild_id=1,
        spec=game_spec("chrono"),
        names=("alice", "bob", "carol"),
        points=tuple(points),
        per_move=per_move,
        moves=len(log),
        result="",
    )
    return timeline, [engine.view(p.state, None) for p in points]


def test_a_short_log_replays_move_by_move_with_named_events() -> None:
    timeline, _ = _short_chrono()
    assert [p.seq for p in timeline.points] == list(range(13))
    assert all(p.events for p in timeline.points[1:]), "every move says what it did"
    text = caption(timeline, 3)
    assert "move 3 of 12" in text
    assert "P1" not in text and "P2" not in text and any(n in text for n in timeline.names)
    assert "the opening board" in caption(timeline, 0)


def test_a_gif_replay_decodes_to_the_boards_after_the_same_scaling() -> None:
    timeline, views = _short_chrono()
    board = entry("chrono").table.board
    boards = [board(v, list(timeline.names)) for v in views]
    movie = build_animation(lambda i: boards[i], len(boards), formats=("gif",))
    assert movie.format == "gif" and movie.filename == "replay.gif"
    frames = _decoded(movie.data)
    assert len(frames) == len(boards) == 13
    canvas = (movie.size[0], movie.size[1] - BAR)
    for frame, drawn in zip(frames, boards, strict=True):
        expected = frame_image(drawn, movie.scale, canvas)
        diff = ImageChops.difference(frame.crop((0, 0, *canvas)), expected).convert("L")
        mean = sum(level * n for level, n in enumerate(diff.histogram())) / (canvas[0] * canvas[1])
        assert mean < 3.0, mean
    bars = [frame.crop((0, canvas[1], canvas[0], canvas[1] + BAR)) for frame in frames]
    filled = [sum(1 for x in range(canvas[0]) if bar.getpixel((x, BAR // 2))[0] > 200) for bar in bars]
    assert filled == sorted(filled) and filled[-1] >= canvas[0] - 1, "the progress bar fills up"


def test_the_smaller_format_is_sent() -> None:
    """Chosen on a sample of a long replay's frames: still the smaller of the two whole files."""
    boards = [_noise(300, 120, i) for i in range(12)]
    chosen = build_animation(lambda i: boards[i], 12)
    webp = build_animation(lambda i: boards[i], 12, formats=("webp",))
    gif = build_animation(lambda i: boards[i], 12, formats=("gif",))
    assert len(chosen.data) == min(len(webp.data), len(gif.data))
    assert chosen.encodings == 1, "only the chosen format was encoded whole"
    flat = [Image.new("RGB", (300, 120), (24, 27, 33 + i)) for i in range(12)]
    assert build_animation(lambda i: flat[i], 12).format == "webp", "flat boards: lossless WebP wins"


async def test_a_step_outside_the_replay_is_refused_in_words() -> None:
    """A forged or mangled step button ("rp:<match>:<step>:n") names a step the replay lacks."""
    timeline, _ = _short_chrono()
    from bot.presenters.registry import entry_of

    service = ReplayService(db=None, boards=lambda spec: entry_of(spec).board)  # type: ignore[arg-type]  # no database needed to refuse
    with pytest.raises(ReplayRefused, match="not in this replay"):
        await service.frame_png(timeline, len(timeline))
    assert (await service.frame_png(timeline, len(timeline) - 1)).startswith(b"\x89PNG")
