"""The pool image: every card of the pool drawn once per name with its count, the deck marked."""

from __future__ import annotations

from collections import Counter

from engines.afrika.draftsource import pool_groups
from engines.draft.autobuild import build_deck
from engines.draft.pod import sealed_pools
from render.afrika.cardrow import WIDTH
from render.afrika.pool import pool_image
from tests.render.pixels import pixels


def _pool(boosters: int = 3) -> list[str]:
    return sealed_pools("LC", "13C 4U 1R7M1", 4, 1, boosters=boosters)[0]


def test_groups_hold_every_card_once_with_its_count() -> None:
    pool = _pool()
    groups = pool_groups(pool)
    seen = Counter({cid: n for g in groups for cid, n in g.cards})
    assert seen == Counter(pool)
    assert sum(g.count for g in groups) == 54
    assert all(g.key != "basic" for g in groups)


def test_image_size_and_deck_highlight() -> None:
    pool = _pool()
    empty = pool_image(pool, [], "Draft #1 — alice's pool")
    deck = build_deck(pool)
    built = pool_image(pool, deck, "Draft #1 — alice's pool")
    assert empty.size[0] == built.size[0] == WIDTH
    assert 400 < empty.size[1] < 1800
    # The deck adds a basics panel and green rows: the pictures differ, and more green pixels show.
    assert built.size[1] >= empty.size[1]

    def greens(img) -> int:
        return sum(1 for r, g, b in pixels(img.convert("RGB")) if g > r + 30 and g > b + 20)

    assert greens(built) > greens(empty) + 1000
    big = pool_image(_pool(6), [], "Sealed #2")  # a 108-card sealed pool still fits one image
    assert big.size[1] < 2600
