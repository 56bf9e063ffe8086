"""Chrono board and hand images: size, content, text fitting, and no hidden card is drawn.

Views are built by hand (the engine is written separately). Set CARDHOST_RENDER_SAMPLES=DIR to
also write the sample PNGs there (``pytest tests/render -k samples``).
"""

from __future__ import annotations

import dataclasses
import io
import os
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engines.chrono.view import ChronoView, SeatView
from render import chrono as rc
from render import to_png
from render.common import (
    ACCENT,
    BG,
    ellipsize,
    fit_text,
    font,
    ordinal,
    roman,
    text_width,
    wrap,
)

SUITS3 = (("H", "W", "O"), ("Heroes", "Weapons", "Objects"))
SUITS4 = (("H", "W", "O", "N"), ("Heroes", "Weapons", "Objects", "Hand"))
LONG = "Bartholomew-Maximilian Q. Longna"  # 32 chars
assert len(LONG) == 32
WIDE = "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"  # 32 of the widest glyph


def make_view(
    *,
    suits: int = 3,
    players: int = 4,
    phase: str = "play",
    viewer: int | None = None,
    hand: Sequence[str] = (),
    playable: Sequence[str] = (),
    spans: Sequence[tuple[int, int]] | None = None,
    seed: int = 1,
    hand_counts: Sequence[int] | None = None,
    out: dict[int, int] | None = None,
    lost: Sequence[int] = (),
    current: int | None = 0,
    ranking: tuple[tuple[int, ...], ...] | None = None,
    rows_extended: tuple[int, ...] = (),
    must_play: str | None = None,
    deck: int = 30,
    turn: int = 12,
    dealer: int = 0,
) -> ChronoView:
    keys, names = SUITS4 if suits == 4 else SUITS3
    rng = random.Random(seed)
    if spans is None:
        spans = (
            [(5, 5)] * suits
            if phase == "opening"
            else [(rng.randint(2, 5), rng.randint(5, 9)) for _ in range(suits)]
        )
    piles = tuple(tuple(rng.randint(1, 3) if lo <= e <= hi else 0 for e in range(1, 11)) for lo, hi in spans)
    if phase == "opening":
        piles = tuple(tuple(1 if e == 5 else 0 for e in range(1, 11)) for _ in spans)
    counts = list(hand_counts) if hand_counts is not None else [5] * players
    out = out or {}
    seats = tuple(
        SeatView(seat=i, hand_count=0 if i in out else counts[i], out_place=out.get(i), lost=i in lost)
        for i in range(players)
    )
    return ChronoView(
        viewer=viewer,
        suits=keys,
        suit_names=names,
        epochs=10,
        piles=piles,
        spans=tuple(spans),
        seats=seats,
        deck_count=deck,
        current=current,
        phase=phase,
        turn=turn,
        dealer=dealer,
        rows_extended=rows_extended,
        placed_this_turn=len(rows_extended),
        must_play=must_play,
        hand=tuple(hand),
        playable=tuple(playable),
        ranking=ranking,
    )


def png_roundtrip(img: Image.Image) -> Image.Image:
    data = to_png(img)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out = Image.open(io.BytesIO(data))
    out.load()
    return out


def distinct_colours(img: Image.Image) -> int:
    colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None
    return len(colours)


# ---------------------------------------------------------------------------------------------
# Board


@pytest.mark.parametrize("suits", [3, 4])
@pytest.mark.parametrize("players", [2, 10])
def test_board_png_opens_with_expected_size_and_content(suits: int, players: int) -> None:
    view = make_view(suits=suits, players=players)
    img = png_roundtrip(rc.board(view, [f"Player {i}" for i in range(players)]))
    assert img.size == rc.board_size(suits, players)
    assert img.size[0] == rc.BOARD_WIDTH and 700 <= img.size[1] <= rc.BOARD_MAX_HEIGHT
    assert img.mode == "RGB"
    assert distinct_colours(img) > 50
    assert img.getextrema() != ((0, 0), (0, 0), (0, 0))


