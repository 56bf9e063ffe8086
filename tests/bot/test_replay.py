"""Replays through the bot (issue #21 item 3): /replay of a finished Alchemy duel posts an animated
image whose frames are the boards replayed from the stored seed and log, the step-through panel
steps before and after a restart, the final ranking offers "Watch the replay", and a live match,
an unknown id and another server's match are refused in words. The board renderer only ever gets
the spectator's view, so no hand reaches a replay."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from PIL import Image, ImageChops
from simcord import assert_error

from bot.client import create_bot
from bot.presenters.registry import entry, override
from bot.services.replays import BAR, MAX_FRAMES, PER_MOVE_UP_TO, ReplayRefused, choose_frames, frame_image
from engines.core import MatchConfig, PlayerId, Rng, choose_action, get_engine, step
from tests.bot.table import buttons, game_thread, last_reply, make_table, play_move

MAX_MOVES = 2500

REPLAY_SETTLE = 120.0
"""Seconds simcord waits for the bot to answer once a match has ended: drawing and encoding an
animated replay takes seconds on a busy machine (in a worker thread), beyond simcord's default 5 s.
Only then: while a match runs, a long settle would let its turn clocks run out."""


async def _finished_duel(env: Any, t: Any) -> Any:
    """alice plays an Alchemy duel against the AI by clicks until it ends; the match."""
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    rng = Rng.from_seed(5)
    for _ in range(MAX_MOVES):
        if not live.active:
            break
        action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
        await play_move(alice, live.id, action)
    assert not live.active, "the duel did not end"
    env.settle_timeout = REPLAY_SETTLE
    return live


async def _replayed_boards(env: Any, match_id: int) -> tuple[list[Any], list[str], bool]:
    """The match replayed here, independently of the service: the state at the opening, at each
    change of turn and at the end (after every move for a short game), and the seat names."""
    store = env.bot.db.matches
    row = await store.get(match_id)
    seats = await store.seats(match_id)
    log = [(a.seat, a.action_id) for a in await store.actions(match_id)]
    engine = get_engine(row.game)
    state = engine.setup(MatchConfig(players=len(seats), options=dict(row.config)), row.seed)
    states, marker = [state], engine.turn_marker(state)
    per_move = len(log) <= PER_MOVE_UP_TO
    for n, (seat, action_id) in enumerate(log, start=1):
        state, _ = step(engine, state, seat, action_id)
        if per_move or engine.turn_marker(state) != marker or n == len(log):
            states.append(state)
            marker = engine.turn_marker(state)
    return states, [s.display_name for s in seats], per_move


def _frames(data: bytes) -> list[Image.Image]:
    movie = Image.open(io.BytesIO(data))
    out = []
    for i in range(getattr(movie, "n_frames", 1)):
        movie.seek(i)
        out.append(movie.convert("RGB"))
    return out


def _same(a: Image.Image, b: Image.Image, lossless: bool) -> bool:
    """Pixel-equal for lossless WebP; for a GIF (a palette per frame) the same size and a tiny
    mean difference."""
    if a.size != b.size:
        return False
    diff = ImageChops.difference(a, b)
    if lossless:
        return diff.getbbox() is None
    histogram = diff.convert("L").histogram()
    mean = sum(level * n for level, n in enumerate(histogram)) / (a.width * a.height)
    return mean < 3.0


@contextmanager
def _spy_on_boards(game: str) -> Iterator[list[Any]]:
    """Every view the game's board renderer is given while the block runs (the game hosted with
    a spying table through the registry's ``override``)."""
    table = entry(game).table
    seen: list[Any] = []

    def board(view: Any, names: list[str], **options: Any) -> Image.Image:
        seen.append(view)
        return table.board(view, names, **options)

    with override(game, table=dataclasses.replace(table, board=board)):
        yield seen


async def test_a_finished_duel_replayed_frame_by_frame(simcord_env) -> None:
    t = make_table(simcord_env, ("alice", "bob"))
    live = await _finished_duel(simcord_env, t)
    real = entry("alchemy").table
    with _spy_on_boards("alchemy") as views:
        bob = t.members["bob"]  # anyone in the server may watch, not only the players
        result = await bob.slash(t.channel, "replay", match=live.id)

        panel, movie = result.response, result.followups[-1]  # the panel answers the deferral
        assert panel.ephemeral and not movie.ephemeral, "the panel is for bob, the animation for everyone"
        assert movie.channel_id == t.channel.id
        assert movie.attachments[0].filename in (f"replay-{live.id}.webp", f"replay-{live.id}.gif")
        data = await movie.attachments[0].read()
        assert len(data) <= 8 * 1024 * 1024

        states, names, per_move = await _replayed_boards(simcord_env, live.id)
        assert not per_move, "a duel to a result is longer than a short game"
        chosen = choose_frames(len(states), MAX_FRAMES)
        frames = _frames(data)
        assert len(frames) == len(chosen), (len(frames), len(chosen))
        assert f"{len(states) - 1} turns" in movie.content and "Final ranking" in movie.content

        service = simcord_env.bot.replays
        animation = await service.animation(await service.timeline(live.id, t.guild.id))
        assert animation.data == data and animation.frames == chosen
        engine, table = get_engine("alchemy"), real
        boards = [table.board(engine.view(states[i], None), names) for i in chosen]
        canvas = (frames[0].width, frames[0].height - BAR)
        for k, (frame, board) in enumerate(zip(frames, boards, strict=True)):
            expected = frame_image(board, animation.scale, canvas)
            shown = frame.crop((0, 0, *canvas))
            assert _same(shown, expected, animation.format == "webp"), (
                f"frame {k} is not turn {chosen[k]}'s board"
            )

        # The renderer saw only spectator views: nobody's hand, for every frame and the panel's board.
        assert len(views) >= len(chosen) + 1
        assert all(v.viewer is None and v.hand == () and v.marked == () for v in views)

    # The panel opens on the opening board with First/Prev disabled.
    assert panel.attachments[0].filename == f"replay-{live.id}-0.png"
    assert "the opening board" in panel.content
    disabled = {b.label: b.disabled for b in buttons(panel.message)}
    assert disabled == {"⏮ First": True, "◀ Prev": True, "Next ▶": False, "Last ⏭": False}


