"""Replays of ended matches: an animated image of the boards, and one board at a time.

Nothing is stored for a replay. A match's save format is its seed plus the action log
(``bot/db/matches.py``); a replay sets the match up again and re-applies every logged action with
``engines.core.step`` (the path a live click takes), keeping the state at the end of each turn (or
after each move, for a short game) with the events that led there. Boards are drawn from the
spectator's view (``engine.view(state, None)``) by the game's own board renderer, so a replay
shows exactly what the game's thread showed, never a hand.

The animated image must fit Discord's attachment limit (8 MiB by default). The budget is met by
the frames (at most ``MAX_FRAMES``, sampled evenly, the first and final boards always kept) and
the scale (downscaled until the encoded file fits; the size is measured, not guessed). Frames
are encoded as lossless WebP and as GIF and the smaller is sent (for a long replay the two are
compared on a sample of its frames, then only the smaller format is encoded whole). A thin progress bar under
each board says where in the game the frame is (and keeps two equal boards from being merged into
one frame by the encoders).

Everything heavy (replaying, drawing, encoding) runs in a worker thread: a long game's replay
takes seconds, and the event loop must keep answering clicks meanwhile.
"""

from __future__ import annotations

import asyncio
import io
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw

from bot.db.errors import MatchNotFound
from bot.i18n import say
from bot.text import ai_name, log_block, ordinal, with_names
from engines.core import CardhostError, Engine, MatchConfig, step
from engines.core.game import GameSpec
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.db import Database

ATTACHMENT_LIMIT = 8 * 1024 * 1024
"""Discord's default attachment limit (8 MiB): the animated replay must be at most this big."""
MAX_FRAMES = 60
"""Frames of an animated replay at most (a minute at one frame a second); longer games are
sampled evenly, with the first and final boards always kept."""
PER_MOVE_UP_TO = 40
"""A game of at most this many moves is replayed move by move; a longer one turn by turn."""
MAX_WIDTH = 800
"""The widest an animation starts: boards are drawn to read at Discord's inline width (~550 px),
and a narrower animation is a smaller file and less memory."""
FRAME_PIXELS = 24_000_000
"""Pixels of all frames of one animation together (about 96 MB while it is encoded): a long game
with a tall board starts at a smaller scale rather than hold hundreds of MB."""
MIN_WIDTH = 240
"""Below this width a board no longer reads: the budget is met by dropping frames instead."""
SAMPLE = 8
"""Frames both formats are tried on to choose one, when a replay has more."""
BAR = 6
"""Height in pixels of the progress bar under each frame."""
FIRST_MS, FRAME_MS, LAST_MS = 1500, 1000, 4000
"""How long the opening board, each other board and the final board stay on screen."""
CACHE = 8
"""Timelines (and animations) kept in memory: a replay is usually watched by several people at
once, right after the game, then rarely."""

BAR_TRACK = (48, 54, 66)
BAR_FILL = (250, 204, 21)

Format = Literal["webp", "gif"]


class ReplayRefused(CardhostError):
    """A replay that cannot be shown, with the reason as a sentence for the one who asked."""


@dataclass(frozen=True)
class Point:
    """One step of a replay: the position after ``seq`` moves, and what happened since the
    previous step (event texts with seat labels, as engines write them)."""

    seq: int
    state: Any
    events: tuple[str, ...]


@dataclass(frozen=True)
class Timeline:
    """A match replayed: every step the step-through panel offers, in order."""

    match_id: int
    guild_id: int | None
    spec: GameSpec[Any, Any, Any]
    """The game's declaration, found once when the replay is loaded: the panels, captions and
    frames read the game from it (the bot's registry entry by its identity, ``entry_of``)."""
    names: tuple[str, ...]
    points: tuple[Point, ...]
    per_move: bool
    """One step per move (a short game) rather than per turn."""
    moves: int
    result: str
    """How the match ended, in words with names ('' while unknown)."""
    ranking: tuple[tuple[int, ...], ...] = ()
    """The final ranking (seats by place), for ``result_words`` in a reader's language."""
    end_reason: str = ""
    """Why it ended, as the engine (or whoever ended it) said it."""

    def __len__(self) -> int:
        return len(self.points)

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title


