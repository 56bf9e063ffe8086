"""Moves a Spirit Tactics player can make in one gesture: the sensible pick of each family of
moves, and every sensible attack declared at once (issue 34 item 7).

A Call may go to any of twelve zones and an attacker may take any Spirit across the midline, so
the panel lists those as two-step pickers (a card, then a zone). Most of the time one zone or
target is plainly the one to take (the AI seat's own heuristics pick it: an open Direct Attack
lane, the Spirit an attack Defeats), and the panel also offers that one as a single button. The
"attack with everything" declaration is the attacks the AI seat would make in its Combat Phase,
best first, each chosen once the one before has resolved (attacking is free: the defender never
strikes back, S33), so a Ravage or Twinstrike attack is part of it.

Every hint is worked out on ``resample_hidden`` of the position as the player sees it (the
opponent's hand, Deck and Concealed Spirits dealt anew, with a seed from the turn), so a hint
never tells a player anything their own view does not. These are suggestions only: each hinted
move is one of ``legal_actions`` and every other move stays on offer.
"""

from __future__ import annotations

from typing import Any

from engines.core import IllegalAction, PlayerId, Rng

from . import ai
from .actions import Attack, Call, Conceal, Gather, Go, Pass, SpiritAction
from .state import SpiritState

SETTLE_LIMIT = 40
"""Passes played at most to let the move to the Combat Phase resolve on the copy."""


def _world(engine: Any, s: SpiritState, seat: int) -> SpiritState:
    """The position as ``seat`` may know it: hidden cards dealt anew, the deal seeded by the turn
    and phase (never by a hidden card)."""
    seed = (s.turn * 131 + seat * 17 + len(s.phase)) & 0xFFFFFFFF
    world: SpiritState = engine.resample_hidden(s, PlayerId(seat), Rng.from_seed(seed))
    return world


def one_gesture(engine: Any, s: SpiritState, seat: int) -> frozenset[str]:
    """The action ids worth a button of their own: the Call, the Conceal and the Gather the AI
    seat's heuristics prefer (which card, to which zone or onto what), and each attacker's best
    attack; nothing for a kind of move none of which is worth making."""
    legal: list[SpiritAction] = list(engine.legal_actions(s, PlayerId(seat)))
    if s.mode != "open" or not legal:
        return frozenset()
    world = _world(engine, s, seat)
    out: set[str] = set()
    for kind in (Call, Conceal):
        placed = ai._place_choice(world, seat, [a for a in legal if isinstance(a, kind)])
        if placed is not None:
            out.add(placed.to_id())
    gather = ai._gather_choice(world, seat, [a for a in legal if isinstance(a, Gather)])
    if gather is not None:
        out.add(gather.to_id())
    for attacker in sorted({a.attacker for a in legal if isinstance(a, Attack)}):
        best = ai._best_attack(
            world, seat, [a for a in legal if isinstance(a, Attack) and a.attacker == attacker]
        )
        if best is not None:
            out.add(best.to_id())
    return frozenset(out)


MAX_ATTACKS = 8
"""Attacks planned at most (a Ravage or Twinstrike chain may go on for a while)."""


def _settled(engine: Any, s: SpiritState) -> SpiritState:
    """``s`` once the Sequence in progress resolves with both players passing."""
    for _ in range(SETTLE_LIMIT):
        if s.mode != "sequence" or s.priority < 0:
            break
        s = engine.apply(s, PlayerId(s.priority), Pass()).state
    return s


def attack_plan(engine: Any, world: SpiritState, seat: int) -> list[Attack]:
    """The attacks the AI seat would declare from here, one after the other as each resolves
    (Ravage and Twinstrike attacks too), played out on ``world`` with nobody answering; it stops
    at a choice (a Rewind), at the end of the Duel or when no attack is worth making."""
    plan: list[Attack] = []
    s = world
    for _ in range(MAX_ATTACKS):
        if s.mode != "open" or s.phase != "combat" or s.ranking is not None:
            break
        attacks = [a for a in engine.legal_actions(s, PlayerId(seat)) if isinstance(a, Attack)]
        best = ai._best_attack(s, seat, attacks)
        if best is None:
            break
        plan.append(best)
        try:
            s = _settled(engine, engine.apply(s, PlayerId(seat), best).state)
        except IllegalAction:
            break
    return plan


def _into_combat(engine: Any, world: SpiritState, seat: int) -> SpiritState | None:
    """``world`` after the move to the Combat Phase resolves with both players passing; None when
    it does not get there (an answer, a choice, the Duel ending)."""
    try:
        s = _settled(engine, engine.apply(world, PlayerId(seat), Go("combat")).state)
    except IllegalAction:
        return None
    return s if s.mode == "open" and s.phase == "combat" else None


def attack_all(engine: Any, s: SpiritState, seat: int) -> list[str]:
    """The moves of "attack with everything sensible" from here: in the Combat Phase each planned
    attack; in the Main Phase the move to the Combat Phase first. Empty when no attack is worth
    making (or the player cannot attack now)."""
    if s.mode != "open" or s.current != seat or s.phase not in ("main", "combat"):
        return []
    world = _world(engine, s, seat)
    head: list[str] = []
    if s.phase == "main":
        if Go("combat") not in engine.legal_actions(s, PlayerId(seat)):
            return []
        combat = _into_combat(engine, world, seat)
        if combat is None:
            return []
        world, head = combat, [Go("combat").to_id()]
    plan = attack_plan(engine, world, seat)
    return [*head, *(a.to_id() for a in plan)] if plan else []


def gather_twice(engine: Any, s: SpiritState, seat: int) -> list[str]:
    """The Gather to make twice in a row ("Gather 2 Flame Essence onto your Commander"): the
    sensible Gather, when after it resolves (nobody answering) the same Gather is still the
    sensible one; empty otherwise."""
    if s.mode != "open" or s.current != seat:
        return []
    legal = [a for a in engine.legal_actions(s, PlayerId(seat)) if isinstance(a, Gather)]
    world = _world(engine, s, seat)
    first = ai._gather_choice(world, seat, legal)
    if first is None:
        return []
    try:
        after = _settled(engine, engine.apply(world, PlayerId(seat), first).state)
    except IllegalAction:
        return []
    if after.mode != "open" or after.phase != s.phase:
        return []
    again = [a for a in engine.legal_actions(after, PlayerId(seat)) if isinstance(a, Gather)]
    second = ai._gather_choice(after, seat, [a for a in again if a.card == first.card])
    return [first.to_id(), first.to_id()] if second == first and first in again else []
