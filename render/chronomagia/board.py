"""The Chronomagia board: the shared Time track between the two players' halves, each with Life,
Armor, counts, Hero, Location, Phenomenon, what it would produce now, its creatures and its
face-down Shadows; the step and what the active player collected this turn at the bottom.

Layout, top to bottom: a heading (turn, whose step), the seat away from the reader, the Time track,
the reader's seat (seat 0 on a public board), and a footer (collected this turn, the last Attack
Collection, who is to choose what, or the result). The track is 30 cells in the three Epochs'
colours with the marker's cell raised and framed, each Epoch's name over its band and Century
numbers under it, so "Epoch 2, Century 3" reads as a place on a line as well as in words.

A creature is a tile: its name, the resource window of its effective Epoch as pips with numbers
(faded when it would not produce now), and a chip for each state that matters: Tapped, Trapped,
Sick (Embodiment Sickness), and "Epoch N" when a Time Shift gave it a personal epoch. A face-down
Shadow is a card back, never named: not even from a view that may see it (its controller's), so
the board drawn from a seat's view is the spectator's board, safe to post in a public channel
(only which seat is at the bottom follows ``view.viewer``).

Drawn 900 px wide with nothing under 18 px, so Discord's 550 px inline copy keeps text at 11 px.
Only the view is read. Tiles and the track are cached on everything they show (``ImageCache``), so
a board drawn from the cache has the same pixels as one drawn afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engines.chronomagia.cards import card
from engines.chronomagia.view import ChronomagiaView, HeroView, PermView, SeatView, ShadowView
from render.chronomagia import words
from render.chronomagia.glyphs import RESOURCE_COLOURS, epoch_colour, glyph_only, pip
from render.chronomagia.words import say
from render.common import (
    ACCENT,
    BG,
    CARD_BACK,
    DANGER,
    EDGE,
    GOLD,
    INFO,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    Box,
    Font,
    ImageCache,
    canvas,
    darken,
    ellipsize,
    font,
    lighten,
    line_height,
    mix,
    panel,
    text_width,
)
from render.labels import Label, Pen

WIDTH = 900
PAD = 16
INNER = 12
MIN_TEXT = 18
"""18 px at 900 is 11 px in Discord's 550 px copy."""
HEAD_H = 56
TRACK_H = 138
BOX_H = 100
TILE_GAP = 8
TILES_PER_ROW = 5
TILE_W = (WIDTH - 2 * PAD - 2 * INNER - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
TILE_NAME_H = 52
NAME_LINE = 22
PIP = 24
CHIP = 18
TRACK_END = 30
EPOCH_STARTS = (1, 16, 26)

_TILES = ImageCache(3_000_000)
_TRACKS = ImageCache(2_000_000)


def epoch_century(pos: int) -> tuple[int, int]:
    """(Epoch, Century) of a track position (1-15: Epoch 1, 16-25: Epoch 2, 26-30: Epoch 3)."""
    e = 3 if pos >= EPOCH_STARTS[2] else 2 if pos >= EPOCH_STARTS[1] else 1
    return e, pos - EPOCH_STARTS[e - 1] + 1


# ------------------------------------------------------------------------------ the Time track


TRACK_X0 = PAD + INNER
CELL_GAP = 2
CELL_W = (WIDTH - 2 * TRACK_X0 - (TRACK_END - 1) * CELL_GAP) // TRACK_END


def cell_box(pos: int, top: int) -> Box:
    """The track cell of position ``pos`` (1-30) in a track drawn at ``top``."""
    x = TRACK_X0 + (pos - 1) * (CELL_W + CELL_GAP) + _track_offset()
    return (x, top + 66, x + CELL_W, top + 98)


def _track_offset() -> int:
    used = TRACK_END * CELL_W + (TRACK_END - 1) * CELL_GAP
    return (WIDTH - 2 * TRACK_X0 - used) // 2


def _track(pen: Pen, time: int, top: int, lang: str) -> None:
    if pen.recording:
        tile = canvas(WIDTH, TRACK_H)
        _draw_track(pen.child(tile, 0, top), time, lang)
    else:

        def make() -> Image.Image:
            img = canvas(WIDTH, TRACK_H)
            _draw_track(Pen(img), time, lang)
            return img

        tile = _TRACKS.get(("track", time, lang), make)
    pen.img.paste(tile, (0, top))


def _draw_track(pen: Pen, time: int, lang: str) -> None:
    epoch, century = epoch_century(time)
    panel(pen.draw, (PAD, 0, WIDTH - PAD, TRACK_H), fill=PANEL, outline=epoch_colour(epoch), width=2)
    head = (
        f"{say('epoch', lang)} {epoch} · {words.epoch_name(epoch, lang)} · {say('century', lang)} {century}"
    )
    pos_text = say("of_track", lang, p=time)
    box = pen.line((WIDTH - PAD - INNER, 20), pos_text, 18, fill=TEXT_DIM, anchor="rm")
    pen.line(
        (TRACK_X0, 20),
        head,
        22,
        bold=True,
        fill=lighten(epoch_colour(epoch), 0.45),
        max_width=box[0] - TRACK_X0 - 12,
    )
    for e in (1, 2, 3):
        first = EPOCH_STARTS[e - 1]
        last = EPOCH_STARTS[e] - 1 if e < 3 else TRACK_END
        a, b = cell_box(first, 0), cell_box(last, 0)
        colour = epoch_colour(e)
        # the band's name over it, centred
        pen.line(
            ((a[0] + b[2]) / 2, 45),
            f"{say('epoch', lang)} {e}",
            18,
            bold=e == epoch,
            fill=lighten(colour, 0.35) if e == epoch else mix(colour, TEXT_DIM, 0.5),
            anchor="mm",
            max_width=b[2] - a[0],
        )
        for pos in range(first, last + 1):
            x0, y0, x1, y1 = cell_box(pos, 0)
            c = pos - first + 1
            if pos == time:
                continue
            fill = darken(colour, 0.35) if e == epoch else darken(colour, 0.6)
            pen.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
            if c == 1 or c % 5 == 0:
                pen.line(((x0 + x1) / 2, 118), str(c), 18, fill=TEXT_DIM, anchor="mm")
    x0, y0, x1, y1 = cell_box(time, 0)
    colour = epoch_colour(epoch)
    pen.draw.rectangle((x0 - 4, y0 - 7, x1 + 3, y1 + 6), fill=lighten(colour, 0.25), outline=ACCENT, width=3)
    pen.line(((x0 + x1) / 2, (y0 + y1) / 2), str(century), 18, bold=True, fill=(20, 20, 24), anchor="mm")
    cx = (x0 + x1) / 2
    pen.draw.polygon([(cx - 8, y1 + 15), (cx + 8, y1 + 15), (cx, y1 + 7)], fill=ACCENT)


# ------------------------------------------------------------------------------ pieces


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Words of ``text`` split after their hyphens: (piece, whether a space follows it)."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        parts = word.split("-")
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            out.append((part if last else part + "-", last))
    return out


def _break(piece: str, fnt: Font, width: float) -> list[str]:
    """A piece wider than ``width`` cut into parts that fit, each but the last ending in "-"."""
    out: list[str] = []
    cur = ""
    for ch in piece:
        if cur and text_width(cur + ch + "-", fnt) > width:
            out.append(cur + "-")
            cur = ch
        else:
            cur += ch
    return [*out, cur]


def wrap_name(text: str, fnt: Font, width: float, max_lines: int) -> list[str]:
    """A card name in at most ``max_lines`` lines of ``width``: broken between words first, then
    after a hyphen ("Гоблин-" / "поджигатель"), and only then inside a word, with a hyphen (a
    narrow tile must not show "Крестонос" / "ец"). The last line is ellipsized if it is still long."""
    lines: list[str] = []
    cur = ""
    for piece, space in _tokens(text):
        cand = cur + piece
        if not cur or text_width(cand, fnt) <= width:
            if text_width(cand, fnt) > width:  # a lone piece too wide: cut it
                *full, cand = _break(cand, fnt, width)
                lines.extend(full)
            cur = cand + (" " if space else "")
            continue
        lines.append(cur.rstrip())
        cur = piece
        if text_width(cur, fnt) > width:
            *full, cur = _break(cur, fnt, width)
            lines.extend(full)
        cur += " " if space else ""
    if cur.strip():
        lines.append(cur.rstrip())
    if len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], ellipsize(rest, fnt, width)]
    return lines


