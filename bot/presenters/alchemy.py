"""Alchemy in chat: what a player is deciding in words, and its moves as buttons and one menu.

Basic elements and the everyday moves are buttons; the complex elements (two basics of different
types played as one, AL30) are many pairs, so they wait in the "More moves" menu, each saying its
summed MG: choosing one is a single gesture, never a chain of clicks. Rules stay in the engine:
this module reads the view and the legal actions only.
"""

from __future__ import annotations

from typing import Any

import discord
from PIL import Image

import render.alchemy
from bot.presenters import Presenter, TableSpec
from bot.presenters.alt.alchemy import DESCRIBER
from bot.presenters.choices import MoveChoice
from bot.text import clip
from engines.alchemy import GAME, card
from engines.alchemy.view import mg_text
from engines.core import PlayerId
from engines.core.words import plural

MENU_LIMIT = 25
"""Discord's options per select: complex elements past it stay buttons (paged), never dropped."""

_STYLE: dict[str, discord.ButtonStyle] = {
    "battle": discord.ButtonStyle.primary,
    "process": discord.ButtonStyle.success,
    "opus": discord.ButtonStyle.success,
    "store": discord.ButtonStyle.success,
    "game": discord.ButtonStyle.secondary,
    "refresh": discord.ButtonStyle.secondary,
    "end": discord.ButtonStyle.secondary,
}


def _view(engine: Any, state: Any, seat: int) -> Any:
    return engine.view(state, PlayerId(seat))


_HOW = {"ascendant": "doubled", "descendant": "halved"}


def _block_values(view: Any) -> dict[str, str]:
    """What each of the defender's blocks would count against the strike: "6, doubled" (its MG
    after bonuses times its alignment, AL24), by action id. Empty outside the defender's choice."""
    battle = view.battle
    if battle is None:
        return {}
    out = {}
    for action_id, value2, alignment in battle.block_values:
        how = _HOW.get(alignment)
        out[action_id] = f"{mg_text(value2)}, {how}" if how else mg_text(value2)
    return out


def choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    view = _view(engine, state, seat)
    battle = view.battle
    blocks = _block_values(view)
    out: list[MoveChoice] = []
    menu = 0
    for a in engine.legal_actions(state, PlayerId(seat)):
        style = _STYLE.get(a.kind, discord.ButtonStyle.secondary)
        value = blocks.get(a.to_id())
        label = f"{a.label} → {value}" if value else a.label
        if a.to_id() == "pass" and battle is not None and battle.pass_label:
            out.append(MoveChoice(a.to_id(), battle.pass_label, discord.ButtonStyle.secondary))
        elif getattr(a, "is_complex", False) and menu < MENU_LIMIT:
            menu += 1
            mg = card(a.first).mg + card(a.second).mg
            about = f"A complex element: MG {mg} (both parts summed)."
            if value:
                about = f"MG {mg} (both parts summed); it blocks at {value}."
            out.append(MoveChoice(a.to_id(), label, style, about, more=True))
        elif a.kind in ("end", "game", "refresh") or a.to_id() in ("pass", "leave"):
            out.append(MoveChoice(a.to_id(), a.label, discord.ButtonStyle.secondary))
        else:
            out.append(MoveChoice(a.to_id(), label, style))
    # The decision of the moment first (battle answers, processes), passing and ending last.
    order = {discord.ButtonStyle.primary: 0, discord.ButtonStyle.success: 1, discord.ButtonStyle.secondary: 2}
    return sorted(out, key=lambda c: order.get(c.style, 3))


def _link_words(link: Any, names: list[str]) -> str:
    return f"{names[link.seat]}'s {link.element} ({mg_text(link.value2)})"


def prompt(engine: Any, state: Any, seat: int, names: list[str]) -> str:
    view = _view(engine, state, seat)
    me = view.seats[seat]
    battle = view.battle
    if view.mode == "store":
        return "**In your Store:** put cards in, take cards out, then leave."
    if view.mode == "refresh":
        return "**Refreshing your hand:** choose the cards to put back, then confirm."
    if battle is not None and battle.acting == seat:
        last = battle.links[-1] if battle.links else None
        if battle.window == "defend" and last is not None:
            ask = f"**Block {_link_words(last, names)}, or take the hit?**"
            values = _block_values(view)
            if not values:
                return ask
            by_id = {a.to_id(): a for a in engine.legal_actions(state, PlayerId(seat))}
            each = "; ".join(
                f"{by_id[aid].label.removeprefix('Block with ')} → {value}"
                for aid, value in values.items()
                if aid in by_id
            )
            return clip(f"{ask}\nYour blocks against its {mg_text(last.value2)}: {each}.", 1500)
        if battle.window == "press":
            return "**Your element was blocked:** play a Reaction, or compare now."
        if battle.window == "riposte":
            return "**You parried:** counterattack for free, or pass."
    if view.current == seat:
        return f"**Your turn** ({me.ap} AP): attack, draw, play a Process, use your Store, or end your turn."
    return "**Your answer:** choose a move below."


def hand_text(view: Any) -> str:
    cards = ", ".join(card(c).name for c in view.hand) or "no cards"
    return f"**Your hand** ({len(view.hand)}): {cards}"


def status_line(view: Any, names: list[str]) -> str:
    scores = " · ".join(f"{names[s.seat]} {plural(s.points, 'point')}, {s.ap} AP" for s in view.seats)
    return f"Turn {view.turn} · {scores}"


def waiting_text(view: Any, names: list[str]) -> str:
    battle = view.battle
    if battle is None or not battle.links:
        return ""
    chain = " → ".join(_link_words(link, names) for link in battle.links)
    return f"Battle: {chain}"


def details(view: Any) -> list[tuple[str, str]]:
    """Cards to read in full: the hand, the Store cards this player sees, the Field, and the
    Magnum Opus when this player may see it."""
    out: dict[str, str] = {}
    for c in view.hand:
        out.setdefault(c, f"{card(c).name} (in your hand)")
    for s in view.seats:
        for slot in s.store:
            if slot.card is not None:
                out.setdefault(slot.card, f"{card(slot.card).name} (in a Store)")
        if s.opus is not None and s.opus.card is not None:
            out.setdefault(s.opus.card, f"{card(s.opus.card).name} (Magnum Opus)")
    battle = view.battle or view.last_battle
    if battle is not None:
        for link in battle.links:
            for c in link.cards:
                out.setdefault(c, f"{card(c).name} (on the Field)")
        for _, c in battle.processes:
            out.setdefault(c, f"{card(c).name} (played)")
    return list(out.items())[:25]


def card_caption(card_id: str) -> str:
    c = card(card_id)
    kind = (
        f"{c.element} element, MG {c.mg}"
        if c.kind == "element"
        else ("Magnum Opus" if c.kind == "opus" else "Process")
    )
    text = f"**{c.name}** · {kind} · {card_id}"
    if c.text:
        text += f"\n{c.text}"
    return f"{text}\n*{c.flavour}*" if c.flavour else text


def card_image(card_id: str) -> Image.Image:
    return render.alchemy.card_image(card_id)


PRESENTER = Presenter(
    choices=choices,
    hand_text=hand_text,
    status_line=status_line,
    waiting_text=waiting_text,
    prompt=prompt,
    details=details,
)

TABLE = TableSpec(
    game=GAME,
    presenter=PRESENTER,
    board=render.alchemy.board,
    hand=render.alchemy.hand,
    describer=DESCRIBER,
    start="duel",
    card_image=card_image,
    card_caption=card_caption,
    palette=render.alchemy.ELEMENT_COLORS,
)
