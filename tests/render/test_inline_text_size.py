"""No text on any board or hand is below 11 px when Discord shows the image 550 px wide (issue #34, 5).

Epochs Chrono's board was 1600 px wide: at 550 px its legend and counters came out at about 5 px.
Every text a renderer draws is recorded with its font size (``tests/render/inline_text.py``)
and compared with the final image's width: ``size * 550 / width >= 11``. Chrono is checked at
every seat count it allows (2..10), both suit counts, from the opening to the end; every other
game's board and hand along an AI game. A Chrono text is also never cut ("…"): the layout has
room for all of it.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image

from engines.chrono import ENGINE as CHRONO
from engines.chrono.ai import chrono_policy
from engines.core import MatchConfig, PlayerId, Rng
from engines.games import GAMES, game_spec
from render import chrono as rc
from tests.render.inline_text import INLINE, MIN_TEXT_PX, Text, record, too_small

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]


def _chrono_states(players: int, suits: int, seed: int) -> list[Any]:
    """The opening, two middle positions and the end of an AI game."""
    s = CHRONO.setup(MatchConfig(players=players, options={"suits": suits}), seed)
    rng = Rng.from_seed(seed)
    states = [s]
    while CHRONO.outcome(s) is None and len(states) < 2000:
        p = min(CHRONO.current_players(s))
        s = CHRONO.apply(s, PlayerId(p), chrono_policy(CHRONO, s, PlayerId(p), rng)).state
        states.append(s)
    n = len(states)
    return [states[0], states[n // 3], states[2 * n // 3], states[-1]]


def _problems(draw: Callable[[], Image.Image], *, thumbnails: bool = False) -> list[str]:
    img, texts = record(draw)
    assert texts, "nothing was recorded: the recorder no longer sees the renderer's text"
    return too_small(img, texts, thumbnails=thumbnails)


def _cut(texts: list[Text]) -> list[str]:
    return [t.text for t in texts if t.text.rstrip().endswith("…")]


@pytest.mark.parametrize("suits", [3, 4])
@pytest.mark.parametrize("players", range(2, 11))
def test_every_chrono_board_text_reads_at_550_px(players: int, suits: int) -> None:
    titles = importlib.import_module("bot.presenters.chrono").render_options()["titles"]
    names = NAMES[:players]
    for state in _chrono_states(players, suits, seed=players * 10 + suits):
        view = CHRONO.view(state, None)
        img, texts = record(lambda v=view: rc.board(v, names, titles=titles))
        assert img.width == rc.BOARD_WIDTH
        assert too_small(img, texts) == [], f"{players} seats, {suits} suits, phase {view.phase}"
        assert _cut(texts) == []
        # every seat's hand: the one to play, the others, those out
        for seat in range(players):
            mine = CHRONO.view(state, seat)
            img, texts = record(lambda v=mine, who=names[seat]: rc.hand(v, who, titles=titles))
            assert too_small(img, texts) == [], f"{names[seat]}'s hand, {players} seats"
            assert _cut(texts) == []


def test_chrono_board_with_every_tag_and_a_long_ranking_reads_at_550_px() -> None:
    """Dealer, to play, out places, a loser, extended rows and a ten-name ranking at once."""
    state = _chrono_states(10, 4, seed=5)[-1]
    view = CHRONO.view(state, None)
    seats = tuple(
        dataclasses.replace(s, out_place=None if s.seat in (0, 1) else s.seat - 1, lost=s.seat == 1)
        for s in view.seats
    )
    busy = dataclasses.replace(
        view,
        phase="play",
        current=0,
        dealer=0,
        seats=seats,
        rows_extended=(0, 2),
        placed_this_turn=3,
    )
    over = dataclasses.replace(view, ranking=tuple((s,) for s in range(10)))
    for v in (busy, over):
        img, texts = record(lambda v=v: rc.board(v, NAMES))
        assert too_small(img, texts) == []
        assert _cut(texts) == []
        shown = {t.text for t in texts}
        if v is busy:
            assert {"TO PLAY", "DEALER", "LOSER", "extended"} <= shown


@pytest.mark.parametrize("n", [1, 5, 15, 16, 25, 40])
def test_chrono_hands_of_any_size_read_at_550_px(n: int) -> None:
    titles = importlib.import_module("bot.presenters.chrono").render_options()["titles"]
    suits = ("H", "W", "O", "N")
    cards = tuple(f"{suits[i % 4]}{i % 10 + 1}" for i in range(n))
    view = dataclasses.replace(
        CHRONO.view(_chrono_states(2, 4, seed=1)[1], 0), hand=cards, playable=cards[:3]
    )
    view = dataclasses.replace(view, current=0, must_play=None)
    img, texts = record(lambda: rc.hand(view, "alice", titles=titles))
    assert img.width == rc.HAND_WIDTH
    assert too_small(img, texts) == []
    assert _cut(texts) == []


@cache
def _positions(game: str, players: int, seed: int = 3) -> tuple[Any, ...]:
    spec = game_spec(game)
    engine = spec.engine
    s = engine.setup(MatchConfig(players=players), seed)
    rng = Rng.from_seed(seed)
    states = [s]
    while engine.outcome(s) is None and len(states) < 400:
        p = min(engine.current_players(s))
        s = engine.apply(s, PlayerId(p), spec.ai(engine, s, PlayerId(p), rng)).state
        states.append(s)
    step = max(1, len(states) // 5)
    return (*states[::step], states[-1])


@pytest.mark.parametrize("game", GAMES)
def test_every_game_board_and_hand_text_reads_at_550_px(game: str) -> None:
    """The boards and hands the bot posts, drawn with the options it passes (its presenter's)."""
    table = importlib.import_module(f"bot.presenters.{game}").TABLE
    options = table.presenter.render_options() if table.presenter.render_options else {}
    engine = game_spec(game).engine
    players = max(2, engine.min_players)
    names = NAMES[:players]
    problems: set[str] = set()
    for state in _positions(game, players):
        problems.update(_problems(lambda s=state: table.board(engine.view(s, None), names, **options)))
        # Afrika's hand puts a thumbnail of each card's face beside its words, drawn readable
        problems.update(
            _problems(
                lambda s=state: table.hand(engine.view(s, 0), names[0], **options),
                thumbnails=game == "afrika",
            )
        )
    assert sorted(problems) == [], f"{game}: smaller than {MIN_TEXT_PX} px at {INLINE} px wide"
