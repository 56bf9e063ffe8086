"""The effect vocabulary at work: one handler per op of ``grammar.OPS`` (a test checks they agree).

``run`` resolves a list of effects of one link. A designated target that is no longer legal when
the link resolves (it left the Battleground, is out of range, gained Aegis) makes that effect do
nothing (S27). Effect damage flips a Concealed Spirit first (S16) and never causes Runoff (S35).
Defeats are checked after every effect (S18); the Commanders after the whole Primary effect or
Aftermath of the link (S1), so a link that hits both Commanders can end in a draw (S2, B8).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from . import grid
from .board import (
    cdef,
    check_commanders,
    check_spirits,
    damage_commander,
    defeat,
    flip_up,
    keywords,
    mend_commander,
    name_of,
    opponent,
    reach,
    remove,
    set_seat,
    set_unit,
    unit_words,
    veil,
    zone_of,
)
from .grammar import DESIGNATED, GROUPS, VOCABULARY, Ability, Effect
from .piles import discard_random, draw, mill
from .state import Commander, Link, Seat, SpiritState, Unit


def source_zone(s: SpiritState, link: Link) -> int:
    """Where a Spirit source's range is measured from: its zone now, or where it stood (S27)."""
    z = zone_of(s, link.obj)
    return link.at if z < 0 else z


def designation_ok(s: SpiritState, seat: int, ability: Ability, src_obj: int, src_zone: int, z: int) -> str:
    """'' when the Spirit at ``z`` may be designated by ``ability`` now, else why not (S23, KW1)."""
    u = s.board[z]
    if u is None:
        return f"There is no Spirit at {grid.label(z)}."
    if ability.designate == "foe" and u.owner == seat:
        return "It must designate an opposing Spirit."
    if ability.designate == "ally" and u.owner != seat:
        return "It must designate a Spirit you control."
    if "Aegis" in keywords(s, z):
        return f"{unit_words(s, z)} has Aegis: it cannot be designated (KW1)."
    if ability.ranged and src_zone >= 0 and z not in reach(s, src_zone, seat, src_obj):
        return f"{grid.label(z)} is not in range of {name_of(s, src_obj)}'s Indicator."
    return ""


def _targets(s: SpiritState, link: Link, ability: Ability, e: Effect, events: list[Event]) -> list[int]:
    """The zones an effect reaches now."""
    if e.who == "self":
        z = zone_of(s, link.obj)
        return [z] if z >= 0 else []
    src = source_zone(s, link) if ability.source == "spirit" else -1
    if e.who in DESIGNATED:
        z = zone_of(s, link.target)
        if z < 0:
            events.append(Event("Its target is no longer on the Battleground: that part does nothing (S27)."))
            return []
        why = designation_ok(s, link.seat, ability, link.obj, src, z)
        if why:
            events.append(Event(f"{why} That part does nothing (S27)."))
            return []
        return [z]
    assert e.who in GROUPS
    zones = [z for z, u in enumerate(s.board) if u is not None]
    if e.who == "foes":
        zones = [z for z in zones if grid.owner_of(z) != link.seat]
    elif e.who == "allies":
        zones = [z for z in zones if grid.owner_of(z) == link.seat]
    if ability.source == "spirit":
        covered = reach(s, src, link.seat, link.obj)
        zones = [z for z in zones if z in covered]
    return zones


SpiritOp = Callable[[SpiritState, int, Effect, Link, list[Event]], SpiritState]


def _unit(s: SpiritState, z: int) -> Unit:
    u = s.board[z]
    assert u is not None
    return u


def _with(s: SpiritState, z: int, **changes: object) -> SpiritState:
    return set_unit(s, z, evolve(_unit(s, z), **changes))