def name_block(
    pen: Pen,
    text: str,
    x: int,
    y: int,
    width: int,
    size: int,
    max_lines: int,
    fill: RGB = TEXT,
    bold: bool = True,
) -> int:
    """A wrapped card name from ``(x, y)`` (top left); returns the bottom. A bold name with a word
    too wide for ``width`` is drawn in the regular weight, which is narrower, before any word is
    cut ("Монастырский" fits a tile that way)."""
    if bold and any(text_width(piece, font(size, True)) > width for piece, _ in _tokens(text)):
        bold = False
    fnt = font(size, bold)
    step = line_height(fnt)
    for line in wrap_name(text, fnt, width, max_lines):
        pen.line((x, y), line, size, bold=bold, fill=fill, anchor="la")
        y += step
    return y


def res_flow(
    pen: Pen,
    res: Sequence[tuple[str, int]],
    x: int,
    y: int,
    right: int,
    bg: RGB,
    dim: float = 0.0,
    d: int = PIP,
    size: int = 20,
) -> tuple[int, int]:
    """Pips with numbers from ``(x, y)`` (top left), wrapping before ``right``; returns the end of
    the last one and the bottom."""
    fnt = font(size, True)
    left = x
    line = max(d, size + 4)
    bottom = y + line
    fill = mix(TEXT, bg, dim)
    for r, n in res:
        w = d + 3 + round(text_width(str(n), fnt))
        if x > left and x + w > right:
            x, y = left, y + line + 4
            bottom = y + line
        pen.paste(pip(r, d, bg, dim), (x, y + (line - d) // 2), name=f"{r} pip")
        pen.line((x + d + 3, y + line / 2), str(n), size, bold=True, fill=fill, anchor="lm")
        x += w + 9
    return x, bottom


def _status_chips(pv: PermView, lang: str) -> list[tuple[str, RGB]]:
    out: list[tuple[str, RGB]] = []
    if pv.tapped:
        out.append((say("tapped", lang), darken(INFO, 0.35)))
    if pv.trapped:
        out.append((say("trapped", lang), darken(DANGER, 0.3)))
    if pv.sick:
        out.append((say("sick", lang), darken(SUCCESS, 0.45)))
    if pv.shifted:
        out.append((say("epoch_n", lang, e=pv.epoch), darken(epoch_colour(pv.epoch), 0.2)))
    return out


def _chips_flow(pen: Pen, chips: Sequence[tuple[str, RGB]], x: int, y: int, right: int) -> int:
    """Chips from ``(x, y)`` (top left), wrapping before ``right``; returns the bottom."""
    fnt = font(CHIP, True)
    h = 26
    left = x
    bottom = y
    for text, fill in chips:
        w = round(text_width(text, fnt)) + 2 * (CHIP // 2)
        if x > left and x + w > right:
            x, y = left, y + h + 4
        box = pen.chip((x, y + h // 2), text, CHIP, fill=fill)
        bottom = box[3]
        x = box[2] + 5
    return bottom


@dataclass(frozen=True)
class _TileKey:
    card: str
    epoch: int
    shifted: bool
    tapped: bool
    trapped: bool
    sick: bool
    resources: tuple[tuple[str, int], ...] | None
    producing: bool
    lang: str
    height: int


def _key(pv: PermView, lang: str, height: int) -> _TileKey:
    return _TileKey(
        pv.card,
        pv.epoch,
        pv.shifted,
        pv.tapped,
        pv.trapped,
        pv.sick,
        pv.resources,
        pv.producing,
        lang,
        height,
    )


def _tile_fill(k: _TileKey) -> RGB:
    base = darken(epoch_colour(k.epoch), 0.62)
    return mix(base, SLOT, 0.55) if k.tapped or k.trapped else base


def _draw_tile(pen: Pen, k: _TileKey) -> int:
    """A creature tile drawn at (0, 0) of ``pen``; returns the height its content needs."""
    w = TILE_W
    fill = _tile_fill(k)
    outline = lighten(epoch_colour(k.epoch), 0.2) if not k.tapped else EDGE
    panel(pen.draw, (0, 0, w, k.height), fill=fill, outline=outline, width=2, radius=10)
    c = card(k.card)
    y = name_block(pen, words.name(c, k.lang), 8, 6, w - 16, 18, 3, TEXT if not k.tapped else TEXT_DIM) + 6
    if k.resources:
        _, y = res_flow(pen, k.resources, 8, y, w - 6, fill, 0.0 if k.producing else 0.45)
    else:
        pen.line((8, y + 12), "—", 20, fill=TEXT_DIM)
        y += 24
    chips = _status_chips(
        PermView(0, k.card, "", k.epoch, k.shifted, k.tapped, k.trapped, k.sick, 0, None, False, 0, False),
        k.lang,
    )
    if chips:
        y = _chips_flow(pen, chips, 8, y + 6, w - 6)
    return y + 8


def tile_height(pv: PermView, lang: str) -> int:
    """The height a creature's tile needs."""
    return _needed(_key(pv, lang, 400))


@lru_cache(maxsize=4096)
def _needed(k: _TileKey) -> int:
    """A dry run of the tile into a throwaway image (cached: the same few tiles come back)."""
    return _draw_tile(Pen(canvas(TILE_W, k.height)), k)


def _tile(pen: Pen, pv: PermView, x: int, y: int, height: int, lang: str) -> None:
    k = _key(pv, lang, height)
    if pen.recording:
        tile = canvas(TILE_W, height, PANEL)
        _draw_tile(pen.child(tile, x, y), k)
    else:

        def make() -> Image.Image:
            img = canvas(TILE_W, height, PANEL)
            _draw_tile(Pen(img), k)
            return img

        tile = _TILES.get(("tile", k), make)
    pen.img.paste(tile, (x, y))


def _shadow_tile(pen: Pen, sh: ShadowView, x: int, y: int, height: int, lang: str) -> None:
    box = (x, y, x + TILE_W, y + height)
    panel(pen.draw, box, fill=darken(CARD_BACK, 0.25), outline=lighten(CARD_BACK, 0.35), width=2, radius=10)
    inset = (x + 10, y + 10, x + TILE_W - 10, y + height - 10)
    pen.draw.rounded_rectangle(
        (inset[0], inset[1], inset[2] - 1, inset[3] - 1), radius=8, outline=lighten(CARD_BACK, 0.15), width=1
    )
    pen.line((x + TILE_W / 2, y + 30), say("shadow", lang), 20, bold=True, anchor="mm", max_width=TILE_W - 28)
    label = say("face_down", lang)  # even in a view that may see it: the board is public
    pen.text(
        (x + 14, y + 42, x + TILE_W - 14, y + height - 8),
        label,
        18,
        fill=TEXT_DIM,
        max_lines=3,
        min_size=MIN_TEXT,
        align="center",
        valign="top",
    )


# ------------------------------------------------------------------------------ a seat


BOXES_W = WIDTH - 2 * PAD - 2 * INNER
_BOXES = ImageCache(2_000_000)


def _boxes(pen: Pen, s: SeatView, y: int, lang: str) -> None:
    """The Hero, Location and Phenomenon boxes of a seat (a cached tile: they change seldom)."""
    loc = next((p for p in s.field if p.kind == "location"), None)
    phen = next((p for p in s.field if p.kind == "phenomenon"), None)
    x = PAD + INNER
    if pen.recording:
        tile = canvas(BOXES_W, BOX_H, PANEL)
        _draw_boxes(pen.child(tile, x, y), s.hero, loc, phen, lang)
    else:

        def make() -> Image.Image:
            img = canvas(BOXES_W, BOX_H, PANEL)
            _draw_boxes(Pen(img), s.hero, loc, phen, lang)
            return img

        tile = _BOXES.get(("boxes", s.hero, loc, phen, lang), make)
    pen.img.paste(tile, (x, y))


def _draw_boxes(
    pen: Pen, hero_view: HeroView, loc: PermView | None, phen: PermView | None, lang: str
) -> None:
    w = (BOXES_W - 2 * 8) // 3
    x, y = 0, 0
    hero_box = (x, y, x + w, y + BOX_H)
    panel(pen.draw, hero_box, fill=PANEL_HI, outline=darken(GOLD, 0.35), width=2, radius=10)
    hero = card(hero_view.card)
    pen.line(
        (x + 10, y + 16),
        hero.type_line_ru if words.ru(lang) else hero.type_line,
        18,
        fill=TEXT_DIM,
        max_width=w / 2,
    )
    pen.chip(
        (x + w - 8, y + 17),
        say("counter_1" if hero_view.counters == 1 else "counters_n", lang, n=hero_view.counters),
        CHIP,
        fill=darken(GOLD, 0.35),
        anchor="right",
    )
    pen.text(
        (x + 10, y + 32, x + w - 10, y + BOX_H - 8),
        words.name(hero, lang),
        20,
        bold=True,
        max_lines=2,
        min_size=MIN_TEXT,
    )
    for i, kind in enumerate(("location", "phenomenon")):
        bx = x + (i + 1) * (w + 8)
        box = (bx, y, bx + w, y + BOX_H)
        pv = loc if kind == "location" else phen
        if pv is None:
            panel(pen.draw, box, fill=SLOT, radius=10)
            pen.line(
                (bx + w / 2, y + BOX_H / 2),
                say(f"no_{kind}", lang),
                18,
                fill=TEXT_DIM,
                anchor="mm",
                max_width=w - 16,
            )
            continue
        c = card(pv.card)
        fill = darken(epoch_colour(pv.epoch), 0.62)
        panel(pen.draw, box, fill=fill, outline=lighten(epoch_colour(pv.epoch), 0.15), width=2, radius=10)
        pen.line((bx + 10, y + 16), say(kind, lang), 18, fill=TEXT_DIM, max_width=w / 2 - 10)
        key = "lives_n" if kind == "location" else "time_n"
        pen.chip(
            (bx + w - 8, y + 17),
            say(key, lang, n=pv.counters, m=c.lives),
            CHIP,
            fill=darken(SUCCESS if kind == "location" else GOLD, 0.4),
            anchor="right",
        )
        pen.text(
            (bx + 10, y + 33, bx + w - 10, y + 59), words.name(c, lang), 20, bold=True, min_size=MIN_TEXT
        )
        end = bx + 10
        if pv.resources:
            end, _ = res_flow(
                pen,
                pv.resources,
                bx + 10,
                y + 62,
                bx + w - 6,
                fill,
                0.0 if pv.producing else 0.45,
                d=22,
                size=18,
            )
        fnt = font(CHIP, True)
        for text, chip_fill in _status_chips(pv, lang):
            cw = round(text_width(text, fnt)) + 2 * (CHIP // 2)
            if end + cw > bx + w - 6:
                break
            end = pen.chip((end, y + 75), text, CHIP, fill=chip_fill)[2] + 5


SEAT_TOP = 8 + 48 + 30 + 8
"""From a seat panel's top to its Hero, Location and Phenomenon boxes."""
TILES_TOP = SEAT_TOP + BOX_H + 8 + 36
"""From a seat panel's top to its first row of tiles."""


def _seat_height(s: SeatView, lang: str) -> int:
    return TILES_TOP + _tiles_height(s, lang) + 10


def _tile_places(s: SeatView, y: int, lang: str) -> list[tuple[PermView | ShadowView, Box]]:
    """Each creature's and face-down Shadow's tile in a seat panel drawn at ``y``."""
    creatures = [p for p in s.field if p.kind not in ("location", "phenomenon")]
    items: list[PermView | ShadowView] = [*creatures, *s.shadows]
    out: list[tuple[PermView | ShadowView, Box]] = []
    yt = y + TILES_TOP
    for r, h in enumerate(_tile_rows(s, lang)):
        for i, item in enumerate(items[r * TILES_PER_ROW : (r + 1) * TILES_PER_ROW]):
            tx = PAD + INNER + i * (TILE_W + TILE_GAP)
            out.append((item, (tx, yt, tx + TILE_W, yt + h)))
        yt += h + TILE_GAP
    return out


def _tile_rows(s: SeatView, lang: str) -> list[int]:
    creatures = [p for p in s.field if p.kind not in ("location", "phenomenon")]
    n = len(creatures) + len(s.shadows)
    if n == 0:
        return []
    heights = [tile_height(p, lang) for p in creatures] + [100] * len(s.shadows)
    return [max(100, *heights[i : i + TILES_PER_ROW]) for i in range(0, n, TILES_PER_ROW)]


def _tiles_height(s: SeatView, lang: str) -> int:
    rows = _tile_rows(s, lang)
    return sum(rows) + TILE_GAP * max(0, len(rows) - 1) if rows else 0


def _seat(pen: Pen, view: ChronomagiaView, s: SeatView, name: str, y: int, lang: str) -> int:
    height = _seat_height(s, lang)
    active = view.active == s.seat
    panel(
        pen.draw,
        (PAD, y, WIDTH - PAD, y + height),
        fill=PANEL,
        outline=ACCENT if active else EDGE,
        width=3 if active else 1,
    )
    x = PAD + INNER
    right = WIDTH - PAD - INNER
    # Life and Armor, right
    yc = y + 8 + 24
    armor = str(s.hero.armor)
    box = pen.line((right, yc), armor, 30, bold=True, anchor="rm")
    g = 30
    pen.paste(
        glyph_only("armor", g, RESOURCE_COLOURS["armor"], PANEL), (box[0] - g - 6, yc - g // 2), name="Armor"
    )
    box = pen.line((box[0] - g - 16, yc), say("armor", lang), 18, fill=TEXT_DIM, anchor="rm")
    life_fill = DANGER if s.life <= 5 else TEXT
    box = pen.line((box[0] - 24, yc), str(s.life), 30, bold=True, fill=life_fill, anchor="rm")
    pen.paste(
        glyph_only("life", g, RESOURCE_COLOURS["life"], PANEL), (box[0] - g - 6, yc - g // 2), name="Life"
    )
    box = pen.line((box[0] - g - 16, yc), say("life", lang), 18, fill=TEXT_DIM, anchor="rm")
    who = name + (f" · {say('to_act', lang)}" if s.seat in view.acting else "")
    pen.line((x, yc), who, 26, bold=True, fill=ACCENT if active else TEXT, max_width=box[0] - x - 20)
    # counts
    yc = y + 8 + 48 + 14
    counts = " · ".join(
        (
            f"{say('hand', lang)} {s.hand_count}",
            f"{say('deck', lang)} {s.deck_count}",
            f"{say('pool', lang)} {s.pool_count}",
            f"{say('hero_deck', lang)} {s.hero_deck_count}",
            f"{say('graveyard', lang)} {len(s.graveyard)}",
        )
    )
    pen.line((x, yc), counts, 19, fill=TEXT_DIM, max_width=right - x)
    yb = y + SEAT_TOP
    _boxes(pen, s, yb, lang)
    # what it would collect now, then creatures and Shadows
    yp = yb + BOX_H + 8
    chips: list[tuple[str, RGB]] = []
    if active and view.hero_used:
        chips.append((say("hero_used", lang), darken(GOLD, 0.45)))
    if active and view.meditated:
        chips.append((say("meditated", lang), darken(INFO, 0.4)))
    end = right
    for text, fill in reversed(chips):
        end = pen.chip((end, yp + 18), text, CHIP, fill=fill, anchor="right")[0] - 6
    box = pen.line((x, yp + 18), say("produces", lang) + ":", 19, bold=True, fill=TEXT_DIM)
    if s.production:
        res_flow(pen, s.production, box[2] + 10, yp + 4, end - 8, PANEL, d=26, size=20)
    else:
        pen.line((box[2] + 10, yp + 18), "—", 19, fill=TEXT_DIM)
    for item, (tx, ty, _, ty1) in _tile_places(s, y, lang):
        if isinstance(item, ShadowView):
            _shadow_tile(pen, item, tx, ty, ty1 - ty, lang)
        else:
            _tile(pen, item, tx, ty, ty1 - ty, lang)
    return y + height


# ------------------------------------------------------------------------------ header, footer


def _heading(view: ChronomagiaView, names: Sequence[str], lang: str) -> str:
    if view.ranking is not None:
        return say("game_over", lang)
    step = words.step_name(view.step, lang)
    if view.active is None:
        return f"{say('before_first', lang)} · {step}"
    return f"{say('turn', lang)} {view.turn} · {names[view.active]} · {step}"


def _collected_line(view: ChronomagiaView) -> bool:
    """Before the first turn nothing has been collected: the line is left out."""
    return view.active is not None or view.ranking is not None


def _footer_lines(view: ChronomagiaView) -> int:
    n = 1 if _collected_line(view) else 0
    if any(view.last_attack):
        n += 1
    if view.ranking is not None or view.ask is not None or view.end_of_time:
        n += 1
    return n


def _footer(pen: Pen, view: ChronomagiaView, names: Sequence[str], y: int, lang: str) -> None:
    x = PAD + 4
    right = WIDTH - PAD
    yc = y + 18
    if view.ranking is not None:
        first = view.ranking[0]
        result = say("draw", lang) if len(first) > 1 else say("wins", lang, name=names[first[0]])
        reason = words.reason_text(view.reason, names, lang)
        text = result + (f" · {reason}" if reason else "")
        pen.line((x, yc), text, 22, bold=True, fill=ACCENT, max_width=right - x)
        yc += 36
    elif view.ask is not None:
        who = names[view.ask.seat]
        if words.ru(lang):
            text = words.ASK_RU.get(view.ask.kind, "").format(
                who=who,
                card=words.name(card(view.ask.card), lang) if view.ask.card else "",
                amount=view.ask.amount,
                limit=view.ask.limit,
            )
        else:
            text = words.with_names(view.ask.text, names)
        pen.line((x, yc), text, 19, fill=ACCENT, max_width=right - x)
        yc += 36
    elif view.end_of_time:
        pen.line((x, yc), say("end_of_time", lang), 19, fill=TEXT_DIM, max_width=right - x)
        yc += 36
    if _collected_line(view):
        who = names[view.active] if view.active is not None else ""
        label = say("collected", lang) + (f" ({who})" if who else "") + ":"
        box = pen.line((x, yc), label, 19, bold=True, fill=TEXT_DIM, max_width=right - x - 200)
        gained = list(view.gained)
        gained += [(r, 0) for r in view.collected if r not in {g for g, _ in gained}]
        if gained:
            res_flow(pen, gained, box[2] + 10, yc - 14, right, BG, d=26, size=20)
        else:
            pen.line((box[2] + 10, yc), say("nothing_yet", lang), 19, fill=TEXT_DIM)
        yc += 36
    if any(view.last_attack):
        a, d, net, dmg = view.last_attack
        box = pen.line((x, yc), say("last_attack", lang) + ":", 19, bold=True, fill=TEXT_DIM)
        pen.line(
            (box[2] + 10, yc),
            say("attack_line", lang, a=a, d=d, n=net, x=dmg),
            19,
            fill=TEXT,
            max_width=right - box[2] - 10,
        )


# ------------------------------------------------------------------------------ the board


def board_labels(
    view: ChronomagiaView, names: Sequence[str], lang: str = "en"
) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, names, lang, labels), labels


def board(view: ChronomagiaView, names: Sequence[str], lang: str = "en", **_: object) -> Image.Image:
    """The public board (any view: what it draws is what that view shows)."""
    return _draw(view, names, lang, None)


@dataclass(frozen=True)
class Plan:
    """Where a board's parts go: its height, each seat panel's top (the seat away from the reader
    first), the Time track's top and the footer's."""

    height: int
    seats: tuple[tuple[SeatView, int], ...]
    track: int
    footer: int


def plan(view: ChronomagiaView, lang: str = "en") -> Plan:
    bottom = view.viewer if view.viewer is not None else 0
    top_seat, low_seat = view.seats[1 - bottom], view.seats[bottom]
    y_top = HEAD_H
    track = y_top + _seat_height(top_seat, lang) + 10
    y_low = track + TRACK_H + 10
    footer = y_low + _seat_height(low_seat, lang) + 8
    height = footer + 36 * _footer_lines(view) + 6
    return Plan(height, ((top_seat, y_top), (low_seat, y_low)), track, footer)


def tile_boxes(view: ChronomagiaView, lang: str = "en") -> dict[int, Box]:
    """Every creature's and face-down Shadow's tile on the board, by object id (for tests)."""
    return {item.obj: box for s, y in plan(view, lang).seats for item, box in _tile_places(s, y, lang)}


def _draw(view: ChronomagiaView, names: Sequence[str], lang: str, labels: list[Label] | None) -> Image.Image:
    layout = plan(view, lang)
    img = canvas(WIDTH, layout.height)
    pen = Pen(img, labels)
    pen.line((PAD + 4, 30), _heading(view, names, lang), 26, bold=True, max_width=WIDTH - 2 * PAD - 8)
    for s, y in layout.seats:
        _seat(pen, view, s, names[s.seat], y, lang)
    _track(pen, view.time, layout.track, lang)
    _footer(pen, view, names, layout.footer, lang)
    return img


__all__ = [
    "MIN_TEXT",
    "TILE_W",
    "WIDTH",
    "Plan",
    "board",
    "board_labels",
    "cell_box",
    "epoch_century",
    "name_block",
    "plan",
    "res_flow",
    "tile_boxes",
    "tile_height",
    "wrap_name",
]
