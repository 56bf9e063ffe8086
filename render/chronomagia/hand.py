"""A player's own Chronomagia hand: each card small, with what it does in the active Epoch (the text
a card in hand uses, M30), then their face-down Shadows by name, the Shadows of the opponent they
looked at with Intuition, and their Hero Deck (in full while they Meditate, by name otherwise).

Only the view is read: ``view.hand`` and ``view.hero_deck`` are the viewer's own, a Shadow's
``card`` is set only for its controller and for a player who looked at it, so nothing hidden can
be drawn. 900 px wide with no text under 18 px, so Discord's 550 px copy keeps text at 11 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engines.chronomagia.cards import CardDef, card
from engines.chronomagia.view import ChronomagiaView
from render import richtext
from render.chronomagia import words
from render.chronomagia.board import res_flow
from render.chronomagia.card import window_paragraphs
from render.chronomagia.glyphs import NEUTRAL, epoch_colour, pip
from render.chronomagia.words import say
from render.common import (
    ACCENT,
    RGB,
    TEXT,
    TEXT_DIM,
    Box,
    canvas,
    darken,
    font,
    lighten,
    panel,
    text_width,
)
from render.labels import Label, Pen
from render.richtext import Paragraph, Run

WIDTH = 900
GAP = 12
TOP = 60
MIN_TEXT = 18
CARD_W = (WIDTH - 3 * GAP) // 2
TEXT_SIZE = 19
MAX_TEXT_H = 150
SECTION_H = 44
COMPACT_H = 88
NAME_H = 54
"""A compact Hero Deck tile: its name's two lines take the top ``NAME_H``, what it is the rest."""
COMPACT_COLS = 3


def _colour(c: CardDef) -> RGB:
    return epoch_colour(c.native) if c.native else NEUTRAL


def _pars(c: CardDef, epoch: int, lang: str, fill: RGB) -> tuple[Paragraph, ...]:
    w = c.window(epoch)
    colour = epoch_colour(epoch)
    pars = list(window_paragraphs(c, w, lang, fill, lighten(colour, 0.55)))
    if c.kind == "shadow":
        pars.insert(
            0,
            (
                Run(say("emerge", lang) + ":", "bold", lighten(colour, 0.55)),
                Run(words.emerge_text(c, lang), "regular", fill),
            ),
        )
    return tuple(pars)


def _kind_word(c: CardDef, epoch: int, lang: str) -> str:
    w = c.window(epoch)
    if w.res is None:
        if w.is_empty:
            return say("nothing", lang)
        return say("summon_then_gone", lang) if c.kind == "shadow" else say("spell", lang)
    if c.kind in ("location", "phenomenon"):
        return say("permanent_res", lang)
    return say("creature", lang)


def mini_height(cid: str, epoch: int, lang: str, width: int = CARD_W) -> int:
    c = card(cid)
    lay = richtext.layout(_pars(c, epoch, lang, TEXT), width - 24, TEXT_SIZE)
    text_h = min(lay.height, MAX_TEXT_H) if lay.lines else 0
    return 12 + 58 + 8 + 34 + (8 + text_h if text_h else 0) + 12


