"""The draft's pictures read at Discord's inline width and are light to send (issue #35, 3 and 5).

Before: an 18-card pack was a 1162 px grid of card faces (names ~3-5 px at 550 px, costs as pips,
rarity a tiny glyph) weighing 472,558 bytes as a PNG; the sealed pool was 1280 px wide (names 4.7
px at 550 px, no rarity, power/health or curve). Every text of the pack, of the picks shown under
it and of a 108-card sealed pool is recorded (``tests/render/inline_text.py``) and must be at
least 11 px once the image is 550 px wide; the pack must weigh well under a quarter of before
(``tests/bot/test_draft_pack_image.py`` checks what the bot sends).
"""

from __future__ import annotations

from engines.afrika.cards import CARDS
from engines.draft.pod import sealed_pools
from render.afrika.cardrow import RARITY_NAMES
from render.afrika.pack import pack_image
from render.afrika.pool import curve, pool_image
from render.compose import stacked, to_small_png
from tests.render.inline_text import Text, record, too_small

BEFORE_PACK_BYTES = 472_558
"""The 18-card pack of ``_pack()`` as the grid of faces drew it, encoded by ``to_png``."""


def _pack(n: int = 18) -> list[str]:
    return sealed_pools("LC", "13C 4U 1R7M1", 1, 3, boosters=1)[0][:n]


def _sealed() -> list[str]:
    return sealed_pools("LC", "13C 4U 1R7M1", 4, 1, boosters=6)[0]


def _shown(texts: list[Text]) -> set[str]:
    return {t.text.strip() for t in texts}


def test_an_18_card_pack_reads_at_550_px_with_cost_rarity_and_stats() -> None:
    cards = _pack()
    img, texts = record(lambda: pack_image(cards, "Pack 1 · pick 1", "pod #1 · 18 cards"))
    assert too_small(img, texts) == []
    shown = _shown(texts)
    defs = CARDS()
    for i, cid in enumerate(cards):
        c = defs[cid]
        assert str(i + 1) in shown  # its number in the pick menu
        assert RARITY_NAMES[c.rarity] in shown
        if c.type == "entity":
            assert f"{c.power}/{c.health}" in shown
        if c.cost.generic:
            assert str(c.cost.generic) in shown  # the generic part of the cost, in its symbol
    # whole names, for all but the longest (which end in "…" rather than shrink)
    assert sum(defs[cid].name in shown for cid in cards) >= 16


def test_an_18_card_pack_weighs_well_under_a_quarter_of_before() -> None:
    """~55 KB (the grid of faces: 472,558 bytes as the bot sent it, 76,987 in 64 colours)."""
    data = to_small_png(pack_image(_pack(), "Pack 1 · pick 1", "pod #1 · 18 cards"))
    assert len(data) < min(BEFORE_PACK_BYTES // 4, 65_000), len(data)


def test_the_picks_under_the_pack_read_at_550_px_grouped_by_energy_with_a_curve() -> None:
    allp = sealed_pools("LC", "13C 4U 1R7M1", 2, 7, boosters=3)
    picks, pack = allp[0][:27], allp[1][:9]
    img, texts = record(
        lambda: stacked(
            pack_image(pack, "Pack 2 · pick 10", "pod #1 · 9 cards"), pool_image(picks, (), "Your picks (27)")
        )
    )
    assert too_small(img, texts) == []
    shown = _shown(texts)
    assert {"Your picks (27)", "Cost curve", "7+"} <= shown
    assert "Sky Islands (SKY)" in shown and "Colourless" in shown
    # every bar of the curve is labelled with its count
    for bar in curve(picks):
        if bar:
            assert str(sum(bar.values())) in shown


def test_a_sealed_pool_reads_at_550_px_with_rarity_stats_and_curve() -> None:
    pool = _sealed()
    img, texts = record(lambda: pool_image(pool, [], "Unleashed Armada (sealed) #2 — alice's pool"))
    assert too_small(img, texts) == []
    shown = _shown(texts)
    defs = CARDS()
    entities = {f"{defs[c].power}/{defs[c].health}" for c in pool if defs[c].type == "entity"}
    assert entities <= shown
    assert {defs[c].rarity for c in pool} <= shown  # each row's rarity letter
    assert "Cost curve" in shown
    assert sum(sum(b.values()) for b in curve(pool)) == sum(defs[c].type != "terrain" for c in pool)
