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
)

if TYPE_CHECKING:
    from engines.chrono.view import ChronoView

BOARD_WIDTH = 1600
BOARD_MAX_HEIGHT = 900
HAND_WIDTH = 1180
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
) -> None:
    """One face-up card: suit colour, glyph, big Roman numeral, optional pile badge and title.

    ``dim`` (0..1) blends the card towards the background (used for unplayable hand cards).
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    base = mix(style.color, BG, dim) if dim else style.color
    ink = mix(TEXT, BG, dim * 0.8) if dim else (255, 255, 255)
    radius = max(4, w // 9)
    panel(draw, box, fill=base, outline=lighten(base, 0.4), width=2, radius=radius)
    # inner frame
    inset = max(4, w // 14)
    draw.rounded_rectangle(
        (x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset),
        radius=max(2, radius - inset // 2),
        outline=lighten(base, 0.18),
        width=1,
    )
    pad = inset + 3
    top_h = max(14, int(h * 0.17))
    glyph_size = max(10, int(top_h * 0.85))
    gf = font(glyph_size, True)
    put_text(draw, (x0 + pad, y0 + pad + top_h / 2 - 1), style.glyph, gf, ink, "lm")
    if show_suit_name:
        gx = x0 + pad + text_width(style.glyph, gf) + 4
        draw_text(
            draw,
            (int(gx), y0 + pad, x1 - pad, y0 + pad + top_h),
            style.name,
            max(9, int(top_h * 0.72)),
            fill=ink,
            bold=True,
            min_size=8,
        )
    if count > 1:
        badge_size = max(11, int(top_h * 0.8))
        pill(
            draw,
            (x1 - pad + 3, y0 + pad + top_h // 2),
            f"×{count}",
            badge_size,
            fill=darken(base, 0.55),
            text_fill=(255, 255, 255),
            anchor="right",
            pad_x=5,
        )
    title_h = int(h * 0.27) if title else 0
    # numeral
    num = roman(epoch) if 1 <= epoch <= 3999 else str(epoch)
    area = (x0 + pad, y0 + pad + top_h, x1 - pad, y1 - pad - title_h)
    aw, ah = area[2] - area[0], area[3] - area[1]
    size = int(min(ah * 0.8, w * 0.42))
    nf = font(max(10, size), True)
    while size > 10 and text_width(num, nf) > aw:
        size -= 2
        nf = font(size, True)
    cx, cy = (area[0] + area[2]) / 2, (area[1] + area[3]) / 2
    put_text(draw, (cx + 2, cy + 2), num, nf, darken(base, 0.45), "mm")
    put_text(draw, (cx, cy), num, nf, ink, "mm")
    if title:
        band = (x0 + inset + 1, y1 - inset - title_h, x1 - inset - 1, y1 - inset - 1)
        draw.rectangle(band, fill=darken(base, 0.35))
        draw_text(
            draw,
            (band[0] + 3, band[1] + 2, band[2] - 3, band[3] - 2),
            title,
            max(10, min(14, title_h // 2 - 1)),
            fill=ink,
            min_size=8,
            max_lines=2,
            align="center",
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
    size = max(12, (x1 - x0) // 3)
    put_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "+", font(size, True), mix(bg, edge_color, 0.75), "mm")


# ---------------------------------------------------------------------------------------------
# Board layout


@dataclass(frozen=True)
class BoardLayout:
    size: tuple[int, int]
    header: Box
    matrix: Box
    """The matrix panel."""
    status: Box
    """The panel under the matrix (phase text, ranking, legend)."""
    players: Box
    """The players panel on the right."""
    columns: tuple[Box, ...]
    """Numeral header box of each epoch column (index epoch-1)."""
    labels: tuple[Box, ...]
    """Suit label box of each row."""
    cells: tuple[tuple[Box, ...], ...]
    """cells[row][epoch-1]: the card box of that cell."""
    seats: tuple[Box, ...]
    """One row box per seat in the players panel."""

    @property
    def rows(self) -> int:
        return len(self.cells)


MARGIN = 20
GAP = 12
PLAYERS_W = 380
LABEL_W = 156
HEADER_H = 60
MATRIX_PAD = 14
COLUMN_HEAD_H = 44
ROW_GAP = 12
STATUS_MIN_H = 156
SEATS_TITLE_H = 44
SEAT_GAP = 6
SEAT_H_MIN = 66
SEAT_H_MAX = 92


def board_layout(rows: int, epochs: int, seats: int) -> BoardLayout:
    """Where everything goes on the board image for ``rows`` suits x ``epochs`` and ``seats``.

    The width is ``BOARD_WIDTH``; the height grows with the rows and seats (at most
    ``BOARD_MAX_HEIGHT``: 4 suits or 10 seats), so a 3-suit game with few players wastes no space.
    """
    w = BOARD_WIDTH
    rows, epochs, seats = max(1, rows), max(1, epochs), max(1, seats)
    header = (MARGIN, MARGIN, w - MARGIN, MARGIN + HEADER_H)
    body_y = header[3] + GAP
    mx0, mx1 = MARGIN, w - MARGIN - PLAYERS_W - GAP
    grid_x0 = mx0 + MATRIX_PAD + LABEL_W
    col_w = (mx1 - MATRIX_PAD - grid_x0) / epochs
    card_w = min(int(col_w) - 8, 104)
    card_h = int(card_w * 1.4)
    row_pitch = card_h + ROW_GAP
    matrix_h = 2 * MATRIX_PAD + COLUMN_HEAD_H + rows * row_pitch - ROW_GAP
    seats_h = SEATS_TITLE_H + seats * SEAT_H_MIN + (seats - 1) * SEAT_GAP + 12
    body_h = max(matrix_h + GAP + STATUS_MIN_H, seats_h)
    h = body_y + body_h + MARGIN
    players = (w - MARGIN - PLAYERS_W, body_y, w - MARGIN, h - MARGIN)
    matrix = (mx0, body_y, mx1, body_y + matrix_h)
    status = (mx0, matrix[3] + GAP, mx1, h - MARGIN)
    head_y0 = body_y + MATRIX_PAD
    columns = tuple(
        (round(grid_x0 + i * col_w), head_y0, round(grid_x0 + (i + 1) * col_w), head_y0 + COLUMN_HEAD_H)
        for i in range(epochs)
    )
    labels: list[Box] = []
    cells: list[tuple[Box, ...]] = []
    for r in range(rows):
        y0 = head_y0 + COLUMN_HEAD_H + r * row_pitch
        labels.append((mx0 + MATRIX_PAD, y0, grid_x0 - 10, y0 + card_h))
        row: list[Box] = []
        for c in range(epochs):
            left = round(grid_x0 + (c + 0.5) * col_w - card_w / 2)
            row.append((left, y0, left + card_w, y0 + card_h))
        cells.append(tuple(row))
    avail = players[3] - players[1] - SEATS_TITLE_H - 12
    seat_h = min(SEAT_H_MAX, int((avail - (seats - 1) * SEAT_GAP) / seats))
    top = players[1] + SEATS_TITLE_H
    seat_boxes = tuple(
        (players[0] + 12, y, players[2] - 12, y + seat_h)
        for y in (top + i * (seat_h + SEAT_GAP) for i in range(seats))
    )
    return BoardLayout(
        size=(w, h),
        header=header,
        matrix=matrix,
        status=status,
        players=players,
        columns=columns,
        labels=tuple(labels),
        cells=tuple(cells),
        seats=seat_boxes,
    )


def board_size(rows: int, seats: int, epochs: int = 10) -> tuple[int, int]:
    """Pixel size of the board for that many suits (rows) and seats."""
    return board_layout(rows, epochs, seats).size


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


LEGEND_H = 34

_BACKGROUNDS = ImageCache(4_000_000)
"""Board backgrounds by layout (about 1.2 Mpx each): panels, column numerals, legend."""


def _background(lay: BoardLayout, over: bool, style: SuitStyle) -> Image.Image:
    """Everything on the board that depends only on the layout, whether the game is over, and the
    first suit's colour (used by the legend): drawn once per layout and copied for each board."""
    return _BACKGROUNDS.get(("bg", lay, over, style), partial(_draw_background, lay, over, style))


