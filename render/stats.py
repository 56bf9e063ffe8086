"""The card statistics chart of ``/stats set``: a server's top and bottom cards as bars.

``stats_chart(chart)`` draws a ``StatsChart``: plain values the bot's statistics service fills
(titles, one section per ranking, a row per card with its bar length, value and sample), so the
renderer knows nothing of games, SQL or Discord. Each row reads as a sentence at a glance: the
card's name with its accent stripe, what the number rests on ("won 13 of 21 games") under it, a
bar and the number itself; a reference mark (50 % for win rates) runs down the bars.

Discord shows it about 550 px wide: the canvas is 800 px, so the smallest text (17 px) is about
11.7 px inline, and every label is drawn through ``render.labels.Pen`` so a test can check sizes,
overlaps and cut words on real charts (``stats_chart_labels``), as for the boards.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.common import (
    ACCENT,
    BG,
    EDGE,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    TEXT_DIM,
    TEXT_FAINT,
    canvas,
    fit_text,
    font,
    lighten,
    panel,
    text_width,
)
from render.labels import Label, Pen

WIDTH = 800
PAD = 24
TITLE = 30
SUBTITLE = 18
SECTION = 22
NAME = 19
SMALL = 17
ROW_H = 56
HEAD_H = 46
SECTION_GAP = 16
INSET = 14
"""Row content starts this far inside a section panel."""
NAME_X = PAD + INSET + 14
NAME_W = 392
BAR_X0 = NAME_X + NAME_W + 12
VALUE_W = 70
BAR_X1 = WIDTH - PAD - INSET - VALUE_W - 8
BAR_H = 16
GENERIC: RGB = (112, 118, 130)


@dataclass(frozen=True)
class ChartRow:
    """One card: ``fraction`` (0..1) is the bar's length, ``value`` the number printed after it."""

    name: str
    value: str
    fraction: float
    detail: str
    accent: RGB | None = None


@dataclass(frozen=True)
class ChartSection:
    """A ranking ("Highest win rate"); ``empty`` is said instead when it has no rows."""

    title: str
    rows: tuple[ChartRow, ...]
    color: RGB
    empty: str = ""


@dataclass(frozen=True)
class StatsChart:
    title: str
    subtitle: str
    sections: tuple[ChartSection, ...]
    footer: str = ""
    mark: float | None = None
    """Where a reference line crosses the bars (0..1), e.g. 0.5 for an even win rate."""
    mark_label: str = ""


def _section_height(s: ChartSection) -> int:
    return HEAD_H + max(1, len(s.rows)) * ROW_H + 8


def _text_height(text: str, size: int, lines: int) -> int:
    if not text:
        return 0
    fit = fit_text(text, (0, 0, WIDTH - 2 * PAD, size * 3 * lines), size, max_lines=lines)
    return fit.extent[3] - fit.extent[1]


def _bar_x(fraction: float) -> int:
    f = min(1.0, max(0.0, fraction))
    return round(BAR_X0 + (BAR_X1 - BAR_X0) * f)


