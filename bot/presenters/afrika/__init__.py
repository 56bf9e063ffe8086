"""Chronicles of Afrika in chat: priority that does not drown players, and the stack in words.

When the bot plays for a player without asking is decided by ``engines.afrika.autoplay``; this
package only holds words and buttons: ``moves`` (buttons and menus), ``prompts`` (what is being
decided), and here the hand, the status line, the stack and the table declaration.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

import render.afrika
import render.afrika.pack
import render.afrika.pool
from bot.presenters import Presenter, TableSpec
from bot.presenters.afrika import tables
from bot.presenters.afrika.moves import choices, multi_choice
from bot.presenters.afrika.prompts import details, prompt
from bot.presenters.afrika.seating import seating
from bot.presenters.afrika.words import cost_text
from bot.presenters.alt.afrika import DESCRIBER
from bot.text import with_names
from engines.afrika import GAME
from engines.afrika.cards import card as card_def


def _cost(card: Any) -> str:
    """A card's cost after its name, as players read it: " (3 + Cosmic Jungle)", never the
    stored symbols "{3}{JUN}" (issue #34 item 14)."""
    return f" ({cost_text(card.cost)})" if getattr(card, "cost", "") else ""


def hand_text(view: Any) -> str:
    """The viewer's hand, then a teammate's (Allied Kingdoms, the Overlord's rivals: R124, R151),
    labelled as theirs; seats as "P2", named by the table service."""
    cards = ", ".join(f"{c.name}{_cost(c)}" for c in view.hand) or "no cards"
    return "\n".join([f"**Your hand** ({len(view.hand)}): {cards}", *tables.partner_lines(view, _cost)])


def status_line(view: Any, names: list[str]) -> str:
    if getattr(view, "variant", "duel") == "duel" or len(view.seats) < 2:
        lives = " · ".join(f"{names[s.seat]} {s.life} life" for s in view.seats)
        return f"Turn {view.turn} · {view.step_name} · {lives}"
    # More than two: whose turn it is (a team's shared turn), then each side's life.
    line = f"Turn {view.turn} · {tables.whose_turn(view)} · {view.step_name} · {tables.lives(view)}"
    return with_names(line, names)


def _object_names(view: Any) -> dict[str, str]:
    """Public objects by id, so a stack target reads "Flame Duelist", not "143"."""
    out: dict[str, str] = {}
    for s in view.seats:
        for p in [*s.zone1, *s.zone2, *s.terrain_stack, *s.artifacts, *filter(None, s.active_terrains)]:
            out[str(p.id)] = p.name
    for item in view.stack:
        out.setdefault(str(item.id), card_def(item.card).name if item.card else f"the {item.kind}")
    return out


def stack_lines(view: Any, names: list[str]) -> list[str]:
    lines = []
    objects = _object_names(view)
    for i, item in enumerate(reversed(view.stack), 1):
        who = names[item.controller]
        target = f" → {', '.join(objects.get(t, t) for t in item.targets)}" if item.targets else ""
        lines.append(with_names(f"{i}. {who}: {item.text}{target}", names))
    return lines


def waiting_text(view: Any, names: list[str]) -> str:
    """Under the panel: the face-up rift and the Overlord's schemes in force (their words are on
    no card a player can read), then the stack."""
    lines = tables.in_force(view)
    if view.stack:
        lines += ["On the stack (top first):", *stack_lines(view, names)]
    return with_names("\n".join(lines), names)


PRESENTER = Presenter(
    choices=choices,
    hand_text=hand_text,
    status_line=status_line,
    waiting_text=waiting_text,
    multi=multi_choice,
    prompt=prompt,
    details=details,
)


def card_caption(card_id: str) -> str:
    """A card in words under its /card image: name, type line, set number, rules text, verse."""
    from engines.afrika.cards import card as card_def
    from render.afrika.card import rules_text, type_line

    c = card_def(card_id)
    number = f"{c.set}{card_id[2:]}" if card_id.startswith(c.set) else card_id
    text = f"**{c.name}** · {type_line(c)} · {number}\n{rules_text(c)}"
    return f"{text}\n*{c.verse}*" if c.verse else text


def card_image(card_id: str) -> Image.Image:
    from render.afrika.card import card_image as draw

    return draw(card_id)


def card_sheet(directory: str, per_page: int, set_code: str) -> list[Any]:
    from render.afrika.sheet import write_sheets

    return list(write_sheets(directory, set_code=set_code or "LC", per_page=per_page))


TABLE = TableSpec(
    game=GAME,
    presenter=PRESENTER,
    board=render.afrika.board,
    hand=render.afrika.hand,
    describer=DESCRIBER,
    start="duel",
    card_image=card_image,
    card_caption=card_caption,
    card_sheet=card_sheet,
    palette=render.afrika.ENERGY_COLORS,
    pack_image=render.afrika.pack.pack_image,
    pool_image=render.afrika.pool.pool_image,
    seating=seating,
)
