"""The pack image a drafter gets by DM: every card of the pack, in select order, with its number."""

from __future__ import annotations

from engines.afrika.cards import CARDS
from engines.draft.pod import sealed_pools
from render.afrika.cardrow import WIDTH
from render.afrika.pack import CELL_H, CELL_W, GAP, HEADER_H, PAD, cell_box, grid_size, pack_image
from render.common import ACCENT
from tests.render.inline_text import record


def _pack(n: int = 18) -> list[str]:
    return sealed_pools("LC", "13C 4U 1R7M1", 1, 3, boosters=1)[0][:n]


def test_grid_sizes() -> None:
    assert grid_size(18) == (2, 9)
    assert grid_size(13) == (2, 7)
    assert grid_size(1) == (1, 1)
    assert grid_size(0) == (1, 1)


def test_a_full_pack_shows_every_card_in_select_order_with_its_number() -> None:
    cards = _pack()
    img, texts = record(lambda: pack_image(cards, "Pack 1, pick 1", "18 cards"))
    assert img.size == (WIDTH, HEADER_H + 9 * CELL_H + 8 * GAP + PAD)
    # down the left column, then the right one
    assert cell_box(0, 18)[:2] == (PAD, HEADER_H)
    assert cell_box(8, 18)[:2] == (PAD, HEADER_H + 8 * (CELL_H + GAP))
    assert cell_box(9, 18)[:2] == (PAD + CELL_W + GAP, HEADER_H)
    words = [t.text for t in texts]
    defs = CARDS()
    rgb = img.convert("RGB")
    for i, cid in enumerate(cards):
        x0, y0, _, _ = cell_box(i, 18)
        # its number badge, in the accent colour, left of its name; its name after its number
        assert rgb.getpixel((x0 + 32 - 12, y0 + 30)) == ACCENT[:3], i
        number = words.index(str(i + 1))
        name = defs[cid].name
        assert any(w == name or (w.endswith("…") and name.startswith(w[:-1])) for w in words[number:]), name


def test_a_last_card_and_an_empty_pack_still_draw() -> None:
    one = pack_image(_pack(1), "Pack 3, pick 18")
    assert one.size == (WIDTH, HEADER_H + CELL_H + PAD)
    empty = pack_image([], "Pack 2")
    assert empty.size == (WIDTH, HEADER_H + CELL_H + PAD)
