"""The deck image: size, content, groups, curve, long names and big decks stay inside the canvas."""

from __future__ import annotations

import io

from PIL import Image

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES, STARTER_WILDS
from engines.decks import CardInfo, DeckFormat, DeckPool, SectionRule, get_pool, import_deck, summarize
from render.common import BG, to_png
from render.deck import WIDTH, deck_image
from tests.render.pixels import pixels

POOL = get_pool("afrika")


def _summary(starter: dict[str, int], extra: str = "", fmt: str = "constructed", name: str = "Flames"):  # type: ignore[no-untyped-def]
    text = "\n".join(f"{n} {CARDS()[cid].name}" for cid, n in starter.items()) + extra
    deck = import_deck(text, POOL, fmt).deck
    assert deck is not None
    return summarize(deck, POOL, name)


def _colors(img: Image.Image) -> int:
    return len(img.getcolors(maxcolors=1 << 20) or [])


def test_deck_image_size_and_content() -> None:
    img = deck_image(_summary(STARTER_FLAMES))
    assert img.mode == "RGB" and img.width == WIDTH and 400 < img.height < 2000
    assert _colors(img) > 50
    png = to_png(img)
    assert Image.open(io.BytesIO(png)).size == img.size
    # the curve panel (top right) is drawn, not background
    crop = img.crop((WIDTH - 400, 40, WIDTH - 40, 150))
    assert any(px != BG for px in pixels(crop))


def test_sideboard_makes_a_taller_image() -> None:
    side = "\nSideboard\n" + "\n".join(f"1 {CARDS()[cid].name}" for cid in list(STARTER_WILDS)[2:14])
    main_only = deck_image(_summary(STARTER_FLAMES, fmt="limited"))
    with_side = deck_image(_summary(STARTER_FLAMES, side, fmt="limited"))
    assert with_side.height > main_only.height
    s = _summary(STARTER_FLAMES, side, fmt="limited")
    assert [x.title for x in s.sections] == ["Codex", "Sideboard"]


def test_whole_pool_and_long_names_fit() -> None:
    """Every non-token card once (the pool grows; the image must still draw), and a long deck name."""
    cards = [c for c in CARDS().values() if not c.token]
    text = "\n".join(f"1 {c.name}" for c in cards[:400])
    deck = import_deck(text, POOL, "limited").deck
    assert deck is not None
    img = deck_image(summarize(deck, POOL, "A" * 40))
    assert img.width == WIDTH and img.height > 1000


def test_a_game_without_a_palette_and_odd_costs() -> None:
    cards = {
        "A1": CardInfo(
            "A1", "Very " * 12 + "Long Name", "unit", cost=12, cost_text="{12}{Q}{Q}{Q}{Q}{Q}{Q}", accent="Q"
        ),
        "A2": CardInfo("A2", "Plain", "unit", cost=0, cost_text=""),
        "A3": CardInfo("A3", "Resource", "res"),
    }
    fmt = DeckFormat("std", "Standard", (SectionRule("main"),))
    pool = DeckPool("toy-render", "Toy", cards, (fmt,), (("unit", "Units"), ("res", "Resources")))
    deck = import_deck("3 " + cards["A1"].name + "\n2 Plain\n9 Resource", pool).deck
    assert deck is not None
    s = summarize(deck, pool, "Toy deck")
    assert dict(s.curve)["7+"] == 3 and dict(s.curve)["0"] == 2 and s.off_curve == 9
    img = deck_image(s)
    assert img.width == WIDTH and _colors(img) > 20
