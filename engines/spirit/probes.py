"""Moves aimed at cards a seat cannot see, for the conformance test (issue 32, item 2).

Spirit Tactics names Battleground cards by zone and cards elsewhere by card id. A forged move can
aim at a zone holding the opponent's Concealed Spirit (flip it, attack it, designate it, gather
onto it, use its abilities), or name a card only the opponent's hand, a deck or a Side Deck holds,
or name what no object is (an empty zone, a card the game does not hold). The engine must refuse
each in words without naming a hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.game import HiddenProbes

from . import grid
from .cards import card, card_ids
from .state import SpiritState
from .viewing import hidden_groups


def _concealed_zones(s: SpiritState, seat: int) -> list[int]:
    return [z for z, u in enumerate(s.board) if u is not None and u.owner != seat and not u.face_up]


def aimed(s: SpiritState, seat: int) -> Iterator[str]:
    me = s.seats[seat]
    ids = sorted(card_ids())
    arcana = next(c for c in ids if c.startswith("A"))
    spirit = next(c for c in ids if c.startswith("S"))
    own = grid.own_zones(seat)
    mine = [z for z in own if (u := s.board[z]) is not None and u.owner == seat]
    for z in _concealed_zones(s, seat):
        zn = grid.name(z)
        cid = s.card_of[s.board[z].obj]  # type: ignore[union-attr]
        yield f"flip:{zn}"
        yield f"target:{zn}"
        yield f"place:{zn}"
        yield f"gather:E1:{zn}"
        for n in (1, 2):
            yield f"use:{zn}:{n}"
            yield f"use:cmd:{n}:{zn}"
        for src in (*mine[:1], own[0]):
            yield f"attack:{grid.name(src)}:{zn}"
        for c in (cid, arcana, spirit):
            yield f"cast:{c}:{zn}"
            yield f"call:{c}:{zn}"
            yield f"conceal:{c}:{zn}"
    # ids no object has: an empty zone in every shape that names a Spirit by zone, and card ids
    # of cards the game does not hold (an unknown id is refused in words, never a KeyError)
    for z in [z for z, u in enumerate(s.board) if u is None][:2]:
        zn = grid.name(z)
        yield f"flip:{zn}"
        yield f"target:{zn}"
        yield f"gather:E1:{zn}"
        yield f"use:{zn}:1"
        yield f"use:cmd:1:{zn}"
        yield f"cast:{arcana}:{zn}"
        yield f"attack:{zn}:direct"
        for src in mine[:1]:
            yield f"attack:{grid.name(src)}:{zn}"
    absent = [c for c in ids if c not in set(s.card_of)][:2]
    for cid in (*absent, "S99", "C00"):
        yield f"cast:{cid}"
        yield f"call:{cid}:{grid.name(own[0])}"
        yield f"conceal:{cid}:{grid.name(own[0])}"
        yield f"gather:{cid}:cmd"
    held = {s.card_of[o] for o in me.hand}
    hidden = {s.card_of[o] for group in hidden_groups(s, seat, every=True) for o in group} - held
    free = grid.name(own[0])
    for cid in sorted(hidden):
        yield f"cast:{cid}"
        yield f"call:{cid}:{free}"
        yield f"conceal:{cid}:{free}"
        yield f"gather:{cid}:cmd"


def _name(text: str) -> str | None:
    return card(text).name if text in card_ids() else None


PROBES = HiddenProbes(aimed=aimed, card_name=_name)
