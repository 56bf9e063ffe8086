"""The Spirit Tactics board: both Commanders' Resilience, the 4 x 6 Battleground of Front and Back
Rows with each Spirit's Strength and Resilience, Essence and keywords, and the Sequence.

Drawn 900 px wide with nothing under 18 px, so Discord's 550 px inline copy keeps text at 11 px.
Only the view is read: a Concealed Spirit the viewer may not look at is a card back (its ``card``
is None in such a view), the opponent's hand is a count.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engines.spirit.cards import card
from engines.spirit.view import SeatView, SpiritView, UnitView, ZoneView
from render.common import ACCENT, CARD_BACK, EDGE, INFO, PANEL, SLOT, TEXT, TEXT_DIM, canvas, darken, panel
from render.labels import Label, Pen

WIDTH = 900
PAD = 16
SEAT_H = 96
CELL_GAP = 8
CELL_W = (WIDTH - 2 * PAD - 5 * CELL_GAP) // 6
CELL_H = 118
GRID_H = 4 * CELL_H + 3 * CELL_GAP + 28
MIN_TEXT = 18

ROW_NAMES = {1: "Back", 2: "Front", 3: "Front", 4: "Back"}


def _seat(pen: Pen, view: SpiritView, s: SeatView, name: str, y: int) -> None:
    turn = view.current == s.seat
    panel(
        pen.draw,
        (PAD, y, WIDTH - PAD, y + SEAT_H),
        fill=PANEL,
        outline=ACCENT if turn else EDGE,
        width=3 if turn else 1,
    )
    who = name + (" · to act" if view.acting == s.seat else "")
    pen.line((PAD + 16, y + 28), who, 26, bold=True, fill=ACCENT if turn else TEXT, max_width=420)
    cmd = s.commander
    pen.line(
        (WIDTH - PAD - 16, y + 30), f"R {cmd.resilience} / {cmd.base_resilience}", 28, bold=True, anchor="rm"
    )
    essence = f" · {len(cmd.essence)} Essence" if cmd.essence else ""
    pen.line((PAD + 16, y + 66), f"{card(cmd.card).name}{essence}", 20, fill=TEXT_DIM, max_width=380)
    counts = f"Hand {s.hand_count} · Deck {s.deck_count} · Reload {len(s.reload)} · Grave {len(s.graveyard)}"
    pen.line((WIDTH - PAD - 16, y + 66), counts, 20, fill=TEXT_DIM, anchor="rm", max_width=440)


def _unit(pen: Pen, unit: UnitView, box: tuple[int, int, int, int], mine: bool) -> None:
    x0, y0, x1, y1 = box
    if not unit.face_up:
        panel(pen.draw, box, fill=CARD_BACK, outline=INFO if mine else EDGE, radius=8)
        label = card(unit.card).name if unit.card is not None else "Concealed"
        pen.text((x0 + 6, y0 + 6, x1 - 6, y0 + 52), label, 18, max_lines=2, min_size=MIN_TEXT)
        pen.line((x0 + 6, y1 - 16), "face down", 18, fill=TEXT_DIM, max_width=x1 - x0 - 12)
        return
    assert unit.card is not None
    panel(pen.draw, box, fill=darken(INFO, 0.55) if mine else darken(ACCENT, 0.6), outline=EDGE, radius=8)
    pen.text(
        (x0 + 6, y0 + 6, x1 - 6, y0 + 52), card(unit.card).name, 18, bold=True, max_lines=2, min_size=MIN_TEXT
    )
    pen.line((x0 + 6, y0 + 70), f"S {unit.strength}", 18, max_width=x1 - x0 - 12)
    pen.line((x0 + 6, y0 + 92), f"R {unit.resilience}", 18, max_width=x1 - x0 - 12)
    if unit.essence:
        pen.line((x1 - 6, y0 + 92), f"◆{len(unit.essence)}", 18, fill=ACCENT, anchor="rm")


def _grid(pen: Pen, view: SpiritView, y: int) -> None:
    bottom = view.viewer if view.viewer is not None else 0
    rows = (4, 3, 2, 1) if bottom == 0 else (1, 2, 3, 4)
    by_name: dict[str, ZoneView] = {z.name.upper(): z for z in view.zones}
    for r, row in enumerate(rows):
        for col in range(6):
            name = f"{'ABCDEF'[col]}{row}"
            x0 = PAD + col * (CELL_W + CELL_GAP)
            y0 = y + r * (CELL_H + CELL_GAP)
            box = (x0, y0, x0 + CELL_W, y0 + CELL_H)
            zone = by_name.get(name)
            if zone is None or zone.unit is None:
                panel(pen.draw, box, fill=SLOT, radius=8)
                note = "called here" if zone is not None and zone.reserved else f"{name} {ROW_NAMES[row]}"
                pen.line(
                    ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                    note,
                    18,
                    fill=TEXT_DIM,
                    anchor="mm",
                    max_width=CELL_W - 12,
                )
                continue
            _unit(pen, zone.unit, box, zone.unit.owner == bottom)


def board_labels(view: SpiritView, names: Sequence[str]) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, names, labels), labels


def board(view: SpiritView, names: Sequence[str], **_: object) -> Image.Image:
    return _draw(view, names, None)


def _draw(view: SpiritView, names: Sequence[str], labels: list[Label] | None) -> Image.Image:
    links = view.sequence[-4:]
    height = 64 + 2 * SEAT_H + GRID_H + 2 * PAD + 30 * (len(links) + (1 if links else 0)) + 20
    img = canvas(WIDTH, height)
    pen = Pen(img, labels)
    if view.current is None:
        head = "Duel over" + (f" · {view.reason}" if view.reason else "")
    else:
        head = f"Turn {view.turn} · {names[view.current]}'s {view.phase} phase"
    pen.line((PAD, 32), head, 26, bold=True, max_width=WIDTH - 2 * PAD)
    bottom = view.viewer if view.viewer is not None else 0
    y = 60
    _seat(pen, view, view.seats[1 - bottom], names[1 - bottom], y)
    y += SEAT_H + PAD
    _grid(pen, view, y)
    y += GRID_H - 28 + PAD
    _seat(pen, view, view.seats[bottom], names[bottom], y)
    y += SEAT_H + PAD
    if links:
        pen.line((PAD, y + 14), "Sequence (last link resolves first):", 20, bold=True)
        for link in links:
            y += 30
            pen.line(
                (PAD + 16, y + 14),
                f"{link.index}. {names[link.seat]}: {link.text}",
                18,
                fill=TEXT_DIM,
                max_width=WIDTH - 2 * PAD - 16,
            )
    return img
