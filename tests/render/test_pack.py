"""The pack image a drafter gets by DM: every card of the pack, in select order, with its number."""

from __future__ import annotations

from engines.draft.pod import sealed_pools
from render.afrika.pack import COLS, GAP, HEADER_H, PAD, THUMB_H, THUMB_W, grid_size, pack_image, thumbnail
from render.common import ACCENT


def _pack(n: int = 18) -> list[str]:
    return sealed_pools("LC", "13C 4U 1R7M1", 1, 3, boosters=1)[0][:n]


def _origin(i: int, cols: int = COLS) -> tuple[int, int]:
    return PAD + (i % cols) * (THUMB_W + GAP), HEADER_H + (i // cols) * (THUMB_H + GAP)


def test_grid_sizes() -> None:
    assert grid_size(18) == (6, 3)
    assert grid_size(13) == (6, 3)
    assert grid_size(1) == (1, 1)
    assert grid_size(0) == (1, 1)


def test_a_full_pack_shows_every_face_in_select_order_with_its_number() -> None:
    cards = _pack()
    img = pack_image(cards, "Pack 1, pick 1", "18 cards")
    assert img.size == (2 * PAD + 6 * THUMB_W + 5 * GAP, HEADER_H + 3 * THUMB_H + 2 * GAP + PAD)
    rgb = img.convert("RGB")
    for i, cid in enumerate(cards):
        x, y = _origin(i)
        face = thumbnail(cid).convert("RGB")
        # The card's lower half (below the badge) is its face, unchanged: the i-th face is the i-th card.
        box = (0, THUMB_H // 2, THUMB_W, THUMB_H)
        assert rgb.crop((x, y + THUMB_H // 2, x + THUMB_W, y + THUMB_H)).tobytes() == face.crop(box).tobytes()
        # Its badge sits on the art, in the accent colour (the number is drawn on top of it).
        badge = rgb.getpixel((x + 8 + 4, y + 28 + 17 + 6))
        assert badge == ACCENT[:3], (i, badge)


def test_a_last_card_and_an_empty_pack_still_draw() -> None:
    one = pack_image(_pack(1), "Pack 3, pick 18")
    assert one.size[0] >= 2 * PAD + 3 * THUMB_W and one.size[1] == HEADER_H + THUMB_H + PAD
    empty = pack_image([], "Pack 2")
    assert empty.size[1] == HEADER_H + THUMB_H + PAD
