"""The legal moves of a seat, as action values: exactly what ``moves`` accepts (one action per
distinct card in hand, the engine picks the copy).

Charged Abilities and spells are listed once per way to pay (the Spirit's own Essence first, at
most ``payment.MAX_OPTIONS`` ways) and per legal designation.
"""

from __future__ import annotations

from . import combat, grid, payment
from .actions import (
    Attack,
    Call,
    Cancel,
    Cast,
    Conceal,
    EndTurn,
    First,
    Flip,
    Gather,
    Go,
    Pass,
    Place,
    Reload,
    SpiritAction,
    Target,
    Use,
)
from .board import cdef, commander_r, empty_zones, zone_of
from .cards import card, rules
from .grammar import Ability
from .moves import MAIN, NEXT, QUICK
from .sequence import designations
from .state import SpiritState


def _distinct(s: SpiritState, p: int, kind: str) -> list[str]:
    return sorted({s.card_of[o] for o in s.seats[p].hand if card(s.card_of[o]).kind == kind})


def _paid(s: SpiritState, p: int, ability: Ability, z: int | None) -> list[tuple[str, ...]]:
    if ability.life and commander_r(s, p) <= ability.life:
        return []
    if not ability.cost:
        return [()]
    return payment.options(ability.cost, payment.available(s, p, z))


def quick_moves(s: SpiritState, p: int) -> list[SpiritAction]:
    """Reflex cards and Charged Abilities ``p`` could add now (start or respond)."""
    out: list[SpiritAction] = []
    responding = s.mode == "sequence"
    for cid in _distinct(s, p, "reflex"):
        spell = card(cid).spell
        assert spell is not None
        if any(e.op == "negate" for e in spell.primary) and not responding:
            continue
        pays = _paid(s, p, spell, None)
        if pays:
            for t in designations(s, p, spell, -1, -1):
                out.extend(Cast(cid, t, pay) for pay in pays)
    cmd = s.seats[p].commander
    sources: list[tuple[int | None, int, int]] = [(None, cmd.obj, -1)]
    for z in grid.own_zones(p):
        u = s.board[z]
        if u is not None and u.face_up:
            sources.append((z, u.obj, z))
    for source, obj, src_zone in sources:
        for n, ability in enumerate(cdef(s, obj).abilities, 1):
            if any(e.op == "negate" for e in ability.primary) and not responding:
                continue
            pays = _paid(s, p, ability, source)
            if not pays:
                continue
            for t in designations(s, p, ability, obj, src_zone):
                out.extend(Use(source, n, t, pay) for pay in pays)
    return out


def _main_moves(s: SpiritState, p: int) -> list[SpiritAction]:
    out: list[SpiritAction] = []
    empty = empty_zones(s, p)
    spirits = _distinct(s, p, "spirit")
    if not s.called:
        out.extend(Call(cid, z) for cid in spirits for z in empty)
    if not s.concealed:
        out.extend(Conceal(cid, z) for cid in spirits for z in empty)
    for z in grid.own_zones(p):
        u = s.board[z]
        if u is not None and not u.face_up and u.concealed_turn < s.turn:
            out.append(Flip(z))
    if s.gathers < rules().gathers:  # S46, the number moves.why_not_gather reads too
        onto: list[int | None] = [None]
        onto.extend(z for z in grid.own_zones(p) if (u := s.board[z]) is not None and u.face_up)
        out.extend(Gather(cid, o) for cid in _distinct(s, p, "essence") for o in onto)
    for cid in _distinct(s, p, "arcana"):
        spell = card(cid).spell
        assert spell is not None
        pays = _paid(s, p, spell, None)
        if pays:
            for t in designations(s, p, spell, -1, -1):
                out.extend(Cast(cid, t, pay) for pay in pays)
    return out


def legal_actions(s: SpiritState, p: int) -> list[SpiritAction]:
    if s.mode == "over":
        return []
    if s.mode == "choose":
        ch = s.choice
        assert ch is not None
        if ch.seat != p:
            return []
        if ch.kind == "first":
            return [First(True), First(False)]
        if ch.kind == "rewind":
            z = zone_of(s, ch.obj)
            opts = combat.targets_for(s, z, "spirit" if s.rewind_twin else "any") if z >= 0 else []
            return [*(Attack(o.attacker, o.target) for o in opts), Cancel()]
        if ch.kind == "target":
            assert ch.pending is not None
            pend = ch.pending
            ability = cdef(s, pend.obj).triggers[pend.index].ability
            z = zone_of(s, pend.obj)
            return [Target(t) for t in designations(s, p, ability, pend.obj, z if z >= 0 else pend.at)]
        return [Place(z) for z in empty_zones(s, p)]
    if s.mode == "sequence":
        if p != s.priority:
            return []
        return [Pass(), *quick_moves(s, p)]
    if p != s.current:
        return []
    out: list[SpiritAction] = []
    if s.phase == "reload":
        out.append(Reload())
        if s.seats[p].deck:
            out.append(Go("draw"))
        return out
    if s.phase in MAIN:
        out.extend(_main_moves(s, p))
    if s.phase == "combat":
        out.extend(Attack(o.attacker, o.target) for o in combat.attack_options(s, p))
    if s.phase in QUICK:
        out.extend(quick_moves(s, p))
    out.extend(Go(x) for x in NEXT.get(s.phase, ()))
    if s.phase == "end":
        out.append(EndTurn())
    return out
