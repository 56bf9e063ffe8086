"""One Spirit Tactics card, large (``/card`` and the "Card details" menu), drawn from its data.

``card_image(card_id) -> Image``  the card, 720 x 500 (a new image each call).
``card_labels(card_id) -> (Image, [Label])``  the same drawing with every text, chip and icon
recorded, for tests of size and overlap.
``card_fit(card_id) -> CardFit``  how the rules text fitted (its size, whether anything was cut)
and the Indicator cells drawn.

Layout: a frame in the card's art colour; a title bar with the name and, on the right, the card's
Affinity or Essence type as a pip (a spell's cost as pips instead); a type line (kind, Affinity in
its colour, Renowned or Limited, rarity as five gems); on the left a plate with the Indicator
drawn as a diamond of cells (the card itself in the centre, its range filled) or a medallion, and
Strength and Resilience; on the right the rules text (written from the grammar: keywords with
their reminders, auras, triggers, numbered Charged Abilities with their cost as Essence pips) and
the flavour in italics. Drawn 720 px wide with no text under 15 px, so Discord's 550 px inline copy
keeps every word at 11 px or more; long text shrinks to that floor rather than overflow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from engines.spirit.cards import CardDef, card, rules
from engines.spirit.grammar import describe_aura
from render import richtext
from render.common import (
    BG,
    DANGER,
    GOLD,
    PANEL,
    RGB,
    TEXT,
    TEXT_DIM,
    Box,
    canvas,
    darken,
    font,
    lighten,
    mix,
    panel,
    text_width,
)
from render.labels import Label, Pen
from render.richtext import Paragraph, Run
from render.spirit.glyphs import (
    ANY_COLOUR,
    emblem,
    essence_colours,
    essence_icon,
    essence_index,
    essence_label,
    hex_rgb,
    luminance,
    pip,
)

W, H = 720, 500
INLINE = 550
MIN_TEXT = 15
"""The smallest text drawn: 15 px at 720 is 11.5 px in Discord's 550 px copy."""
RULES_SIZE = 26
TITLE_SIZE = 30
PAD = 18
TITLE_BOX: Box = (PAD, PAD, W - PAD, 76)
TYPE_Y = 101
BODY_TOP = 124
BODY_BOTTOM = H - PAD
PLATE: Box = (PAD, BODY_TOP, 262, BODY_BOTTOM)
TEXT_PANEL: Box = (274, BODY_TOP, W - PAD, BODY_BOTTOM)
TEXT_PAD = 16
CELL, CELL_GAP = 24, 4
DIAMOND = 3
"""Cells within this many steps (rows + columns) of the card are always drawn: the diamond."""

KINDS = {
    "commander": "Commander",
    "spirit": "Spirit",
    "arcana": "Arcana",
    "reflex": "Reflex",
    "essence": "Essence",
}
REMINDERS: dict[str, str] = {
    "Aegis": "cannot be designated, even by you",
    "Ravage": "one more attack each time it Defeats a Spirit",
    "Dauntless": "attacks cannot take it below 1 R and cause no Runoff",
    "Invigorate": "Runoff it deals heals your Commander as much",
    "Rejuvenate": "back to full R in every End Phase",
    "Longshot": "attacks from the Back Row, at -{penalty} S",
    "Twinstrike": "a second attack, on a Spirit",
    "Unending": "returns face up in the End Phase of the turn it was Defeated",
}
"""Keyword reminders (digest KW1-KW9, as docs/rules/spirit.md words them; the Longshot penalty is
rules.toml's); Snare's is in its trigger's head."""
TIMING = {
    "arcana": "Cast in your Main or Sub-Main Phase, never as an answer.",
    "reflex": "Play at any time, even as an answer.",
}


@dataclass(frozen=True)
class Cell:
    """One cell of the Indicator diamond: its offset from the card (``drow`` > 0 toward the
    opponent, drawn upwards) and whether it is in range (filled). (0, 0) is the card itself."""

    drow: int
    dcol: int
    filled: bool


@dataclass(frozen=True)
class CardFit:
    card_id: str
    size: int
    """The rules text's font size."""
    truncated: bool
    """Some rules text was cut at the floor size (never, for the shipped set: a test checks)."""
    flavour: bool
    """The flavour was drawn."""
    title_size: int
    cells: tuple[Cell, ...]
    """The Indicator cells drawn (none for a card without an Indicator)."""

    @property
    def filled(self) -> int:
        return sum(c.filled for c in self.cells)

    @property
    def ok(self) -> bool:
        return not self.truncated and self.flavour


