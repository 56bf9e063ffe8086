"""The Afrika board's permanents: keywords as drawn icons (with a legend), charged ones greyed.

Every check draws a real board (``render.afrika.board.board``) for a view in which one entity differs in
a single field, and looks at the pixels of that entity's tile (``tile_boxes``), so dropping the
icons or the charged look fails here.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from PIL import Image, ImageChops, ImageDraw

from engines.afrika import ENGINE
from engines.afrika.cards import KEYWORDS
from engines.afrika.view import PermView
from engines.core import MatchConfig
from render.afrika.board import (
    ICON,
    ICON_Y,
    KEYWORD_COLORS,
    _glyph,
    board,
    keyword_icon,
    keywords_on_board,
    legend_box,
    tile_boxes,
)
from render.common import PANEL, WHITE, to_png
from tests.render.pixels import pixels

NAMES = ["Amara", "Kofi"]
GRAZER = PermView(
    id=301,
    card="LC131",
    name="Mossback Grazer",
    type="entity",
    controller=0,
    charged=False,
    power=2,
    health=2,
)
"""A Cosmic Jungle (green) 2/2 with no keyword of its own."""
OTHER = PermView(
    id=302, card="LC135", name="Canopy Shaman", type="entity", controller=0, charged=False, power=2, health=2
)


def _view(*perms: PermView):  # type: ignore[no-untyped-def]
    """A fresh game's spectator view with ``perms`` in the first seat's Zone 1."""
    view = ENGINE.view(ENGINE.setup(MatchConfig(players=2), 5), None)
    seat0 = dataclasses.replace(view.seats[0], zone1=tuple(perms))
    return dataclasses.replace(view, seats=(seat0, *view.seats[1:]))


def _tile(img: Image.Image, view, pid: int) -> Image.Image:  # type: ignore[no-untyped-def]
    return img.crop(tile_boxes(view)[pid])


def _near(px: tuple[int, ...], color: tuple[int, int, int], tol: int = 24) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px, color, strict=False))


def _count(img: Image.Image, color: tuple[int, int, int]) -> int:
    return sum(1 for px in pixels(img) if _near(px, color))


def _icon_strip(tile: Image.Image) -> Image.Image:
    """The row under the type line where a tile's keyword icons go."""
    return tile.crop((4, ICON_Y - 2, tile.width - 4, ICON_Y + ICON + 2))


def test_every_keyword_of_the_game_has_an_icon() -> None:
    assert set(KEYWORD_COLORS) == set(KEYWORDS), "one icon per keyword of engines.afrika.cards.KEYWORDS"
    assert len(set(KEYWORD_COLORS.values())) == len(KEYWORD_COLORS), "disc colours are distinct"


def test_keyword_glyphs_have_distinct_shapes() -> None:
    """Shapes differ, not just colours: each pair of glyphs (white on black) differs in >= 8% of pixels."""
    shapes = {}
    for name in KEYWORD_COLORS:
        img = Image.new("L", (100, 100), 0)
        _glyph(ImageDraw.Draw(img), name, 255, 0, 1.0)  # type: ignore[arg-type]
        assert img.getbbox() is not None, f"{name} draws nothing"
        shapes[name] = img.point(lambda v: 255 if v > 127 else 0)
    for a, b in itertools.combinations(shapes, 2):
        diff = ImageChops.difference(shapes[a], shapes[b])
        differing = sum(1 for v in pixels(diff) if v)
        assert differing >= 800, f"{a} and {b} look alike ({differing} px differ)"


@pytest.mark.parametrize("kw", [*KEYWORDS, "Rampage 2", "Terrainwalk SEA", "Shield from VOL", "Equip {2}"])
def test_icons_are_drawn_for_every_keyword(kw: str) -> None:
    icon = keyword_icon(kw, ICON, PANEL)
    assert icon.size == (ICON, ICON)
    name = kw.split(" {")[0]
    base = next(k for k in KEYWORD_COLORS if name == k or name.startswith(k + " "))
    assert _count(icon, KEYWORD_COLORS[base]) >= ICON * ICON // 6, "the disc is in the keyword's colour"


