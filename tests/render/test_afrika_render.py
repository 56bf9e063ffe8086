"""Afrika board and hand images: size, content, and no hidden card ever drawn on the board."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.core import MatchConfig, PlayerId, Rng
from render.afrika import board, hand
from render.common import to_png

CFG = MatchConfig(players=2)
NAMES = ["Amara", "Kofi"]


def _midgame(seed: int = 2, actions: int = 400):  # type: ignore[no-untyped-def]
    s = ENGINE.setup(CFG, seed)
    rng = Rng.from_seed(seed)
    for _ in range(actions):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
    return s


def _colors(img: Image.Image) -> int:
    return len(img.convert("RGB").getcolors(maxcolors=1 << 20) or [])


def test_board_is_registered_sized_and_not_blank() -> None:
    s = _midgame()
    img = board(ENGINE.view(s, None), NAMES)
    assert img.mode == "RGB" and img.width == 900 and img.height > 500
    assert _colors(img) > 50
    png = to_png(img)
    assert Image.open(io.BytesIO(png)).size == img.size


def test_board_never_depends_on_hidden_cards() -> None:
    """The same image from the spectator's view, either seat's view, and after re-dealing hidden cards."""
    s = _midgame()
    spectator = board(ENGINE.view(s, None), NAMES)
    for seat in (0, 1):
        view = ENGINE.view(s, PlayerId(seat))
        assert ImageChops.difference(board(view, NAMES), spectator).getbbox() is None
    other = ENGINE.resample_hidden(s, None, Rng(99))
    assert ImageChops.difference(board(ENGINE.view(other, None), NAMES), spectator).getbbox() is None


def test_hand_shows_the_viewers_cards_and_refuses_spectators() -> None:
    s = _midgame(actions=30)
    view = ENGINE.view(s, PlayerId(0))
    img = hand(view, "Amara")
    assert img.width > 400 and _colors(img) > 20
    with pytest.raises(ValueError):
        hand(ENGINE.view(s, None), "nobody")
    assert len(view.hand) == view.seats[0].hand_count


def test_board_shows_every_stage_of_a_game() -> None:
    """Boards render in the mulligan, in combat (with a stack) and after the end."""
    s = ENGINE.setup(CFG, 4)
    board(ENGINE.view(s, None), NAMES)
    seen_combat = seen_stack = False
    rng = Rng.from_seed(4)
    while ENGINE.outcome(s) is None:
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
        if s.attackers and not seen_combat:
            seen_combat = True
            board(ENGINE.view(s, None), NAMES)
        if s.stack and not seen_stack:
            seen_stack = True
            board(ENGINE.view(s, None), NAMES)
    img = board(ENGINE.view(s, None), NAMES)
    assert seen_combat and seen_stack and _colors(img) > 50
