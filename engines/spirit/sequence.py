"""Sequences (S20-S29): adding links, priority, resolution and what follows it.

The turn player starts a Sequence in an open gamestate (B13); after each link the other player
gets priority (S21); two passes in a row complete it. Then every Primary effect resolves from the
last link to the first with nothing in between (S25), then the Aftermath effects, the turn
player's first in the order their Primary effects resolved, then the opponent's (S26, B14); a
nullified link has no Aftermath (S27). Triggers collected meanwhile each start a Sequence of
their own, the turn player's first (S28); a Rewound attack asks for its new target (B15) and, in
the End Phase, Unending Spirits return (B22). Then the turn player is in an open gamestate again.
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.evolve import evolve

from . import combat, effects, grid, turns
from .board import (
    cdef,
    check_board,
    empty_zones,
    name_of,
    opponent,
    place,
    queue,
    queue_ally_call,
    set_unit,
    unit_words,
    zone_of,
)
from .cards import card
from .grammar import Ability
from .piles import to_pile
from .state import Choice, Commander, Link, Pending, SpiritState, Unit


def link_ability(s: SpiritState, link: Link) -> Ability | None:
    """The ability line a link resolves (None for actions without effects)."""
    c = cdef(s, link.obj) if link.obj >= 0 else None
    if c is None:
        return None
    if link.kind in ("arcana", "reflex"):
        return c.spell
    if link.kind == "ability":
        return c.abilities[link.n - 1]
    if link.kind == "trigger":
        return c.triggers[link.n].ability
    return None


def designations(
    s: SpiritState, seat: int, ability: Ability, src_obj: int, src_zone: int
) -> list[tuple[int, ...]]:
    """Every way to designate for ``ability`` now: () when it designates nothing, else (Spirit
    zone,) or (Spirit zone, destination zone) for a Move (S23, S56)."""
    if not ability.designate:
        return [()]
    out: list[tuple[int, ...]] = []
    src = src_zone if ability.source == "spirit" else -1
    for z, u in enumerate(s.board):
        if u is None or effects.designation_ok(s, seat, ability, src_obj, src, z):
            continue
        if ability.move:
            out.extend((z, d) for d in empty_zones(s, u.owner) if d != z)
        else:
            out.append((z,))
    return out


# ------------------------------------------------------------------------------ building


def start(s: SpiritState, link: Link) -> SpiritState:
    """``link`` is Link 1 of a new Sequence; the other player gets priority (S21)."""
    return evolve(s, seq=(link,), mode="sequence", priority=opponent(link.seat), passes=0, choice=None)


def add(s: SpiritState, link: Link) -> SpiritState:
    return evolve(s, seq=(*s.seq, link), priority=opponent(link.seat), passes=0)


def pass_priority(s: SpiritState, p: int, events: list[Event]) -> SpiritState:
    if s.passes + 1 >= 2:
        events.append(Event(f"{seat_label(p)} passes too: the Sequence resolves."))
        return resolve(evolve(s, passes=0), events)
    events.append(Event(f"{seat_label(p)} passes."))
    return evolve(s, passes=s.passes + 1, priority=opponent(p))


# ------------------------------------------------------------------------------ resolving


def _put_away(s: SpiritState, link: Link) -> SpiritState:
    """A card on the Sequence goes where it belongs once its link is done (S45); a nullified Call
    or Conceal sends its Spirit to the Graveyard (DECISIONS.md)."""
    if link.kind in ("call", "conceal", "reflex"):
        return to_pile(s, link.seat, link.obj, "graveyard")
    if link.kind in ("gather", "arcana"):
        return to_pile(s, link.seat, link.obj, "reload")
    return s


def _gather(s: SpiritState, link: Link, events: list[Event]) -> SpiritState:
    p = link.seat
    ess = name_of(s, link.obj)
    if link.target < 0:
        st = s.seats[p]
        cmd = st.commander
        events.append(Event(f"{ess} is attached to {seat_label(p)}'s Commander."))
        seats = list(s.seats)
        seats[p] = evolve(st, commander=Commander(cmd.obj, cmd.damage, (*cmd.essence, link.obj)))
        return evolve(s, seats=tuple(seats))
    z = zone_of(s, link.target)
    u = None if z < 0 else s.board[z]
    if u is None or not u.face_up or u.owner != p:
        events.append(
            Event(f"The Spirit to Gather onto is gone or face down: {ess} goes to the Reload pile.")
        )
        return to_pile(s, p, link.obj, "reload")
    events.append(Event(f"{ess} is attached to {unit_words(s, z)}."))
    return set_unit(s, z, Unit(**{**u.__dict__, "essence": (*u.essence, link.obj)}))


def _primary(s: SpiritState, i: int, link: Link, events: list[Event]) -> SpiritState:
    p = link.seat
    if link.kind == "call":
        events.append(Event(f"{name_of(s, link.obj)} enters {grid.label(link.at)} face up."))
        s = place(s, link.at, link.obj, p, True, events)
        for t_i, t in enumerate(cdef(s, link.obj).triggers):
            if t.when == "call" and zone_of(s, link.obj) >= 0:
                s = queue(s, Pending(p, link.obj, t_i, link.at))
        return queue_ally_call(s, p)
    if link.kind == "conceal":
        events.append(Event(f"A face-down Spirit enters {grid.label(link.at)}."))
        return place(s, link.at, link.obj, p, False, events)
    if link.kind == "flip":
        u = s.board[link.at]
        if u is not None and u.obj == link.obj and not u.face_up:
            from .board import flip_up

            return flip_up(s, link.at, events)
        events.append(Event("The Spirit to flip is no longer there face down: nothing happens."))
        return s
    if link.kind == "gather":
        return _gather(s, link, events)
    if link.kind == "phase":
        return turns.enter(s, link.phase, events)
    if link.kind == "attack":
        return combat.resolve_attack(s, link, events)
    ability = link_ability(s, link)
    assert ability is not None
    s = effects.run(s, i, link, ability, ability.primary, events)
    if link.kind in ("arcana", "reflex"):
        s = _put_away(s, link)
    return s


def resolve(s: SpiritState, events: list[Event]) -> SpiritState:
    """Resolve the complete Sequence (S25, S26), then ``settle``."""
    tp = s.current
    after: list[tuple[int, int]] = []
    for i in range(len(s.seq) - 1, -1, -1):
        link = s.seq[i]
        if link.negated:
            events.append(Event(f"Link {i + 1} was nullified: it does nothing."))
            s = _put_away(s, link)
            continue
        s = _primary(s, i, link, events)
        s = check_board(s, events)
        if s.ranking is not None:
            return evolve(s, last_seq=s.seq, seq=())
        ability = link_ability(s, link)
        if ability is not None and ability.aftermath:
            after.append((link.seat, i))
    for seat, i in [x for x in after if x[0] == tp] + [x for x in after if x[0] != tp]:
        link = s.seq[i]
        ability = link_ability(s, link)
        assert ability is not None
        events.append(Event(f"Aftermath of link {i + 1} ({seat_label(seat)})."))
        s = effects.run(s, i, link, ability, ability.aftermath, events)
        if s.ranking is not None:
            return evolve(s, last_seq=s.seq, seq=())
    s = evolve(s, last_seq=s.seq, seq=(), mode="open", priority=-1, passes=0)
    return settle(s, events)


def _trigger_ability(s: SpiritState, pend: Pending) -> Ability:
    return cdef(s, pend.obj).triggers[pend.index].ability


def settle(s: SpiritState, events: list[Event]) -> SpiritState:
    """After a Sequence: start the next trigger's Sequence (the turn player's first, S28), else
    ask for a Rewind's target (B15), else return Unending Spirits (B22), else an open gamestate."""
    while s.ranking is None:
        if s.pending:
            order = sorted(range(len(s.pending)), key=lambda k: s.pending[k].seat != s.current)
            k = order[0]
            pend = s.pending[k]
            s = evolve(s, pending=s.pending[:k] + s.pending[k + 1 :])
            s, started = _start_trigger(s, pend, events)
            if started:
                return s
            continue
        if s.rewind >= 0:
            z = zone_of(s, s.rewind)
            if z >= 0 and combat.targets_for(s, z, "spirit" if s.rewind_twin else "any"):
                return evolve(s, mode="choose", choice=Choice("rewind", s.current, s.rewind))
            events.append(Event("The Rewound attack has no legal target left: it is cancelled (B15)."))
            s = evolve(s, rewind=-1)
            continue
        if s.phase == "end" and s.unending:
            obj, rest = s.unending[0], s.unending[1:]
            s = evolve(s, unending=rest)
            owner = 0 if obj < s.seats[1].commander.obj else 1
            if obj not in s.seats[owner].graveyard:
                continue
            if not empty_zones(s, owner):
                events.append(
                    Event(f"Unending: {name_of(s, obj)} finds no empty zone and stays in the Graveyard.")
                )
                continue
            return evolve(s, mode="choose", choice=Choice("unending", owner, obj))
        return evolve(s, mode="open", choice=None)
    return s


