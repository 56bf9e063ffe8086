"""A sealed or draft pool as an image read at Discord's inline width, the deck being built marked.

``pool_image(pool, deck, title)`` draws every card of ``pool`` (Chronicles of Afrika card ids, one
per copy): first the cost curve (a bar per cost, each bar split by energy: the curve of the deck
once it has cards, else of the pool; terrains are not on it), then one panel per energy (then
multi-energy, colourless and non-basic terrains), a row per card name: its count, name,
power/health, rarity and cost in energy symbols. Cards in ``deck`` are highlighted with "in deck /
in pool" counts, and the Basic terrains of the deck get a panel of their own. Every text is at
least 11 px once Discord shows the image 550 px wide (issue #35, item 5: the old 1280 px image
put its names at 6-7 px, with no rarity, power/health or curve). The grouping is the card
source's (``engines.afrika.draftsource.pool_groups``), so the deck-building menus list cards in
the order the image shows them. The draft shows a drafter's picks so far with it, under the pack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engines.afrika.cards import CARDS, ENERGY, CardDef
from engines.afrika.draftsource import energy_group, pool_groups
from engines.draft.source import PoolGroup
from render.afrika.cardrow import (
    GENERIC,
    MIN_TEXT,
    PIP_R,
    RARITY_COLORS,
    RARITY_NAMES,
    WIDTH,
    accent,
    card_accent,
    cost_width,
    draw_cost,
    rarity_color,
    stats,
    symbols,
)
from render.common import (
    ACCENT,
    EDGE,
    PANEL,
    PANEL_HI,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    canvas,
    darken,
    draw_line,
    font,
    mix,
    panel,
    pill,
    text_width,
)

PAD = 12
COLS = 2
COL_GAP = 10
ROW_H = 31
GROUP_HEAD = 42
GROUP_GAP = 10
HEADER_H = 116
CURVE_H = 150
CURVE_COSTS = 8
"""Bars for costs 0..6 and one for 7 and more."""
BAR_MAX = 74
COL_W = (WIDTH - 2 * PAD - (COLS - 1) * COL_GAP) // COLS


def _group_accent(key: str) -> tuple[int, int, int]:
    return accent(key) if key in ENERGY else (ACCENT if key == "basic" else GENERIC)


def _height(g: PoolGroup) -> int:
    return GROUP_HEAD + len(g.cards) * ROW_H + 8


def _layout(groups: Sequence[PoolGroup]) -> tuple[list[list[PoolGroup]], int]:
    cols: list[list[PoolGroup]] = [[] for _ in range(COLS)]
    heights = [0] * COLS
    for g in groups:
        i = heights.index(min(heights))
        cols[i].append(g)
        heights[i] += _height(g) + GROUP_GAP
    return cols, max(heights, default=0)


def curve(cards: Sequence[str]) -> list[Counter[str]]:
    """For each cost 0..6 and 7+, how many of ``cards`` (terrains aside) by energy group."""
    defs = CARDS()
    out: list[Counter[str]] = [Counter() for _ in range(CURVE_COSTS)]
    for cid in cards:
        c = defs[cid]
        if c.type != "terrain":
            out[min(c.cost.total, CURVE_COSTS - 1)][energy_group(c)] += 1
    return out


def _draw_curve(draw: ImageDraw.ImageDraw, top: int, cards: Sequence[str], label: str) -> None:
    bars = curve(cards)
    total = sum(sum(b.values()) for b in bars)
    box = (PAD, top, WIDTH - PAD, top + CURVE_H - 10)
    panel(draw, box, fill=PANEL, outline=EDGE, radius=10)
    draw_line(draw, (PAD + 14, top + 20), label, MIN_TEXT, bold=True, fill=TEXT, max_width=300)
    draw_line(
        draw,
        (PAD + 14, top + 46),
        f"{total} card{'s' if total != 1 else ''}, terrains aside",
        MIN_TEXT,
        fill=TEXT_DIM,
        max_width=300,
    )
    highest = max((sum(b.values()) for b in bars), default=0) or 1
    x0 = PAD + 320
    slot = (box[2] - 14 - x0) // CURVE_COSTS
    base = box[3] - 30
    order = [*ENERGY, "multi", "colourless"]
    for i, bar in enumerate(bars):
        cx = x0 + i * slot + slot // 2
        n = sum(bar.values())
        y = base
        for key in order:
            k = bar.get(key, 0)
            if not k:
                continue
            h = round(BAR_MAX * k / highest)
            draw.rectangle((cx - 18, y - h, cx + 18, y - 1), fill=_group_accent(key))
            y -= h
        if n:
            draw_line(draw, (cx, y - 12), str(n), MIN_TEXT, bold=True, anchor="mm")
        draw.line((cx - 24, base, cx + 24, base), fill=EDGE, width=2)
        cost = f"{i}+" if i == CURVE_COSTS - 1 else str(i)
        draw_line(draw, (cx, base + 15), cost, MIN_TEXT, fill=TEXT_DIM, anchor="mm")


def _draw_group(
    draw: ImageDraw.ImageDraw, x: int, y: int, w: int, g: PoolGroup, in_deck: Counter[str]
) -> int:
    defs = CARDS()
    h = _height(g)
    basic = g.key == "basic"
    panel(draw, (x, y, x + w, y + h), fill=PANEL, outline=EDGE, radius=10)
    draw.rounded_rectangle((x, y, x + w - 1, y + 6), radius=3, fill=_group_accent(g.key))
    used = sum(min(n, in_deck[cid]) for cid, n in g.cards) if not basic else g.count
    right = f"{used}/{g.count}" if used and not basic else str(g.count)
    room = w - 24 - text_width(right, font(20, True)) - 10
    draw_line(draw, (x + 12, y + GROUP_HEAD // 2 + 3), g.title, 20, bold=True, max_width=room)
    draw_line(
        draw,
        (x + w - 12, y + GROUP_HEAD // 2 + 3),
        right,
        20,
        bold=True,
        fill=SUCCESS if used else ACCENT,
        anchor="rm",
    )
    cards: list[CardDef] = [defs[cid] for cid, _ in g.cards]
    # the cost, the rarity and the power/health each keep a column of their own in the panel
    cost_x = x + w - 10 - max((cost_width(symbols(c), PIP_R - 1) for c in cards), default=0)
    rarity_x = cost_x - 10
    pt_x = rarity_x - text_width("M", font(MIN_TEXT, True)) - 12
    pt_w = max((text_width(stats(c), font(MIN_TEXT, True)) for c in cards), default=0)
    name_right = pt_x - pt_w - 10 if pt_w else pt_x
    ry = y + GROUP_HEAD
    for i, ((cid, n), c) in enumerate(zip(g.cards, cards, strict=True)):
        k = n if basic else min(in_deck[cid], n)
        yc = ry + ROW_H // 2
        if k and not basic:
            draw.rectangle((x + 4, ry, x + w - 5, ry + ROW_H - 1), fill=mix(PANEL, SUCCESS, 0.28))
        elif i % 2:
            draw.rectangle((x + 4, ry, x + w - 5, ry + ROW_H - 1), fill=PANEL_HI)
        draw.rectangle((x + 6, ry + 6, x + 9, ry + ROW_H - 7), fill=card_accent(c))
        if basic:
            count, fill = f"{n}", SUCCESS
        elif k:
            count, fill = f"{k}/{n}", SUCCESS
        else:
            count, fill = f"{n}", TEXT_DIM
        draw_line(draw, (x + 50, yc), count, MIN_TEXT, bold=True, fill=fill, anchor="rm")
        draw_cost(draw, x + w - 10, yc, symbols(c), PIP_R - 1)
        if not basic:
            draw_line(draw, (rarity_x, yc), c.rarity, MIN_TEXT, bold=True, fill=rarity_color(c), anchor="rm")
        pt = stats(c)
        if pt:
            draw_line(draw, (pt_x, yc), pt, MIN_TEXT, bold=True, fill=TEXT, anchor="rm")
        draw_line(draw, (x + 58, yc), c.name, MIN_TEXT, fill=TEXT, max_width=name_right - (x + 58))
        ry += ROW_H
    return h


def _rarity_legend(draw: ImageDraw.ImageDraw, right: int, yc: int) -> None:
    """ "Rarity: C common U uncommon R rare M mythic", in the letters' colours, ending at ``right``."""
    x = right
    for code in reversed(list(RARITY_NAMES)):
        word = f"{code} {RARITY_NAMES[code].lower()}"
        x -= int(text_width(word, font(MIN_TEXT, True))) + 14
        draw_line(draw, (x, yc), word, MIN_TEXT, bold=True, fill=RARITY_COLORS[code])
    draw_line(draw, (x - 4, yc), "Rarity:", MIN_TEXT, fill=TEXT_DIM, anchor="rm")


