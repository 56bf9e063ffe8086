"""The /stats set chart reads at the size Discord shows it inline (about 550 px wide).

Charts are drawn with their labels recorded (``stats_chart_labels``) and checked as if scaled to
550 px, as the Afrika board is (tests/render/test_afrika_inline_size.py): the smallest text at
least 11 px, no two labels overlapping, none leaving the image, no card name cut. The longest card
names of the game, a long server name, an empty ranking and a chart without a reference mark are
all drawn; the bars' lengths follow their fractions.
"""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from engines.games import game_spec
from render.common import DANGER, SUCCESS, font, text_width, to_png
from render.labels import Label, intersects
from render.stats import (
    BAR_X0,
    BAR_X1,
    WIDTH,
    ChartRow,
    ChartSection,
    StatsChart,
    stats_chart,
    stats_chart_labels,
)

INLINE = 550
MIN_TEXT_PX = 11.0


def _longest_names(n: int) -> list[str]:
    pool = game_spec("afrika").deck_pool
    assert pool is not None
    names = sorted({c.name for c in pool().cards.values()}, key=lambda s: -text_width(s, font(19, True)))
    return names[:n]


def _chart(server: str = "Game Night", *, mark: float | None = 0.5, empty_bottom: bool = False) -> StatsChart:
    names = _longest_names(16)
    top = tuple(
        ChartRow(
            name, f"{100 - 3 * i}%", (100 - 3 * i) / 100, f"won {40 - i} of {41 + i} games", (200, 90, 50)
        )
        for i, name in enumerate(names[:8])
    )
    bottom = tuple(
        ChartRow(name, f"{3 * i}%", 3 * i / 100, f"played in {i} of 1000 games, 1000 times in all", None)
        for i, name in enumerate(names[8:])
    )
    return StatsChart(
        title="Card statistics · Chronicles of Afrika",
        subtitle=f"{server} · 10000 games finished, 412 drafts · ranked by how often the decks that held the"
        " card won (cards in at least 1000 games)",
        sections=(
            ChartSection("Highest win rate", top, SUCCESS),
            ChartSection(
                "Lowest win rate",
                () if empty_bottom else bottom,
                DANGER,
                "No other card has a big enough sample yet (at least 5).",
            ),
        ),
        footer="Basic cards and tokens are left out. /stats card shows any card's numbers.",
        mark=mark,
        mark_label="50%",
    )


def _problems(img: Image.Image, labels: list[Label]) -> list[str]:
    scale = INLINE / img.width
    out = []
    for lb in labels:
        if lb.size * scale < MIN_TEXT_PX:
            out.append(f"{lb.text!r} is {lb.size * scale:.1f} px inline")
        x0, y0, x1, y1 = lb.box
        if x0 < 0 or y0 < 0 or x1 > img.width or y1 > img.height:
            out.append(f"{lb.text!r} leaves the image at {lb.box}")
    for a, b in itertools.combinations(labels, 2):
        if intersects(a.box, b.box):
            out.append(f"{a.text!r} {a.box} overlaps {b.text!r} {b.box}")
    return out


@pytest.mark.parametrize(
    "chart",
    [
        _chart(),
        _chart(
            "A server whose name is as long as Discord allows, one hundred characters of it, to be exact!!"
        ),
        _chart(mark=None, empty_bottom=True),
    ],
    ids=["long-names", "long-server-name", "no-mark-empty"],
)
def test_the_chart_reads_at_550_px(chart: StatsChart) -> None:
    img, labels = stats_chart_labels(chart)
    assert img.mode == "RGB" and img.width == WIDTH and 400 < img.height < 1600
    problems = _problems(img, labels)
    assert not problems, "; ".join(problems[:8])
    texts = [lb.text for lb in labels]
    assert not [x for x in texts if "…" in x], "nothing is cut, not even a long server's subtitle"
    for section in chart.sections:
        assert section.title in texts
        for row in section.rows:
            assert row.name in texts, f"{row.name!r} is cut or missing"
            assert row.value in texts and row.detail in texts
        if not section.rows:
            assert section.empty in texts
    # the labelled drawing is the bot's drawing
    assert img.tobytes() == stats_chart(chart).tobytes()
    assert Image.open(io.BytesIO(to_png(img))).size == img.size


def test_bars_follow_their_fractions_and_the_mark_is_drawn() -> None:
    chart = _chart()
    img, labels = stats_chart_labels(chart)
    rgb = img.convert("RGB")
    for section in chart.sections:
        for row in section.rows:
            label = next(lb for lb in labels if lb.text == row.name)
            y = (label.box[1] + label.box[3]) // 2 + 12  # the bar sits at the row's middle
            end = round(BAR_X0 + (BAR_X1 - BAR_X0) * row.fraction)
            if row.fraction > 0.1:
                assert rgb.getpixel((end - 4, y)) == section.color, row.name
            if end + 6 < BAR_X1:
                assert rgb.getpixel((end + 6, y)) != section.color, row.name
    assert sum(lb.text == "50%" for lb in labels) == 2, "the mark is named in each section with rows"
    plain, plain_labels = stats_chart_labels(_chart(mark=None))
    assert not any(lb.text == "50%" for lb in plain_labels) and plain.tobytes() != img.tobytes()
