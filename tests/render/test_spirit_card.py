"""The Spirit Tactics card image (``/card``, "Card details", contact sheets): every card draws and
reads at Discord's 550 px inline size with no label over another, the Indicator diamond fills
exactly the card's offsets (checked on the labels and on the pixels), and rules text fits its
panel, shrinking to the floor before anything is cut."""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
from itertools import combinations
from pathlib import Path

from PIL import Image

from engines.spirit.cards import CardDef, card, card_ids
from render.labels import Label, intersects
from render.spirit.card import (
    CELL,
    CELL_GAP,
    MIN_TEXT,
    RULES_SIZE,
    TEXT_PANEL,
    TITLE_BOX,
    H,
    W,
    card_face,
    card_fit,
    card_image,
    card_labels,
    indicator_cells,
)

INLINE = 550
MIN_ON_SCREEN = 11
KINDS = ("commander", "spirit", "arcana", "reflex", "essence")


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _check_reads(img: Image.Image, labels: list[Label]) -> None:
    """Legible at 550 px, nothing drawn over anything else, everything on the card."""
    assert img.size == (W, H)
    small = [(lb.text, lb.size) for lb in labels if lb.size * INLINE / img.width < MIN_ON_SCREEN]
    assert not small, small[:5]
    overlaps = [(a.text, b.text) for a, b in combinations(labels, 2) if intersects(a.box, b.box)]
    assert not overlaps, overlaps[:5]
    outside = [lb.text for lb in labels if not _inside(lb.box, (0, 0, img.width, img.height))]
    assert not outside, outside


def _sample() -> list[str]:
    """Three cards of each kind, plus every card with a feature drawn its own way."""
    ids = sorted(card_ids())
    picked = [cid for kind in KINDS for cid in [i for i in ids if card(i).kind == kind][:3]]
    features = (
        lambda c: c.renowned,
        lambda c: c.is_limited and c.limit > 1,
        lambda c: c.is_limited and c.limit == 1,
        lambda c: bool(c.indicator),
        lambda c: "Snare" in c.keywords,
        lambda c: any(t.once_per_turn for t in c.triggers),
        lambda c: bool(c.auras),
        lambda c: c.spell is not None and c.spell.life > 0,
        lambda c: c.spell is not None and not c.spell.cost and not c.spell.life,
        lambda c: c.kind == "spirit" and bool(c.abilities) and bool(c.keywords),
        lambda c: len(c.keywords) >= 2,
    )
    for has in features:
        found = [i for i in ids if has(card(i))]
        assert found, "the set has a card of each feature the sample covers"
        picked.append(found[0])
    return list(dict.fromkeys(picked))