def test_entity_tile_shows_its_keywords_as_icons() -> None:
    plain = _view(GRAZER, OTHER)
    flying = _view(dataclasses.replace(GRAZER, keywords=("Lifelink", "Soaring")), OTHER)
    strip_plain = _icon_strip(_tile(board(plain, NAMES), plain, 301))
    strip_kw = _icon_strip(_tile(board(flying, NAMES), flying, 301))
    # No keyword: the strip is the tile's plain colour. With keywords: both icons, by colour.
    assert len(strip_plain.getcolors(maxcolors=4096) or []) == 1
    for kw in ("Lifelink", "Soaring"):
        assert _count(strip_plain, KEYWORD_COLORS[kw]) == 0
        assert _count(strip_kw, KEYWORD_COLORS[kw]) >= 60, f"{kw} icon missing from the tile"
    # The icons carry white glyphs (not a text label): white pixels inside the icon discs.
    assert _count(strip_kw, WHITE) >= 20
    # The other entity's tile is untouched.
    assert (
        ImageChops.difference(
            _tile(board(plain, NAMES), plain, 302), _tile(board(flying, NAMES), flying, 302)
        ).getbbox()
        is None
    )


def test_legend_names_the_keywords_on_the_board() -> None:
    view = _view(dataclasses.replace(GRAZER, keywords=("Trample", "Rampage 2")), OTHER)
    assert keywords_on_board(view) == ["Trample", "Rampage"]
    img = board(view, NAMES)
    boxes = tile_boxes(view)
    legend_top = legend_box(view, NAMES)[1]
    legend = img.crop((0, legend_top, img.width, img.height))
    for kw in ("Trample", "Rampage"):
        assert _count(legend, KEYWORD_COLORS[kw]) >= 60, f"{kw} missing from the legend"
    assert _count(legend, KEYWORD_COLORS["Soaring"]) == 0
    assert max(b[3] for b in boxes.values()) < legend_top


def test_charged_entity_is_greyed_and_uncharged_is_coloured() -> None:
    ready = _view(GRAZER, OTHER)
    tapped = _view(dataclasses.replace(GRAZER, charged=True), OTHER)
    t_ready = _tile(board(ready, NAMES), ready, 301)
    t_tapped = _tile(board(tapped, NAMES), tapped, 301)

    def body(tile: Image.Image) -> list[tuple[int, int, int]]:
        # left margin of the tile, under the name and clear of text and tags
        return [tile.getpixel((3, y)) for y in range(60, 140, 8)]  # type: ignore[misc]

    def saturation(px: tuple[int, int, int]) -> int:
        return max(px) - min(px)

    assert all(saturation(px) >= 30 for px in body(t_ready)), "an uncharged Jungle card is green"
    assert all(saturation(px) <= 10 for px in body(t_tapped)), "a charged card is grey"
    assert sum(map(sum, body(t_tapped))) < sum(map(sum, body(t_ready))), "and darker"
    # Whole tile: far fewer saturated pixels once charged (the red CHARGED tag aside).
    sat = lambda tile: sum(1 for px in pixels(tile) if saturation(px) > 40)  # noqa: E731
    assert sat(t_tapped) < sat(t_ready) // 3


def test_cached_tiles_give_the_same_bytes() -> None:
    """Tiles come from caches: a board drawn after the caches are cleared is byte-identical."""
    import importlib

    afrika = importlib.import_module("render.afrika.board")  # the attribute is the function

    view = _view(dataclasses.replace(GRAZER, keywords=("Warp",), charged=True, damage=1), OTHER)
    first = to_png(board(view, NAMES))
    afrika._TILES.clear()
    afrika._ICONS.clear()
    assert to_png(board(view, NAMES)) == first
