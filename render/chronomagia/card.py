"""One Chronomagia card, large (``/card``, "Card details", contact sheets), drawn from its data.

``card_image(card_id, lang="en", epoch=None) -> Image``  the card, 720 x 500, a new image each call.
``card_labels(...) -> (Image, [Label])``  the same drawing with every text, chip and icon recorded.
``card_fit(...) -> CardFit``  how the windows' texts fitted (their size, whether anything was cut).

A Thoughtform, Shadow, token, Location or Phenomenon does something different in each Epoch, so
its body is **three columns, one per Epoch window**, side by side: the Epoch in its colour (the
native one marked), the per-Epoch cost when the card has several, whether it is a creature or a
spell there, its resource window as pips with numbers, then its keywords, statics, triggers, Tap
ability and spell text with their heads in bold. Given the active ``epoch``, that column is
framed in the accent colour and the two others are dimmed, so the card reads as "what it does
now" without losing the rest. A Shadow has its Emerge condition over the columns; a Location its
lives and a Phenomenon its time counters on the type line.

A Hero has no windows: its base resources and Meditation on the left, its three abilities with
their counter deltas on the right, and its flavour.

Drawn 720 px wide with no text under 15 px, so Discord's 550 px inline copy keeps every word at
11 px or more; long text shrinks to that floor rather than overflow. ``lang="ru"`` draws the
Russian name, type line and texts (English where a Russian field is empty).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.chronomagia.cards import CardDef, Window, card, token_names
from engines.chronomagia.grammar import line_text
from render import richtext
from render.chronomagia import words
from render.chronomagia.glyphs import HERO_COLOUR, NEUTRAL, epoch_colour, pip
from render.chronomagia.words import say
from render.common import (
    ACCENT,
    BG,
    DANGER,
    GOLD,
    RGB,
    SUCCESS,
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

W, H = 720, 500
INLINE = 550
MIN_TEXT = 15
"""The smallest text drawn: 15 px at 720 is 11.5 px in Discord's 550 px copy."""
PAD = 16
TITLE_BOX: Box = (PAD, PAD, W - PAD, 70)
TYPE_Y = 91
BODY_TOP = 110
BODY_BOTTOM = H - PAD
COL_GAP = 10
COL_W = (W - 2 * PAD - 2 * COL_GAP) // 3
HEAD_H = 34
RULES_SIZE = 20
DIM = 0.55
"""How far a window of another Epoch than the active one fades into its panel."""
RARITY_COLOURS: dict[str, RGB] = {
    "common": TEXT_DIM,
    "uncommon": (148, 197, 220),
    "rare": GOLD,
    "mythic": (240, 120, 60),
}
RARITY_RU = {"common": "обычная", "uncommon": "необычная", "rare": "редкая", "mythic": "мифическая"}


@dataclass(frozen=True)
class CardFit:
    card_id: str
    sizes: tuple[int, ...]
    """Each window's rules text size (a Hero: its abilities' size)."""
    truncated: bool
    """Some text was cut at the floor size (never, for the shipped set: a test checks)."""


def card_colour(c: CardDef) -> RGB:
    if c.kind == "hero":
        return HERO_COLOUR
    if c.kind == "token":
        return NEUTRAL
    return epoch_colour(c.native)


# ---------------------------------------------------------------------------- frame and title


@lru_cache(maxsize=16)
def _frame(colour: RGB) -> Image.Image:
    """The card body: a vertical wash of ``colour`` with a rim of it (cached; copied per card)."""
    img = canvas(W, H, BG)
    top, bottom = darken(colour, 0.55), darken(colour, 0.8)
    body = Image.new("RGB", (W - 8, H - 8))
    d = ImageDraw.Draw(body)
    for y in range(body.height):
        d.line([(0, y), (body.width, y)], fill=mix(top, bottom, y / (body.height - 1)))
    mask = Image.new("L", body.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.width - 1, body.height - 1), radius=22, fill=255)
    img.paste(body, (4, 4), mask)
    ImageDraw.Draw(img).rounded_rectangle(
        (4, 4, W - 5, H - 5), radius=22, outline=lighten(colour, 0.05), width=5
    )
    return img