def pool_image(pool: Sequence[str], deck: Sequence[str] = (), title: str = "Your pool") -> Image.Image:
    defs = CARDS()
    in_deck = Counter(deck)
    groups = pool_groups(pool)
    basics = [cid for cid in deck if defs[cid].basic]
    if basics:
        groups += [g for g in pool_groups(basics) if g.key == "basic"]
    cols, body_h = _layout(groups)
    height = HEADER_H + CURVE_H + body_h + PAD
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)
    draw_line(draw, (PAD + 4, 24), title, 26, bold=True, max_width=WIDTH - 2 * PAD)
    from_pool = sum(min(n, Counter(pool)[cid]) for cid, n in in_deck.items() if not defs[cid].basic)
    if deck:
        sub = (
            f"{len(pool)} cards · deck: {from_pool} from the pool + {len(basics)} basic terrains"
            f" = {from_pool + len(basics)} (at least 40)"
        )
    else:
        sub = f"{len(pool)} cards, by energy, then type and cost"
    draw_line(draw, (PAD + 4, 56), sub, MIN_TEXT, fill=TEXT_DIM, max_width=WIDTH - 2 * PAD)
    symbols_in_deck: Counter[str] = Counter()
    for cid in deck:
        for code, k in defs[cid].cost.typed:
            symbols_in_deck[code] += k
    x = PAD + 4
    for code in ENERGY:
        if symbols_in_deck[code]:
            box = pill(
                draw, (x, 90), f"{code} {symbols_in_deck[code]}", MIN_TEXT, fill=darken(accent(code), 0.15)
            )
            x = box[2] + 8
    _rarity_legend(draw, WIDTH - PAD, 90)
    built = [cid for cid in deck if not defs[cid].basic]
    label = "Cost curve: deck" if built else "Cost curve"
    _draw_curve(draw, HEADER_H, built or pool, label)
    top = HEADER_H + CURVE_H
    for i, col in enumerate(cols):
        cx = PAD + i * (COL_W + COL_GAP)
        cy = top
        for g in col:
            cy += _draw_group(draw, cx, cy, COL_W, g, in_deck) + GROUP_GAP
    return img


__all__ = ["COL_W", "WIDTH", "curve", "pool_image"]