def _start_trigger(s: SpiritState, pend: Pending, events: list[Event]) -> tuple[SpiritState, bool]:
    c = cdef(s, pend.obj)
    trig = c.triggers[pend.index]
    key = f"{pend.seat}:{c.id}"
    what = "Snare" if trig.when == "flip" else "triggered ability"
    if trig.once_per_turn and key in s.once:
        events.append(Event(f"{c.name}'s {what} was already used this turn (S29)."))
        return s, False
    ability = trig.ability
    src_zone = zone_of(s, pend.obj)
    options = designations(s, pend.seat, ability, pend.obj, src_zone if src_zone >= 0 else pend.at)
    if not options:
        events.append(Event(f"{c.name}'s {what} has no legal target: it does nothing."))
        return s, False
    if trig.once_per_turn:
        s = evolve(s, once=(*s.once, key))
    if ability.designate:
        return evolve(s, mode="choose", choice=Choice("target", pend.seat, pend.obj, pend)), True
    events.append(Event(f"{c.name}'s {what} starts a Sequence: {ability.effect_text}"))
    return start(s, Link(pend.seat, "trigger", pend.obj, n=pend.index, at=pend.at)), True


def designate_trigger(s: SpiritState, p: int, targets: tuple[int, ...], events: list[Event]) -> SpiritState:
    """The ``target`` choice: Link 1 of the trigger's Sequence with these designations."""
    ch = s.choice
    assert ch is not None and ch.pending is not None
    pend = ch.pending
    ability = _trigger_ability(s, pend)
    src_zone = zone_of(s, pend.obj)
    options = designations(s, p, ability, pend.obj, src_zone if src_zone >= 0 else pend.at)
    if targets not in options:
        raise IllegalAction(
            "Designate "
            + (" and ".join(("a Spirit", "an empty zone to move it to")[: 2 if ability.move else 1]))
            + " among the legal targets."
        )
    u = s.board[targets[0]]
    assert u is not None
    c = card(s.card_of[pend.obj])
    events.append(Event(f"{c.name}'s triggered ability designates {unit_words(s, targets[0])}."))
    link = Link(
        p,
        "trigger",
        pend.obj,
        n=pend.index,
        at=pend.at,
        target=u.obj,
        zone=targets[1] if len(targets) > 1 else -1,
    )
    return start(evolve(s, choice=None), link)
