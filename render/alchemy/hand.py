"""A player's own Alchemy hand: two cards a row, each with its name, MG or cost and rules text,
900 px wide so Discord's 550 px copy keeps text at 11 px. Only ``view.hand`` (the viewer's own
cards) is read; ``hand_seen`` marks cards the opponent has already seen."""

from __future__ import annotations

from PIL import Image

from engines.alchemy.view import AlchemyView
from render.alchemy.card import card_face
from render.common import ACCENT, TEXT_DIM, canvas
from render.labels import Label, Pen

WIDTH = 900
CELL_H = 230
GAP = 12
TOP = 60


def _secrets(me: object) -> list[str]:
    """What only this player knows besides the hand: their Store cards and their Magnum Opus."""
    if me is None:
        return []
    from engines.alchemy import card

    out = []
    store = [card(x.card).name + ("" if x.face_up else " (hidden)") for x in me.store if x.card]  # type: ignore[attr-defined]
    if store:
        out.append("Your Store: " + ", ".join(store))
    opus = me.opus  # type: ignore[attr-defined]
    if opus is not None and opus.card is not None:
        state = "revealed" if opus.revealed else ("ready to reveal" if opus.met else "face down")
        progress = "; ".join(f"{p.text} {p.have}/{p.need}" for p in opus.progress)
        out.append(
            f"Your Magnum Opus: {card(opus.card).name} ({state})" + (f" · {progress}" if progress else "")
        )
    return out


def hand_labels(view: AlchemyView, name: str) -> tuple[Image.Image, list[Label]]:
    labels: list[Label] = []
    return _draw(view, name, labels), labels


def hand(view: AlchemyView, name: str, **_: object) -> Image.Image:
    return _draw(view, name, None)


def _draw(view: AlchemyView, name: str, labels: list[Label] | None) -> Image.Image:
    cards = list(view.hand)
    rows = max(1, -(-len(cards) // 2))
    me = view.seats[view.viewer] if view.viewer is not None else None
    secrets = _secrets(me)
    img = canvas(WIDTH, TOP + rows * (CELL_H + GAP) + GAP + 34 * len(secrets))
    pen = Pen(img, labels)
    ap = f" · {me.ap} AP" if me is not None else ""
    pen.line((16, 32), f"{name}'s hand · {len(cards)} cards{ap}", 26, bold=True, max_width=WIDTH - 32)
    y = TOP + rows * (CELL_H + GAP) + 4
    for line in secrets:
        pen.line((16, y + 14), line, 20, fill=TEXT_DIM, max_width=WIDTH - 32)
        y += 34
    if not cards:
        pen.line((16, TOP + 40), "No cards in hand.", 22, fill=TEXT_DIM)
    w = (WIDTH - 3 * GAP) // 2
    for i, cid in enumerate(cards):
        x0 = GAP + (i % 2) * (w + GAP)
        y0 = TOP + (i // 2) * (CELL_H + GAP)
        card_face(pen, cid, (x0, y0, x0 + w, y0 + CELL_H), big=False)
        if i < len(view.hand_seen) and view.hand_seen[i]:
            pen.line((x0 + w - 14, y0 + CELL_H - 18), "seen", 18, fill=ACCENT, anchor="rm")
        if cid in view.marked:
            pen.line((x0 + 14, y0 + CELL_H - 18), "to Recharge", 18, fill=ACCENT)
    return img