def test_every_card_of_the_set_renders() -> None:
    ids = sorted(card_ids())
    assert Counter(card(i).kind for i in ids).keys() == set(KINDS)
    for cid in ids:
        img = card_image(cid)
        assert img.mode == "RGB" and img.size == (W, H)
        assert len(img.getcolors(1 << 16) or range(1 << 16)) > 50, cid  # drawn, not a blank panel
        fit = card_fit(cid)
        assert fit.ok and fit.size >= MIN_TEXT and fit.title_size >= 20, (cid, fit)
        _check_reads(*card_labels(cid))  # the sample below checks what is drawn; this, the whole set
    # a copy each time: a caller drawing on one does not change the next
    first = card_image(ids[0])
    first.paste((0, 0, 0), (0, 0, W, H))
    assert card_image(ids[0]).getpixel((W // 2, H // 2)) != (0, 0, 0)


def test_a_sample_of_each_kind_reads_at_550_px_without_overlaps() -> None:
    sample = _sample()
    assert {card(i).kind for i in sample} == set(KINDS)
    for cid in sample:
        c = card(cid)
        img, labels = card_labels(cid)
        _check_reads(img, labels)
        texts = [lb.text for lb in labels]
        assert c.name in texts, cid
        title = next(lb for lb in labels if lb.text == c.name)
        assert _inside(title.box, TITLE_BOX)
        drawn = " ".join(texts)
        assert {"commander": "Commander", "spirit": "Spirit"}.get(c.kind, c.kind.title()) in texts
        if c.affinity:
            assert f"{c.affinity} Affinity" in drawn
        if c.kind == "spirit":
            assert str(c.strength) in texts and str(c.resilience) in texts
        if c.kind == "commander":
            assert str(c.resilience) in texts and "Strength" not in texts
        if c.renowned:
            assert "Renowned" in texts
        if c.is_limited:
            assert ("Limited" if c.limit == 1 else f"Limited {c.limit}") in texts
        if c.kind != "essence":
            assert f"rarity {c.rarity} of 5" in texts
        for kw in c.keywords:
            assert kw in drawn, (cid, kw)
        if c.spell is not None:  # the cost as pips in the title bar and in words on the plate
            pips = [lb for lb in labels if lb.text.endswith(" pip") and _inside(lb.box, TITLE_BOX)]
            assert len(pips) == len(c.spell.cost), cid
            assert any(t.startswith("Cost: ") or t == "No cost" for t in texts)
            if c.spell.life:
                assert f"Pay {c.spell.life} R" in texts
        for i, ab in enumerate(c.abilities, 1):  # numbered, cost as pips, then the effect
            assert str(i) in texts
            assert ab.effect_text.split()[0] in drawn
        in_text = [lb for lb in labels if lb.text.endswith(" pip") and _inside(lb.box, TEXT_PANEL)]
        assert len(in_text) == sum(len(a.cost) for a in c.abilities) + (2 if c.kind == "essence" else 0)
        flavour_words = c.flavour.split()
        assert flavour_words[0] in drawn and flavour_words[-1] in drawn, cid


def _diamond_pixels(img: Image.Image, labels: list[Label]) -> dict[tuple[int, int], tuple[int, int, int]]:
    """The colour at the middle of every lattice cell (-3..3 both ways) around the centre cell."""
    centre = next(lb for lb in labels if lb.text == "Indicator centre")
    cx, cy = (centre.box[0] + centre.box[2]) // 2, (centre.box[1] + centre.box[3]) // 2
    pitch = CELL + CELL_GAP
    out = {}
    for dr in range(-3, 4):
        for dc in range(-3, 4):
            px = img.getpixel((cx + dc * pitch, cy - dr * pitch))
            assert isinstance(px, tuple)
            out[(dr, dc)] = (px[0], px[1], px[2])
    return out


def _check_indicator(c: CardDef, img: Image.Image, labels: list[Label]) -> None:
    cells = [lb for lb in labels if lb.text.startswith("Indicator cell ")]
    assert len(cells) == len(c.indicator), c.id
    named = {tuple(int(x) for x in lb.text.removeprefix("Indicator cell ").split(",")) for lb in cells}
    assert named == set(c.indicator)
    colours = _diamond_pixels(img, labels)
    filled_colour = {colours[off] for off in c.indicator}
    assert len(filled_colour) == 1, c.id  # every filled cell drawn alike ...
    lit = [off for off, colour in colours.items() if colour in filled_colour]
    assert sorted(lit) == sorted(c.indicator), c.id  # ... and no other cell in that colour


def test_the_indicator_diamond_fills_exactly_the_offsets() -> None:
    with_indicator = 0
    for cid in sorted(card_ids()):
        c = card(cid)
        img, labels = card_labels(cid)
        fit = card_fit(cid)
        assert fit.filled == len(c.indicator), cid
        if not c.indicator:
            assert fit.cells == () and not [lb for lb in labels if lb.text.startswith("Indicator")]
            continue
        with_indicator += 1
        assert {(x.drow, x.dcol) for x in fit.cells if x.filled} == set(c.indicator)
        assert (0, 0) in {(x.drow, x.dcol) for x in fit.cells}  # the card's own place, in the middle
        _check_indicator(c, img, labels)
    assert with_indicator >= 10


def test_a_custom_indicator_beyond_the_diamond_is_drawn_too() -> None:
    offsets = ((3, 3), (-2, 1), (1, 0), (0, -3))
    c = replace(card("S03"), indicator=offsets, shape="custom")
    cells = indicator_cells(offsets)
    assert sum(x.filled for x in cells) == 4 and (3, 3) in {(x.drow, x.dcol) for x in cells}
    assert len(cells) == 25 + 1  # the diamond of 3 steps, and the one cell outside it
    labels: list[Label] = []
    img, fit = card_face(c, labels)
    assert fit.filled == 4
    _check_reads(img, labels)
    _check_indicator(c, img, labels)


def _rules_labels(labels: list[Label]) -> list[Label]:
    """What is drawn in the rules panel (it starts right of the plate and below the type line),
    so a label there that is not inside the panel ran over its right or bottom edge."""
    return [lb for lb in labels if lb.box[0] >= TEXT_PANEL[0] and lb.box[1] >= TEXT_PANEL[1]]


def test_the_longest_rules_text_fits_without_cutting() -> None:
    longest = {
        k: max((card(i) for i in card_ids() if card(i).kind == k), key=lambda c: len(c.text)) for k in KINDS
    }
    overall = max(longest.values(), key=lambda c: len(c.text))
    assert len(overall.text) > 150
    for c in longest.values():
        img, labels = card_labels(c.id)
        fit = card_fit(c.id)
        assert not fit.truncated and fit.flavour and fit.size >= MIN_TEXT, (c.id, fit)
        body = _rules_labels(labels)
        assert body and all(_inside(lb.box, TEXT_PANEL) for lb in body), c.id
        drawn = " ".join(lb.text for lb in body)
        assert "…" not in drawn
        for line in c.text.splitlines():  # every word of every ability, after its cost
            effect = line.split(": ", 1)[-1] if line.startswith("[") or c.spell is not None else line
            if line in ("Renowned.", "Limited.") or line.startswith("Limited "):
                continue
            for word in effect.replace(".", " ").split():
                if word not in c.keywords and word.rstrip(",") not in c.keywords:
                    assert word in drawn, (c.id, word)
        _check_reads(img, labels)


def test_long_text_shrinks_to_the_floor_and_only_then_is_cut() -> None:
    base = card("S05")
    more = replace(
        base,
        name="Blazing Warlord of the Seven Burning Thrones",
        keywords=("Aegis", "Ravage", "Dauntless", "Twinstrike"),
        auras=card("S26").auras,
        triggers=card("S04").triggers,
        abilities=card("C03").abilities,
    )
    labels: list[Label] = []
    img, fit = card_face(more, labels)
    assert MIN_TEXT <= fit.size < RULES_SIZE and not fit.truncated
    assert 20 <= fit.title_size < 30
    _check_reads(img, labels)
    assert all(_inside(lb.box, TEXT_PANEL) for lb in _rules_labels(labels))
    assert "…" not in " ".join(lb.text for lb in labels)

    every = ("Aegis", "Ravage", "Dauntless", "Invigorate", "Rejuvenate", "Longshot", "Twinstrike", "Unending")
    absurd = replace(
        more, keywords=every, abilities=more.abilities + card("C05").abilities, triggers=more.triggers * 2
    )
    labels = []
    img, fit = card_face(absurd, labels)
    assert fit.truncated and fit.size == MIN_TEXT and not fit.flavour
    _check_reads(img, labels)
    body = _rules_labels(labels)
    assert all(_inside(lb.box, TEXT_PANEL) for lb in body)
    assert body[-1].text.endswith("…")


def test_contact_sheets_of_the_set(tmp_path: Path) -> None:
    from render.sheet import sheet_pages, write_card_sheets

    ids = sorted(card_ids())
    pages = sheet_pages(ids[:7], card_image, per_page=4, cols=2, scale=0.5)
    assert len(pages) == 2 and pages[0].size == (12 + 2 * (W // 2 + 12), 12 + 2 * (H // 2 + 12))
    paths = write_card_sheets(tmp_path / "a", "spirit", ids, card_image, per_page=60)
    assert [p.name for p in paths] == ["spirit-sheet-01.png", "spirit-sheet-02.png", "spirit-sheet-03.png"]
    with Image.open(paths[0]) as im:
        assert im.size[0] > 1000


def test_cardhost_cards_sheet_path_with_the_spirit_card_image(tmp_path: Path) -> None:
    """``cardhost cards --game spirit --sheet DIR`` runs ``_other_game_cards`` with the game's
    table; until Spirit Tactics' table is declared, a table built here with ``card_image`` stands
    in for it (and once it is declared, the command itself is run)."""
    import render.spirit
    from bot.packs_cli import _other_game_cards
    from bot.presenters import Presenter, TableSpec
    from engines.games import GAMES
    from engines.spirit import GAME

    table = TableSpec(
        game=GAME,
        presenter=Presenter(),
        board=render.spirit.board,
        hand=render.spirit.hand,
        start="duel",
        card_image=render.spirit.card_image,
    )
    args = argparse.Namespace(sheet=str(tmp_path / "b"), per_page=40, set="LC", game="spirit")
    assert _other_game_cards(args, table) == 0
    pages = sorted((tmp_path / "b").glob("spirit-sheet-*.png"))
    assert len(pages) == -(-len(card_ids()) // 40)
    if "spirit" in GAMES:
        from bot.cli import main

        assert main(["cards", "--game", "spirit", "--sheet", str(tmp_path / "c"), "--per-page", "40"]) == 0
        assert len(list((tmp_path / "c").glob("spirit-sheet-*.png"))) == len(pages)
