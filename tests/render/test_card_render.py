"""Card faces (375x525): every card renders, its text fits, cost pips are drawn; contact sheets."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from engines.afrika.cards import CARDS
from render.afrika.card import (
    ENERGY_COLORS,
    H,
    W,
    card_face,
    card_fit,
    card_image,
    cost_symbols,
    draw_energy_symbol,
)
from render.afrika.sheet import set_card_ids, sheet_pages


def test_every_card_renders_and_its_text_fits() -> None:
    ids = set_card_ids()
    assert len(ids) >= 260  # 250 set cards + 10 basics
    bad = [card_fit(cid) for cid in ids if not card_fit(cid).ok]
    assert bad == []
    for cid in ids[::25]:
        img = card_image(cid)
        assert img.size == (W, H) == (375, 525) and img.mode == "RGB"
        assert len(img.getcolors(1 << 20) or []) > 50, "a real picture, not a blank"


def test_long_text_is_reported_not_overflowing() -> None:
    from dataclasses import replace

    c = replace(CARDS()["LC001"], text="word " * 400, id="ZZ1")
    img, fit = card_face(c)
    assert img.size == (W, H)
    assert not fit.text_fits and not fit.ok


def test_cost_pips_are_drawn_in_energy_colours() -> None:
    c = CARDS()["LC043"]  # {2}{SAV}{VOL}
    assert cost_symbols(c) == ["2", "VOL", "SAV"] or cost_symbols(c) == ["2", "SAV", "VOL"]
    img = card_image("LC043")
    title = img.crop((200, 18, 353, 52))
    colours = {rgb for _, rgb in title.getcolors(1 << 16) or []}
    assert ENERGY_COLORS["SAV"] in colours and ENERGY_COLORS["VOL"] in colours
    for code in [*ENERGY_COLORS, "3", "X"]:
        pip = Image.new("RGB", (40, 40), (0, 0, 0))
        from PIL import ImageDraw

        draw_energy_symbol(ImageDraw.Draw(pip), (20, 20), 16, code)
        assert len(pip.getcolors(4096) or []) >= 3, code  # disc, outline, glyph


def test_contact_sheet_pages(tmp_path: Path) -> None:
    pages = sheet_pages(set_card_ids()[:7], per_page=4, cols=2, scale=0.3)
    assert len(pages) == 2 and pages[0].width > pages[0].height // 3
    from bot.cli import main

    assert main(["cards", "--sheet", str(tmp_path), "--per-page", "60"]) == 0
    files = sorted(tmp_path.glob("lc-sheet-*.png"))
    assert len(files) == 5  # 260 cards / 60
    with Image.open(files[0]) as im:
        assert im.size[0] > 1000