@dataclass(frozen=True)
class Animation:
    """An encoded animated replay and how it was made to fit."""

    data: bytes
    format: Format
    frames: tuple[int, ...]
    """The timeline steps shown, in order (indices into ``Timeline.points``)."""
    scale: float
    """Every board was resized by this factor (``frame_image``)."""
    size: tuple[int, int]
    """The animation's width and height (the boards' canvas plus the progress bar)."""
    seconds: float
    """Time spent drawing and encoding."""
    encodings: int
    """Whole files encoded until one fitted (one per try once the format is chosen on a sample)."""

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


# ------------------------------------------------------------------------------ the timeline


def build_timeline(
    engine: Engine[Any, Any, Any],
    cfg: MatchConfig,
    seed: int,
    log: Sequence[tuple[int, str]],
    *,
    per_move_up_to: int = PER_MOVE_UP_TO,
) -> tuple[list[Point], bool]:
    """Replay ``log`` from the setup: the opening, then the position at the end of each turn (a
    new ``turn_marker``) and the final position; for a log of at most ``per_move_up_to`` moves,
    the position after every move. Returns the steps and whether they are per move."""
    per_move = len(log) <= per_move_up_to
    state = engine.setup(cfg, seed)
    points = [Point(0, state, ())]
    marker = engine.turn_marker(state)
    pending: list[str] = []
    for seq, (seat, action_id) in enumerate(log, start=1):
        state, events = step(engine, state, seat, action_id)
        pending.extend(e.text for e in events)
        new_marker = engine.turn_marker(state)
        if per_move or new_marker != marker or seq == len(log):
            points.append(Point(seq, state, tuple(pending)))
            pending = []
            marker = new_marker
    return points, per_move


def choose_frames(count: int, limit: int = MAX_FRAMES) -> tuple[int, ...]:
    """``limit`` of ``count`` steps spread evenly, always the first and the last."""
    if count <= 0:
        return ()
    if count <= limit:
        return tuple(range(count))
    if limit <= 1:
        return (count - 1,)
    return tuple(round(i * (count - 1) / (limit - 1)) for i in range(limit))


def result_words(timeline: Timeline, log_line: Callable[[str], str] = str) -> str:
    """How the match ended, in the language of the message being built (``timeline.result`` is
    its English, said once for everyone with the animation)."""
    if not timeline.ranking:
        return timeline.result
    reason = log_line(timeline.end_reason) if timeline.end_reason else ""
    return say("🏁 **Final ranking**") + "\n" + ranking_text(timeline.ranking, list(timeline.names), reason)


def caption(timeline: Timeline, index: int, log_line: Callable[[str], str] = str) -> str:
    """What the step-through panel says over step ``index``: where in the game, then what
    happened since the previous step, with names for seat labels, in the language of the
    message being built (``bot.i18n``): ``log_line`` is the game's (``Presenter.log_line``),
    which reads each English event in that language."""
    point = timeline.points[index]
    last = len(timeline.points) - 1
    game = say("game #{id}", id=timeline.match_id)
    head = say("🎞️ **Replay** · {title} · ", title=say(timeline.title)) + game
    if index == 0:
        head += " · " + say("the opening board")
    elif timeline.per_move:
        head += " · " + say("move {seq} of {moves}", seq=point.seq, moves=timeline.moves)
    else:
        first = timeline.points[index - 1].seq + 1
        head += " · " + say(
            "turn {index} of {last} (moves {first}-{seq})", index=index, last=last, first=first, seq=point.seq
        )
    lines = [head]
    names = list(timeline.names)
    if index == 0:
        lines.append(say("The game begins."))
    elif point.events:
        said = (with_names(log_line(e), names) for e in point.events)
        lines.append(log_block(said, limit=1400, max_lines=14))
    else:
        lines.append(say("Nothing was announced on this step."))
    if index == last and timeline.result:
        lines.append(result_words(timeline, log_line))
    return "\n".join(lines)


# ------------------------------------------------------------------------------ the images


