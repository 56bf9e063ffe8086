"""Chronicles of Afrika images: the public board and a player's private hand.

``board(view, names)`` draws only public fields of ``AfrikaView`` (R5, R26): each seat's life,
hand and Codex *counts*, energy pool, Zone 1 and Zone 2 with their Active terrains and every
permanent (power/health, damage, charged state, markers, attachments, combat role), the Terrain
Stack, the Artifact Stack (top = active), Void/Exile counts and the shared stack. It never reads
``view.hand`` or the private parts of ``view.choice``, so the board from any seat's view is the
spectator's board and is safe for a public channel.

``hand(view, name)`` draws ``view.hand`` (the viewer's own cards); it refuses spectator views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ACCENT,
    DANGER,
    EDGE,
    INFO,
    PANEL,
    PANEL_HI,
    RGB,
    SLOT,
    SUCCESS,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    Box,
    canvas,
    card_back,
    darken,
    draw_line,
    draw_text,
    mix,
    panel,
    pill,
)

ENERGY_COLORS: dict[str, RGB] = {
    "DIA": (176, 196, 214),
    "NEB": (139, 112, 214),
    "JUN": (46, 140, 74),
    "VOL": (200, 72, 44),
    "VOI": (92, 74, 116),
    "RIF": (52, 132, 196),
    "SAV": (206, 160, 52),
    "SKY": (108, 178, 222),
    "SEA": (34, 84, 156),
    "MTN": (136, 116, 96),
}
GENERIC: RGB = (112, 118, 130)
KW_SHORT = {
    "Phasewalk": "Phase",
    "Guardianship": "Guard",
    "First Attack": "1st",
    "Soaring": "Soar",
    "Cloaking": "Cloak",
    "Invincible": "Invinc",
    "Terrainwalk": "Walk",
    "Lifelink": "Life",
    "Trample": "Trmpl",
    "Alertness": "Alert",
    "Aerial": "Aerial",
    "Rampage": "Ramp",
    "Swift": "Swift",
    "Rush": "Rush",
    "Shield": "Shield",
    "Warp": "Warp",
    "Bond": "Bond",
    "Equip": "Equip",
}

WIDTH = 1400
SIDE = 230
CARD_W, CARD_H = 120, 150
GAP = 10
PER_ROW = 4


def _card_color(card_id: str) -> RGB:
    from engines.afrika.cards import card

    c = card(card_id)
    codes = [code for code, _ in c.cost.typed] or [p for p in c.produces if p != "any"]
    return ENERGY_COLORS.get(codes[0], GENERIC) if codes else GENERIC


def _kw_text(kws: Sequence[str]) -> str:
    out = []
    for k in kws:
        head = next((name for name in KW_SHORT if k == name or k.startswith(name + " ")), k)
        tail = k[len(head) :].strip()
        out.append(KW_SHORT.get(head, head) + (f" {tail}" if tail else ""))
    return " · ".join(out)


def _perm_tile(draw: ImageDraw.ImageDraw, box: Box, p: Any, names: dict[int, str]) -> None:
    """One permanent: colour by energy, dimmed when charged, with all of its public state."""
    x0, y0, x1, y1 = box
    base = _card_color(p.card)
    fill = darken(base, 0.55) if p.charged else mix(base, PANEL, 0.35)
    outline = ACCENT if p.attacking else INFO if p.blocking else (EDGE if p.active else TEXT_FAINT)
    panel(draw, box, fill=fill, outline=outline, width=3 if (p.attacking or p.blocking) else 1, radius=8)
    draw_text(
        draw, (x0 + 6, y0 + 4, x1 - 6, y0 + 40), p.name, 14, bold=True, max_lines=2, min_size=10, valign="top"
    )
    sub = p.type.capitalize() + (" (token)" if p.token else "")
    draw_line(draw, (x0 + 6, y0 + 48), sub, 11, fill=TEXT_DIM, max_width=x1 - x0 - 52)
    y = y0 + 64
    if p.keywords:
        draw_text(
            draw,
            (x0 + 6, y, x1 - 6, y + 30),
            _kw_text(p.keywords),
            11,
            max_lines=2,
            min_size=9,
            fill=TEXT,
            valign="top",
        )
    y = y0 + 96
    tags: list[tuple[str, RGB]] = []
    if p.charged:
        tags.append(("CHARGED", DANGER))
    if p.sick:
        tags.append(("new", TEXT_FAINT))
    if p.phased_out:
        tags.append(("PHASED", TEXT_FAINT))
    if not p.active:
        tags.append(("inactive", TEXT_FAINT))
    for kind, n in p.counters:
        tags.append((f"{kind}×{n}" if kind != "shield" else f"shield×{n}", SUCCESS))
    tx = x0 + 5
    for text, color in tags[:3]:
        b = pill(draw, (tx, y), text, 10, fill=color)
        tx = b[2] + 3
    if p.attached_to:
        draw_line(
            draw,
            (x0 + 6, y0 + 114),
            "on " + names.get(p.attached_to, f"#{p.attached_to}"),
            10,
            fill=TEXT_DIM,
            max_width=x1 - x0 - 12,
        )
    if p.attacking:
        draw_line(
            draw,
            (x0 + 6, y1 - 14),
            "ATK → " + names.get(int(p.attacking), p.attacking)
            if p.attacking.isdigit()
            else f"ATK → {p.attacking}",
            11,
            fill=ACCENT,
            bold=True,
            max_width=x1 - x0 - 60,
        )
    elif p.blocking:
        draw_line(
            draw,
            (x0 + 6, y1 - 14),
            "BLK " + names.get(p.blocking, ""),
            11,
            fill=INFO,
            bold=True,
            max_width=x1 - x0 - 60,
        )
    if p.type == "entity":
        draw_line(draw, (x1 - 6, y1 - 16), f"{p.power}/{p.health}", 18, bold=True, anchor="rm")
        if p.damage:
            pill(draw, (x1 - 6, y1 - 40), f"-{p.damage}", 12, fill=DANGER, anchor="right")
    draw_line(draw, (x1 - 6, y0 + 48), f"#{p.id}", 10, fill=TEXT_FAINT, anchor="rm")


def _terrain_chip(draw: ImageDraw.ImageDraw, box: Box, t: Any) -> None:
    x0, y0, x1, y1 = box
    base = _card_color(t.card)
    panel(draw, box, fill=darken(base, 0.6) if t.charged else mix(base, PANEL, 0.3), outline=EDGE, radius=6)
    draw_text(
        draw,
        (x0 + 5, y0 + 2, x1 - 5, y1 - 2),
        t.name + (" (ch)" if t.charged else ""),
        11,
        min_size=8,
        max_lines=2,
        align="center",
    )


def _rows(n: int) -> int:
    return max(1, -(-n // PER_ROW))


def _seat_height(seat: Any) -> int:
    rows = max(_rows(len(seat.zone1)), _rows(len(seat.zone2)))
    return 36 + 46 + rows * (CARD_H + GAP) + 12 + 44 + 10


def _draw_seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    seat: Any,
    name: str,
    view: Any,
    names: dict[int, str],
) -> int:
    h = _seat_height(seat)
    active = view.active == seat.seat and not view.over
    panel(
        draw,
        (10, y, WIDTH - 10, y + h),
        fill=PANEL_HI if active else PANEL,
        outline=ACCENT if active else EDGE,
    )
    # side panel: who, life, counts, pool
    sx = 24
    draw_line(draw, (sx, y + 22), name, 18, bold=True, max_width=SIDE - 30, fill=ACCENT if active else TEXT)
    life_col = DANGER if seat.life <= 5 else TEXT
    draw_line(draw, (sx, y + 62), f"{seat.life}", 40, bold=True, fill=life_col)
    draw_line(draw, (sx + 90, y + 62), "life", 14, fill=TEXT_DIM)
    lines = [
        f"Hand: {seat.hand_count}",
        f"Codex: {seat.codex_count}",
        f"Void: {len(seat.void)}   Exile: {len(seat.exile)}",
        "Pool: " + (" ".join(f"{n} {c}" for c, n in seat.pool) or "empty"),
    ]
    if seat.lost:
        lines.append("LOST")
    for i, text in enumerate(lines):
        draw_line(
            draw,
            (sx, y + 104 + 24 * i),
            text,
            14,
            fill=DANGER if text == "LOST" else TEXT,
            max_width=SIDE - 30,
        )
    for i in range(min(seat.hand_count, 10)):
        card_back(draw, (sx + i * 14, y + h - 46, sx + i * 14 + 22, y + h - 14))
    # the two battlefield zones
    zx0 = SIDE + 10
    zw = (WIDTH - 20 - zx0 - GAP) // 2
    rows_h = max(_rows(len(seat.zone1)), _rows(len(seat.zone2))) * (CARD_H + GAP)
    for zi, perms in enumerate((seat.zone1, seat.zone2)):
        bx = zx0 + zi * (zw + GAP)
        box = (bx, y + 10, bx + zw, y + 10 + 36 + 40 + rows_h)
        panel(draw, box, fill=SLOT, outline=EDGE, radius=10)
        draw_line(draw, (bx + 10, y + 26), f"Zone {zi + 1}", 14, bold=True)
        at = seat.active_terrains[zi]
        tb = (bx + 80, y + 14, bx + 300, y + 40)
        if at is None:
            draw_line(draw, (bx + 86, y + 27), "no active terrain", 12, fill=TEXT_FAINT)
        else:
            _terrain_chip(draw, tb, at)
        for i, p in enumerate(perms):
            cx = bx + 10 + (i % PER_ROW) * (CARD_W + GAP)
            cy = y + 50 + (i // PER_ROW) * (CARD_H + GAP)
            _perm_tile(draw, (cx, cy, cx + CARD_W, cy + CARD_H), p, names)
    # terrain stack and artifact stack
    ry = y + 10 + 36 + 40 + rows_h + 8
    draw_line(draw, (zx0, ry + 16), "Terrains:", 13, bold=True)
    tx = zx0 + 78
    shown = seat.terrain_stack[:8]
    for t in shown:
        _terrain_chip(draw, (tx, ry + 2, tx + 92, ry + 32), t)
        tx += 96
    if len(seat.terrain_stack) > len(shown):
        draw_line(draw, (tx + 4, ry + 16), f"+{len(seat.terrain_stack) - len(shown)}", 13, fill=TEXT_DIM)
    ax = WIDTH - 20 - 300
    draw_line(draw, (ax, ry + 16), "Artifacts:", 13, bold=True)
    if seat.artifacts:
        top = seat.artifacts[-1]
        label = f"{top.name}{' (ch)' if top.charged else ''}  [top of {len(seat.artifacts)}]"
        draw_text(draw, (ax + 82, ry + 2, WIDTH - 24, ry + 32), label, 12, min_size=9, fill=TEXT)
    else:
        draw_line(draw, (ax + 82, ry + 16), "none", 12, fill=TEXT_FAINT)
    return h


def board(view: Any, names: Sequence[str], **_options: Any) -> Image.Image:
    """The public Afrika board for ``view`` (any seat's view or the spectator's gives the same image)."""
    seats = list(view.seats)
    obj_names: dict[int, str] = {}
    for s in seats:
        for p in [*s.zone1, *s.zone2, *s.terrain_stack, *s.artifacts, *[t for t in s.active_terrains if t]]:
            obj_names[p.id] = p.name
    order = list(reversed(seats)) if len(seats) == 2 else seats
    stack_h = 40 + 26 * max(1, len(view.stack))
    height = 70 + sum(_seat_height(s) + 12 for s in order) + stack_h + 20
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)

    def label(seat: int) -> str:
        return names[seat] if seat < len(names) else f"P{seat + 1}"

    title = f"Chronicles of Afrika — turn {view.turn}"
    if view.over:
        status = view.reason or "game over"
    else:
        status = f"{label(view.active)}'s turn · {view.step_name}"
        if view.priority is not None:
            status += f" · priority: {label(view.priority)}"
        elif view.choice is not None:
            status += f" · {label(view.choice.player)} decides ({view.choice.kind}" + (
                f": {view.choice.about})" if view.choice.about else ")"
            )
    draw_line(draw, (20, 24), title, 22, bold=True)
    draw_line(draw, (20, 52), status, 15, fill=ACCENT if view.over else TEXT_DIM, max_width=WIDTH - 40)
    y = 70
    for i, s in enumerate(order):
        y += _draw_seat(img, draw, y, s, label(s.seat), view, obj_names) + 12
        if i == 0:
            box = (10, y, WIDTH - 10, y + stack_h)
            panel(draw, box, fill=PANEL, outline=EDGE)
            draw_line(draw, (24, y + 20), f"Stack ({len(view.stack)})", 14, bold=True)
            if not view.stack:
                draw_line(draw, (140, y + 20), "empty", 13, fill=TEXT_FAINT)
            for j, it in enumerate(reversed(view.stack)):
                tg = (
                    f" → {', '.join(obj_names.get(int(t), t) if t.isdigit() else t for t in it.targets)}"
                    if it.targets
                    else ""
                )
                text = f"{'top: ' if j == 0 else ''}{label(it.controller)}: {it.text}{tg}"
                draw_line(draw, (140, y + 20 + 26 * j), text, 13, max_width=WIDTH - 180)
            y += stack_h + 12
    return img


HAND_SCALE = 0.56
"""Hand cards are the full 375x525 card images at 210x294: the rules text stays readable."""


def hand(view: Any, name: str, **_options: Any) -> Image.Image:
    """The viewer's own hand as card images (private: send it only to that player)."""
    from render.card import card_image

    if view.viewer is None:
        raise ValueError("a spectator has no hand to draw")
    cards = list(view.hand)
    per_row = 7
    cw, ch = round(375 * HAND_SCALE), round(525 * HAND_SCALE)
    rows = max(1, -(-len(cards) // per_row))
    width = 20 + per_row * (cw + GAP) + 10
    img = canvas(width, 60 + rows * (ch + GAP) + 10)
    draw = ImageDraw.Draw(img)
    draw_line(draw, (20, 28), f"{name} — hand ({len(cards)})", 20, bold=True)
    if not cards:
        draw_line(draw, (20, 80), "no cards", 16, fill=TEXT_FAINT)
    for i, c in enumerate(cards):
        x = 20 + (i % per_row) * (cw + GAP)
        y = 60 + (i // per_row) * (ch + GAP)
        face = card_image(c.card).resize((cw, ch), Image.Resampling.LANCZOS)
        img.paste(face, (x, y))
    return img


__all__ = ["board", "hand"]