# ---------------------------------------------------------------------------- colours


def art_colour(c: CardDef) -> RGB:
    return hex_rgb(c.art) if c.art else ANY_COLOUR


def readable(c: RGB, on: RGB) -> RGB:
    """``c`` lightened until it reads on a dark ``on`` (an Affinity's name in its own colour)."""
    out = c
    while luminance(out) - luminance(on) < 110 and out != (255, 255, 255):
        out = lighten(out, 0.2)
    return out


# ---------------------------------------------------------------------------- the Indicator


def indicator_cells(offsets: tuple[tuple[int, int], ...]) -> tuple[Cell, ...]:
    """Every cell the diamond shows: all within ``DIAMOND`` steps of the card, plus any offset
    farther out (a custom shape), top row first; filled exactly where ``offsets`` reach."""
    if not offsets:
        return ()
    reach = set(offsets)
    shown = {(r, c) for r in range(-3, 4) for c in range(-3, 4) if abs(r) + abs(c) <= DIAMOND} | reach
    return tuple(Cell(r, c, (r, c) in reach) for r, c in sorted(shown, key=lambda rc: (-rc[0], rc[1])))


def _diamond(pen: Pen, cells: tuple[Cell, ...], cx: int, top: int, colour: RGB, plate: RGB) -> int:
    """The cells around a centre column ``cx``; returns the bottom edge."""
    pitch = CELL + CELL_GAP
    span = max(3, *(abs(cell.drow) for cell in cells), *(abs(cell.dcol) for cell in cells))
    bright = lighten(colour, 0.35) if luminance(colour) < 170 else colour
    for cell in cells:
        x = cx - CELL // 2 + cell.dcol * pitch
        y = top + (span - cell.drow) * pitch
        box = (x, y, x + CELL, y + CELL)
        if (cell.drow, cell.dcol) == (0, 0):
            panel(pen.draw, box, fill=darken(plate, 0.35), outline=TEXT, width=3, radius=5)
            pen.draw.ellipse((x + 7, y + 7, x + CELL - 8, y + CELL - 8), fill=TEXT)
            pen.record("Indicator centre", CELL, box, "icon")
        elif cell.filled:
            panel(pen.draw, box, fill=bright, outline=lighten(bright, 0.5), width=2, radius=5)
            pen.record(f"Indicator cell {cell.drow:+d},{cell.dcol:+d}", CELL, box, "icon")
        else:
            panel(pen.draw, box, fill=darken(plate, 0.3), outline=lighten(plate, 0.12), width=1, radius=5)
    return top + (2 * span + 1) * pitch - CELL_GAP


# ---------------------------------------------------------------------------- words


def rules_paragraphs(c: CardDef, reminders: bool = True) -> tuple[Paragraph, ...]:
    """The rules box: what ``CardDef.text`` says, less what the card shows elsewhere (Renowned and
    Limited are chips, a spell's cost is in the title bar), with keyword reminders (unless
    ``reminders`` is False), bold trigger heads and each Charged Ability's cost as Essence pips."""
    out: list[Paragraph] = []
    kws = [kw for kw in c.keywords if kw in REMINDERS]
    if reminders:
        out.extend((Run(kw, "bold"), Run(f"({_reminder(kw)})", "italic", TEXT_DIM)) for kw in kws)
    elif kws:
        out.append((Run(", ".join(kws), "bold"),))
    out.extend((Run(describe_aura(*a)),) for a in c.auras)
    for t in c.triggers:
        head = t.text[: len(t.text) - len(t.ability.effect_text)].rstrip()
        if t.when == "flip":
            head = "Snare (when flipped face up):"
        if t.once_per_turn and t.when == "flip":
            head = "Once per turn: " + head
        out.append((Run(head, "bold"), Run(t.ability.effect_text)))
    for i, ab in enumerate(c.abilities, 1):
        runs = [Run(badge=str(i), fill=TEXT)]
        runs += [Run(icon=essence_icon(e)) for e in ab.cost]
        if ab.life:
            runs.append(Run(f"Pay {ab.life} R:", "bold", lighten(DANGER, 0.3)))
        runs.append(Run(ab.effect_text))
        out.append(tuple(runs))
    if c.spell is not None:
        out.append((Run(c.spell.effect_text),))
    if c.kind == "essence":
        out.append(
            (
                Run(
                    f"Gather it onto a face-up Spirit or your Commander (you may Gather {_times(rules().gathers)} a turn); it pays a"
                ),
                Run(icon=essence_icon(c.essence)),
                Run(f"{c.name.removesuffix(' Essence')} or an"),
                Run(icon=essence_icon(0)),
                Run("Any cost."),
            )
        )
    return tuple(out)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _reminder(kw: str) -> str:
    return REMINDERS[kw].format(penalty=rules().longshot_penalty)


