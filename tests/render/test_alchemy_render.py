"""Alchemy's board, hand and card images read at Discord's inline size and draw no hidden card."""

from __future__ import annotations

from itertools import combinations

from PIL import Image, ImageChops

from engines.alchemy import GAME, card
from engines.alchemy.cards import card_ids
from engines.core import MatchConfig, PlayerId, Rng
from render.alchemy.board import WIDTH, board_labels
from render.alchemy.card import card_labels
from render.alchemy.hand import hand_labels
from render.alchemy.palette import card_color
from render.common import lighten
from render.labels import intersects

INLINE = 550
MIN_ON_SCREEN = 11
"""The smallest text Discord's 550 px copy may show, as for Afrika's board."""


def _states(seed: int, every: int = 9) -> list[object]:
    engine = GAME.engine
    s = engine.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    out = [s]
    for i in range(600):
        if engine.outcome(s) is not None:
            break
        p = PlayerId(sorted(engine.current_players(s))[0])
        s = engine.apply(s, p, GAME.ai(engine, s, p, rng)).state
        if i % every == 0:
            out.append(s)
    return [*out, s]


def _check(labels: list, width: int) -> None:  # type: ignore[type-arg]
    scale = INLINE / width
    assert labels
    small = [lb for lb in labels if lb.size * scale < MIN_ON_SCREEN]
    assert not small, [(lb.text, lb.size) for lb in small][:5]
    texts = [lb for lb in labels if lb.kind == "text"]
    overlaps = [(a.text, b.text) for a, b in combinations(texts, 2) if intersects(a.box, b.box)]
    assert not overlaps, overlaps[:5]


def test_boards_and_hands_read_at_550_px_and_nothing_overlaps() -> None:
    engine = GAME.engine
    drawn = 0
    for seed in range(3):
        for s in _states(seed):
            for viewer in (None, 0, 1):
                view = engine.view(s, None if viewer is None else PlayerId(viewer))
                img, labels = board_labels(view, ["alice", "a rather long name for the AI"])
                assert img.width == WIDTH
                _check(labels, img.width)
                drawn += 1
            view = engine.view(s, PlayerId(0))
            img, labels = hand_labels(view, "alice")
            _check(labels, img.width)
    assert drawn > 50


def test_a_spectators_board_names_no_card_that_is_hidden() -> None:
    engine = GAME.engine
    for s in _states(4, every=3):
        public = engine.view(s, None)
        _, labels = board_labels(public, ["alice", "bob"])
        drawn = " ".join(lb.text for lb in labels)
        for seat in (0, 1):
            own = engine.view(s, PlayerId(seat)).seats[seat]
            for slot, seen in zip(own.store, public.seats[seat].store, strict=True):
                if slot.card and seen.card is None:
                    assert card(slot.card).name not in drawn or any(
                        x.card and card(x.card).name == card(slot.card).name
                        for p in public.seats
                        for x in p.store
                    )
            if own.opus and own.opus.card and not own.opus.revealed:
                assert card(own.opus.card).name not in drawn


def test_every_card_image_reads() -> None:
    from engines.alchemy.cards import card_ids

    for cid in sorted(card_ids()):
        img, labels = card_labels(cid)
        _check(labels, img.width if img.width > INLINE else INLINE)


def _emblem_bbox(img: Image.Image, cid: str) -> tuple[int, int, int, int] | None:
    """Where the card's emblem was drawn: the pixels of its ink (the card colour lightened)."""
    ink = lighten(card_color(cid), 0.45)
    mask = Image.eval(
        ImageChops.difference(img, Image.new("RGB", img.size, ink)).convert("L"),
        lambda v: 255 if v == 0 else 0,
    )
    return mask.getbbox()


def test_no_card_emblem_touches_its_words() -> None:
    """Solar Tincture's rules text ran into the flask drawn at the bottom right (issue 34 item 9):
    on the card image and on a hand's card, every emblem keeps 4 px clear of every text."""
    from render.alchemy.card import card_face
    from render.alchemy.hand import CELL_H, GAP
    from render.alchemy.hand import WIDTH as HAND_W
    from render.labels import Pen

    hand_box = (0, 0, (HAND_W - 3 * GAP) // 2, CELL_H)
    touching = []
    for cid in sorted(card_ids()):
        for what, size, box, big in (
            ("card", (600, 420), (10, 10, 590, 410), True),
            ("hand", (hand_box[2], hand_box[3]), hand_box, False),
        ):
            img = Image.new("RGB", size)
            labels: list = []  # type: ignore[type-arg]
            card_face(Pen(img, labels), cid, box, big=big)
            emblem = _emblem_bbox(img, cid)
            assert emblem is not None, f"{cid}: no emblem drawn"
            near = (emblem[0] - 4, emblem[1] - 4, emblem[2] + 4, emblem[3] + 4)
            touching += [(what, card(cid).name, lb.text[:30]) for lb in labels if intersects(lb.box, near)]
    assert touching == []
