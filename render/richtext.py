"""Rules text with pictures in it: paragraphs of words (regular, bold or italic) and icons,
wrapped together and fitted to a box by shrinking the font down to a floor.

``render.common.fit_text`` fits one style of plain text; a card's abilities read better as
"(1) [Flame pip][Flame pip] Deal 400 damage ...", with the keyword of a trigger in bold and the
flavour in italics, so this lays out runs of those. Every line segment, icon and badge is recorded
on the ``Pen`` as a ``Label`` so tests can check sizes and overlaps like any other text.

It is shared by every game's renderer (Spirit Tactics and Chronomagia today); the icons are the
game's own (``Icon``: Spirit Tactics passes its Essence pips), so no game's renderer imports
another's.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from PIL import Image, ImageFont

from render.common import ELLIPSIS, RGB, TEXT, Box, Font, font, line_height, panel, put_text, text_width
from render.fonts import FONT_DIR
from render.labels import Pen

OBLIQUE_FILE = FONT_DIR / "DejaVuSans-Oblique.ttf"
Style = Literal["regular", "bold", "italic"]


@cache
def _oblique_bytes() -> bytes:
    return OBLIQUE_FILE.read_bytes()


@lru_cache(maxsize=64)
def italic(size: int) -> Font:
    """DejaVu Sans Oblique at ``size`` px (shipped beside the other fonts; never a system font)."""
    return ImageFont.truetype(io.BytesIO(_oblique_bytes()), size=size, layout_engine=ImageFont.Layout.BASIC)


def styled(size: int, style: Style) -> Font:
    return italic(size) if style == "italic" else font(size, style == "bold")


@dataclass(frozen=True)
class Icon:
    """A picture set in a line of words, as a game draws it: ``draw(index, diameter, bg)`` returns
    a ``diameter`` px square image; ``name`` is what its ``Label`` says (before " pip")."""

    name: str
    index: int
    draw: Callable[[int, int, RGB], Image.Image]


@dataclass(frozen=True)
class Run:
    """Words in one style and colour, or one ``icon`` (a Spirit Tactics Essence pip), or a
    numbered ``badge``."""

    text: str = ""
    style: Style = "regular"
    fill: RGB = TEXT
    icon: Icon | None = None
    badge: str = ""


Paragraph = tuple[Run, ...]


@dataclass(frozen=True)
class _Atom:
    kind: Literal["word", "pip", "badge"]
    text: str
    style: Style
    fill: RGB
    icon: Icon | None = None


@dataclass(frozen=True)
class _Placed:
    x: float
    width: float
    atom: _Atom


@dataclass(frozen=True)
class Layout:
    """Paragraphs laid out at one size: ``lines[p]`` are paragraph ``p``'s lines of placed atoms."""

    size: int
    lines: tuple[tuple[tuple[_Placed, ...], ...], ...]
    height: int
    truncated: bool = False


def _atoms(par: Paragraph) -> list[_Atom]:
    out: list[_Atom] = []
    for run in par:
        if run.icon is not None:
            out.append(_Atom("pip", run.icon.name, run.style, run.fill, run.icon))
        elif run.badge:
            out.append(_Atom("badge", run.badge, "bold", run.fill))
        else:
            out.extend(_Atom("word", w, run.style, run.fill) for w in run.text.split())
    return out


def pip_size(size: int) -> int:
    return round(size * 1.15)


def _badge_width(text: str, size: int) -> float:
    return text_width(text, font(size, True)) + size * 0.7


def _width(atom: _Atom, size: int) -> float:
    if atom.kind == "pip":
        return pip_size(size)
    if atom.kind == "badge":
        return _badge_width(atom.text, size)
    return text_width(atom.text, styled(size, atom.style))


def _gap(prev: _Atom, atom: _Atom, size: int) -> float:
    """The space before ``atom``: a thin one between pips, a word space otherwise."""
    if prev.kind == "pip" and atom.kind == "pip":
        return max(2.0, size * 0.12)
    return text_width(" ", styled(size, atom.style if atom.kind == "word" else prev.style))


def line_step(size: int) -> int:
    """The height of one line: the tallest of the three styles, or a pip."""
    return max(line_height(font(size, True)), line_height(italic(size)), pip_size(size) + 2)


def layout(paragraphs: tuple[Paragraph, ...], width: int, size: int) -> Layout:
    """Greedy wrap of every paragraph at ``size``; a word wider than ``width`` stays whole and
    overflows (the caller then tries a smaller size)."""
    out: list[tuple[tuple[_Placed, ...], ...]] = []
    for par in paragraphs:
        lines: list[tuple[_Placed, ...]] = []
        cur: list[_Placed] = []
        x = 0.0
        for atom in _atoms(par):
            w = _width(atom, size)
            start = x + _gap(cur[-1].atom, atom, size) if cur else 0.0
            if cur and start + w > width:
                lines.append(tuple(cur))
                cur, start = [], 0.0
            cur.append(_Placed(start, w, atom))
            x = start + w
        lines.append(tuple(cur))
        out.append(tuple(lines))
    return Layout(size, tuple(out), _height(out, size))


def paragraph_gap(size: int) -> int:
    return round(size * 0.45)