def _draw_row(pen: Pen, y: int, row: ChartRow, color: RGB, shade: bool) -> None:
    x0, x1 = PAD + 4, WIDTH - PAD - 5
    if shade:
        pen.draw.rectangle((x0, y, x1, y + ROW_H - 1), fill=PANEL_HI)
    stripe = row.accent or GENERIC
    pen.draw.rectangle((PAD + INSET, y + 10, PAD + INSET + 4, y + ROW_H - 11), fill=stripe)
    pen.text((NAME_X, y + 5, NAME_X + NAME_W, y + 29), row.name, NAME, bold=True, min_size=SMALL)
    pen.text((NAME_X, y + 30, NAME_X + NAME_W, y + ROW_H - 4), row.detail, SMALL, fill=TEXT_DIM)
    top = y + (ROW_H - BAR_H) // 2
    pen.draw.rounded_rectangle((BAR_X0, top, BAR_X1, top + BAR_H - 1), radius=BAR_H // 2, fill=SLOT)
    end = _bar_x(row.fraction)
    if end > BAR_X0 + 2:
        pen.draw.rounded_rectangle((BAR_X0, top, end, top + BAR_H - 1), radius=BAR_H // 2, fill=color)
    pen.line((WIDTH - PAD - INSET, y + ROW_H // 2), row.value, NAME, bold=True, anchor="rm")


def _draw_mark(pen: Pen, top: int, bottom: int, mark: float) -> None:
    """A dotted line down the bars at ``mark``, over the bars so it reads as a threshold."""
    x = _bar_x(mark)
    for yy in range(top, bottom, 6):
        pen.draw.line((x, yy, x, min(yy + 2, bottom)), fill=lighten(EDGE, 0.35), width=2)


def _draw_section(pen: Pen, y: int, s: ChartSection, chart: StatsChart) -> int:
    h = _section_height(s)
    panel(pen.draw, (PAD, y, WIDTH - PAD, y + h), fill=PANEL, outline=EDGE, radius=12)
    title_box = pen.text(
        (PAD + INSET, y + 6, BAR_X0 - 8, y + HEAD_H - 4), s.title, SECTION, bold=True, fill=ACCENT
    ).extent
    if chart.mark is not None and chart.mark_label and s.rows:
        x = _bar_x(chart.mark)
        half = text_width(chart.mark_label, font(SMALL)) / 2
        if x - half > title_box[2] + 8:  # named above the line, unless a long title is there
            pen.line((x, y + HEAD_H // 2 + 1), chart.mark_label, SMALL, fill=TEXT_FAINT, anchor="mm")
    pen.draw.line((PAD + 10, y + HEAD_H - 1, WIDTH - PAD - 11, y + HEAD_H - 1), fill=EDGE)
    ry = y + HEAD_H
    if not s.rows:
        pen.text((PAD + INSET, ry + 4, WIDTH - PAD - INSET, ry + ROW_H - 4), s.empty, SMALL, fill=TEXT_DIM)
        return h
    for i, row in enumerate(s.rows):
        _draw_row(pen, ry + i * ROW_H, row, s.color, bool(i % 2))
    if chart.mark is not None:
        _draw_mark(pen, ry + 4, ry + len(s.rows) * ROW_H - 4, chart.mark)
    return h


def _chart(chart: StatsChart, labels: list[Label] | None) -> Image.Image:
    sub_h = _text_height(chart.subtitle, SUBTITLE, 3)
    foot_h = _text_height(chart.footer, SMALL, 2)
    head = PAD + TITLE + 14 + sub_h + 18
    body = sum(_section_height(s) + SECTION_GAP for s in chart.sections)
    height = head + body + (foot_h + 8 if foot_h else 0) + PAD
    img = canvas(WIDTH, height, BG)
    pen = Pen(img, labels)
    pen.text((PAD, PAD, WIDTH - PAD, PAD + TITLE + 8), chart.title, TITLE, bold=True, min_size=22)
    if chart.subtitle:
        top = PAD + TITLE + 14
        pen.text(
            (PAD, top, WIDTH - PAD, top + sub_h),
            chart.subtitle,
            SUBTITLE,
            fill=TEXT_DIM,
            max_lines=3,
            valign="top",
        )
    y = head
    for s in chart.sections:
        y += _draw_section(pen, y, s, chart) + SECTION_GAP
    if chart.footer:
        pen.text(
            (PAD, y, WIDTH - PAD, y + foot_h), chart.footer, SMALL, fill=TEXT_FAINT, max_lines=2, valign="top"
        )
    return img


def stats_chart(chart: StatsChart) -> Image.Image:
    """The chart as the bot sends it."""
    return _chart(chart, None)


def stats_chart_labels(chart: StatsChart) -> tuple[Image.Image, list[Label]]:
    """The chart and every label drawn on it (what tests check for size and overlaps)."""
    labels: list[Label] = []
    return _chart(chart, labels), labels


__all__ = ["WIDTH", "ChartRow", "ChartSection", "StatsChart", "stats_chart", "stats_chart_labels"]