def _damage(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    if not _unit(s, z).face_up:
        s = flip_up(s, z, events)  # S16 (ii)
        if s.board[z] is None:  # Renowned sent it away
            return s
    events.append(Event(f"{unit_words(s, z)} is dealt {e.amount} damage."))
    return _with(s, z, damage=_unit(s, z).damage + e.amount)


def _face_up_only(fn: SpiritOp) -> SpiritOp:
    """A Concealed Spirit has no S, R or keywords to change (S11): the effect does nothing."""

    def wrapped(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
        if not _unit(s, z).face_up:
            return s
        return fn(s, z, e, link, events)

    return wrapped


@_face_up_only
def _weaken(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    events.append(Event(f"{unit_words(s, z)} gets -{e.amount} R."))
    return _with(s, z, damage=_unit(s, z).damage + e.amount)


@_face_up_only
def _bolster(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    events.append(Event(f"{unit_words(s, z)} gets +{e.amount} R."))
    return _with(s, z, damage=_unit(s, z).damage - e.amount)


@_face_up_only
def _heal(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    u = _unit(s, z)
    if u.damage <= 0:
        return s
    healed = min(u.damage, e.amount) if e.op == "heal" else u.damage
    events.append(Event(f"{unit_words(s, z)} regains {healed} R."))
    return _with(s, z, damage=u.damage - healed)


@_face_up_only
def _strength(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    delta = e.amount if e.op == "empower" else -e.amount
    events.append(Event(f"{unit_words(s, z)} gets {delta:+d} S until end of turn."))
    return _with(s, z, s_mod=_unit(s, z).s_mod + delta)


def _bounce(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    events.append(Event(f"{unit_words(s, z)} returns to its owner's hand."))
    return remove(s, z, "hand", events)


def _spin(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    events.append(Event(f"{unit_words(s, z)} is shuffled into its owner's Deck."))
    rng = Rng(s.rng)
    s = remove(s, z, "deck", events, rng)
    return evolve(s, rng=rng.state)


def _move(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    dest = link.zone
    u = _unit(s, z)
    if dest < 0 or s.board[dest] is not None or grid.owner_of(dest) != u.owner:
        events.append(
            Event(f"{grid.label(dest)} is no longer an empty zone to move to: the Move does nothing (S27).")
        )
        return s
    events.append(Event(f"{unit_words(s, z)} moves to {grid.label(dest)}."))
    s = set_unit(s, z, None)
    return set_unit(s, dest, u)  # a Move keeps the Spirit's damage (S56)


def _defeat(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    return defeat(s, z, events)


@_face_up_only
def _veil(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    return veil(s, z, events)


@_face_up_only
def _grant(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    u = _unit(s, z)
    events.append(Event(f"{unit_words(s, z)} gains {e.keyword} until end of turn."))
    if e.keyword in u.granted:
        return s
    return _with(s, z, granted=(*u.granted, e.keyword))


@_face_up_only
def _extra(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    events.append(Event(f"{unit_words(s, z)} may attack once more this turn."))
    return _with(s, z, bonus=_unit(s, z).bonus + 1)


def _drain(s: SpiritState, z: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    u = _unit(s, z)
    gone, kept = u.essence[: e.amount], u.essence[e.amount :]
    if not gone:
        return s
    events.append(Event(f"{len(gone)} Essence is detached from {unit_words(s, z)}."))
    s = _with(s, z, essence=kept)
    st = s.seats[u.owner]
    return set_seat(s, u.owner, evolve(st, reload=(*st.reload, *gone)))


SPIRIT_OPS: dict[str, SpiritOp] = {
    "damage": _damage,
    "weaken": _weaken,
    "bolster": _bolster,
    "heal": _heal,
    "restore": _heal,
    "empower": _strength,
    "sap": _strength,
    "bounce": _bounce,
    "spin": _spin,
    "move": _move,
    "defeat": _defeat,
    "veil": _veil,
    "grant": _grant,
    "extra_attack": _extra,
    "drain": _drain,
}


# ------------------------------------------------------------------------------ player ops


def _player_op(s: SpiritState, p: int, e: Effect, link: Link, events: list[Event]) -> SpiritState:
    if e.op == "blast":
        events.append(Event(f"{seat_label(p)}'s Commander is dealt {e.amount} damage."))
        return damage_commander(s, p, e.amount)
    if e.op == "mend":
        s, gained = mend_commander(s, p, e.amount)
        events.append(Event(f"{seat_label(p)}'s Commander regains {gained} R."))
        return s
    if e.op == "draw":
        return draw(s, p, e.amount, events)
    if e.op == "mill":
        return mill(s, p, e.amount, events)
    assert e.op == "discard"
    s, gone = discard_random(s, p, e.amount, events)
    if gone:
        names = ", ".join(name_of(s, o) for o in gone)
        events.append(Event(f"{seat_label(p)} discards {names} at random."))
    return s


PLAYER_OPS = frozenset({"blast", "mend", "draw", "mill", "discard"})


def _recall(s: SpiritState, link: Link, ability: Ability, e: Effect, events: list[Event]) -> SpiritState:
    """Gather Essence from your Reload pile (newest first) onto the source Spirit or your Commander."""
    p = link.seat
    st = s.seats[p]
    found = [o for o in reversed(st.reload) if cdef(s, o).kind == "essence"][: e.amount]
    if not found:
        return s
    if ability.source == "spirit":
        z = zone_of(s, link.obj)
        if z < 0 or not _unit(s, z).face_up:
            return s
        s = _with(s, z, essence=(*_unit(s, z).essence, *found))
        where = unit_words(s, z)
    else:
        cmd = st.commander
        s = set_seat(s, p, evolve(st, commander=Commander(cmd.obj, cmd.damage, (*cmd.essence, *found))))
        where = f"{seat_label(p)}'s Commander"
    st = s.seats[p]
    s = set_seat(s, p, evolve(st, reload=tuple(o for o in st.reload if o not in found)))
    events.append(Event(f"{len(found)} Essence from the Reload pile is Gathered onto {where}."))
    return s


def _exhume(s: SpiritState, link: Link, events: list[Event]) -> SpiritState:
    st = s.seats[link.seat]
    for i in range(len(st.graveyard) - 1, -1, -1):
        o = st.graveyard[i]
        if cdef(s, o).kind == "spirit":
            events.append(
                Event(f"{name_of(s, o)} returns from {seat_label(link.seat)}'s Graveyard to their hand.")
            )
            seat = Seat(
                st.commander,
                st.deck,
                (*st.hand, o),
                st.reload,
                st.graveyard[:i] + st.graveyard[i + 1 :],
                st.side,
            )
            return set_seat(s, link.seat, seat)
    return s


def run(
    s: SpiritState, index: int, link: Link, ability: Ability, effects: tuple[Effect, ...], events: list[Event]
) -> SpiritState:
    """Resolve ``effects`` of the link at ``index`` of the Sequence."""
    for e in effects:
        if s.ranking is not None:
            return s
        if e.op == "negate":
            if index > 0 and not s.seq[index - 1].negated:
                seq = list(s.seq)
                seq[index - 1] = evolve(seq[index - 1], negated=True)
                s = evolve(s, seq=tuple(seq))
                events.append(Event(f"Link {index}'s Primary effect is nullified."))
            continue
        if e.op == "recall":
            s = _recall(s, link, ability, e, events)
        elif e.op == "exhume":
            s = _exhume(s, link, events)
        elif e.op in PLAYER_OPS:
            p = link.seat if e.who == "me" else opponent(link.seat)
            s = _player_op(s, p, e, link, events)
        else:
            handler = SPIRIT_OPS[e.op]
            objs = [_unit(s, z).obj for z in _targets(s, link, ability, e, events)]
            for obj in objs:  # zones may shift as Spirits are Defeated or moved: follow the objects
                z = zone_of(s, obj)
                if z >= 0:
                    s = handler(s, z, e, link, events)
        s = check_spirits(s, events)
    return check_commanders(s, events)  # S1: after the link's Primary effect or its Aftermath


HANDLED = frozenset({*SPIRIT_OPS, *PLAYER_OPS, "recall", "exhume", "negate"})
"""Every op with a handler, registered with the declared vocabulary (which refuses, at import, a
declared op without a handler or a handler of an op not declared; a test checks it too)."""
VOCABULARY.check_handlers(HANDLED)
