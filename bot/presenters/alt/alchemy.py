"""Alchemy's board and hand in words: whose turn, points and AP, the Stores (face-down cards as
counts), the public piles, the Battle on the Field and the last one's result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.presenters.alt import Describer, counted, listing, seat_name, sentences
from engines.alchemy.cards import card
from engines.alchemy.view import mg_text
from engines.core.words import plural

MODES = {"main": "action phase", "store": "in the Store", "refresh": "refreshing", "battle": "a Battle"}


def name(cid: str, brief: bool = False) -> str:
    c = card(cid)
    if c.kind == "element" and not brief:
        return f"{c.name} ({c.element} {c.mg})"
    return c.name


def _turn(view: Any, names: Sequence[str], viewer: int | None) -> str:
    if view.current is None or view.mode == "over":
        return f"The game is over. {view.reason}"
    who = "your" if view.current == viewer else f"{seat_name(names, view.current)}'s"
    text = f"Alchemy, turn {view.turn}: {who} turn, {MODES.get(view.mode, view.mode)}"
    if view.acting is not None and view.acting != view.current:
        text += f"; {'you' if view.acting == viewer else seat_name(names, view.acting)} to answer"
    return text


def _store(s: Any, brief: bool) -> str:
    shown = [name(slot.card, brief) for slot in s.store if slot.card is not None and slot.face_up]
    hidden = sum(1 for slot in s.store if slot.card is None or not slot.face_up)
    parts = []
    if hidden:
        parts.append(plural(hidden, "card") + " face down")
    if shown:
        parts.append("face up " + listing(shown))
    return "Store " + (", ".join(parts) if parts else "empty")


def _seat(view: Any, s: Any, names: Sequence[str], brief: bool) -> str:
    facts = [
        f"{s.points} of {view.target} points",
        f"{s.ap} AP",
        plural(s.hand_count, "card") + " in hand",
        f"{s.deck_count} in deck",
        _store(s, brief),
    ]
    if s.recharge:
        facts.append(f"Recharge {len(s.recharge)}, top {name(s.recharge[-1], brief)}")
    if s.exhausted:
        facts.append(f"Exhausted {len(s.exhausted)}")
    if s.opus is not None:
        facts.append(
            f"Magnum Opus revealed: {card(s.opus.card).name}"
            if s.opus.revealed and s.opus.card
            else "Magnum Opus face down"
        )
    return f"{seat_name(names, s.seat)}: " + ", ".join(facts)


def _link(link: Any, names: Sequence[str]) -> str:
    cards = " and ".join(card(c).name for c in link.cards)
    text = f"{seat_name(names, link.seat)} {link.role}s with {cards}, {link.element} {mg_text(link.value2)}"
    return f"{text} ({link.result})" if link.result else text


def _battle(view: Any, names: Sequence[str]) -> list[str]:
    if view.battle is not None:
        chain = "; ".join(_link(x, names) for x in view.battle.links)
        return [f"Battle on the Field: {chain}"]
    last = view.last_battle
    if last is None:
        return []
    chain = "; ".join(_link(x, names) for x in last.links)
    if last.winner is not None:
        won = f"{seat_name(names, last.winner)} won {plural(last.points, 'point')}"
    else:
        won = "nobody won"
    return [f"Last Battle: {chain}; {won}"]


def board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = [_turn(view, names, None)]
    parts += [_seat(view, s, names, brief) for s in view.seats]
    parts += _battle(view, names)
    return sentences(parts)


def hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    mine = [name(c, brief) for c in view.hand]
    parts = [f"Your hand, {plural(len(mine), 'card')}: {listing(counted(mine), 'none')}"]
    if view.marked:
        parts.append("Marked for the Recharge pile: " + listing(name(c, True) for c in view.marked))
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        me = view.seats[view.viewer]
        own = [name(slot.card, brief) for slot in me.store if slot.card is not None]
        if own:
            parts.append("Your Store: " + listing(own))
        if me.opus is not None and me.opus.card is not None:
            opus = card(me.opus.card)
            state = "revealed" if me.opus.revealed else ("ready to reveal" if me.opus.met else "face down")
            parts.append(f"Your Magnum Opus, {state}: {opus.name}")
        parts.append(f"You have {me.points} of {view.target} points and {me.ap} AP")
    parts.append(_turn(view, names, view.viewer))
    return sentences(parts)


DESCRIBER = Describer(board, hand)