def _draw_background(lay: BoardLayout, over: bool, style: SuitStyle) -> Image.Image:
    img = canvas(*lay.size)
    draw = ImageDraw.Draw(img)
    panel(draw, lay.header, fill=PANEL, radius=14)
    hx0, hy0, _, hy1 = lay.header
    put_text(draw, (hx0 + 20, (hy0 + hy1) // 2), "EPOCHS", font(30, True), TEXT, "lm")
    tx = hx0 + 20 + text_width("EPOCHS", font(30, True)) + 10
    put_text(draw, (tx, (hy0 + hy1) // 2), "CHRONO", font(30), TEXT_DIM, "lm")
    panel(draw, lay.matrix, fill=PANEL, radius=14)
    # start column band
    band = mix(PANEL, ACCENT, 0.07)
    if 1 <= START_EPOCH <= len(lay.columns):
        col = lay.columns[START_EPOCH - 1]
        last = lay.cells[-1][START_EPOCH - 1]
        panel(
            draw,
            (col[0] + 1, col[1] - 4, col[2] - 1, last[3] + 6),
            fill=band,
            radius=10,
        )
    for e, col in enumerate(lay.columns, start=1):
        start = e == START_EPOCH
        cx, cy = (col[0] + col[2]) / 2, (col[1] + col[3]) / 2
        numeral = roman(e) if e <= 3999 else str(e)
        if start:
            put_text(draw, (cx, cy - 6), numeral, font(24, True), ACCENT, "mm")
            put_text(draw, (cx, cy + 15), "start", font(12, True), mix(PANEL, ACCENT, 0.8), "mm")
        else:
            put_text(draw, (cx, cy), numeral, font(24, True), TEXT_DIM, "mm")
    x0, _, x1, y1 = lay.status
    panel(draw, lay.status, fill=PANEL, radius=14)
    px0, px1 = x0 + 22, x1 - 22
    legend_h = LEGEND_H
    ly = y1 - 12 - legend_h // 2
    x = px0
    if not over:
        draw_slot(draw, (x, ly - 14, x + 20, ly + 14), edge_color=style.color)
        x += 28
        x += int(draw_line(draw, (x, ly), "next epoch may go here", 15, fill=TEXT_FAINT)) + 26
    draw.rounded_rectangle((x, ly - 14, x + 20, ly + 14), radius=4, fill=mix(PANEL, ACCENT, 0.18))
    x += 28
    x += int(draw_line(draw, (x, ly), "V: starting column", 15, fill=TEXT_FAINT)) + 26
    b = pill(draw, (x, ly), "×3", 13, fill=darken(style.color, 0.55), pad_x=5)
    x = b[2] + 8
    draw_line(draw, (x, ly), "cards in the pile", 15, fill=TEXT_FAINT, max_width=px1 - x)
    panel(draw, lay.players, fill=PANEL, radius=14)
    put_text(draw, (lay.players[0] + 18, lay.players[1] + 24), "Players", font(22, True), TEXT, "lm")
    return img


def _draw_header(draw: ImageDraw.ImageDraw, lay: BoardLayout, view: ChronoView) -> None:
    _, y0, x1, y1 = lay.header
    cy = (y0 + y1) // 2
    # right side, from the right edge leftwards
    label, color = _phase_label(view.phase)
    b = pill(draw, (x1 - 18, cy), label, 20, fill=color, anchor="right", pad_x=14)
    x = b[0] - 28
    deck = f"Deck {view.deck_count}"
    deck_w = text_width(deck, font(24, True))
    put_text(draw, (x, cy), deck, font(24, True), TEXT, "rm")
    card_back(draw, (int(x - deck_w - 34), cy - 17, int(x - deck_w - 10), cy + 17))
    x = int(x - deck_w - 34 - 32)
    turn = f"Turn {view.turn}"
    put_text(draw, (x, cy), turn, font(24, True), TEXT, "rm")
    x = int(x - text_width(turn, font(24, True)) - 32)
    grid = f"{len(view.suits)} suits × {view.epochs} epochs"
    put_text(draw, (x, cy), grid, font(18), TEXT_FAINT, "rm")


def _common_size(texts: Sequence[str], width: int, size: int, min_size: int) -> int:
    """The largest bold size <= ``size`` at which every text fits ``width`` (else ``min_size``)."""
    for s in range(size, min_size, -1):
        if all(text_width(t, font(s, True)) <= width for t in texts):
            return s
    return min_size


_TILES = ImageCache(3_000_000)
"""Matrix cells (cards, piles and slots), row labels and seat rows by what they show: cells are the
same in every match (~200 of 15 kpx: 4 suits x 10 epochs x pile sizes); 3 Mpx is about 12 MB."""


def _cell(
    img: Image.Image,
    box: Box,
    bg: RGB,
    style: SuitStyle,
    epoch: int,
    count: int,
    title: str | None,
    edge_color: RGB | None,
) -> None:
    """A matrix cell (a pile when ``count`` > 0, else a slot) on a ``bg`` background, from the cache."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def make() -> Image.Image:
        tile = canvas(w, h, bg)
        d = ImageDraw.Draw(tile)
        if count > 0:
            draw_card(d, (0, 0, w, h), style, epoch, count=count, title=title)
        else:
            draw_slot(d, (0, 0, w, h), edge_color=edge_color)
        return tile

    key = (w, h, bg, style, epoch, count, title, None if count > 0 else edge_color)
    img.paste(_TILES.get(key, make), (x0, y0))


def _draw_label(
    draw: ImageDraw.ImageDraw, box: Box, style: SuitStyle, name_size: int, span: str, total: int, ext: bool
) -> None:
    """A matrix row's label: suit colour bar, glyph, name, span of epochs, card count."""
    lx0, ly0, lx1, ly1 = box
    draw.rounded_rectangle((lx0, ly0, lx0 + 7, ly1 - 1), radius=3, fill=style.color)
    gx = lx0 + 18
    put_text(draw, (gx, ly0 + 24), style.glyph, font(24, True), style.color, "lm")
    draw_text(
        draw, (gx + 34, ly0 + 8, lx1, ly0 + 40), style.name, name_size, bold=True, min_size=13, fill=TEXT
    )
    draw_text(draw, (gx, ly0 + 44, lx1, ly0 + 66), f"span {span}", 16, fill=TEXT_DIM, min_size=11)
    cards = f"{total} card{'s' if total != 1 else ''}"
    draw_text(draw, (gx, ly0 + 66, lx1, ly0 + 88), cards, 16, fill=TEXT_FAINT, min_size=11)
    if ext:
        pill(draw, (gx, ly1 - 14), "extended", 13, fill=mix(PANEL, style.color, 0.5))


def _label_tile(
    w: int, h: int, style: SuitStyle, name_size: int, span: str, total: int, ext: bool
) -> Image.Image:
    tile = canvas(w, h, PANEL)
    _draw_label(ImageDraw.Draw(tile), (0, 0, w, h), style, name_size, span, total, ext)
    return tile


def _draw_matrix(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    lay: BoardLayout,
    view: ChronoView,
    styles: Sequence[SuitStyle],
    titles: Mapping[str, str] | None,
) -> None:
    band = mix(PANEL, ACCENT, 0.07)
    extended = set(view.rows_extended)
    name_size = _common_size([s.name for s in styles], LABEL_W - 10 - 52, 22, 13)
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
                title = titles.get(f"{style.key}{e}") if titles else None
                _cell(img, box, bg, style, e, count, title, None)
            else:
                is_edge = e in (lo - 1, hi + 1) and view.phase != "over" and r not in extended
                _cell(img, box, bg, style, e, 0, None, style.color if is_edge else None)


RULE_HINTS = (
    "•  Stack any copies on a pile of the same suit and epoch.",
    "•  Add a new epoch only at a row's edge (+): one new epoch per row per turn, no gaps.",
    "•  No playable card? Draw one: play it at once if it fits, else your turn is skipped.",
    "•  Empty your hand to go out. The last player still holding cards loses.",
)


def _draw_status(
    draw: ImageDraw.ImageDraw,
    lay: BoardLayout,
    view: ChronoView,
    styles: Sequence[SuitStyle],
    names: Sequence[str],
) -> None:
    x0, y0, x1, y1 = lay.status
    px0, px1 = x0 + 22, x1 - 22
    legend_h = LEGEND_H
    body = (px0, y0 + 14, px1, y1 - legend_h - 10)
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
    bh = body[3] - body[1]
    head_box = (body[0], body[1], body[2], body[1] + min(46, bh // 2))
    draw_text(draw, head_box, headline, 32, bold=True, min_size=18, fill=head_color)
    fit = draw_text(
        draw,
        (body[0], head_box[3] + 4, body[2], body[3]),
        detail,
        20,
        min_size=14,
        max_lines=4,
        fill=TEXT if view.phase == "over" else TEXT_DIM,
        valign="top",
    )
    if view.phase != "over":
        # a short rules reminder, as many lines as there is room for
        y = fit.extent[3] + 16
        hint_font = font(17)
        step = line_height(hint_font) + 6
        for hint in RULE_HINTS:
            if y + step > body[3]:
                break
            draw_line(draw, (body[0], y), hint, 17, fill=TEXT_FAINT, max_width=body[2] - body[0], anchor="la")
            y += step


def _draw_players(
    img: Image.Image, draw: ImageDraw.ImageDraw, lay: BoardLayout, view: ChronoView, names: Sequence[str]
) -> None:
    x0, y0, x1, _ = lay.players
    out = sum(1 for s in view.seats if s.out_place is not None)
    info = f"{len(view.seats)} seats · {out} out" if out else f"{len(view.seats)} seats"
    put_text(draw, (x1 - 18, y0 + 24), info, font(16), TEXT_DIM, "rm")
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
    d = max(18, min(34, h - 18))
    bx = x0 + 12
    draw.ellipse((bx, cy - d // 2, bx + d, cy - d // 2 + d), fill=ACCENT if current else EDGE)
    put_text(
        draw,
        (bx + d / 2, cy),
        str(seat_no + 1),
        font(max(10, int(d * 0.5)), True),
        BG if current else TEXT,
        "mm",
    )
    # right block, drawn right to left: finishing place, or LOSER, and the hand size
    rx = x1 - 12
    size = max(12, min(19, h // 3))
    if is_out and seat.out_place is not None:
        pb = pill(
            draw,
            (rx, cy),
            ordinal(seat.out_place),
            size,
            fill=place_color(seat.out_place),
            text_fill=BG if seat.out_place <= 3 else TEXT,
            anchor="right",
            pad_x=10,
        )
        out_w = draw_line(draw, (pb[0] - 8, cy), "out", max(11, size - 3), fill=TEXT_DIM, anchor="rm")
        rx = int(pb[0] - 8 - out_w)
    else:
        if seat.lost:
            pb = pill(draw, (rx, cy), "LOSER", size, fill=DANGER, anchor="right", pad_x=10)
            rx = pb[0] - 10
        rx = _draw_hand_count(draw, rx, cy, h, seat.hand_count)
    # name, then tags (to play, dealer) on a second line or squeezed at the right
    tx0 = bx + d + 12
    tx1 = rx - 10
    name = seat_name(names, seat_no)
    name_color = TEXT if not is_out else TEXT_DIM
    tags: list[tuple[str, RGB, RGB]] = []
    if current:
        tags.append(("TO PLAY", ACCENT, BG))
    if view.dealer == seat_no:
        tags.append(("DEALER", (90, 98, 116), TEXT))
    tag_size = max(11, min(14, h // 5))
    if h >= 54:
        name_size = min(22, h // 3 + 2)
        name_bottom = cy + 2 if tags else y1 - 6
        draw_text(
            draw,
            (tx0, y0 + 6, tx1, name_bottom),
            name,
            name_size,
            bold=True,
            min_size=name_size - 4,
            fill=name_color,
        )
        tag_y = cy + (y1 - cy) // 2 - 1
        tx = tx0
        for label, fill, ink in tags:
            tx = pill(draw, (tx, tag_y), label, tag_size, fill=fill, text_fill=ink, pad_x=7)[2] + 6
    else:
        for label, fill, ink in reversed(tags):
            tx1 = (
                pill(draw, (tx1, cy), label, tag_size, fill=fill, text_fill=ink, anchor="right", pad_x=6)[0]
                - 6
            )
        draw_text(
            draw,
            (tx0, y0 + 2, tx1, y1 - 2),
            name,
            max(14, h // 2),
            bold=True,
            min_size=max(11, h // 2 - 4),
            fill=name_color,
        )


def _draw_hand_count(draw: ImageDraw.ImageDraw, rx1: int, cy: int, h: int, n: int) -> int:
    """Up to 4 fanned card backs and the number, right-aligned at ``rx1``; returns the left x."""
    nf = font(max(14, min(26, h // 2 - 4)), True)
    put_text(draw, (rx1, cy), str(n), nf, TEXT, "rm")
    left = int(rx1 - text_width(str(n), nf) - 8)
    ch = max(14, min(30, h - 28))
    cw = int(ch * 0.7)
    step = max(4, cw // 3)
    icons = min(n, 4)
    for k in range(icons):
        ix = left - cw - (icons - 1 - k) * step
        card_back(draw, (ix, cy - ch // 2, ix + cw, cy - ch // 2 + ch))
    return left - cw - (icons - 1) * step if icons else left


def board(view: ChronoView, names: Sequence[str], *, titles: Mapping[str, str] | None = None) -> Image.Image:
    """The public board: matrix, players, deck, turn and phase (RGB, ``board_size`` pixels).

    ``names[seat]`` is the display name of each seat (missing/blank -> "P<n>"). ``titles`` maps
    card codes ("H5") to cosmetic titles drawn small on each card.
    """
    styles = suit_styles(view)
    lay = board_layout(len(view.suits), view.epochs, len(view.seats))
    first = styles[0] if styles else SuitStyle("?", "?", UNKNOWN_SUIT, "?")
    img = _background(lay, view.phase == "over", first).copy()
    draw = ImageDraw.Draw(img)
    _draw_header(draw, lay, view)
    _draw_matrix(img, draw, lay, view, styles, titles)
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


HAND_MARGIN = 28
HAND_GAP = 14
HAND_HEADER_H = 112
HAND_TAG_H = 26


def hand_layout(n_cards: int) -> HandLayout:
    """Card boxes for a hand of ``n_cards``: 10 per row up to 30 cards, then smaller cards in 4 rows."""
    inner = HAND_WIDTH - 2 * HAND_MARGIN
    per_row = 10 if n_cards <= 30 else -(-n_cards // 4)
    card_w = int((inner - (per_row - 1) * HAND_GAP) / per_row)
    card_w = min(card_w, 100)
    card_h = int(card_w * 1.42)
    rows = max(1, -(-n_cards // per_row)) if n_cards else 0
    header = (HAND_MARGIN, HAND_MARGIN, HAND_WIDTH - HAND_MARGIN, HAND_MARGIN + HAND_HEADER_H - 16)
    top = HAND_MARGIN + HAND_HEADER_H
    pitch_y = card_h + HAND_TAG_H + 12
    boxes: list[Box] = []
    for i in range(n_cards):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n_cards - r * per_row)
        row_w = in_row * card_w + (in_row - 1) * HAND_GAP
        x = HAND_MARGIN + (inner - row_w) // 2 + c * (card_w + HAND_GAP)
        y = top + r * pitch_y
        boxes.append((x, y, x + card_w, y + card_h))
    body_h = rows * pitch_y if rows else 150
    height = top + body_h + HAND_MARGIN - 6
    return HandLayout((HAND_WIDTH, height), header, tuple(boxes), per_row)


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
    styles = {s.key: s for s in suit_styles(view)}
    cards = sorted(view.hand, key=lambda c: _sort_key(view, c))
    lay = hand_layout(len(cards))
    img = canvas(*lay.size)
    draw = ImageDraw.Draw(img)
    hx0, hy0, hx1, hy1 = lay.header
    # header: name, count, caption
    count_text = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    cf = font(24, True)
    cw = text_width(count_text, cf)
    put_text(draw, (hx1, hy0 + 22), count_text, cf, TEXT, "rm")
    card_back(draw, (int(hx1 - cw - 36), hy0 + 6, int(hx1 - cw - 12), hy0 + 38))
    draw_text(
        draw,
        (hx0, hy0, int(hx1 - cw - 56), hy0 + 44),
        name or f"P{view.viewer + 1}",
        32,
        bold=True,
        min_size=18,
        fill=TEXT,
    )
    caption, color = _hand_caption(view)
    draw_text(draw, (hx0, hy0 + 50, hx1, hy1), caption, 22, min_size=14, fill=color, max_lines=2)
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
            panel(draw, (x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=ACCENT, radius=max(6, (x1 - x0) // 9 + 4))
        draw_card(
            draw,
            box,
            style,
            epoch,
            title=titles.get(code) if titles else None,
            show_suit_name=True,
            dim=0.55 if any_playable and not is_playable else 0.0,
        )
        if is_playable:
            pill(
                draw,
                ((x0 + x1) // 2, y1 + 5 + HAND_TAG_H // 2),
                "PLAY",
                13,
                fill=ACCENT,
                text_fill=BG,
                anchor="center",
                pad_x=10,
            )
    if not cards:
        top = lay.header[3] + 20
        draw_text(
            draw,
            (hx0, top, hx1, lay.size[1] - HAND_MARGIN),
            "No cards in hand.",
            26,
            fill=TEXT_DIM,
            align="center",
        )
    return img


__all__ = [
    "BOARD_MAX_HEIGHT",
    "BOARD_WIDTH",
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