def _height(pars: list[tuple[tuple[_Placed, ...], ...]], size: int) -> int:
    n = sum(len(p) for p in pars)
    return n * line_step(size) + max(0, len(pars) - 1) * paragraph_gap(size)


def widest(lay: Layout) -> float:
    return max((ln[-1].x + ln[-1].width for par in lay.lines for ln in par if ln), default=0.0)


def fit(paragraphs: tuple[Paragraph, ...], width: int, height: int, size: int, min_size: int) -> Layout:
    """The largest size from ``size`` down to ``min_size`` at which every paragraph fits the box;
    at the floor, the lines that do not fit are cut and the last one kept ends with "…"."""
    for s in range(size, min_size - 1, -1):
        lay = layout(paragraphs, width, s)
        if lay.height <= height and widest(lay) <= width:
            return lay
    lay = layout(paragraphs, width, min_size)
    step, gap = line_step(min_size), paragraph_gap(min_size)
    kept: list[tuple[tuple[_Placed, ...], ...]] = []
    used = 0
    for par in lay.lines:
        room = (height - used - (gap if kept else 0)) // step
        if room >= len(par):
            kept.append(par)
            used += (gap if len(kept) > 1 else 0) + len(par) * step
            continue
        if room > 0:  # part of this paragraph, its last kept line marked as cut
            kept.append((*par[: room - 1], _ellipsized(par[room - 1], width, min_size)))
        elif kept:  # none of it: mark the end of the paragraph before
            kept[-1] = (*kept[-1][:-1], _ellipsized(kept[-1][-1], width, min_size))
        break
    return Layout(min_size, tuple(kept), _height(kept, min_size), truncated=True)


def _ellipsized(line: tuple[_Placed, ...], width: int, size: int) -> tuple[_Placed, ...]:
    """``line`` with "…" after its last word, dropping atoms until it fits."""
    atoms = list(line)
    while atoms:
        last = atoms[-1]
        fnt = styled(size, last.atom.style)
        end = last.x + last.width + text_width(ELLIPSIS, fnt)
        if end <= width:
            break
        atoms.pop()
    if not atoms:
        return ()
    last = atoms[-1]
    mark = _Atom("word", ELLIPSIS, last.atom.style, last.atom.fill)
    w = text_width(ELLIPSIS, styled(size, last.atom.style))
    return (*atoms, _Placed(last.x + last.width, w, mark))


def draw(pen: Pen, lay: Layout, x0: int, y0: int, bg: RGB, badge_fill: RGB) -> Box:
    """Draw ``lay`` with its top left at ``(x0, y0)`` on a background ``bg``; returns the extent."""
    s = lay.size
    step, gap = line_step(s), paragraph_gap(s)
    y = y0
    right = float(x0)
    for p, par in enumerate(lay.lines):
        if p:
            y += gap
        for line in par:
            right = max(right, _draw_line(pen, line, x0, y, s, step, bg, badge_fill))
            y += step
    return (x0, y0, math.ceil(right), y)


def _draw_line(
    pen: Pen, line: tuple[_Placed, ...], x0: int, y: int, s: int, step: int, bg: RGB, badge: RGB
) -> float:
    """One line: consecutive words of one style and colour are drawn (and recorded) as one segment."""
    right = float(x0)
    i = 0
    while i < len(line):
        placed = line[i]
        atom = placed.atom
        x = x0 + placed.x
        if atom.kind == "pip":
            d = pip_size(s)
            top = y + (step - d) // 2
            assert atom.icon is not None
            pen.paste(atom.icon.draw(atom.icon.index, d, bg), (round(x), top), name=f"{atom.text} pip")
            right = max(right, round(x) + d)
            i += 1
            continue
        if atom.kind == "badge":
            w = math.ceil(placed.width)
            h = line_height(font(s, True))
            top = y + (step - h) // 2
            box = (round(x), top, round(x) + w, top + h)
            panel(pen.draw, box, fill=badge, radius=max(3, s // 4))
            put_text(
                pen.draw,
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                atom.text,
                font(s, True),
                atom.fill,
                "mm",
            )
            pen.record(atom.text, s, box, "chip")
            right = max(right, box[2])
            i += 1
            continue
        j = i
        words = []
        while (
            j < len(line)
            and line[j].atom.kind == "word"
            and (line[j].atom.style, line[j].atom.fill) == (atom.style, atom.fill)
        ):
            words.append(line[j].atom.text)
            j += 1
        text = " ".join(words)
        fnt = styled(s, atom.style)
        top = y + (step - line_height(fnt)) // 2
        put_text(pen.draw, (x, top), text, fnt, atom.fill, "la")
        advance = text_width(text, fnt)
        pen.record(text, s, (math.floor(x), top, math.ceil(x + advance), top + line_height(fnt)), "text")
        right = max(right, x + advance)
        i = j
    return right


__all__ = [
    "OBLIQUE_FILE",
    "Layout",
    "Paragraph",
    "Run",
    "Style",
    "draw",
    "fit",
    "italic",
    "layout",
    "line_step",
    "paragraph_gap",
    "pip_size",
    "styled",
    "widest",
]