def _status(c: CardDef) -> str:
    if c.renowned:
        return "Renowned"
    if c.is_limited:
        return "Limited" if c.limit == 1 else f"Limited {c.limit}"
    return ""


# ---------------------------------------------------------------------------- drawing


def _frame(img: Image.Image, colour: RGB) -> RGB:
    """The card body: a vertical wash of the art colour with a rim of it; returns the body's mid tone."""
    top, bottom = darken(colour, 0.5), darken(colour, 0.78)
    body = Image.new("RGB", (W - 8, H - 8))
    d = ImageDraw.Draw(body)
    for y in range(body.height):
        d.line([(0, y), (body.width, y)], fill=mix(top, bottom, y / (body.height - 1)))
    mask = Image.new("L", body.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.width - 1, body.height - 1), radius=22, fill=255)
    img.paste(body, (4, 4), mask)
    ImageDraw.Draw(img).rounded_rectangle(
        (4, 4, W - 5, H - 5), radius=22, outline=lighten(colour, 0.1), width=5
    )
    return mix(top, bottom, 0.5)


def _title(pen: Pen, c: CardDef, colour: RGB) -> int:
    bar = darken(colour, 0.7)
    panel(pen.draw, TITLE_BOX, fill=bar, outline=darken(colour, 0.1), width=2, radius=12)
    x0, y0, x1, y1 = TITLE_BOX
    mid = (y0 + y1) // 2
    right = x1 - 12
    d = 36
    if c.kind in ("arcana", "reflex"):
        assert c.spell is not None
        d = 32
        if c.spell.life:
            box = pen.chip(
                (right, mid), f"Pay {c.spell.life} R", 18, fill=darken(DANGER, 0.25), anchor="right"
            )
            right = box[0] - 8
        for e in reversed(c.spell.cost):
            right -= d
            pen.paste(pip(e, d, bar), (right, mid - d // 2), name=f"{essence_label(e)} pip")
            right -= 4
        if not c.spell.cost and not c.spell.life:
            box = pen.chip(
                (right, mid), "No cost", 18, fill=lighten(bar, 0.15), text_fill=TEXT, anchor="right"
            )
            right = box[0] - 4
    else:
        e = c.essence if c.kind == "essence" else essence_index(c.affinity)
        right -= d
        pen.paste(pip(e, d, bar), (right, mid - d // 2), name=f"{essence_label(e)} pip")
    fit = pen.text((x0 + 16, y0 + 4, right - 12, y1 - 4), c.name, TITLE_SIZE, bold=True, min_size=20)
    return fit.size


def _type_line(pen: Pen, c: CardDef, colour: RGB, body: RGB) -> None:
    x = PAD + 4
    box = pen.line((x, TYPE_Y), KINDS[c.kind], 22, bold=True)
    x = box[2]
    if c.affinity:
        box = pen.line((x, TYPE_Y), f" · {c.affinity} Affinity", 20, fill=readable(colour, body))
        x = box[2]
    status = _status(c)
    if status:
        fill = darken(GOLD, 0.25) if c.renowned else darken(DANGER, 0.3)
        pen.chip((x + 14, TYPE_Y), status, 18, fill=fill)
    if c.kind != "essence":
        _rarity(pen, c.rarity, W - PAD - 6, TYPE_Y)


def _rarity(pen: Pen, rarity: int, right: int, yc: int) -> None:
    """Five gems, ``rarity`` of them lit (B27: rarity is shown, it has no rule effect)."""
    size, step = 16, 21
    x = right - 5 * step + (step - size)
    box = (x, yc - size // 2, right, yc + size // 2)
    for i in range(5):
        cx, r = x + i * step + size / 2, size / 2
        pts = [(cx, yc - r), (cx + r * 0.75, yc), (cx, yc + r), (cx - r * 0.75, yc)]
        if i < rarity:
            pen.draw.polygon(pts, fill=GOLD, outline=lighten(GOLD, 0.5))
        else:
            pen.draw.polygon(pts, outline=darken(TEXT_DIM, 0.2))
    pen.record(f"rarity {rarity} of 5", size, box, "icon")


def _stat_box(pen: Pen, box: Box, name: str, value: int, colour: RGB) -> None:
    x0, y0, x1, y1 = box
    panel(pen.draw, box, fill=darken(colour, 0.72), outline=lighten(colour, 0.2), width=2, radius=10)
    cx = (x0 + x1) // 2
    pen.line((cx, y0 + 18), name, 15, fill=TEXT_DIM, anchor="mm", max_width=x1 - x0 - 8)
    pen.line((cx, y1 - 24), str(value), 30, bold=True, anchor="mm", max_width=x1 - x0 - 8)


def _plate(pen: Pen, c: CardDef, colour: RGB) -> tuple[Cell, ...]:
    x0, y0, x1, y1 = PLATE
    plate = darken(colour, 0.62)
    panel(pen.draw, PLATE, fill=plate, outline=darken(colour, 0.25), width=2, radius=14)
    cx = (x0 + x1) // 2
    stats_top = y1 - 86
    cells = indicator_cells(c.indicator)
    if c.kind == "spirit":
        half = (x1 - x0 - 30) // 2
        _stat_box(pen, (x0 + 10, stats_top, x0 + 10 + half, y1 - 10), "Strength", c.strength, colour)
        _stat_box(pen, (x1 - 10 - half, stats_top, x1 - 10, y1 - 10), "Resilience", c.resilience, colour)
    elif c.kind == "commander":
        _stat_box(pen, (x0 + 10, stats_top, x1 - 10, y1 - 10), "Resilience (your life)", c.resilience, colour)
    if cells:
        caption = "Indicator" + (f" · {c.shape.title()}" if c.shape and c.shape != "custom" else "")
        pen.line((cx, y0 + 20), caption, 17, bold=True, fill=TEXT_DIM, anchor="mm", max_width=x1 - x0 - 16)
        bottom = _diamond(pen, cells, cx, y0 + 38, colour, plate)
        tip = bottom + 4
        room = stats_top - tip
        if room >= 26:
            _toward(pen, cx, tip + room // 2)
        return cells
    if c.kind in ("arcana", "reflex"):
        e = essence_index(_art_name(c))
        mark = emblem(e, 150, plate, c.kind)
        pen.paste(mark, (cx - 75, y0 + 26), name=f"{c.kind} emblem")
        assert c.spell is not None
        cost = f"Cost: {c.spell.cost_text}" if c.spell.cost_text else "No cost"
        pen.text(
            (x0 + 14, y0 + 188, x1 - 14, y0 + 236),
            cost,
            20,
            bold=True,
            max_lines=2,
            min_size=MIN_TEXT,
            align="center",
        )
        pen.text(
            (x0 + 14, y0 + 244, x1 - 14, y1 - 14),
            TIMING[c.kind],
            17,
            fill=TEXT_DIM,
            max_lines=4,
            min_size=MIN_TEXT,
            align="center",
            valign="top",
        )
        return cells
    e = c.essence if c.kind == "essence" else essence_index(c.affinity)
    if c.kind == "essence":
        mark = emblem(e, 190, plate)
        pen.paste(mark, (cx - 95, y0 + 36), name=f"{c.name} emblem")
        pen.line((cx, y1 - 52), c.name.removesuffix(" Essence"), 24, bold=True, anchor="mm")
        pen.line(
            (cx, y1 - 24), "any number in a deck", 15, fill=TEXT_DIM, anchor="mm", max_width=x1 - x0 - 16
        )
        return cells
    crown = c.kind == "commander"
    mark = emblem(e, 150, plate, "crown" if crown else "")
    top = y0 + (stats_top - y0 - mark.height) // 2
    pen.paste(mark, (cx - 75, top), name=f"{c.affinity} emblem")
    return cells


def _art_name(c: CardDef) -> str:
    """The Essence type whose colour a spell's art uses ("" for grey: Any)."""
    for index, colour in essence_colours().items():
        if index and colour == art_colour(c):
            return essence_label(index)
    return ""


def _toward(pen: Pen, cx: int, yc: int) -> None:
    """A small arrow and "toward the opponent" under the diamond: which way its rows point."""
    label = "toward the opponent"
    w = text_width(label, font(15))
    left = round(cx - (w + 22) / 2)
    pen.draw.polygon([(left, yc + 7), (left + 8, yc - 8), (left + 16, yc + 7)], fill=TEXT_DIM)
    pen.record("arrow", 16, (left, yc - 8, left + 16, yc + 8), "icon")
    pen.line((left + 22, yc), label, 15, fill=TEXT_DIM, anchor="lm")


def _text_panel(pen: Pen, c: CardDef, colour: RGB) -> tuple[int, bool, bool]:
    x0, y0, x1, y1 = TEXT_PANEL
    fill = mix(PANEL, darken(colour, 0.5), 0.35)
    panel(pen.draw, TEXT_PANEL, fill=fill, outline=darken(colour, 0.2), width=2, radius=14)
    width = x1 - x0 - 2 * TEXT_PAD - 4
    height = y1 - y0 - 2 * TEXT_PAD
    lay, flav, cut = _fit_body(c, width, height)
    richtext.draw(pen, lay, x0 + TEXT_PAD, y0 + TEXT_PAD, fill, darken(colour, 0.15))
    if flav is not None:
        top = y1 - TEXT_PAD - flav.height
        if lay.lines:
            pen.draw.line([(x0 + 40, top - 10), (x1 - 40, top - 10)], fill=darken(colour, 0.05), width=1)
        richtext.draw(pen, flav, x0 + TEXT_PAD, top, fill, fill)
    return lay.size, cut, flav is not None


def _fit_body(c: CardDef, width: int, height: int) -> tuple[richtext.Layout, richtext.Layout | None, bool]:
    """Rules and flavour at the largest size where both fit (the flavour a size smaller, under a
    line). At the floor size, what gives way first is the flavour, then the keyword reminders,
    and only then is rules text cut (with "…"; no card of the set comes near that)."""
    pars = rules_paragraphs(c)
    fpar: tuple[Paragraph, ...] = ((Run(c.flavour, "italic", TEXT_DIM),),) if c.flavour else ()
    sep = 20 if pars and fpar else 0
    for s in range(RULES_SIZE, MIN_TEXT - 1, -1):
        lay = richtext.layout(pars, width, s)
        flav = richtext.layout(fpar, width, max(MIN_TEXT, s - 2))
        if (
            lay.height + sep + flav.height <= height
            and max(richtext.widest(lay), richtext.widest(flav)) <= width
        ):
            return lay, flav if fpar else None, False
    for variant in (pars, rules_paragraphs(c, reminders=False)):
        lay = richtext.fit(variant, width, height, MIN_TEXT, MIN_TEXT)
        if not lay.truncated:
            return lay, None, False
    return lay, None, True


def card_face(c: CardDef, labels: list[Label] | None = None) -> tuple[Image.Image, CardFit]:
    """``c`` drawn (uncached; any ``CardDef``, so tests can try text longer than the set's),
    recording into ``labels`` when given."""
    colour = art_colour(c)
    img = canvas(W, H, BG)
    body = _frame(img, colour)
    pen = Pen(img, labels)
    title = _title(pen, c, colour)
    _type_line(pen, c, colour, body)
    cells = _plate(pen, c, colour)
    size, cut, flav = _text_panel(pen, c, colour)
    return img, CardFit(c.id, size, cut, flav or not c.flavour, title, cells)


def card_image(card_id: str) -> Image.Image:
    """The card ``card_id`` as a 720 x 500 RGB image (KeyError for an unknown id).

    Drawn afresh each time (about 8 ms; the pips and medallions inside are cached): a cache of
    whole cards would hold a megabyte per card for a picture asked for now and then.
    """
    return card_face(card(card_id))[0]


@cache
def card_fit(card_id: str) -> CardFit:
    return card_face(card(card_id))[1]


def card_labels(card_id: str) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    img, _ = card_face(card(card_id), labels)
    return img, labels


__all__ = [
    "INLINE",
    "MIN_TEXT",
    "REMINDERS",
    "CardFit",
    "Cell",
    "H",
    "W",
    "card_face",
    "card_fit",
    "card_image",
    "card_labels",
    "indicator_cells",
    "rules_paragraphs",
]
