"""The Alchemy board: both players' points and AP, their piles, Store and Magnum Opus, and the
Field with the Battle chain in the order it was played, each element with its compared magnitude.

Drawn 900 px wide with nothing under 18 px, so Discord's 550 px inline copy keeps text at 11 px.
Only the view is read: a Store slot face down to this viewer is a card back, a Magnum Opus the
viewer may not see is a marker, the opponent's hand is a count.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engines.alchemy import card
from engines.alchemy.view import AlchemyView, BattleView, LinkView, SeatView, mg_text
from render.alchemy.palette import OPUS_COLOR, card_color, element_color
from render.common import (
    ACCENT,
    CARD_BACK,
    EDGE,
    PANEL,
    PANEL_HI,
    SLOT,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    canvas,
    darken,
    panel,
)
from render.labels import Label, Pen

WIDTH = 900
MIN_TEXT = 18
PAD = 16
SEAT_H = 250
FIELD_H = 250


def _seat(pen: Pen, view: AlchemyView, s: SeatView, name: str, y: int) -> None:
    turn = view.current == s.seat
    panel(
        pen.draw,
        (PAD, y, WIDTH - PAD, y + SEAT_H),
        fill=PANEL,
        outline=ACCENT if turn else EDGE,
        width=3 if turn else 1,
    )
    pen.line(
        (PAD + 16, y + 30),
        name + (" · to play" if view.acting == s.seat else ""),
        28,
        bold=True,
        fill=ACCENT if turn else TEXT,
        max_width=520,
    )
    pen.line((WIDTH - PAD - 16, y + 32), f"{s.points} / {view.target} points", 30, bold=True, anchor="rm")
    # AP as pips: filled for AP held, hollow up to the cap.
    pen.line((PAD + 16, y + 78), "AP", 20, fill=TEXT_DIM)
    for i in range(view.ap_cap):
        x = PAD + 60 + i * 30
        box = (x, y + 66, x + 22, y + 88)
        if i < s.ap:
            pen.draw.ellipse(box, fill=ACCENT)
        else:
            pen.draw.ellipse(box, outline=TEXT_DIM, width=2)
    counts = f"Hand {s.hand_count} · Deck {s.deck_count} · Recharge {len(s.recharge)} · Exhausted {len(s.exhausted)}"
    pen.line((PAD + 260, y + 78), counts, 20, fill=TEXT_DIM, max_width=WIDTH - 2 * PAD - 280)
    # The Store: three slots, face down as card backs unless this viewer may see the card.
    pen.line((PAD + 16, y + 122), "Store", 20, fill=TEXT_DIM)
    for i in range(view.store_size):
        x0 = PAD + 16 + i * 200
        box = (x0, y + 138, x0 + 188, y + 230)
        if i >= len(s.store):
            panel(pen.draw, box, fill=SLOT, radius=8)
            pen.line(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "empty", 18, fill=TEXT_DIM, anchor="mm")
            continue
        slot = s.store[i]
        if slot.card is None:
            panel(pen.draw, box, fill=CARD_BACK, radius=8)
            pen.line(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "face down", 18, fill=TEXT, anchor="mm")
            continue
        panel(pen.draw, box, fill=darken(card_color(slot.card), 0.15), radius=8)
        pen.text(
            (box[0] + 8, box[1] + 6, box[2] - 8, box[3] - 28),
            card(slot.card).name,
            20,
            bold=True,
            max_lines=2,
            min_size=MIN_TEXT,
        )
        pen.line((box[0] + 8, box[3] - 16), "face up" if slot.face_up else "yours, hidden", 18, fill=TEXT_DIM)
    # The Magnum Opus: a marker, its name once the viewer may see it.
    box = (WIDTH - PAD - 260, y + 138, WIDTH - PAD - 16, y + 230)
    opus = s.opus
    if opus is None:
        panel(pen.draw, box, fill=SLOT, radius=8)
        pen.line(
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "no Magnum Opus", 18, fill=TEXT_DIM, anchor="mm"
        )
    elif opus.card is None:
        panel(pen.draw, box, fill=darken(OPUS_COLOR, 0.45), outline=OPUS_COLOR, width=2, radius=8)
        pen.line(((box[0] + box[2]) / 2, box[1] + 30), "Magnum Opus", 20, bold=True, anchor="mm")
        pen.line(((box[0] + box[2]) / 2, box[1] + 62), "face down", 18, fill=TEXT_DIM, anchor="mm")
    else:
        panel(pen.draw, box, fill=darken(OPUS_COLOR, 0.2), radius=8)
        pen.text(
            (box[0] + 8, box[1] + 6, box[2] - 8, box[3] - 30),
            card(opus.card).name,
            20,
            bold=True,
            max_lines=2,
            min_size=MIN_TEXT,
        )
        state = "revealed" if opus.revealed else ("ready to reveal" if opus.met else "your secret")
        pen.line(
            (box[0] + 8, box[3] - 16), state, 18, fill=SUCCESS if opus.met or opus.revealed else TEXT_DIM
        )


def _link(pen: Pen, link: LinkView, names: Sequence[str], box: tuple[int, int, int, int]) -> None:
    color = element_color(link.element)
    panel(pen.draw, box, fill=darken(color, 0.25), outline=color, width=2, radius=10)
    x0, y0, x1, y1 = box
    role = {"attack": "attacks", "block": "blocks", "counter": "counters"}.get(link.role, link.role)
    pen.line((x0 + 10, y0 + 22), f"{names[link.seat]} {role}", 18, fill=TEXT_DIM, max_width=x1 - x0 - 20)
    pen.line((x0 + 10, y0 + 54), link.element, 22, bold=True, max_width=x1 - x0 - 20)
    pen.line((x1 - 10, y0 + 80), mg_text(link.value2), 36, bold=True, anchor="rm")
    detail = f"MG {mg_text(link.mg2)}"
    if link.bonus2:
        detail += f" {'+' if link.bonus2 > 0 else '-'}{mg_text(abs(link.bonus2))}"
    pen.line((x0 + 10, y0 + 80), detail, 18, fill=TEXT_DIM, max_width=x1 - x0 - 80)
    extra = " · ".join(x for x in (link.alignment, link.result) if x)
    if extra:
        pen.line((x0 + 10, y1 - 14), extra, 18, fill=ACCENT, max_width=x1 - x0 - 20)


def _field(pen: Pen, view: AlchemyView, names: Sequence[str], y: int) -> None:
    panel(pen.draw, (PAD, y, WIDTH - PAD, y + FIELD_H), fill=PANEL_HI, outline=EDGE)
    battle: BattleView | None = view.battle or view.last_battle
    if battle is None:
        pen.line(
            (WIDTH / 2, y + FIELD_H / 2), "The Field is empty: no Battle yet.", 22, fill=TEXT_DIM, anchor="mm"
        )
        return
    live = view.battle is not None
    title = "Battle" if live else "Last Battle"
    pen.line((PAD + 16, y + 26), f"{title}: {names[battle.attacker]} attacks", 22, bold=True, max_width=470)
    if battle.winner is not None:
        status = f"{names[battle.winner]} wins (+{battle.points}, damage {mg_text(battle.damage2)})"
    elif live and battle.acting is not None:
        status = f"{names[battle.acting]} to answer"
    else:
        status = "nobody won"
    pen.line((WIDTH - PAD - 16, y + 26), status, 20, fill=ACCENT, anchor="rm", max_width=320)
    links = battle.links[-4:]  # the newest four: a chain longer than that shows how it ends
    if len(battle.links) > 4:
        pen.line((PAD + 16, y + 58), f"… {len(battle.links) - 4} earlier in the chain", 18, fill=TEXT_DIM)
    w = (WIDTH - 2 * PAD - 32 - 3 * 12) // 4
    for i, link in enumerate(links):
        x0 = PAD + 16 + i * (w + 12)
        _link(pen, link, names, (x0, y + 74, x0 + w, y + 74 + 130))
    if battle.processes:
        played = ", ".join(f"{names[s]}: {card(c).name}" for s, c in battle.processes[-3:])
        pen.line(
            (PAD + 16, y + FIELD_H - 20),
            f"Processes: {played}",
            18,
            fill=TEXT_DIM,
            max_width=WIDTH - 2 * PAD - 32,
        )


def board_labels(view: AlchemyView, names: Sequence[str]) -> tuple[Image.Image, list[Label]]:
    """The board and every label drawn on it (for the readability test)."""
    labels: list[Label] = []
    img = _draw(view, names, labels)
    return img, labels


def board(view: AlchemyView, names: Sequence[str], **_: object) -> Image.Image:
    return _draw(view, names, None)


def _draw(view: AlchemyView, names: Sequence[str], labels: list[Label] | None) -> Image.Image:
    height = 70 + 2 * SEAT_H + FIELD_H + 4 * PAD + 40
    img = canvas(WIDTH, height)
    pen = Pen(img, labels)
    if view.current is None:
        head = "Game over" + (f" · {view.reason}" if view.reason else "")
    else:
        head = f"Turn {view.turn} · {names[view.current]}'s turn"
    pen.line((PAD, 34), head, 28, bold=True, max_width=WIDTH - 2 * PAD)
    bottom = view.viewer if view.viewer is not None else 0
    top = 1 - bottom
    y = 70
    _seat(pen, view, view.seats[top], names[top], y)
    y += SEAT_H + PAD
    _field(pen, view, names, y)
    y += FIELD_H + PAD
    _seat(pen, view, view.seats[bottom], names[bottom], y)
    y += SEAT_H + PAD
    mode = {
        "store": "in the Store",
        "refresh": "refreshing a hand",
        "battle": "a Battle",
        "main": "actions",
        "over": "over",
    }
    pen.line(
        (PAD, y + 16),
        f"Now: {mode.get(view.mode, view.mode)} · first to {view.target} points wins",
        18,
        fill=TEXT_DIM,
        max_width=WIDTH - 2 * PAD,
    )
    return img