async def test_the_final_ranking_offers_the_replay(simcord_env) -> None:
    t = make_table(simcord_env, ("alice", "carol"))
    live = await _finished_duel(simcord_env, t)
    final = next(m for m in game_thread(t).history() if "Final ranking" in m.content)
    assert [b.label for b in buttons(final)] == ["Watch the replay"]
    carol = t.members["carol"]
    result = await carol.click(final, label="Watch the replay")
    assert result.response.ephemeral and all(f.ephemeral for f in result.followups), "to carol only"
    assert result.followups[-1].attachments[0].filename.startswith(f"replay-{live.id}.")
    assert not [
        m for m in game_thread(t).history() if m.attachments and "replay" in m.attachments[0].filename
    ]


def _step_ids(message: Any) -> dict[str, str]:
    return {b.label: b.custom_id for b in buttons(message)}


async def test_the_step_through_panel_before_and_after_a_restart(simcord_env, db_file) -> None:
    t = make_table(simcord_env, ("alice",))
    live = await _finished_duel(simcord_env, t)
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "replay", match=live.id)
    panel = result.response.message
    states, names, _ = await _replayed_boards(simcord_env, live.id)
    engine, table = get_engine("alchemy"), entry("alchemy").table

    async def step_to(label: str) -> Any:
        clicked = await alice.click(panel, custom_id=_step_ids(panel)[label])
        assert not clicked.followups, [f.content for f in clicked.followups]
        return clicked.response.message

    panel = await step_to("Next ▶")
    assert panel.attachments[0].filename == f"replay-{live.id}-1.png"
    assert f"turn 1 of {len(states) - 1}" in panel.content
    shown = Image.open(io.BytesIO(await panel.attachments[0].read())).convert("RGB")
    assert _same(shown, table.board(engine.view(states[1], None), names), lossless=True)

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    panel = await step_to("Next ▶")
    assert panel.attachments[0].filename == f"replay-{live.id}-2.png" and "turn 2 of" in panel.content
    panel = await step_to("◀ Prev")
    assert panel.attachments[0].filename == f"replay-{live.id}-1.png"
    panel = await step_to("Last ⏭")
    last = len(states) - 1
    assert panel.attachments[0].filename == f"replay-{live.id}-{last}.png"
    assert "Final ranking" in panel.content
    assert {b.label for b in buttons(panel) if b.disabled} == {"Next ▶", "Last ⏭"}
    shown = Image.open(io.BytesIO(await panel.attachments[0].read())).convert("RGB")
    assert _same(shown, table.board(engine.view(states[last], None), names), lossless=True)
    panel = await step_to("⏮ First")
    assert panel.attachments[0].filename == f"replay-{live.id}-0.png"


async def test_a_short_game_is_replayed_move_by_move(simcord_env) -> None:
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    await alice.slash(game_thread(t), "game concede")
    assert not live.active
    simcord_env.settle_timeout = REPLAY_SETTLE
    states, _, per_move = await _replayed_boards(simcord_env, live.id)
    assert per_move and len(states) == live.seq + 1
    result = await alice.slash(t.channel, "replay", match=live.id)
    movie = result.followups[-1]
    assert len(_frames(await movie.attachments[0].read())) == len(states)
    assert "every move" in movie.content
    panel = result.response.message
    clicked = await alice.click(panel, custom_id=_step_ids(panel)["Last ⏭"])
    assert f"move {live.seq} of {live.seq}" in clicked.response.content
    assert "alice" in clicked.response.content, "seat labels are read as names"


async def test_refusals_live_unknown_and_another_server(simcord_env) -> None:
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play alchemy")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert live.active
    refused = await alice.slash(t.channel, "replay", match=live.id)
    assert last_reply(refused).content == "Replays open when the match has ended."
    assert last_reply(refused).ephemeral and not last_reply(refused).attachments
    assert_error(simcord_env, ReplayRefused, contains="has ended")

    refused = await alice.slash(t.channel, "replay", match=live.id + 1000)
    assert last_reply(refused).content.startswith(f"There is no game #{live.id + 1000} to replay")
    assert_error(simcord_env, ReplayRefused, contains="no game")

    await alice.slash(game_thread(t), "game concede")
    assert not live.active
    simcord_env.settle_timeout = REPLAY_SETTLE
    other = simcord_env.create_guild("Elsewhere")
    lounge = other.create_text_channel("lounge")
    stranger = other.add_member(simcord_env.create_user("erin"))
    refused = await stranger.slash(lounge, "replay", match=live.id)
    assert "another server" in last_reply(refused).content
    assert not last_reply(refused).attachments
    assert_error(simcord_env, ReplayRefused, contains="another server")
    shown = await alice.slash(t.channel, "replay", match=live.id)
    assert shown.followups[-1].attachments, "in its own server the ended match replays"