def frame_image(board: Image.Image, scale: float, canvas: tuple[int, int]) -> Image.Image:
    """A board as it appears in an animation (without the progress bar): resized by ``scale``
    (box filter: the same pixels for the same board, and flat colours stay flat, which keeps the
    lossless file small) and placed at the top left of a canvas of the animation's size, filled
    with the board's own background colour (boards of one game may differ in height)."""
    image = board.convert("RGB")
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.BOX)
    if image.size == canvas:
        return image
    corner = image.getpixel((0, 0))
    out = Image.new("RGB", canvas, corner if isinstance(corner, tuple) else (0, 0, 0))
    out.paste(image, (0, 0))
    return out


def with_progress(frame: Image.Image, position: int, count: int) -> Image.Image:
    """``frame`` with a bar under it filled to ``(position + 1) / count`` of its width."""
    out = Image.new("RGB", (frame.width, frame.height + BAR), BAR_TRACK)
    out.paste(frame, (0, 0))
    filled = round(frame.width * (position + 1) / max(1, count))
    if filled > 0:
        ImageDraw.Draw(out).rectangle((0, frame.height, filled - 1, frame.height + BAR - 1), fill=BAR_FILL)
    return out


def canvas_size(boards: Sequence[Image.Image], scale: float) -> tuple[int, int]:
    """The smallest canvas every board fits on once resized by ``scale``."""
    width = max(max(1, round(b.width * scale)) for b in boards)
    height = max(max(1, round(b.height * scale)) for b in boards)
    return width, height


def durations(count: int) -> list[int]:
    """Milliseconds per frame: the opening and the end stay longer."""
    if count == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (count - 2) + [LAST_MS]


def encode(frames: Sequence[Image.Image], fmt: Format) -> bytes:
    """The frames as one animated file (looping forever). WebP is lossless; its effort (method 3,
    quality 50) was measured on long Afrika and Chrono replays: within 2% of the size of Pillow's
    default (method 4, quality 80) and up to a third faster (``bench/replay_size.py``)."""
    buf = io.BytesIO()
    options: dict[str, Any] = (
        {"lossless": True, "method": 3, "quality": 50} if fmt == "webp" else {"optimize": False}
    )
    frames[0].save(
        buf,
        format=fmt.upper(),
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations(len(frames)),
        loop=0,
        **options,
    )
    return buf.getvalue()


def start_scale(boards: Sequence[Image.Image]) -> float:
    """The largest scale within ``MAX_WIDTH`` and the ``FRAME_PIXELS`` memory bound (never up)."""
    widest = max(b.width for b in boards)
    pixels = sum(b.width * b.height for b in boards)
    return min(1.0, MAX_WIDTH / widest, math.sqrt(FRAME_PIXELS / pixels))


def smaller_format(images: Sequence[Image.Image], formats: Sequence[Format]) -> Format:
    """The format that encodes ``images`` smaller, judged on ``SAMPLE`` of them spread evenly
    (encoding a long replay whole in a format it then does not send cost as much again)."""
    if len(formats) == 1:
        return formats[0]
    sample = [images[k] for k in choose_frames(len(images), SAMPLE)]
    sizes = {fmt: len(encode(sample, fmt)) for fmt in formats}
    return min(formats, key=lambda fmt: sizes[fmt])