def mini_card(pen: Pen, cid: str, box: Box, epoch: int, lang: str, owner: str = "") -> None:
    """``cid`` drawn small into ``box``: name, cost in ``epoch``, type and Willpower, and its
    window for ``epoch`` (kind, resources, text); ``owner`` (a Shadow seen by Intuition) replaces
    the type line with whose Shadow it is."""
    c = card(cid)
    x0, y0, x1, y1 = box
    colour = _colour(c)
    fill = darken(colour, 0.72)
    panel(pen.draw, box, fill=fill, outline=lighten(colour, 0.1), width=2, radius=12)
    right = x1 - 12
    title_y = y0 + 12 + 14
    if c.kind in ("thoughtform", "location", "phenomenon"):
        b = pen.line((right, title_y), str(c.cost_in(epoch)), 24, bold=True, anchor="rm")
        d = 28
        right = b[0] - 4 - d
        pen.paste(pip("concentration", d, fill), (right, title_y - d // 2), name="cost pip")
        right -= 10
    pen.line((x0 + 12, title_y), words.name(c, lang), 22, bold=True, max_width=right - x0 - 16)
    sub = say("whose_shadow", lang, name=owner) if owner else words.type_line(c, lang)
    ty = y0 + 12 + 44
    extra = ""
    if c.kind in ("thoughtform", "shadow", "token"):
        extra = f"{say('willpower', lang)} {c.willpower}"
    elif c.kind in ("location", "phenomenon"):
        extra = f"{say('lives' if c.kind == 'location' else 'time_counters', lang)} {c.lives}"
    b = pen.line((x1 - 12, ty), extra, 18, fill=TEXT_DIM, anchor="rm") if extra else (x1 - 12, 0, x1 - 12, 0)
    pen.line((x0 + 12, ty), sub, 18, fill=TEXT_DIM, max_width=b[0] - x0 - 28)
    # the window of the active Epoch
    wy = y0 + 12 + 58 + 8
    w = c.window(epoch)
    ecol = epoch_colour(epoch)
    head = f"{say('epoch', lang)} {epoch}: {_kind_word(c, epoch, lang)}"
    hb = pen.line((x0 + 12, wy + 17), head, 19, bold=True, fill=lighten(ecol, 0.45), max_width=x1 - x0 - 24)
    if w.res:
        res_flow(pen, w.res, hb[2] + 12, wy + 3, x1 - 10, fill, d=26, size=21)
    elif w.res is not None:
        pen.line(
            (hb[2] + 12, wy + 17),
            say("produces_nothing", lang),
            18,
            fill=TEXT_DIM,
            max_width=max(10, x1 - hb[2] - 24),
        )
    pars = _pars(c, epoch, lang, TEXT)
    if pars:
        room = y1 - 12 - (wy + 34 + 8)
        lay = richtext.fit(pars, x1 - x0 - 24, room, TEXT_SIZE, MIN_TEXT)
        richtext.draw(pen, lay, x0 + 12, wy + 34 + 8, fill, fill)


def _compact(pen: Pen, cid: str, box: Box, epoch: int, lang: str) -> None:
    """A Hero Deck card outside Meditation: its name and cost, and what it is in ``epoch``."""
    c = card(cid)
    x0, y0, x1, _y1 = box
    colour = _colour(c)
    fill = darken(colour, 0.72)
    panel(pen.draw, box, fill=fill, outline=darken(colour, 0.1), width=1, radius=10)
    b = pen.line((x1 - 10, y0 + 20), str(c.cost_in(epoch)), 20, bold=True, anchor="rm")
    d = 22
    pen.paste(pip("concentration", d, fill), (b[0] - 4 - d, y0 + 20 - d // 2), name="cost pip")
    # The whole name, on two lines when it needs them ("Гравитационный колодец" read
    # "Гравитационный к…" cut to one line, twice over for the two copies in a Hero Deck).
    name_box = (x0 + 10, y0 + 4, b[0] - d - 10, y0 + NAME_H)
    title = words.name(c, lang)
    if text_width(title, font(18, True)) > name_box[2] - name_box[0]:
        title = title.replace("-", "- ")  # "Голограмма-приманка" may break after its hyphen
    pen.text(name_box, title, 18, bold=True, min_size=18, max_lines=2)
    w = c.window(epoch)
    kb = pen.line(
        (x0 + 10, y0 + NAME_H + 16),
        _kind_word(c, epoch, lang),
        18,
        fill=lighten(epoch_colour(epoch), 0.4),
        max_width=(x1 - x0) // 2,
    )
    if w.res:
        res_flow(pen, w.res, kb[2] + 8, y0 + NAME_H + 4, x1 - 8, fill, d=22, size=18)


def _section(pen: Pen, text: str, y: int) -> int:
    pen.line((GAP + 4, y + SECTION_H // 2 + 2), text, 22, bold=True, fill=ACCENT, max_width=WIDTH - 2 * GAP)
    return y + SECTION_H


def _grid_heights(ids: Sequence[str], epoch: int, lang: str) -> list[int]:
    hs = [mini_height(c, epoch, lang) for c in ids]
    return [max(hs[i : i + 2]) for i in range(0, len(hs), 2)]


def _shadow_entries(view: ChronomagiaView) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
    """(own face-down Shadows: (card, ""), Shadows looked at: (card, seat))."""
    own: list[tuple[str, str]] = []
    seen: list[tuple[str, int]] = []
    for s in view.seats:
        for sh in s.shadows:
            if sh.card is None:
                continue
            if s.seat == view.viewer:
                own.append((sh.card, ""))
            elif sh.seen:
                seen.append((sh.card, s.seat))
    return own, seen


def _meditating(view: ChronomagiaView) -> bool:
    return view.step == "meditation" and view.active == view.viewer and view.viewer is not None


def _layout(view: ChronomagiaView, lang: str) -> int:
    h = TOP
    rows = _grid_heights(view.hand, view.epoch, lang) or [60]
    h += sum(rows) + GAP * len(rows)
    own, seen = _shadow_entries(view)
    for group in (own, seen):
        if group:
            h += (
                SECTION_H
                + sum(_grid_heights([c for c, _ in group], view.epoch, lang))
                + GAP * ((len(group) + 1) // 2)
            )
    if view.hero_deck:
        h += SECTION_H
        if _meditating(view):
            rows = _grid_heights(view.hero_deck, view.epoch, lang)
            h += sum(rows) + GAP * len(rows)
        else:
            n = -(-len(view.hero_deck) // COMPACT_COLS)
            h += n * (COMPACT_H + 8)
    return h + GAP


def hand_labels(view: ChronomagiaView, name: str, lang: str = "en") -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, name, lang, labels), labels


def hand(
    view: ChronomagiaView, name: str, lang: str = "en", names: Sequence[str] | None = None, **_: object
) -> Image.Image:
    """The viewer's hand, own Shadows, Shadows seen and Hero Deck (``names``, when given, name the
    owner of a Shadow seen; else "the opponent")."""
    return _draw(view, name, lang, None, names)


def _grid(
    pen: Pen, ids: Sequence[str], y: int, epoch: int, lang: str, owners: Sequence[str] | None = None
) -> int:
    rows = _grid_heights(ids, epoch, lang)
    for i, cid in enumerate(ids):
        r, col = divmod(i, 2)
        x0 = GAP + col * (CARD_W + GAP)
        y0 = y + sum(rows[:r]) + GAP * r
        mini_card(pen, cid, (x0, y0, x0 + CARD_W, y0 + rows[r]), epoch, lang, owners[i] if owners else "")
    return y + sum(rows) + GAP * len(rows)


def _draw(
    view: ChronomagiaView,
    name: str,
    lang: str,
    labels: list[Label] | None,
    names: Sequence[str] | None = None,
) -> Image.Image:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a seat's own view, not a spectator's")
    img = canvas(WIDTH, _layout(view, lang))
    pen = Pen(img, labels)
    n = len(view.hand)
    title = f"{say('hand_title', lang, name=name)} · {say('card' if n == 1 else 'cards', lang, n=n)} · {say('epoch', lang)} {view.epoch}"
    pen.line((GAP + 4, 30), title, 26, bold=True, max_width=WIDTH - 2 * GAP)
    y = TOP
    if not view.hand:
        pen.line((GAP + 4, y + 30), say("empty_hand", lang), 22, fill=TEXT_DIM)
        y += 60 + GAP
    else:
        y = _grid(pen, view.hand, y, view.epoch, lang)
    own, seen = _shadow_entries(view)
    if own:
        y = _section(pen, say("own_shadows", lang), y)
        y = _grid(pen, [c for c, _ in own], y, view.epoch, lang)
    if seen:
        y = _section(pen, say("seen_shadows", lang), y)
        owner = [
            names[s] if names and s < len(names) else ("противник" if words.ru(lang) else "opponent")
            for _, s in seen
        ]
        y = _grid(pen, [c for c, _ in seen], y, view.epoch, lang, owner)
    if view.hero_deck:
        y = _section(pen, say("hero_deck_meditate" if _meditating(view) else "hero_deck_title", lang), y)
        if _meditating(view):
            y = _grid(pen, view.hero_deck, y, view.epoch, lang)
        else:
            w = (WIDTH - (COMPACT_COLS + 1) * GAP) // COMPACT_COLS
            for i, cid in enumerate(view.hero_deck):
                r, col = divmod(i, COMPACT_COLS)
                x0 = GAP + col * (w + GAP)
                y0 = y + r * (COMPACT_H + 8)
                _compact(pen, cid, (x0, y0, x0 + w, y0 + COMPACT_H), view.epoch, lang)
    return img


__all__ = ["CARD_W", "WIDTH", "hand", "hand_labels", "mini_card", "mini_height"]