def _body_at(colour: RGB, y: int) -> RGB:
    return mix(darken(colour, 0.55), darken(colour, 0.8), (y - 4) / (H - 9))


def _title(pen: Pen, c: CardDef, colour: RGB, lang: str) -> None:
    bar = darken(colour, 0.7)
    panel(pen.draw, TITLE_BOX, fill=bar, outline=darken(colour, 0.15), width=2, radius=12)
    x0, y0, x1, y1 = TITLE_BOX
    mid = (y0 + y1) // 2
    right = x1 - 12
    if c.kind in ("thoughtform", "location", "phenomenon"):
        costs = sorted(set(c.costs)) if c.costs else [c.cost]
        label = "/".join(str(c.cost_in(e)) for e in (1, 2, 3)) if len(costs) > 1 else str(costs[0])
        box = pen.line((right, mid), label, 28, bold=True, anchor="rm")
        d = 34
        right = box[0] - 6 - d
        pen.paste(pip("concentration", d, bar), (right, mid - d // 2), name="cost pip")
        right -= 12
    elif c.kind == "shadow":
        box = pen.chip(
            (right, mid),
            "бесплатно" if words.ru(lang) else "free",
            18,
            fill=lighten(bar, 0.18),
            anchor="right",
        )
        right = box[0] - 12
    pen.text((x0 + 16, y0 + 4, right, y1 - 4), words.name(c, lang), 30, bold=True, min_size=20)


def _type_line(pen: Pen, c: CardDef, colour: RGB, lang: str) -> None:
    x = PAD + 6
    right = W - PAD - 6
    rarity = RARITY_RU.get(c.rarity, c.rarity) if words.ru(lang) else c.rarity
    box = pen.line((right, TYPE_Y), rarity, 17, fill=RARITY_COLOURS.get(c.rarity, TEXT_DIM), anchor="rm")
    right = box[0] - 12
    chip = darken(colour, 0.35)
    if c.kind in ("thoughtform", "shadow", "token"):
        box = pen.chip(
            (right, TYPE_Y), f"{say('willpower', lang)} {c.willpower}", 17, fill=chip, anchor="right"
        )
        right = box[0] - 8
    elif c.kind in ("location", "phenomenon"):
        key = "lives" if c.kind == "location" else "time_counters"
        box = pen.chip((right, TYPE_Y), f"{say(key, lang)} {c.lives}", 17, fill=chip, anchor="right")
        right = box[0] - 8
    pen.line((x, TYPE_Y), words.type_line(c, lang), 20, bold=True, max_width=right - x - 8)


# ---------------------------------------------------------------------------- windows


def _column_kind(c: CardDef, w: Window, lang: str) -> str:
    if w.is_empty and not w.statics and w.tap is None:
        return say("nothing", lang)
    if w.res is None:
        if c.kind == "shadow":
            return say("summon_then_gone", lang)
        return say("spell", lang)
    if c.kind in ("location", "phenomenon"):
        return say("permanent_res", lang)
    return say("creature", lang)


def window_paragraphs(c: CardDef, w: Window, lang: str, fill: RGB, head: RGB) -> tuple[Paragraph, ...]:
    names = token_names(words.ru(lang))
    out: list[Paragraph] = []
    for bold, rest in words.window_parts(w, c.kind, lang, names):
        runs: list[Run] = []
        if bold:
            runs.append(Run(bold, "bold", head))
        if rest:
            runs.append(Run(rest, "regular", fill))
        out.append(tuple(runs))
    return tuple(out)


def resource_row(
    pen: Pen,
    res: tuple[tuple[str, int], ...],
    x: int,
    yc: int,
    right: int,
    d: int,
    size: int,
    bg: RGB,
    fill: RGB = TEXT,
    dim: float = 0.0,
) -> int:
    """Pips with their numbers from ``x`` on the line centred at ``yc``, wrapping under it before
    ``right``; returns the bottom edge."""
    fnt = font(size, True)
    step = d + 6
    left = x
    bottom = yc + d // 2
    for r, n in res:
        w = d + 3 + round(text_width(str(n), fnt))
        if x > left and x + w > right:
            x = left
            yc += step
            bottom = yc + d // 2
        pen.paste(pip(r, d, bg, dim), (x, yc - d // 2), name=f"{r} pip")
        pen.line((x + d + 3, yc), str(n), size, bold=True, fill=fill, anchor="lm")
        x += w + 10
    return bottom


def _column(
    pen: Pen, c: CardDef, e: int, box: Box, active: int | None, lang: str, labels_ok: bool
) -> tuple[int, bool]:
    x0, y0, x1, y1 = box
    w = c.window(e)
    colour = epoch_colour(e)
    dim = DIM if active is not None and e != active else 0.0
    body = _body_at(card_colour(c), (y0 + y1) // 2)
    fill = mix(darken(colour, 0.72), body, dim * 0.6)
    outline = ACCENT if active == e else mix(darken(colour, 0.2), body, dim)
    panel(pen.draw, box, fill=fill, outline=outline, width=3 if active == e else 2, radius=12)
    head_fill = mix(darken(colour, 0.15), fill, dim)
    pen.draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 4, y0 + HEAD_H), radius=9, fill=head_fill)
    text = mix(TEXT, fill, dim)
    dimtext = mix(TEXT_DIM, fill, dim)
    hy = y0 + 3 + (HEAD_H - 3) // 2
    right = x1 - 12
    if c.native == e:
        nb = pen.chip(
            (right, hy),
            say("native", lang),
            15,
            fill=mix(darken(GOLD, 0.2), head_fill, dim),
            text_fill=mix((30, 24, 10), head_fill, dim),
            anchor="right",
        )
        right = nb[0] - 6
    pen.line((x0 + 12, hy), f"{say('epoch', lang)} {e}", 19, bold=True, fill=text, max_width=right - x0 - 16)
    y = y0 + HEAD_H + 18
    if c.costs:
        cb = pen.line((x0 + 12, y), f"{say('cost', lang)} {c.cost_in(e)}", 17, bold=True, fill=text)
        d = 22
        pen.paste(pip("concentration", d, fill, dim), (cb[2] + 6, y - d // 2), name="cost pip")
        y += 26
    kind = _column_kind(c, w, lang)
    pen.line(
        (x0 + 12, y), kind, 17, bold=True, fill=mix(lighten(colour, 0.45), fill, dim), max_width=x1 - x0 - 24
    )
    y += 16
    if w.res is not None:
        if w.res:
            bottom = resource_row(pen, w.res, x0 + 12, y + 20, x1 - 10, 30, 24, fill, text, dim)
        else:
            bottom = pen.line((x0 + 12, y + 14), say("produces_nothing", lang), 16, fill=dimtext)[3]
        y = bottom + 8
    pars = window_paragraphs(c, w, lang, text, mix(lighten(colour, 0.55), fill, dim))
    if not pars:
        return RULES_SIZE, False
    width = x1 - x0 - 24
    height = y1 - 10 - y
    lay = richtext.fit(pars, width, height, RULES_SIZE, MIN_TEXT)
    richtext.draw(pen, lay, x0 + 12, y, fill, fill)
    return lay.size, lay.truncated


REMINDER_H = 30
"""The line under the windows that says what the card's kind does (tokens, Shadows, ...)."""


def _windows(pen: Pen, c: CardDef, top: int, active: int | None, lang: str) -> tuple[tuple[int, ...], bool]:
    sizes: list[int] = []
    cut = False
    bottom = BODY_BOTTOM - REMINDER_H
    reminder = say(f"reminder_{c.kind}", lang)
    lay = richtext.fit(
        ((Run(reminder, "italic", TEXT_DIM),),), W - 2 * PAD - 16, REMINDER_H - 6, 16, MIN_TEXT
    )
    body = _body_at(card_colour(c), BODY_BOTTOM)
    richtext.draw(
        pen,
        lay,
        (W - round(richtext.widest(lay))) // 2,
        bottom + (REMINDER_H - lay.height) // 2 + 2,
        body,
        body,
    )
    cut = lay.truncated
    for i, e in enumerate((1, 2, 3)):
        x0 = PAD + i * (COL_W + COL_GAP)
        s, t = _column(pen, c, e, (x0, top, x0 + COL_W, bottom), active, lang, True)
        sizes.append(s)
        cut = cut or t
    return tuple(sizes), cut


def _emerge(pen: Pen, c: CardDef, colour: RGB, lang: str) -> int:
    """A Shadow's Emerge from the Shadows condition in a band over the windows; returns its bottom."""
    box = (PAD, BODY_TOP, W - PAD, BODY_TOP + 50)
    fill = darken(colour, 0.82)
    panel(pen.draw, box, fill=fill, outline=darken(colour, 0.3), width=2, radius=10)
    par: Paragraph = (
        Run(say("emerge", lang) + ":", "bold", lighten(colour, 0.5)),
        Run(words.emerge_text(c, lang)),
    )
    lay = richtext.fit((par,), box[2] - box[0] - 24, box[3] - box[1] - 8, 18, MIN_TEXT)
    richtext.draw(pen, lay, box[0] + 12, box[1] + (box[3] - box[1] - lay.height) // 2, fill, fill)
    return box[3] + 10


# ---------------------------------------------------------------------------- heroes


def _delta_colour(delta: int) -> RGB:
    return darken(SUCCESS, 0.25) if delta > 0 else darken(DANGER, 0.25)


def _hero(pen: Pen, c: CardDef, colour: RGB, lang: str) -> tuple[tuple[int, ...], bool]:
    r = words.ru(lang)
    names = token_names(r)
    left: Box = (PAD, BODY_TOP, 262, BODY_BOTTOM)
    right: Box = (274, BODY_TOP, W - PAD, BODY_BOTTOM)
    plate = darken(colour, 0.72)
    panel(pen.draw, left, fill=plate, outline=darken(colour, 0.25), width=2, radius=14)
    x0, y0, x1, y1 = left
    pen.line(
        (x0 + 14, y0 + 22),
        say("base", lang),
        18,
        bold=True,
        fill=lighten(colour, 0.4),
        max_width=x1 - x0 - 28,
    )
    y = resource_row(pen, c.base, x0 + 14, y0 + 62, x1 - 12, 40, 30, plate)
    y += 30
    pen.draw.line([(x0 + 14, y - 12), (x1 - 14, y - 12)], fill=darken(colour, 0.35), width=1)
    pen.line(
        (x0 + 14, y + 8),
        say("meditation", lang),
        18,
        bold=True,
        fill=lighten(colour, 0.4),
        max_width=x1 - x0 - 28,
    )
    med: list[Run] = [Run(say("meditation_text", lang, n=c.meditation_cost))]
    if c.meditation:
        med.append(Run(line_text(c.meditation, names, r)))
    lay = richtext.fit(((*med,),), x1 - x0 - 28, y1 - y - 34, 18, MIN_TEXT)
    richtext.draw(pen, lay, x0 + 14, y + 26, plate, plate)
    cut = lay.truncated

    fill = mix(darken(colour, 0.8), (36, 40, 49), 0.4)
    panel(pen.draw, right, fill=fill, outline=darken(colour, 0.25), width=2, radius=14)
    x0, y0, x1, y1 = right
    pen.line(
        (x0 + 16, y0 + 22),
        say("abilities", lang),
        18,
        bold=True,
        fill=lighten(colour, 0.4),
        max_width=x1 - x0 - 32,
    )
    flav_h = 0
    flav: richtext.Layout | None = None
    if c.flavour and not r:
        flav = richtext.fit((((Run(c.flavour, "italic", TEXT_DIM),),)), x1 - x0 - 32, 60, 16, MIN_TEXT)
        flav_h = flav.height + 18
    note = say("counters_rule", lang)
    note_lay = richtext.fit(((Run(note, "regular", TEXT_DIM),),), x1 - x0 - 32, 50, 15, MIN_TEXT)
    top = y0 + 44
    bottom = y1 - 14 - flav_h - note_lay.height - 12
    badge_w = 52
    rows = len(c.abilities)
    room = (bottom - top) // max(1, rows)
    size = 19
    lays = []
    for s in range(19, MIN_TEXT - 1, -1):
        lays = [
            richtext.layout(((Run(a.text_ru if r else a.text),),), x1 - x0 - 32 - badge_w - 10, s)
            for a in c.abilities
        ]
        if all(lay.height <= room - 8 for lay in lays):
            size = s
            break
    else:
        size = MIN_TEXT
        lays = [
            richtext.fit(
                ((Run(a.text_ru if r else a.text),),),
                x1 - x0 - 32 - badge_w - 10,
                room - 8,
                MIN_TEXT,
                MIN_TEXT,
            )
            for a in c.abilities
        ]
        cut = cut or any(lay.truncated for lay in lays)
    for i, (a, lay) in enumerate(zip(c.abilities, lays, strict=True)):
        ry = top + i * room
        yc = ry + room // 2
        badge = (x0 + 16, yc - 18, x0 + 16 + badge_w, yc + 18)
        panel(pen.draw, badge, fill=_delta_colour(a.delta), radius=10)
        label = f"+{a.delta}" if a.delta > 0 else f"−{-a.delta}"
        pen.line(((badge[0] + badge[2]) / 2, yc), label, 22, bold=True, anchor="mm")
        richtext.draw(pen, lay, badge[2] + 10, yc - lay.height // 2, fill, fill)
        if i:
            pen.draw.line([(x0 + 16, ry), (x1 - 16, ry)], fill=darken(colour, 0.45), width=1)
    ny = bottom + 10
    richtext.draw(pen, note_lay, x0 + 16, ny, fill, fill)
    if flav is not None:
        fy = y1 - 14 - flav.height
        pen.draw.line([(x0 + 40, fy - 10), (x1 - 40, fy - 10)], fill=darken(colour, 0.3), width=1)
        richtext.draw(pen, flav, x0 + 16, fy, fill, fill)
    return (size,), cut


# ---------------------------------------------------------------------------- the card


def card_face(
    c: CardDef, lang: str = "en", epoch: int | None = None, labels: list[Label] | None = None
) -> tuple[Image.Image, CardFit]:
    """``c`` drawn (any ``CardDef``, so tests can try longer text than the set's), recording into
    ``labels`` when given."""
    colour = card_colour(c)
    img = _frame(colour).copy()
    pen = Pen(img, labels)
    _title(pen, c, colour, lang)
    _type_line(pen, c, colour, lang)
    if c.kind == "hero":
        sizes, cut = _hero(pen, c, colour, lang)
    else:
        top = _emerge(pen, c, colour, lang) if c.kind == "shadow" else BODY_TOP
        active = epoch if epoch in (1, 2, 3) else None
        sizes, cut = _windows(pen, c, top, active, lang)
    return img, CardFit(c.id, sizes, cut)


def card_image(card_id: str, lang: str = "en", epoch: int | None = None) -> Image.Image:
    """The card ``card_id`` as a 720 x 500 RGB image (KeyError for an unknown id), in ``lang``
    ("en" or "ru"), with the window of the active ``epoch`` highlighted when given."""
    return card_face(card(card_id), lang, epoch)[0]


def card_fit(card_id: str, lang: str = "en") -> CardFit:
    return card_face(card(card_id), lang)[1]


def card_labels(card_id: str, lang: str = "en", epoch: int | None = None) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    img, _ = card_face(card(card_id), lang, epoch, labels)
    return img, labels


__all__ = [
    "COL_W",
    "INLINE",
    "MIN_TEXT",
    "PAD",
    "REMINDER_H",
    "CardFit",
    "H",
    "W",
    "card_face",
    "card_fit",
    "card_image",
    "card_labels",
    "resource_row",
    "window_paragraphs",
]