def build_animation(
    boards: Callable[[int], Image.Image],
    count: int,
    *,
    budget: int = ATTACHMENT_LIMIT,
    max_frames: int = MAX_FRAMES,
    formats: Sequence[Format] = ("webp", "gif"),
) -> Animation:
    """Encode steps ``0..count-1`` (``boards(i)`` draws step i) in at most ``budget`` bytes.

    Frames are chosen first (``choose_frames``), then the scale. Each try encodes the frames in
    every format and keeps the smaller file (with more than ``SAMPLE`` frames, the format is
    chosen on a sample and only its file is encoded whole); when the file is too big, the scale
    shrinks by about the square root of the overshoot (size follows area), down to boards
    ``MIN_WIDTH`` wide; then half the frames go instead (the first and last stay). Raises
    ``ReplayRefused`` if even two frames cannot fit.
    """
    started = time.perf_counter()
    frames = choose_frames(count, max_frames)
    drawn = {i: boards(i) for i in frames}
    widest = max(b.width for b in drawn.values())
    scale = start_scale(list(drawn.values()))
    encodings = 0
    while True:
        shown = [drawn[i] for i in frames]
        canvas = canvas_size(shown, scale)
        images = [with_progress(frame_image(b, scale, canvas), k, len(shown)) for k, b in enumerate(shown)]
        tried = formats if len(images) <= SAMPLE else (smaller_format(images, formats),)
        files = [(encode(images, fmt), fmt) for fmt in tried]
        encodings += len(files)
        data, fmt = min(files, key=lambda file: len(file[0]))
        if len(data) <= budget:
            return Animation(
                data, fmt, frames, scale, images[0].size, time.perf_counter() - started, encodings
            )
        shrink = min(0.85, max(0.5, 0.95 * math.sqrt(budget / len(data))))
        narrowest = min(1.0, MIN_WIDTH / widest)
        if widest * scale * shrink >= MIN_WIDTH:
            scale *= shrink
        elif scale > narrowest:
            scale = narrowest  # as small as a board still reads; then fewer frames
        elif len(frames) > 2:
            keep = choose_frames(len(frames), max(2, len(frames) // 2))
            frames = tuple(frames[k] for k in keep)
        else:
            raise ReplayRefused("This replay is too big to send even as two small frames.")


# ------------------------------------------------------------------------------ the service


BoardOf = Callable[[GameSpec[Any, Any, Any]], Callable[..., Image.Image]]
"""A game's board renderer by its declaration (its entry's in the bot's game registry,
``bot.presenters.registry.entry_of(spec).board``), given by ``bot/client.py``: the presenters sit
above the services."""


def ranking_text(ranking: Sequence[Sequence[int]], names: list[str], reason: str = "") -> str:
    """The final ranking in places ('1st: alice', ties sharing a place), as the game's thread
    said it (``bot.presenters.generic.ranking_text``), with the end's reason in italics."""
    lines = []
    place = 1
    for group in ranking:
        who = ", ".join(ai_name(names[p]) for p in group)
        lines.append(say("{ordinal}: {who}", ordinal=ordinal(place), place=place, who=who))
        place += len(group)
    text = "\n".join(lines)
    if reason:
        text += f"\n_{with_names(reason, names)}_"
    return text


PngDrawer = Callable[..., Awaitable[bytes]]
"""``await png(draw, *args)`` = ``to_png(draw(*args))`` drawn off the event loop: the table's
render pool (``bot.services.renders.RenderPool.png``), which draws in worker processes."""


async def _png_in_thread(draw: Callable[..., Image.Image], *args: Any, **kwargs: Any) -> bytes:
    """The fallback drawer: a worker thread of this process."""
    from render.common import to_png

    return await asyncio.to_thread(lambda: to_png(draw(*args, **kwargs)))


class ReplayService:
    """Replays for the bot: access checks, the replayed timeline and its images, cached briefly.

    A finished match never changes, so a timeline or an animation computed once is right for
    everyone who asks; concurrent requests for the same match share one computation. Boards are
    drawn by ``png`` (the table's render pool: worker processes, where drawing does not hold the
    bot's GIL); replaying a log and encoding an animation run in a thread.
    """

    def __init__(self, db: Database, boards: BoardOf, png: PngDrawer | None = None) -> None:
        self.db = db
        self.boards = boards
        self.png: PngDrawer = png or _png_in_thread
        self._timelines: OrderedDict[int, asyncio.Future[Timeline]] = OrderedDict()
        self._animations: OrderedDict[tuple[int, str], asyncio.Future[Animation]] = OrderedDict()

    async def timeline(self, match_id: int, guild_id: int | None) -> Timeline:
        """The replay of match ``match_id`` for someone in server ``guild_id``.

        Refused in words: outside a server, an unknown id, a match of another server, a match
        still being played, a match whose rules have changed since.
        """
        if guild_id is None:
            raise ReplayRefused(
                "Replays are watched in the server where the game was played: use /replay there."
            )
        pending = self._timelines.get(match_id)
        if pending is None or (pending.done() and (pending.cancelled() or pending.exception())):
            pending = self._timelines[match_id] = asyncio.ensure_future(self._load(match_id))
            _trim(self._timelines)
        else:
            self._timelines.move_to_end(match_id)
        timeline = await asyncio.shield(pending)
        if timeline.guild_id != guild_id:
            raise ReplayRefused(
                f"Game #{match_id} was played on another server: its replay is shown only there."
            )
        return timeline

    async def _load(self, match_id: int) -> Timeline:
        try:
            match = await self.db.matches.get(match_id)
        except MatchNotFound:
            raise ReplayRefused(
                f"There is no game #{match_id} to replay: check the number (the board says 'game #N')."
            ) from None
        if match.is_active:
            raise ReplayRefused("Replays open when the match has ended.")
        spec = game_spec(match.game)
        engine = spec.engine
        if str(getattr(engine, "version", match.engine_version)) != match.engine_version:
            raise ReplayRefused(
                f"Game #{match_id} was played with an earlier version of the rules, so it can't be replayed."
            )
        seats = await self.db.matches.seats(match_id)
        actions = await self.db.matches.actions(match_id)
        cfg = MatchConfig(players=len(seats), options=dict(match.config))
        log = [(a.seat, a.action_id) for a in actions]
        points, per_move = await asyncio.to_thread(build_timeline, engine, cfg, match.seed, log)
        names = tuple(s.display_name for s in seats)
        if match.outcome:
            result = "🏁 **Final ranking**\n" + ranking_text(
                match.outcome["ranking"], list(names), match.end_reason or ""
            )
        else:
            result = (
                f"🛑 The game was ended: {with_names(match.end_reason or 'no reason given', list(names))}."
            )
        return Timeline(
            match_id=match.id,
            guild_id=match.guild_id,
            spec=spec,
            names=names,
            points=tuple(points),
            per_move=per_move,
            moves=len(log),
            result=result,
            ranking=tuple(tuple(g) for g in (match.outcome or {}).get("ranking", ())),
            end_reason=match.end_reason or "",
        )

    async def frame_png(self, timeline: Timeline, index: int, **options: Any) -> bytes:
        """Step ``index``'s board at full size, as PNG (the step-through panel's image), drawn from
        the spectator's view by the game's board renderer, as the game's thread showed it;
        ``options`` go to the renderer (``lang=`` for a game whose boards speak several
        languages, ``TableSurface.lang_options``)."""
        if not 0 <= index < len(timeline):
            raise ReplayRefused("That step is not in this replay: use the newest panel's buttons.")
        view = timeline.spec.engine.view(timeline.points[index].state, None)
        return await self.png(self.boards(timeline.spec), view, list(timeline.names), **options)

    async def animation(self, timeline: Timeline, **options: Any) -> Animation:
        """The animated replay (drawn and encoded once per match and language while it stays
        cached); ``options`` as for ``frame_png``."""
        key = (timeline.match_id, repr(sorted(options.items())))
        pending = self._animations.get(key)
        if pending is None or (pending.done() and (pending.cancelled() or pending.exception())):
            pending = self._animations[key] = asyncio.ensure_future(self._animate(timeline, **options))
            _trim(self._animations)
        else:
            self._animations.move_to_end(key)
        return await asyncio.shield(pending)

    async def _animate(self, timeline: Timeline, **options: Any) -> Animation:
        """The frames' boards drawn as PNGs by ``png`` (in parallel in the render pool), then
        shrunk and encoded in a thread (``build_animation`` measures the file)."""
        chosen = choose_frames(len(timeline), MAX_FRAMES)
        pngs = await asyncio.gather(*(self.frame_png(timeline, i, **options) for i in chosen))
        drawn = dict(zip(chosen, pngs, strict=True))

        def board(index: int) -> Image.Image:
            return Image.open(io.BytesIO(drawn[index])).convert("RGB")

        return await asyncio.to_thread(build_animation, board, len(timeline), max_frames=MAX_FRAMES)


def _trim(cache: OrderedDict[Any, Any]) -> None:
    while len(cache) > CACHE:
        cache.popitem(last=False)
