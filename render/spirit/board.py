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
CELL_H = 138
GRID_H = 4 * CELL_H + 3 * CELL_GAP + 28
MIN_TEXT = 18

ROW_NAMES = {1: "Back", 2: "Front", 3: "Front", 4: "Back"}
PHASES = {
    "reload": "Reload Phase",
    "draw": "Draw Phase",
    "calm": "Calm Phase",
    "main": "Main Phase",
    "combat": "Combat Phase",
    "submain": "Sub-Main Phase",
    "end": "End Phase",
    "start": "choosing who goes first",
}
LINKS_SHOWN = 6
"""Links of a long Sequence drawn in full; earlier ones are counted on one line."""
GEM = 7
"""Half the width of an Essence diamond."""


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def essence_gems(pen: Pen, essence: Sequence[str], right: int, yc: int, most: int = 5) -> int:
    """Attached Essence as diamonds in their type's colour, right-aligned at ``right`` (so a player
    sees which Essence a Spirit can pay with, not just how many); more than ``most`` end in a
    count. Returns the left edge used."""
    shown = sorted(essence)[:most]
    x = right
    if len(essence) > most:
        x -= 28
        pen.line((x, yc), f"+{len(essence) - most}", 18, fill=TEXT_DIM, anchor="lm")
        x -= 4
    for eid in reversed(shown):
        colour = _rgb(card(eid).art)
        cx = x - GEM
        pen.draw.polygon(
            [(cx, yc - GEM - 2), (cx + GEM, yc), (cx, yc + GEM + 2), (cx - GEM, yc)],
            fill=colour,
            outline=darken(colour, 0.4),
        )
        x -= 2 * GEM + 3
    return x


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
    if cmd.card is None:  # face down until the starting player is decided (setup steps 1-3)
        pen.line((PAD + 16, y + 66), "Commander face down", 20, fill=TEXT_DIM, max_width=340)
    else:
        pen.line(
            (WIDTH - PAD - 16, y + 30),
            f"R {cmd.resilience} / {cmd.base_resilience}",
            28,
            bold=True,
            anchor="rm",
        )
        pen.line((PAD + 16, y + 66), card(cmd.card).name, 20, fill=TEXT_DIM, max_width=340)
    if cmd.essence:
        essence_gems(pen, cmd.essence, WIDTH - PAD - 250, y + 30, most=5)
    counts = (
        f"Hand {s.hand_count} · Deck {s.deck_count} · Reload {len(s.reload)} · "
        f"GY {len(s.graveyard)} · Side {s.side_count}"
    )
    pen.line((WIDTH - PAD - 16, y + 66), counts, 20, fill=TEXT_DIM, anchor="rm", max_width=480)


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
    pen.line((x0 + 6, y0 + 68), _stat("S", unit.strength, unit.base_strength), 18, max_width=x1 - x0 - 12)
    pen.line((x0 + 6, y0 + 92), _stat("R", unit.resilience, unit.base_resilience), 18, max_width=x1 - x0 - 12)
    left = x1 - 4
    if unit.essence:
        left = essence_gems(pen, unit.essence, x1 - 4, y1 - 16, most=3)
    if unit.attacks_used:
        note = "attacked" if not unit.attacks_left else f"{unit.attacks_left} more"
        pen.line((x0 + 6, y1 - 16), note, 18, fill=TEXT_DIM, max_width=max(20, left - x0 - 10))


def _stat(letter: str, now: int, base: int) -> str:
    """ "S 1200" or, when changed, "S 900/1200" (current/printed): damage and boosts show."""
    return f"{letter} {now}" if now == base else f"{letter} {now}/{base}"


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
    links = view.sequence[-LINKS_SHOWN:]
    earlier = len(view.sequence) - len(links)
    lines = len(links) + (1 if links else 0) + (1 if earlier else 0)
    height = 64 + 2 * SEAT_H + GRID_H + 2 * PAD + 30 * lines + 20
    img = canvas(WIDTH, height)
    pen = Pen(img, labels)
    if view.mode == "over":
        head = "Duel over" + (f" · {view.reason}" if view.reason else "")
    elif view.current is None:
        chooser = view.choice.seat if view.choice is not None else view.acting
        head = f"Before the first turn: {names[chooser] if chooser is not None else 'a player'} chooses who goes first"
    else:
        head = f"Turn {view.turn} · {names[view.current]}'s {PHASES.get(view.phase, view.phase)}"
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
        if earlier:
            y += 30
            pen.line((PAD + 16, y + 14), f"links 1-{earlier} above these", 18, fill=TEXT_DIM)
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
