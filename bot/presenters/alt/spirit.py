"""Spirit Tactics' board and hand in words: whose turn and phase, each Commander's R (the life
total), the Spirits on the grid by zone with S and R (a Concealed one as "a Concealed Spirit"),
piles as counts, the Sequence being built or the last one resolved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.presenters.alt import Describer, counted, listing, seat_name, sentences
from bot.text import with_names
from engines.core.words import plural
from engines.spirit.cards import card
from render.spirit.board import PHASES


def _unit(z: Any, brief: bool, viewer: int | None) -> str:
    u = z.unit
    if not u.face_up:
        if u.card is not None and u.owner == viewer:
            return f"your Concealed {card(u.card).name} at {z.name}"
        return f"a Concealed Spirit at {z.name}"
    text = f"{card(u.card).name} at {z.name}" if u.card else f"a Spirit at {z.name}"
    if brief:
        return text
    text += f", S {u.strength} R {u.resilience}"
    extras = list(u.keywords)
    if u.essence:
        extras.append("Essence: " + listing(counted(card(e).name for e in u.essence)))
    return f"{text} ({', '.join(extras)})" if extras else text


def _seat(view: Any, s: Any, names: Sequence[str], brief: bool, viewer: int | None) -> str:
    c = s.commander
    who = seat_name(names, s.seat)
    if c.card is None:
        head = f"{who}: Commander face down"
    else:
        life = f"R {c.resilience} of {c.base_resilience}" if c.resilience is not None else ""
        head = f"{who}: Commander {card(c.card).name}, {life}"
    facts = [head, plural(s.hand_count, "card") + " in hand", f"{s.deck_count} in deck"]
    if s.reload:
        facts.append(f"Reload pile {len(s.reload)}")
    if s.graveyard:
        facts.append(
            f"Graveyard {len(s.graveyard)}" + ("" if brief else f" (top: {card(s.graveyard[-1]).name})")
        )
    units = [_unit(z, brief, viewer) for z in view.zones if z.unit is not None and z.unit.owner == s.seat]
    facts.append("Spirits: " + listing(units, "none"))
    return ", ".join(facts)


def _turn(view: Any, names: Sequence[str], viewer: int | None) -> str:
    if view.phase == "over" or view.mode == "over":
        return f"The Duel is over. {with_names(view.reason, list(names))}"
    if view.current is None:
        text = "Spirit Tactics, before the first turn"
    else:
        who = "your" if view.current == viewer else f"{seat_name(names, view.current)}'s"
        text = f"Spirit Tactics, turn {view.turn} of at most {view.turn_limit}: {who} turn, {PHASES.get(view.phase, view.phase)}"
    if view.choice is not None:
        text += f". {seat_name(names, view.choice.seat)} decides: {with_names(view.choice.text, list(names))}"
    elif view.acting is not None and view.acting != view.current:
        text += f". {'You' if view.acting == viewer else seat_name(names, view.acting)} to answer"
    return text


def _sequence(view: Any, names: Sequence[str], brief: bool) -> list[str]:
    links, label = (
        (view.sequence, "Sequence being built") if view.sequence else (view.last_sequence, "Last Sequence")
    )
    if not links:
        return []
    if brief:
        links = links[-3:]
    said = [
        f"Link {x.index}, {seat_name(names, x.seat)}: {with_names(x.text, list(names))}"
        + (" (negated)" if x.negated else "")
        for x in links
    ]
    return [f"{label}: " + "; ".join(said)]


def board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = [_turn(view, names, None)]
    parts += [_seat(view, s, names, brief, None) for s in view.seats]
    parts += _sequence(view, names, brief)
    return sentences(parts)


def hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    mine = [card(c).name for c in view.hand]
    parts = [f"Your hand, {plural(len(mine), 'card')}: {listing(counted(mine), 'none')}"]
    hidden = [
        f"{card(z.unit.card).name} at {z.name}"
        for z in view.zones
        if z.unit is not None and not z.unit.face_up and z.unit.card and z.unit.owner == view.viewer
    ]
    if hidden:
        parts.append("Your Concealed Spirits: " + listing(hidden))
    if view.side and not brief:
        parts.append(f"Side Deck: {plural(len(view.side), 'card')}")
    parts.append(_turn(view, names, view.viewer))
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        c = view.seats[view.viewer].commander
        if c.resilience is not None:
            parts.append(f"Your Commander has R {c.resilience} of {c.base_resilience}")
    return sentences(parts)


DESCRIBER = Describer(board, hand)
