"""Afrika's board and hand in words, every variant: whose turn and step, each seat's life, cards,
energy, entities with power and health, terrains and artifacts, the stack, teams, schemes, rifts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.presenters.alt import Describer, counted, listing, seat_name, sentences
from bot.text import with_names
from engines.afrika.cards import ENERGY_NAMES
from engines.core.words import plural

_SYMBOL = re.compile(r"\{([^}]*)\}")


def cost_words(cost: str) -> str:
    """A cost as players read it: "{2}{VOL}" -> "2 and Volcanic Valleys" (no raw symbols)."""
    parts = [ENERGY_NAMES.get(str(s), str(s)) for s in _SYMBOL.findall(cost)]
    return " and ".join(parts) if parts else cost


def _entity(p: Any, brief: bool) -> str:
    text = str(p.name)
    if brief:
        return text
    if p.type == "entity":
        text += f" {p.power}/{p.health - p.damage}"
    marks = []
    if p.charged:
        marks.append("charged")
    if p.sick and p.type == "entity":
        marks.append("just arrived")
    if p.attacking:
        marks.append("attacking")
    if p.blocking:
        marks.append("blocking")
    if p.phased_out:
        marks.append("phased out")
    marks += [f"{n} {k}" for k, n in p.counters if n]
    marks += list(p.keywords[:3])
    return f"{text} ({', '.join(marks)})" if marks else text


def _pool(pool: Sequence[tuple[str, int]]) -> str:
    return listing((f"{n} {ENERGY_NAMES.get(e, e)}" for e, n in pool if n), "empty")


def _team_of(view: Any, seat: int) -> str:
    for i, team in enumerate(view.teams):
        if seat in team:
            return f"team {i + 1}"
    return ""


def _seat(view: Any, s: Any, names: Sequence[str], brief: bool) -> str:
    who = seat_name(names, s.seat)
    tags = [t for t in (_team_of(view, s.seat), "the Galactic Overlord" if s.overlord else "") if t]
    head = f"{who} ({', '.join(tags)})" if tags else who
    if s.lost:
        return f"{head} is out of the game"
    facts = [f"{s.life} life", plural(s.hand_count, "card") + " in hand", f"{s.codex_count} in Codex"]
    if not brief:
        facts.append(f"energy {_pool(s.pool)}")
    text = f"{head}: " + ", ".join(facts)
    entities = [_entity(p, brief) for p in (*s.zone1, *s.zone2)]
    text += "; in play: " + listing(counted(entities) if brief else entities)
    terrains = [p.name for p in s.terrain_stack]
    if terrains:
        text += "; terrains: " + listing(counted(terrains))
    if s.artifacts:
        text += f"; artifact: {s.artifacts[-1].name}"
    if s.command:
        text += "; in Command zone: " + listing(c.name for c in s.command)
    if s.void and not brief:
        text += f"; Void {len(s.void)} (top: {s.void[-1].name})"
    elif s.void:
        text += f"; Void {len(s.void)}"
    return text


def _turn(view: Any, names: Sequence[str], viewer: int | None) -> str:
    if view.over:
        return "The game is over. " + with_names(view.reason, list(names))
    who = "your" if view.active == viewer else f"{seat_name(names, view.active)}'s"
    text = f"Afrika, turn {view.turn}: {who} turn, {view.step_name}"
    if view.choice is not None:
        about = f" ({view.choice.about})" if view.choice.about else ""
        text += f". Waiting for {seat_name(names, view.choice.player)} to decide{about}"
    elif view.priority is not None and view.priority != view.active:
        text += f". {seat_name(names, view.priority)} has priority"
    return text


def _extras(view: Any, names: Sequence[str], brief: bool) -> list[str]:
    parts = []
    if view.stack:
        items = [
            f"{seat_name(names, it.controller)}: {with_names(it.text, list(names)) if not brief else it.card}"
            for it in reversed(view.stack)
        ]
        parts.append("Stack, top first: " + "; ".join(items))
    if view.scheme is not None:
        parts.append(f"Scheme this turn: {view.scheme.name}")
    if view.ongoing_schemes:
        parts.append("Ongoing schemes: " + listing(c.name for c in view.ongoing_schemes))
    if view.rift is not None:
        parts.append(f"Rift: {view.rift.name}")
    return parts


def board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = [_turn(view, names, None)]
    parts += [_seat(view, s, names, brief) for s in view.seats]
    parts += _extras(view, names, brief)
    return sentences(parts)


def _card(c: Any, brief: bool) -> str:
    return f"{c.name} (costs {cost_words(c.cost)})" if c.cost and not brief else c.name


def hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    mine = [_card(c, brief) for c in view.hand]
    parts = [f"Your hand, {plural(len(mine), 'card')}: {listing(counted(mine), 'none')}"]
    for seat, cards in view.partner_hands:
        parts.append(
            f"Your teammate {seat_name(names, seat)} holds: "
            + listing(counted(c.name for c in cards), "nothing")
        )
    if view.choice is not None and view.choice.cards:
        parts.append("You are looking at: " + listing(c.name for c in view.choice.cards))
    parts.append(_turn(view, names, view.viewer))
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        me = view.seats[view.viewer]
        parts.append(f"You have {me.life} life and energy {_pool(me.pool)}")
    return sentences(parts)


DESCRIBER = Describer(board, hand)