def test_board_rows_follow_suits_and_labels_have_suit_colours() -> None:
    for suits in (3, 4):
        view = make_view(suits=suits)
        lay = rc.board_layout(len(view.suits), view.epochs, len(view.seats))
        assert lay.rows == suits
        assert len(lay.labels) == suits and len(lay.columns) == 10
        img = rc.board(view, ["a", "b", "c", "d"])
        for row, style in enumerate(rc.suit_styles(view)):
            x0, y0, _, y1 = lay.labels[row]
            # the colour bar at the left of each row label
            assert img.getpixel((x0 + 3, (y0 + y1) // 2)) == style.color
        # rows don't overlap and stay inside the matrix panel
        for a, b in zip(lay.labels, lay.labels[1:], strict=False):
            assert a[3] <= b[1]
        assert lay.cells[-1][-1][3] <= lay.matrix[3]
        assert lay.matrix[3] < lay.status[1]


def test_four_suit_board_draws_fourth_row_cards() -> None:
    view = make_view(suits=4, spans=[(5, 5), (5, 5), (5, 5), (3, 7)])
    lay = rc.board_layout(4, 10, len(view.seats))
    img = rc.board(view, [])
    purple = rc.SUIT_STYLES["N"][0]
    for e in range(3, 8):
        x0, y0, _, y1 = lay.cells[3][e - 1]
        assert img.getpixel((x0 + 4, (y0 + y1) // 2)) == purple
    # an empty, non-edge cell of row 4 is not a card
    x0, y0, _, y1 = lay.cells[3][9]
    assert img.getpixel((x0 + 4, (y0 + y1) // 2)) != purple


def test_board_never_draws_private_fields() -> None:
    """Two views with different viewer/hand/playable/must_play but equal public fields."""
    base = make_view(players=5, current=2)
    a = dataclasses.replace(base, viewer=2, hand=("H1", "H2", "W9"), playable=("H1",), must_play="H1")
    b = dataclasses.replace(base, viewer=None, hand=(), playable=(), must_play=None)
    c = dataclasses.replace(base, viewer=0, hand=("O3", "O4", "O4", "W10"), playable=())
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    ia, ib, ic = (rc.board(v, names) for v in (a, b, c))
    assert ImageChops.difference(ia, ib).getbbox() is None
    assert ImageChops.difference(ia, ic).getbbox() is None


def test_board_public_changes_do_change_the_image() -> None:
    base = make_view(players=4)
    names = ["Ann", "Bob", "Cy", "Di"]
    changed = dataclasses.replace(base, deck_count=base.deck_count - 1)
    assert ImageChops.difference(rc.board(base, names), rc.board(changed, names)).getbbox()


def test_long_names_fit_their_boxes() -> None:
    for name in (LONG, WIDE):
        for size, min_size, box in ((24, 14, (0, 0, 180, 30)), (32, 18, (0, 0, 600, 44))):
            fit = fit_text(name, box, size, bold=True, min_size=min_size)
            assert not fit.overflow
            assert len(fit.lines) == 1
            assert text_width(fit.lines[0], font(fit.size, True)) <= box[2] - box[0]
    # the seat rows of a 10-player board: names are cut with an ellipsis, never overflow
    lay = rc.board_layout(3, 10, 10)
    x0, y0, x1, y1 = lay.seats[0]
    fit = fit_text(WIDE, (x0 + 60, y0 + 6, x1 - 150, (y0 + y1) // 2 + 2), 24, bold=True, min_size=14)
    assert not fit.overflow and fit.truncated and fit.lines[0].endswith("…")


def test_board_with_long_names_renders_inside_the_canvas() -> None:
    view = make_view(players=10, out={3: 1, 7: 2}, current=5, dealer=9)
    names = [WIDE if i % 2 else LONG for i in range(10)]
    img = rc.board(view, names)
    assert img.size == rc.board_size(3, 10) == (rc.BOARD_WIDTH, rc.board_size(3, 10)[1])
    # nothing is drawn into the outer margin (right/bottom edge stays background)
    w, h = img.size
    strip = img.crop((w - 6, 0, w, h))
    assert strip.getcolors() == [(6 * h, BG)]


def test_game_over_board_and_ranking_text() -> None:
    view = make_view(
        players=4,
        phase="over",
        current=None,
        out={2: 1, 0: 2, 3: 3},
        lost=(1,),
        hand_counts=[0, 4, 0, 0],
        ranking=((2,), (0,), (3,), (1,)),
    )
    text = rc._ranking_text(view, ["Ann", "Bob", "Cy", "Di"])
    assert text == "1st Cy  ·  2nd Ann  ·  3rd Di  ·  Loser: Bob"
    img = png_roundtrip(rc.board(view, ["Ann", "Bob", "Cy", "Di"]))
    assert img.size == rc.board_size(3, 4)


def test_titles_are_drawn_on_hand_cards_not_on_the_board() -> None:
    """A title on a matrix card could not be read at Discord's size (issue #34, 5): the hand,
    whose cards are five times wider, shows them; the board takes the option and ignores it."""
    titles = {"H5": "Achilles the Swift-Footed", "W5": "Excalibur"}
    view = make_view(players=3)
    assert ImageChops.difference(rc.board(view, []), rc.board(view, [], titles=titles)).getbbox() is None
    mine = make_view(players=3, viewer=0, hand=("H5", "O2"))
    lay = rc.hand_layout(2)
    diff = ImageChops.difference(rc.hand(mine, "Ann"), rc.hand(mine, "Ann", titles=titles)).getbbox()
    assert diff is not None
    h5 = lay.cards[0]
    assert h5[0] <= diff[0] and diff[2] <= h5[2] and h5[1] <= diff[1] and diff[3] <= h5[3]


# ---------------------------------------------------------------------------------------------
# Hand


def test_hand_png_with_playable_highlight() -> None:
    view = make_view(viewer=0, current=0, hand=("H4", "W6", "O9", "O9", "H10"), playable=("H4", "W6"))
    img = png_roundtrip(rc.hand(view, "Ann"))
    assert img.size[0] == rc.HAND_WIDTH
    lay = rc.hand_layout(5)
    assert img.size == lay.size
    assert distinct_colours(img) > 30
    # sorted H4, H10, W6, O9, O9: H4 and W6 (boxes 0 and 2) are highlighted (accent frame)
    for i, box in enumerate(lay.cards):
        frame = img.getpixel((box[0] - 3, (box[1] + box[3]) // 2))
        assert (frame == ACCENT) == (i in (0, 2))


def test_spectator_gets_no_hand() -> None:
    view = make_view(viewer=None, hand=("H1",))
    with pytest.raises(ValueError):
        rc.hand(view, "spectator")
    with pytest.raises(ValueError):
        rc.hand(view, "spectator")


def test_hand_shows_only_the_views_own_cards() -> None:
    """The hand image is a function of the view's own hand: other seats' cards can't appear."""
    a = make_view(viewer=1, hand=("H3", "W7"))
    b = dataclasses.replace(a, seats=tuple(dataclasses.replace(s, hand_count=9) for s in a.seats))
    assert ImageChops.difference(rc.hand(a, "Bob"), rc.hand(b, "Bob")).getbbox() is None
    c = dataclasses.replace(a, hand=("H3", "W8"))
    assert ImageChops.difference(rc.hand(a, "Bob"), rc.hand(c, "Bob")).getbbox() is not None


def test_empty_hand_has_no_cards() -> None:
    view = make_view(viewer=2, hand=(), out={2: 1})
    img = rc.hand(view, "Cy")
    assert img.size == rc.hand_layout(0).size
    colours = {c for _, c in img.getcolors(1 << 20) or []}
    assert not any(style[0] in colours for style in rc.SUIT_STYLES.values())


@pytest.mark.parametrize("n", [1, 10, 11, 25, 30, 31, 60])
def test_big_hands_fit(n: int) -> None:
    lay = rc.hand_layout(n)
    w, h = lay.size
    assert len(lay.cards) == n
    for x0, y0, x1, y1 in lay.cards:
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
        assert x1 - x0 >= 40
    for a, b in zip(lay.cards, lay.cards[1:], strict=False):
        assert a[2] <= b[0] or a[3] <= b[1]  # no overlap: next card is right of or below
    assert h <= 1400


def test_hand_of_25_renders() -> None:
    rng = random.Random(3)
    cards = tuple(f"{rng.choice('HWON')}{rng.randint(1, 10)}" for _ in range(25))
    view = make_view(suits=4, viewer=3, current=3, hand=cards, playable=cards[:4])
    img = png_roundtrip(rc.hand(view, LONG))
    assert img.size == rc.hand_layout(25).size


# ---------------------------------------------------------------------------------------------
# Helpers and registry


def test_roman_and_ordinal() -> None:
    assert [roman(i) for i in range(1, 11)] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    assert roman(1994) == "MCMXCIV"
    with pytest.raises(ValueError):
        roman(0)
    assert [ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]


def test_wrap_and_ellipsize_never_exceed_width() -> None:
    f = font(18)
    text = "Achilles the Swift-Footed, Breaker of Walls and Supercalifragilisticexpialidocious"
    for width in (30, 60, 120, 300):
        for line in wrap(text, f, width):
            assert text_width(line, f) <= width
        for line in wrap(text, f, width, max_lines=2):
            assert text_width(line, f) <= width
        assert text_width(ellipsize(text, f, width), f) <= width
    assert wrap(text, f, 120, max_lines=2)[-1].endswith("…")
    assert ellipsize("short", f, 300) == "short"


def test_multiline_fit_reports_no_overflow() -> None:
    fit = fit_text(
        "Game over: 1st Ann · 2nd Bob · 3rd Cy · Loser: Di " * 4,
        (10, 10, 400, 110),
        20,
        min_size=12,
        max_lines=4,
    )
    assert not fit.overflow and len(fit.lines) <= 4


def test_the_chrono_table_declares_these_renderers() -> None:
    """The bot draws Chrono with what its table declares (its game registry entry); no renderer is
    found by a game's name, and an unknown game is refused in words."""
    from bot.presenters.registry import entry
    from engines.core import ConfigError

    hosted = entry("chrono")
    assert hosted.board is rc.board and hosted.hand is rc.hand
    with pytest.raises(ConfigError, match="Unknown game"):
        entry("no_such_game")


def test_png_is_small_and_rgb() -> None:
    img = rc.board(make_view(players=10, seed=5), [LONG] * 10)
    data = to_png(img)
    assert len(data) < 400_000
    assert Image.open(io.BytesIO(data)).mode == "RGB"


# ---------------------------------------------------------------------------------------------
# Sample images for eyeballing (only with CARDHOST_RENDER_SAMPLES=DIR)


def sample_views() -> dict[str, tuple[ChronoView, list[str]]]:
    ten = ["Ann", LONG, "Cyrille", "Dmitri Ivanovich", "Eve", "Fatima", "Gö", WIDE, "Ike", "Jo"]
    return {
        "board_3suits_2p_opening": (
            make_view(players=2, phase="opening", current=1, dealer=0, turn=1, deck=77),
            ["Alice", "Bob"],
        ),
        "board_3suits_4p_mid": (
            make_view(
                players=4,
                current=2,
                dealer=1,
                rows_extended=(0,),
                turn=17,
                deck=41,
                hand_counts=[3, 7, 12, 1],
                seed=7,
            ),
            ["Alice", "Bob", LONG, "Dana"],
        ),
        "board_4suits_10p_mid": (
            make_view(
                suits=4,
                players=10,
                current=4,
                dealer=3,
                out={1: 1, 6: 2},
                seed=11,
                hand_counts=[4, 0, 9, 2, 6, 13, 0, 5, 1, 3],
                deck=12,
                turn=58,
            ),
            ten,
        ),
        "board_4suits_10p_over": (
            make_view(
                suits=4,
                players=10,
                phase="over",
                current=None,
                dealer=3,
                seed=12,
                out={i: p for p, i in enumerate([1, 6, 0, 2, 9, 3, 4, 7, 8], start=1)},
                lost=(5,),
                hand_counts=[0] * 5 + [3] + [0] * 4,
                deck=0,
                turn=140,
                ranking=((1,), (6,), (0,), (2,), (9,), (3,), (4,), (7,), (8,), (5,)),
            ),
            ten,
        ),
        "board_3suits_2p_over_full": (
            make_view(
                players=2,
                phase="over",
                current=None,
                spans=[(1, 10)] * 3,
                out={1: 1},
                lost=(0,),
                hand_counts=[2, 0],
                ranking=((1,), (0,)),
                deck=0,
                turn=61,
            ),
            ["Alice", "Bob"],
        ),
    }


@pytest.mark.skipif(not os.environ.get("CARDHOST_RENDER_SAMPLES"), reason="samples only on request")
def test_write_samples() -> None:
    out = Path(os.environ["CARDHOST_RENDER_SAMPLES"])
    out.mkdir(parents=True, exist_ok=True)
    kinds = {"H": "Hero", "W": "Blade", "O": "Relic", "N": "Hand"}
    titles = {f"{s}{e}": f"{n} of the {roman(e)}th age" for s, n in kinds.items() for e in range(1, 11)}
    for name, (view, names) in sample_views().items():
        (out / f"{name}.png").write_bytes(to_png(rc.board(view, names)))
    view, names = sample_views()["board_3suits_4p_mid"]
    (out / "board_3suits_4p_titles.png").write_bytes(to_png(rc.board(view, names, titles=titles)))
    rng = random.Random(9)
    hand25 = tuple(f"{rng.choice('HWON')}{rng.randint(1, 10)}" for _ in range(25))
    hands = {
        "hand_5_myturn": make_view(
            viewer=0, current=0, hand=("H4", "W6", "O9", "O9", "H10"), playable=("H4", "W6")
        ),
        "hand_5_waiting": make_view(viewer=1, current=0, hand=("H4", "W6", "O9", "O9", "H10")),
        "hand_25_4suits": make_view(suits=4, viewer=3, current=3, hand=hand25, playable=hand25[:6]),
        "hand_must_play": make_view(
            viewer=2, current=2, hand=("H1", "W9", "O6"), playable=("O6",), must_play="O6"
        ),
        "hand_out": make_view(viewer=2, current=0, hand=(), out={2: 1}),
        "hand_60": make_view(
            suits=4,
            viewer=0,
            current=1,
            hand=tuple(f"{rng.choice('HWON')}{rng.randint(1, 10)}" for _ in range(60)),
        ),
    }
    for name, view in hands.items():
        (out / f"{name}.png").write_bytes(to_png(rc.hand(view, LONG if "25" in name else "Alice")))
    (out / "hand_5_titles.png").write_bytes(to_png(rc.hand(hands["hand_5_myturn"], "Alice", titles=titles)))


def test_drawn_text_stays_inside_its_box() -> None:
    """Pixel check: draw_text paints nothing outside the box, whatever the text."""
    from PIL import ImageDraw

    from render.common import canvas, draw_text

    for text, lines in ((LONG, 1), (WIDE, 1), (LONG + " " + WIDE, 2), ("Wq", 1)):
        img = canvas(400, 120)
        box = (100, 30, 300, 90)
        fit = draw_text(ImageDraw.Draw(img), box, text, 30, bold=True, min_size=12, max_lines=lines)
        assert not fit.overflow
        ink = ImageChops.difference(img, canvas(400, 120)).getbbox()
        assert ink is not None
        assert box[0] <= ink[0] and box[1] <= ink[1] and ink[2] <= box[2] and ink[3] <= box[3], (text, ink)


def test_fonts_are_bundled() -> None:
    from render import fonts

    assert font(20).getname() == ("DejaVu Sans", "Book")
    assert font(20, bold=True).getname() == ("DejaVu Sans", "Bold")
    assert font(20) is font(20)  # cached
    assert fonts.REGULAR_FILE.parent == Path(rc.__file__).parent / "fonts"
    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").is_file()
