"""Epochs: CHRONO images: the public board and a player's private hand.

``board(view, names)`` draws only public fields of ``ChronoView`` (rule E25): the matrix, spans,
seats (hand *counts*), deck count, turn, phase, dealer, ranking. It never reads ``viewer``,
``hand``, ``playable`` or ``must_play``, so the board drawn from any seat's view is the same
image as the spectator's and is safe to post in a public channel.

``hand(view, name)`` draws ``view.hand`` (the viewer's own cards) with the playable ones
highlighted. It refuses spectator views.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.common import (
    ACCENT,
    BG,
    DANGER,
    EDGE,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    SUIT_COLORS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    Box,
    ImageCache,
    canvas,
    card_back,
    darken,
    draw_line,
    draw_text,
    font,
    lighten,
    line_height,
    mix,
    ordinal,
    panel,
    pill,
    place_color,
    put_text,
    roman,
    text_width,
    wrap,
)

if TYPE_CHECKING:
    from engines.chrono.view import ChronoView

INLINE_WIDTH = 550
"""About how wide Discord shows an attached image in a chat."""
INLINE_MIN_TEXT = 11
"""The smallest text that reads once Discord has scaled an image to ``INLINE_WIDTH``."""
BOARD_WIDTH = 800
BOARD_MIN_TEXT = -(-BOARD_WIDTH * INLINE_MIN_TEXT // INLINE_WIDTH)
"""16 px: no text on the board is smaller (11 px inline)."""
HAND_WIDTH = 700
HAND_MIN_TEXT = -(-HAND_WIDTH * INLINE_MIN_TEXT // INLINE_WIDTH)
"""14 px: no text on the hand is smaller (11 px inline)."""
START_EPOCH = 5
"""The epoch-V column every row starts from (E2)."""

SUIT_STYLES: dict[str, tuple[RGB, str]] = {
    "H": (SUIT_COLORS[0], "♛"),  # Heroes: red, crown
    "W": (SUIT_COLORS[1], "⚔"),  # Weapons: blue, crossed swords
    "O": (SUIT_COLORS[2], "◆"),  # Objects: amber, gem
    "N": (SUIT_COLORS[3], "☛"),  # Hand: purple, pointing hand
}
UNKNOWN_SUIT: RGB = (110, 116, 128)

_CODE = re.compile(r"^([A-Za-z]+)(\d+)$")


@dataclass(frozen=True)
class SuitStyle:
    key: str
    name: str
    color: RGB
    glyph: str


def suit_styles(view: ChronoView) -> tuple[SuitStyle, ...]:
    """Colour and glyph per matrix row. Unknown suit keys get the next free colour and an initial."""
    used = {SUIT_STYLES[k][0] for k in view.suits if k in SUIT_STYLES}
    spare = [c for c in SUIT_COLORS if c not in used]
    out: list[SuitStyle] = []
    for i, key in enumerate(view.suits):
        name = view.suit_names[i] if i < len(view.suit_names) else key
        if key in SUIT_STYLES:
            color, glyph = SUIT_STYLES[key]
        else:
            color = spare.pop(0) if spare else UNKNOWN_SUIT
            glyph = (name[:1] or key[:1]).upper()
        out.append(SuitStyle(key, name, color, glyph))
    return tuple(out)


def parse_code(code: str) -> tuple[str, int]:
    """ "H5" -> ("H", 5); "N10" -> ("N", 10)."""
    m = _CODE.match(code)
    if not m:
        raise ValueError(f"not a Chrono card code: {code!r}")
    return m.group(1), int(m.group(2))


def seat_name(names: Sequence[str], seat: int) -> str:
    """``names[seat]`` stripped, or the neutral label "P<seat+1>" when missing/blank."""
    if 0 <= seat < len(names):
        name = " ".join(str(names[seat]).split())
        if name:
            return name
    return f"P{seat + 1}"


# ---------------------------------------------------------------------------------------------
# Cards


def draw_card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    style: SuitStyle,
    epoch: int,
    *,
    count: int = 1,
    title: str | None = None,
    show_suit_name: bool = False,
    dim: float = 0.0,
    min_text: int = BOARD_MIN_TEXT,
) -> None:
    """One face-up card: suit colour, glyph, big Roman numeral, optional pile badge and title.

    No text on it is smaller than ``min_text`` (the image's width / 50, i.e. 11 px once Discord
    shows the image 550 px wide). A pile's "×3" sits in a band at the bottom, where a card's
    title goes (a pile on the board has no title). ``dim`` (0..1) blends the card towards the
    background (used for unplayable hand cards).
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    base = mix(style.color, BG, dim) if dim else style.color
    ink = mix(TEXT, BG, dim * 0.8) if dim else (255, 255, 255)
    radius = max(4, w // 9)
    panel(draw, box, fill=base, outline=lighten(base, 0.4), width=2, radius=radius)
    # inner frame
    inset = max(3, w // 16)
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset),
        radius=max(2, radius - inset // 2),
        outline=lighten(base, 0.18),
        width=1,
    )
    pad = inset + 3
    top_h = max(min_text + 2, int(h * 0.17))
    gf = font(max(min_text, int(top_h * 0.85)), True)
    put_text(draw, (x0 + pad, y0 + pad + top_h / 2 - 1), style.glyph, gf, ink, "lm")
    if show_suit_name:
        gx = x0 + pad + text_width(style.glyph, gf) + 4
        draw_text(
            draw,
            (int(gx), y0 + pad, x1 - pad, y0 + pad + top_h),
            style.name,
            max(min_text, int(top_h * 0.72)),
            fill=ink,
            bold=True,
            min_size=min_text,
        )
    title_lines = 2 if title else 1 if count > 1 else 0
    title_h = title_lines * (line_height(font(min_text)) + 2) + 4 if title_lines else 0
    # numeral
    num = roman(epoch) if 1 <= epoch <= 3999 else str(epoch)
    area = (x0 + pad, y0 + pad + top_h, x1 - pad, y1 - pad - title_h)
    aw, ah = area[2] - area[0], area[3] - area[1]
    size = max(min_text, int(min(ah * 0.8, w * 0.42)))
    nf = font(size, True)
    while size > min_text and text_width(num, nf) > aw:
        size -= 1
        nf = font(size, True)
    cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
    put_text(draw, (cx + 2, cy + 2), num, nf, darken(base, 0.45), "mm")
    put_text(draw, (cx, cy), num, nf, ink, "mm")
    if title:
        band = (x0 + inset + 1, y1 - inset - title_h, x1 - inset - 1, y1 - inset - 1)
        draw.rectangle(band, fill=darken(base, 0.35))
        draw_text(
            draw,
            (band[0] + 2, band[1] + 1, band[2] - 2, band[3] - 1),
            title,
            min_text,
            fill=ink,
            min_size=min_text,
            max_lines=2,
            align="center",
        )
    elif count > 1:
        pill(
            draw,
            ((x0 + x1) // 2, y1 - inset - 1 - title_h // 2),
            f"×{count}",
            min_text,
            fill=darken(base, 0.55),
            text_fill=(255, 255, 255),
            anchor="center",
            pad_x=4,
        )


def draw_slot(draw: ImageDraw.ImageDraw, box: Box, *, edge_color: RGB | None = None, bg: RGB = PANEL) -> None:
    """An empty cell: a faint slot, or (``edge_color``) a subtly tinted slot with a "+"."""
    x0, y0, x1, y1 = box
    radius = max(4, (x1 - x0) // 9)
    if edge_color is None:
        panel(draw, box, fill=mix(bg, SLOT, 0.7), outline=mix(bg, EDGE, 0.6), width=1, radius=radius)
        return
    panel(
        draw,
        box,
        fill=mix(bg, edge_color, 0.14),
        outline=mix(bg, edge_color, 0.65),
        width=2,
        radius=radius,
    )
    size = max(BOARD_MIN_TEXT, (x1 - x0) // 3)
    put_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "+", font(size, True), mix(bg, edge_color, 0.75), "mm")


# ---------------------------------------------------------------------------------------------
# Board layout


@dataclass(frozen=True)
class BoardLayout:
    size: tuple[int, int]
    header: Box
    matrix: Box
    """The matrix panel, the whole width under the header."""
    status: Box
    """The panel under the matrix: whose turn, what happened this turn, the ranking."""
    players: Box
    """The players panel under the status: a tile per seat, two a row."""
    hints: Box
    """The panel at the bottom: the rules in four lines and the legend."""
    columns: tuple[Box, ...]
    """Numeral header box of each epoch column (index epoch-1)."""
    labels: tuple[Box, ...]
    """Suit label box of each row."""
    cells: tuple[tuple[Box, ...], ...]
    """cells[row][epoch-1]: the card box of that cell."""
    seats: tuple[Box, ...]
    """One tile box per seat in the players panel."""

    @property
    def rows(self) -> int:
        return len(self.cells)


MARGIN = 12
GAP = 10
PAD = 12
"""Inside a panel, between its edge and what it holds."""
LABEL_W = 132
HEADER_H = 52
COLUMN_HEAD_H = 44
ROW_GAP = 8
STATUS_DETAIL_LINES = 3
SEATS_TITLE_H = 30
SEAT_COLS = 2
SEAT_GAP = 8
SEAT_H = 58
LEGEND_H = 30

RULE_HINTS = (
    "•  Stack any copies on a pile of the same suit and epoch.",
    "•  Add a new epoch only at a row's edge (+): one new epoch per row per turn, no gaps.",
    "•  No playable card? Draw one: play it at once if it fits, else your turn is skipped.",
    "•  Empty your hand to go out. The last player still holding cards loses.",
)


def _text_h(size: int, bold: bool = False) -> int:
    return line_height(font(size, bold))


def _hint_lines(width: int) -> list[str]:
    """The rule hints wrapped to ``width`` at the board's smallest size: every word is drawn."""
    return [line for hint in RULE_HINTS for line in wrap(hint, font(BOARD_MIN_TEXT), width)]


def _status_h() -> int:
    head = _text_h(22, True) + 6
    detail = STATUS_DETAIL_LINES * (_text_h(BOARD_MIN_TEXT) + 2)
    return 2 * PAD + head + detail


def _hints_h(width: int) -> int:
    lines = len(_hint_lines(width - 2 * PAD))
    return 2 * PAD + lines * (_text_h(BOARD_MIN_TEXT) + 4) + 8 + LEGEND_H


def board_layout(rows: int, epochs: int, seats: int) -> BoardLayout:
    """Where everything goes on the board image for ``rows`` suits x ``epochs`` and ``seats``.

    The width is ``BOARD_WIDTH`` (800 px: Discord shows it at about 0.69, so the smallest text,
    16 px, reads at 11 px); the panels stack: header, matrix, status, players (two a row),
    rules and legend. The height grows with the rows and seats (at most ``BOARD_MAX_HEIGHT``).
    """
    w = BOARD_WIDTH
    rows, epochs, seats = max(1, rows), max(1, epochs), max(1, seats)
    x0, x1 = MARGIN, w - MARGIN
    header = (x0, MARGIN, x1, MARGIN + HEADER_H)
    # matrix
    my0 = header[3] + GAP
    grid_x0 = x0 + PAD + LABEL_W
    col_w = (x1 - PAD - grid_x0) / epochs
    card_w = min(int(col_w) - 6, 104)
    card_h = int(card_w * 1.4)
    row_pitch = card_h + ROW_GAP
    matrix_h = 2 * PAD + COLUMN_HEAD_H + rows * row_pitch - ROW_GAP
    matrix = (x0, my0, x1, my0 + matrix_h)
    head_y0 = my0 + PAD
    columns = tuple(
        (round(grid_x0 + i * col_w), head_y0, round(grid_x0 + (i + 1) * col_w), head_y0 + COLUMN_HEAD_H)
        for i in range(epochs)
    )
    labels: list[Box] = []
    cells: list[tuple[Box, ...]] = []
    for r in range(rows):
        y0 = head_y0 + COLUMN_HEAD_H + r * row_pitch
        labels.append((x0 + PAD, y0, grid_x0 - 6, y0 + card_h))
        row: list[Box] = []
        for c in range(epochs):
            left = round(grid_x0 + (c + 0.5) * col_w - card_w / 2)
            row.append((left, y0, left + card_w, y0 + card_h))
        cells.append(tuple(row))
    status = (x0, matrix[3] + GAP, x1, matrix[3] + GAP + _status_h())
    # players: two tiles a row
    tile_rows = -(-seats // SEAT_COLS)
    py0 = status[3] + GAP
    players = (x0, py0, x1, py0 + PAD + SEATS_TITLE_H + tile_rows * (SEAT_H + SEAT_GAP) - SEAT_GAP + PAD)
    tile_w = (x1 - x0 - 2 * PAD - (SEAT_COLS - 1) * SEAT_GAP) // SEAT_COLS
    seat_boxes = tuple(
        (
            x0 + PAD + (i % SEAT_COLS) * (tile_w + SEAT_GAP),
            py0 + PAD + SEATS_TITLE_H + (i // SEAT_COLS) * (SEAT_H + SEAT_GAP),
            x0 + PAD + (i % SEAT_COLS) * (tile_w + SEAT_GAP) + tile_w,
            py0 + PAD + SEATS_TITLE_H + (i // SEAT_COLS) * (SEAT_H + SEAT_GAP) + SEAT_H,
        )
        for i in range(seats)
    )
    hints = (x0, players[3] + GAP, x1, players[3] + GAP + _hints_h(x1 - x0))
    h = hints[3] + MARGIN
    return BoardLayout(
        size=(w, h),
        header=header,
        matrix=matrix,
        status=status,
        players=players,
        hints=hints,
        columns=columns,
        labels=tuple(labels),
        cells=tuple(cells),
        seats=seat_boxes,
    )


def board_size(rows: int, seats: int, epochs: int = 10) -> tuple[int, int]:
    """Pixel size of the board for that many suits (rows) and seats."""
    return board_layout(rows, epochs, seats).size


BOARD_MAX_HEIGHT = board_size(len(SUIT_STYLES), 10)[1]
"""The tallest board: four suits and ten seats."""


# ---------------------------------------------------------------------------------------------
# Board


def _phase_label(phase: str) -> tuple[str, RGB]:
    return {
        "opening": ("OPENING", (56, 132, 220)),
        "play": ("IN PLAY", (34, 150, 84)),
        "over": ("GAME OVER", (190, 60, 60)),
    }.get(phase, (phase.upper() or "?", EDGE))


def _ranking_text(view: ChronoView, names: Sequence[str]) -> str:
    if not view.ranking:
        return ""
    parts: list[str] = []
    place = 1
    groups = list(view.ranking)
    for i, group in enumerate(groups):
        who = " & ".join(seat_name(names, s) for s in group)
        if i == len(groups) - 1 and len(groups) > 1:
            parts.append(f"Loser: {who}")
        else:
            parts.append(f"{ordinal(place)} {who}")
        place += len(group)
    return "  ·  ".join(parts)


_BACKGROUNDS = ImageCache(4_000_000)
"""Board backgrounds by layout (about 0.7 Mpx each): panels, column numerals, rules, legend."""


def _background(lay: BoardLayout, over: bool, style: SuitStyle) -> Image.Image:
    """Everything on the board that depends only on the layout, whether the game is over, and the
    first suit's colour (used by the legend): drawn once per layout and copied for each board."""
    return _BACKGROUNDS.get(("bg", lay, over, style), partial(_draw_background, lay, over, style))


def _draw_background(lay: BoardLayout, over: bool, style: SuitStyle) -> Image.Image:
    img = canvas(*lay.size)
    draw = ImageDraw.Draw(img)
    panel(draw, lay.header, fill=PANEL, radius=12)
    hx0, hy0, _, hy1 = lay.header
    title_font = font(24, True)
    put_text(draw, (hx0 + PAD, (hy0 + hy1) // 2), "EPOCHS", title_font, TEXT, "lm")
    tx = hx0 + PAD + text_width("EPOCHS", title_font) + 8
    put_text(draw, (tx, (hy0 + hy1) // 2), "CHRONO", font(24), TEXT_DIM, "lm")
    panel(draw, lay.matrix, fill=PANEL, radius=12)
    # start column band
    band = mix(PANEL, ACCENT, 0.07)
    if 1 <= START_EPOCH <= len(lay.columns):
        col = lay.columns[START_EPOCH - 1]
        last = lay.cells[-1][START_EPOCH - 1]
        panel(draw, (col[0] + 1, col[1] - 4, col[2] - 1, last[3] + 5), fill=band, radius=8)
    for e, col in enumerate(lay.columns, start=1):
        cx, cy = (col[0] + col[2]) / 2, (col[1] + col[3]) / 2
        numeral = roman(e) if e <= 3999 else str(e)
        if e == START_EPOCH:
            put_text(draw, (cx, cy - 8), numeral, font(20, True), ACCENT, "mm")
            put_text(draw, (cx, cy + 12), "start", font(BOARD_MIN_TEXT, True), mix(PANEL, ACCENT, 0.8), "mm")
        else:
            put_text(draw, (cx, cy - 4), numeral, font(20, True), TEXT_DIM, "mm")
    panel(draw, lay.status, fill=PANEL, radius=12)
    panel(draw, lay.players, fill=PANEL, radius=12)
    put_text(
        draw,
        (lay.players[0] + PAD + 4, lay.players[1] + PAD + SEATS_TITLE_H // 2 - 2),
        "Players",
        font(20, True),
        TEXT,
        "lm",
    )
    _draw_hints(draw, lay, over, style)
    return img


def _draw_hints(draw: ImageDraw.ImageDraw, lay: BoardLayout, over: bool, style: SuitStyle) -> None:
    """The rules in a few lines, then the legend (one line, or two when it does not fit)."""
    x0, y0, x1, y1 = lay.hints
    panel(draw, lay.hints, fill=PANEL, radius=12)
    px0, px1 = x0 + PAD, x1 - PAD
    small = font(BOARD_MIN_TEXT)
    y = y0 + PAD
    for line in _hint_lines(px1 - px0):
        put_text(draw, (px0, y), line, small, TEXT_DIM, "la")
        y += _text_h(BOARD_MIN_TEXT) + 4
    ly = y1 - PAD - LEGEND_H // 2
    draw.line((px0, ly - LEGEND_H // 2 - 4, px1, ly - LEGEND_H // 2 - 4), fill=EDGE, width=1)
    x = px0
    if not over:
        draw_slot(draw, (x, ly - 12, x + 18, ly + 12), edge_color=style.color)
        x += 24
        x += int(draw_line(draw, (x, ly), "next epoch may go here", BOARD_MIN_TEXT, fill=TEXT_FAINT)) + 20
    draw.rounded_rectangle((x, ly - 12, x + 18, ly + 12), radius=4, fill=mix(PANEL, ACCENT, 0.18))
    x += 24
    x += int(draw_line(draw, (x, ly), "V: starting column", BOARD_MIN_TEXT, fill=TEXT_FAINT)) + 20
    b = pill(draw, (x, ly), "×3", BOARD_MIN_TEXT, fill=darken(style.color, 0.55), pad_x=4)
    x = b[2] + 6
    draw_line(draw, (x, ly), "cards in the pile", BOARD_MIN_TEXT, fill=TEXT_FAINT, max_width=px1 - x)


def _draw_header(draw: ImageDraw.ImageDraw, lay: BoardLayout, view: ChronoView) -> None:
    x0, y0, x1, y1 = lay.header
    cy = (y0 + y1) // 2
    # right side, from the right edge leftwards
    label, color = _phase_label(view.phase)
    b = pill(draw, (x1 - PAD, cy), label, BOARD_MIN_TEXT, fill=color, anchor="right", pad_x=10)
    x = b[0] - 18
    big = font(20, True)
    deck = f"Deck {view.deck_count}"
    deck_w = text_width(deck, big)
    put_text(draw, (x, cy), deck, big, TEXT, "rm")
    card_back(draw, (int(x - deck_w - 28), cy - 14, int(x - deck_w - 8), cy + 14))
    x = int(x - deck_w - 28 - 22)
    turn = f"Turn {view.turn}"
    put_text(draw, (x, cy), turn, big, TEXT, "rm")
    x = int(x - text_width(turn, big) - 22)
    grid = f"{len(view.suits)} suits × {view.epochs} epochs"
    title_end = x0 + PAD + text_width("EPOCHS CHRONO", font(24, True)) + 16
    if x - text_width(grid, font(BOARD_MIN_TEXT)) >= title_end:
        put_text(draw, (x, cy), grid, font(BOARD_MIN_TEXT), TEXT_FAINT, "rm")


def _common_size(texts: Sequence[str], width: int, size: int, min_size: int) -> int:
    """The largest bold size <= ``size`` at which every text fits ``width`` (else ``min_size``)."""
    for s in range(size, min_size, -1):
        if all(text_width(t, font(s, True)) <= width for t in texts):
            return s
    return min_size


_TILES = ImageCache(3_000_000)
"""Matrix cells (cards, piles and slots), row labels and seat tiles by what they show: cells are the
same in every match (~200 of 5 kpx: 4 suits x 10 epochs x pile sizes); 3 Mpx is about 12 MB."""


def _cell(
    img: Image.Image,
    box: Box,
    bg: RGB,
    style: SuitStyle,
    epoch: int,
    count: int,
    edge_color: RGB | None,
) -> None:
    """A matrix cell (a pile when ``count`` > 0, else a slot) on a ``bg`` background, from the cache."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def make() -> Image.Image:
        tile = canvas(w, h, bg)
        d = ImageDraw.Draw(tile)
        if count > 0:
            draw_card(d, (0, 0, w, h), style, epoch, count=count)
        else:
            draw_slot(d, (0, 0, w, h), edge_color=edge_color)
        return tile

    key = (w, h, bg, style, epoch, count, None if count > 0 else edge_color)
    img.paste(_TILES.get(key, make), (x0, y0))


def _draw_label(
    draw: ImageDraw.ImageDraw, box: Box, style: SuitStyle, name_size: int, span: str, total: int, ext: bool
) -> None:
    """A matrix row's label: suit colour bar, glyph and name, span of epochs, card count, and
    "extended" when the row grew this turn (one line each)."""
    lx0, ly0, lx1, ly1 = box
    draw.rounded_rectangle((lx0, ly0, lx0 + 5, ly1 - 1), radius=2, fill=style.color)
    gx = lx0 + 12
    step = (ly1 - ly0) // 4
    glyph = font(18, True)
    put_text(draw, (gx, ly0 + step // 2), style.glyph, glyph, style.color, "lm")
    nx = gx + int(text_width(style.glyph, glyph)) + 5
    draw_text(
        draw, (nx, ly0, lx1, ly0 + step), style.name, name_size, bold=True, min_size=BOARD_MIN_TEXT, fill=TEXT
    )
    small = font(BOARD_MIN_TEXT)
    put_text(draw, (gx, ly0 + step + step // 2), f"span {span}", small, TEXT_DIM, "lm")
    cards = f"{total} card{'s' if total != 1 else ''}"
    put_text(draw, (gx, ly0 + 2 * step + step // 2), cards, small, TEXT_FAINT, "lm")
    if ext:
        put_text(draw, (gx, ly0 + 3 * step + step // 2), "extended", small, lighten(style.color, 0.35), "lm")


def _label_tile(
    w: int, h: int, style: SuitStyle, name_size: int, span: str, total: int, ext: bool
) -> Image.Image:
    tile = canvas(w, h, PANEL)
    _draw_label(ImageDraw.Draw(tile), (0, 0, w, h), style, name_size, span, total, ext)
    return tile


def _draw_matrix(
    img: Image.Image,
    lay: BoardLayout,
    view: ChronoView,
    styles: Sequence[SuitStyle],
) -> None:
    band = mix(PANEL, ACCENT, 0.07)
    extended = set(view.rows_extended)
    name_w = LABEL_W - 6 - 12 - 24
    name_size = _common_size([s.name for s in styles], name_w, 18, BOARD_MIN_TEXT)
    for r, style in enumerate(styles):
        lx0, ly0, lx1, ly1 = lay.labels[r]
        lo, hi = view.spans[r] if r < len(view.spans) else (START_EPOCH, START_EPOCH)
        span = roman(lo) if lo == hi else f"{roman(lo)}–{roman(hi)}"
        total = sum(view.piles[r]) if r < len(view.piles) else 0
        ext = r in extended and view.phase != "over"
        lw, lh = lx1 - lx0, ly1 - ly0

        key = ("label", lw, lh, style, name_size, span, total, ext)
        img.paste(
            _TILES.get(key, partial(_label_tile, lw, lh, style, name_size, span, total, ext)), (lx0, ly0)
        )
        piles = view.piles[r] if r < len(view.piles) else ()
        for e in range(1, view.epochs + 1):
            box = lay.cells[r][e - 1]
            count = piles[e - 1] if e - 1 < len(piles) else 0
            bg = band if e == START_EPOCH else PANEL
            if count > 0:
                _cell(img, box, bg, style, e, count, None)
            else:
                is_edge = e in (lo - 1, hi + 1) and view.phase != "over" and r not in extended
                _cell(img, box, bg, style, e, 0, style.color if is_edge else None)


def _draw_status(
    draw: ImageDraw.ImageDraw,
    lay: BoardLayout,
    view: ChronoView,
    styles: Sequence[SuitStyle],
    names: Sequence[str],
) -> None:
    x0, y0, x1, y1 = lay.status
    body = (x0 + PAD, y0 + PAD, x1 - PAD, y1 - PAD)
    who = seat_name(names, view.current) if view.current is not None else ""
    if view.phase == "over":
        headline, head_color = "Game over", TEXT
        detail = _ranking_text(view, names) or "The game has ended."
    elif view.phase == "opening":
        headline = f"Opening: {who} to play" if who else "Opening"
        head_color = ACCENT
        detail = "Only a card of epoch IV, V or VI can open the game."
    else:
        headline = f"{who} to play" if who else "In play"
        head_color = ACCENT
        bits: list[str] = []
        if view.rows_extended:
            ext = ", ".join(styles[r].name for r in view.rows_extended if 0 <= r < len(styles))
            bits.append(f"Extended this turn: {ext}")
        if view.placed_this_turn:
            n = view.placed_this_turn
            bits.append(f"{n} card{'s' if n != 1 else ''} placed this turn")
        if not bits:
            on_matrix = sum(sum(row) for row in view.piles)
            in_hands = sum(s.hand_count for s in view.seats)
            bits = [
                f"{on_matrix} cards on the matrix",
                f"{in_hands} in hands",
                f"{view.deck_count} in the deck",
            ]
        detail = "  ·  ".join(bits)
    head_h = _text_h(22, True) + 6
    head_box = (body[0], body[1], body[2], body[1] + head_h)
    draw_text(draw, head_box, headline, 22, bold=True, min_size=BOARD_MIN_TEXT, fill=head_color, valign="top")
    draw_text(
        draw,
        (body[0], head_box[3], body[2], body[3]),
        detail,
        BOARD_MIN_TEXT,
        min_size=BOARD_MIN_TEXT,
        max_lines=STATUS_DETAIL_LINES,
        fill=TEXT if view.phase == "over" else TEXT_DIM,
        valign="top",
    )


def _draw_players(
    img: Image.Image, draw: ImageDraw.ImageDraw, lay: BoardLayout, view: ChronoView, names: Sequence[str]
) -> None:
    x0, y0, x1, _ = lay.players
    out = sum(1 for s in view.seats if s.out_place is not None)
    info = f"{len(view.seats)} seats · {out} out" if out else f"{len(view.seats)} seats"
    put_text(
        draw, (x1 - PAD - 4, y0 + PAD + SEATS_TITLE_H // 2 - 2), info, font(BOARD_MIN_TEXT), TEXT_DIM, "rm"
    )
    for i, seat in enumerate(view.seats):
        if i >= len(lay.seats):
            break
        x0, y0, x1, y1 = lay.seats[i]
        w, h = x1 - x0, y1 - y0

        key = (
            "seat",
            w,
            h,
            seat.seat,
            seat_name(names, seat.seat),
            view.current == seat.seat and view.phase != "over",
            view.dealer == seat.seat,
            seat.lost,
            seat.out_place,
            seat.hand_count,
        )
        img.paste(_TILES.get(key, partial(_seat_tile, w, h, view, seat.seat, names)), (x0, y0))


def _seat_tile(w: int, h: int, view: ChronoView, seat_no: int, names: Sequence[str]) -> Image.Image:
    tile = canvas(w, h, PANEL)
    _draw_seat(ImageDraw.Draw(tile), (0, 0, w, h), view, seat_no, names)
    return tile


def _draw_seat(
    draw: ImageDraw.ImageDraw, box: Box, view: ChronoView, seat_no: int, names: Sequence[str]
) -> None:
    """A seat's tile: number badge, name over its tags (to play, dealer), and at the right the
    hand size (fanned backs and the number), or the place it went out in, or LOSER."""
    seat = next(s for s in view.seats if s.seat == seat_no)
    x0, y0, x1, y1 = box
    h = y1 - y0
    current = view.current == seat_no and view.phase != "over"
    is_out = seat.out_place is not None
    if current:
        panel(draw, box, fill=PANEL_HI, outline=ACCENT, width=3, radius=10)
    elif seat.lost:
        panel(draw, box, fill=mix(PANEL, DANGER, 0.16), outline=DANGER, width=2, radius=10)
    else:
        panel(draw, box, fill=mix(PANEL, BG, 0.45), radius=10)
    cy = (y0 + y1) // 2
    # seat number badge
    d = 30
    bx = x0 + 10
    draw.ellipse((bx, cy - d // 2, bx + d, cy - d // 2 + d), fill=ACCENT if current else EDGE)
    put_text(
        draw, (bx + d / 2, cy), str(seat_no + 1), font(BOARD_MIN_TEXT, True), BG if current else TEXT, "mm"
    )
    # right block, drawn right to left: finishing place, or LOSER, and the hand size
    rx = x1 - 10
    if is_out and seat.out_place is not None:
        pb = pill(
            draw,
            (rx, cy),
            ordinal(seat.out_place),
            BOARD_MIN_TEXT,
            fill=place_color(seat.out_place),
            text_fill=BG if seat.out_place <= 3 else TEXT,
            anchor="right",
            pad_x=8,
        )
        out_w = draw_line(draw, (pb[0] - 6, cy), "out", BOARD_MIN_TEXT, fill=TEXT_DIM, anchor="rm")
        rx = int(pb[0] - 6 - out_w)
    else:
        if seat.lost:
            pb = pill(draw, (rx, cy), "LOSER", BOARD_MIN_TEXT, fill=DANGER, anchor="right", pad_x=8)
            rx = pb[0] - 8
        rx = _draw_hand_count(draw, rx, cy, h, seat.hand_count)
    # the name on the first line, the tags (to play, dealer) on the second
    tx0 = bx + d + 10
    tx1 = rx - 8
    name = seat_name(names, seat_no)
    name_color = TEXT if not is_out else TEXT_DIM
    tags: list[tuple[str, RGB, RGB]] = []
    if current:
        tags.append(("TO PLAY", ACCENT, BG))
    if view.dealer == seat_no:
        tags.append(("DEALER", (90, 98, 116), TEXT))
    name_bottom = cy + 1 if tags else y1 - 4
    draw_text(
        draw, (tx0, y0 + 3, tx1, name_bottom), name, 18, bold=True, min_size=BOARD_MIN_TEXT, fill=name_color
    )
    tag_y = cy + (y1 - cy) // 2 - 1
    tx = tx0
    for label, fill, ink in tags:
        tx = pill(draw, (tx, tag_y), label, BOARD_MIN_TEXT, fill=fill, text_fill=ink, pad_x=6)[2] + 6


def _draw_hand_count(draw: ImageDraw.ImageDraw, rx1: int, cy: int, h: int, n: int) -> int:
    """Up to 4 fanned card backs and the number, right-aligned at ``rx1``; returns the left x."""
    nf = font(20, True)
    put_text(draw, (rx1, cy), str(n), nf, TEXT, "rm")
    left = int(rx1 - text_width(str(n), nf) - 6)
    ch = max(14, min(28, h - 24))
    cw = int(ch * 0.7)
    step = max(4, cw // 3)
    icons = min(n, 4)
    for k in range(icons):
        ix = left - cw - (icons - 1 - k) * step
        card_back(draw, (ix, cy - ch // 2, ix + cw, cy - ch // 2 + ch))
    return left - cw - (icons - 1) * step if icons else left


def board(view: ChronoView, names: Sequence[str], *, titles: Mapping[str, str] | None = None) -> Image.Image:
    """The public board: matrix, status, players, rules and legend (RGB, ``board_size`` pixels).

    ``names[seat]`` is the display name of each seat (missing/blank -> "P<n>"). ``titles`` (card
    codes to cosmetic titles) is accepted and not drawn: a title on a matrix card could not be
    read at Discord's size; the hand shows them.
    """
    del titles
    styles = suit_styles(view)
    lay = board_layout(len(view.suits), view.epochs, len(view.seats))
    first = styles[0] if styles else SuitStyle("?", "?", UNKNOWN_SUIT, "?")
    img = _background(lay, view.phase == "over", first).copy()
    draw = ImageDraw.Draw(img)
    _draw_header(draw, lay, view)
    _draw_matrix(img, lay, view, styles)
    _draw_status(draw, lay, view, styles, names)
    _draw_players(img, draw, lay, view, names)
    return img


# ---------------------------------------------------------------------------------------------
# Hand


@dataclass(frozen=True)
class HandLayout:
    size: tuple[int, int]
    header: Box
    cards: tuple[Box, ...]
    per_row: int
    compact: bool = False
    """Small cards (more than ``HAND_FULL_MAX``): glyph and numeral only, the suits named once in
    the header (``key``)."""
    key: Box | None = None
    """Where the header names the suits by glyph, for compact cards."""


HAND_MARGIN = 16
HAND_GAP = 12
HAND_HEADER_H = 96
HAND_KEY_H = 26
HAND_TAG_H = 26
HAND_FULL_MAX = 15
"""Up to this many cards, five a row with suit names and titles; more, ten a row, compact."""


def hand_layout(n_cards: int) -> HandLayout:
    """Card boxes for a hand of ``n_cards``: five a row up to ``HAND_FULL_MAX``, then compact ten."""
    inner = HAND_WIDTH - 2 * HAND_MARGIN
    compact = n_cards > HAND_FULL_MAX
    per_row = 10 if compact else 5
    gap = 8 if compact else HAND_GAP
    card_w = int((inner - (per_row - 1) * gap) / per_row)
    card_h = int(card_w * 1.42)
    rows = max(1, -(-n_cards // per_row)) if n_cards else 0
    header_h = HAND_HEADER_H + (HAND_KEY_H if compact else 0)
    header = (HAND_MARGIN, HAND_MARGIN, HAND_WIDTH - HAND_MARGIN, HAND_MARGIN + header_h - 12)
    key = (header[0], header[3] - HAND_KEY_H, header[2], header[3]) if compact else None
    top = HAND_MARGIN + header_h
    pitch_y = card_h + HAND_TAG_H + 10
    boxes: list[Box] = []
    for i in range(n_cards):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n_cards - r * per_row)
        row_w = in_row * card_w + (in_row - 1) * gap
        x = HAND_MARGIN + (inner - row_w) // 2 + c * (card_w + gap)
        y = top + r * pitch_y
        boxes.append((x, y, x + card_w, y + card_h))
    body_h = rows * pitch_y if rows else 90
    height = top + body_h + HAND_MARGIN - 6
    return HandLayout((HAND_WIDTH, height), header, tuple(boxes), per_row, compact, key)


def _hand_caption(view: ChronoView) -> tuple[str, RGB]:
    seat = next((s for s in view.seats if s.seat == view.viewer), None)
    if view.phase == "over":
        if seat is not None and seat.lost:
            return "Game over: you lost (last with cards).", DANGER
        if seat is not None and seat.out_place is not None:
            return f"Game over: you went out {ordinal(seat.out_place)}.", ACCENT
        return "Game over.", TEXT_DIM
    if seat is not None and seat.out_place is not None:
        return f"You are out in {ordinal(seat.out_place)} place. Nothing left to play.", ACCENT
    if view.current != view.viewer:
        return "Not your turn. Your cards:", TEXT_DIM
    if view.must_play:
        try:
            key, epoch = parse_code(view.must_play)
            idx = view.suits.index(key)
            label = f"{view.suit_names[idx]} {roman(epoch)}"
        except (ValueError, IndexError):
            label = view.must_play
        return f"You drew {label}: you must play it now.", ACCENT
    if view.playable:
        n = sum(1 for c in view.hand if c in set(view.playable))
        return f"Your turn: {n} playable card{'s' if n != 1 else ''} highlighted.", ACCENT
    if view.deck_count:
        return "Your turn: nothing playable, draw a card.", ACCENT
    return "Your turn: nothing playable and the deck is empty, you skip.", ACCENT


def _sort_key(view: ChronoView, code: str) -> tuple[int, int, str]:
    try:
        key, epoch = parse_code(code)
    except ValueError:
        return (len(view.suits) + 1, 0, code)
    row = view.suits.index(key) if key in view.suits else len(view.suits)
    return (row, epoch, code)


def hand(view: ChronoView, name: str, *, titles: Mapping[str, str] | None = None) -> Image.Image:
    """The viewer's own cards, playable ones highlighted (``HAND_WIDTH`` wide, height by size).

    Raises ``ValueError`` for a spectator view (``viewer is None``): spectators have no hand.
    """
    if view.viewer is None:
        raise ValueError("a spectator view has no hand to draw")
    all_styles = suit_styles(view)
    styles = {s.key: s for s in all_styles}
    cards = sorted(view.hand, key=lambda c: _sort_key(view, c))
    lay = hand_layout(len(cards))
    img = canvas(*lay.size)
    draw = ImageDraw.Draw(img)
    hx0, hy0, hx1, hy1 = lay.header
    # header: name, count, caption
    count_text = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    cf = font(20, True)
    cw = text_width(count_text, cf)
    put_text(draw, (hx1, hy0 + 17), count_text, cf, TEXT, "rm")
    card_back(draw, (int(hx1 - cw - 30), hy0 + 4, int(hx1 - cw - 10), hy0 + 30))
    draw_text(
        draw,
        (hx0, hy0, int(hx1 - cw - 44), hy0 + 34),
        name or f"P{view.viewer + 1}",
        24,
        bold=True,
        min_size=HAND_MIN_TEXT,
        fill=TEXT,
    )
    caption, color = _hand_caption(view)
    cap_bottom = lay.key[1] if lay.key else hy1
    draw_text(
        draw, (hx0, hy0 + 38, hx1, cap_bottom), caption, 16, min_size=HAND_MIN_TEXT, fill=color, max_lines=2
    )
    if lay.key:
        _draw_suit_key(draw, lay.key, all_styles)
    draw.line((hx0, hy1 + 4, hx1, hy1 + 4), fill=EDGE, width=1)
    playable = set(view.playable) if view.current == view.viewer and view.phase != "over" else set()
    must = view.must_play if view.current == view.viewer else None
    any_playable = bool(playable)
    for code, box in zip(cards, lay.cards, strict=True):
        try:
            key, epoch = parse_code(code)
        except ValueError:
            key, epoch = "?", 0
        style = styles.get(key) or SuitStyle(key, key, UNKNOWN_SUIT, key[:1])
        is_playable = code in playable or code == must
        x0, y0, x1, y1 = box
        if is_playable:
            panel(draw, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), fill=ACCENT, radius=max(6, (x1 - x0) // 9 + 4))
        draw_card(
            draw,
            box,
            style,
            epoch,
            title=titles.get(code) if titles and not lay.compact else None,
            show_suit_name=not lay.compact,
            dim=0.55 if any_playable and not is_playable else 0.0,
            min_text=HAND_MIN_TEXT,
        )
        if is_playable:
            pill(
                draw,
                ((x0 + x1) // 2, y1 + 5 + HAND_TAG_H // 2),
                "PLAY",
                HAND_MIN_TEXT,
                fill=ACCENT,
                text_fill=BG,
                anchor="center",
                pad_x=8,
            )
    if not cards:
        top = lay.header[3] + 14
        draw_text(
            draw,
            (hx0, top, hx1, lay.size[1] - HAND_MARGIN),
            "No cards in hand.",
            22,
            fill=TEXT_DIM,
            align="center",
        )
    return img


def _draw_suit_key(draw: ImageDraw.ImageDraw, box: Box, styles: Sequence[SuitStyle]) -> None:
    """The suits as "♛ Heroes  ⚔ Weapons …" in their colours: compact cards show only the glyph."""
    x, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    bold = font(HAND_MIN_TEXT + 2, True)
    for style in styles:
        put_text(draw, (x, cy), style.glyph, bold, style.color, "lm")
        x += int(text_width(style.glyph, bold)) + 5
        x += int(draw_line(draw, (x, cy), style.name, HAND_MIN_TEXT, fill=TEXT_DIM, max_width=x1 - x)) + 18


__all__ = [
    "BOARD_MAX_HEIGHT",
    "BOARD_MIN_TEXT",
    "BOARD_WIDTH",
    "HAND_MIN_TEXT",
    "HAND_WIDTH",
    "START_EPOCH",
    "SUIT_STYLES",
    "BoardLayout",
    "HandLayout",
    "SuitStyle",
    "board",
    "board_layout",
    "board_size",
    "draw_card",
    "draw_slot",
    "hand",
    "hand_layout",
    "parse_code",
    "seat_name",
    "suit_styles",
]
