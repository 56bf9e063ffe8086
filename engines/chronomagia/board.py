"""Reading and changing a Chronomagia state: the Time track, effective epochs, what a permanent
produces, and the small moves every rule is made of (draw, gain and pay Concentration, damage,
a permanent leaving the battlefield). Each function returns a new state; nothing is mutated.
"""

from __future__ import annotations

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from .cards import CardDef, Window, card
from .grammar import RES_EN
from .state import ChronomagiaState, Perm, Seat

TRACK_END = 30
EPOCH_STARTS = (1, 16, 26)
"""Epoch 1 is positions 1-15, Epoch 2 16-25, Epoch 3 26-30 (section 0)."""
START_LIFE = 30
HAND_SIZE = 5
CREATURE_KINDS = frozenset({"thoughtform", "shadow", "token"})


def opponent(p: int) -> int:
    return 1 - p


def epoch_of(pos: int) -> int:
    return 3 if pos >= EPOCH_STARTS[2] else 2 if pos >= EPOCH_STARTS[1] else 1


def century_of(pos: int) -> int:
    return pos - EPOCH_STARTS[epoch_of(pos) - 1] + 1


def active_epoch(s: ChronomagiaState) -> int:
    return epoch_of(s.time)


def cdef(s: ChronomagiaState, obj: int) -> CardDef:
    return card(s.card_of[obj])


def name_of(s: ChronomagiaState, obj: int) -> str:
    return cdef(s, obj).name


# ------------------------------------------------------------------------------ permanents


def find(s: ChronomagiaState, obj: int) -> tuple[int, int] | None:
    """(controller, index in its field) of the permanent ``obj``, or None."""
    for p, st in enumerate(s.seats):
        for i, perm in enumerate(st.field):
            if perm.obj == obj:
                return p, i
    return None


def perm_of(s: ChronomagiaState, obj: int) -> Perm | None:
    where = find(s, obj)
    return None if where is None else s.seats[where[0]].field[where[1]]


def epoch_of_perm(s: ChronomagiaState, perm: Perm) -> int:
    """The effective epoch: the personal one after a Time Shift, else the active Epoch (KM8)."""
    return perm.epoch or active_epoch(s)


def window(s: ChronomagiaState, perm: Perm) -> Window:
    return cdef(s, perm.obj).window(epoch_of_perm(s, perm))


def is_creature(s: ChronomagiaState, perm: Perm) -> bool:
    return cdef(s, perm.obj).kind in CREATURE_KINDS


def trapped(s: ChronomagiaState, perm: Perm) -> bool:
    return s.turn < perm.trapped_until


def sick(s: ChronomagiaState, perm: Perm) -> bool:
    """Embodiment Sickness: not in play when the turn started, and no Acceleration (KM11)."""
    return perm.entered >= s.turn and "Acceleration" not in window(s, perm).keywords


def producing(s: ChronomagiaState, perm: Perm) -> bool:
    """M20 (a)-(c): untapped, not Trapped, in play since the turn started (or Acceleration)."""
    return not perm.tapped and not trapped(s, perm) and not sick(s, perm)


def _anthem(s: ChronomagiaState, p: int, resource: str, perm: Perm) -> int:
    bonus = 0
    for other in s.seats[p].field:
        if other.obj == perm.obj:
            continue
        for st in window(s, other).statics:
            if st.op == "anthem" and st.resource == resource:
                bonus += st.amount
    return bonus


def produced(s: ChronomagiaState, p: int, perm: Perm, resource: str) -> int:
    """What one permanent of ``p`` adds to a collection of ``resource`` now (M20, M51)."""
    if not producing(s, perm):
        return 0
    w = window(s, perm)
    if w.res is None:
        return 0
    n = w.amount(resource)
    if is_creature(s, perm):
        n += _anthem(s, p, resource, perm)
    return n


def production(s: ChronomagiaState, p: int, resource: str) -> int:
    """The total ``p`` would collect of ``resource`` now."""
    return sum(produced(s, p, perm, resource) for perm in s.seats[p].field)


def willpower(s: ChronomagiaState, perm: Perm) -> int:
    return cdef(s, perm.obj).willpower


def warded(s: ChronomagiaState, perm: Perm) -> bool:
    return any(st.op == "ward" for st in window(s, perm).statics)


def cost_of(s: ChronomagiaState, p: int, cid: str) -> int:
    """The Concentration ``p`` pays for ``cid`` in the active Epoch, discounts applied (F16)."""
    base = card(cid).cost_in(active_epoch(s))
    off = sum(st.amount for perm in s.seats[p].field for st in window(s, perm).statics if st.op == "discount")
    return base if base == 0 else max(1, base - off)


def location(s: ChronomagiaState, p: int) -> Perm | None:
    for perm in s.seats[p].field:
        if cdef(s, perm.obj).kind == "location":
            return perm
    return None


def phenomenon(s: ChronomagiaState, p: int) -> Perm | None:
    for perm in s.seats[p].field:
        if cdef(s, perm.obj).kind == "phenomenon":
            return perm
    return None


# ------------------------------------------------------------------------------ changing seats


def set_seat(s: ChronomagiaState, p: int, **changes: object) -> ChronomagiaState:
    seats = list(s.seats)
    seats[p] = evolve(s.seats[p], **changes)
    return evolve(s, seats=tuple(seats))


def put_perm(s: ChronomagiaState, perm: Perm) -> ChronomagiaState:
    """Replace the permanent with the same object by ``perm``."""
    where = find(s, perm.obj)
    assert where is not None
    p, i = where
    field = list(s.seats[p].field)
    field[i] = perm
    return set_seat(s, p, field=tuple(field))


def renew(s: ChronomagiaState, obj: int) -> tuple[ChronomagiaState, int]:
    """The same card under a new object id (a card going back to a hand: M37's hidden again)."""
    return evolve(s, card_of=(*s.card_of, s.card_of[obj])), len(s.card_of)


def remove_perm(s: ChronomagiaState, obj: int) -> tuple[ChronomagiaState, int]:
    """Take a permanent off the battlefield; returns (state, controller)."""
    where = find(s, obj)
    assert where is not None
    p, i = where
    field = s.seats[p].field
    return set_seat(s, p, field=field[:i] + field[i + 1 :]), p


def to_graveyard(s: ChronomagiaState, p: int, obj: int) -> ChronomagiaState:
    """A card of ``p`` into its graveyard; a token simply stops existing (M39)."""
    if cdef(s, obj).kind == "token":
        return s
    return set_seat(s, p, graveyard=(*s.seats[p].graveyard, obj))


def finish(s: ChronomagiaState, ranking: tuple[tuple[int, ...], ...], reason: str) -> ChronomagiaState:
    return evolve(s, ranking=ranking, reason=reason, step="over", ask=None, jobs=(), fresh=())


def check_life(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    """M7, M8: a player at 0 Life or less loses at once; both at once is a draw (F15)."""
    if s.ranking is not None:
        return s
    dead = [p for p in (0, 1) if s.seats[p].life <= 0]
    if len(dead) == 2:
        events.append(Event("Both players are at 0 Life or less: the game is a draw (M8)."))
        return finish(s, ((0, 1),), "both players reached 0 Life")
    if dead:
        (p,) = dead
        events.append(Event(f"{seat_label(p)} is at {s.seats[p].life} Life and loses (M7)."))
        return finish(s, ((opponent(p),), (p,)), f"{seat_label(p)} reached 0 Life")
    return s


# ------------------------------------------------------------------------------ cards moving


def draw(s: ChronomagiaState, p: int, n: int, events: list[Event]) -> ChronomagiaState:
    """Draw ``n``; a player who must draw from an empty Main Deck loses (M9, F11)."""
    for _ in range(n):
        st = s.seats[p]
        if not st.deck:
            events.append(Event(f"{seat_label(p)} must draw from an empty deck and loses (M9)."))
            return finish(s, ((opponent(p),), (p,)), f"{seat_label(p)} could not draw")
        s = set_seat(s, p, deck=st.deck[1:], hand=(*st.hand, st.deck[0]))
    events.append(Event(f"{seat_label(p)} draws {'a card' if n == 1 else f'{n} cards'}."))
    return s


def gain_conc(s: ChronomagiaState, p: int, n: int, events: list[Event], why: str = "") -> ChronomagiaState:
    """M11: the top ``n`` cards of the deck go face down into the Pool (all of them if fewer)."""
    st = s.seats[p]
    k = min(n, len(st.deck))
    s = set_seat(s, p, deck=st.deck[k:], pool=(*st.pool, *st.deck[:k]))
    short = f" (the deck had only {k})" if k < n else ""
    events.append(Event(f"{seat_label(p)} gains {k} Concentration{why}{short}."))
    return s


def pay(s: ChronomagiaState, p: int, n: int) -> ChronomagiaState:
    """M13: ``n`` cards of the Pool go to the bottom of the deck in random order."""
    if n <= 0:
        return s
    st = s.seats[p]
    assert len(st.pool) >= n
    rng = Rng(s.rng)
    moved = rng.shuffled(st.pool[:n])
    s = set_seat(s, p, pool=st.pool[n:], deck=(*st.deck, *moved))
    return evolve(s, rng=rng.state)


def mill(s: ChronomagiaState, p: int, n: int, events: list[Event]) -> ChronomagiaState:
    st = s.seats[p]
    k = min(n, len(st.deck))
    s = set_seat(s, p, deck=st.deck[k:], graveyard=(*st.graveyard, *st.deck[:k]))
    names = ", ".join(name_of(s, o) for o in st.deck[:k]) or "nothing"
    events.append(Event(f"{seat_label(p)} puts the top {k} of their deck into the graveyard: {names}."))
    return s


def hurt(s: ChronomagiaState, p: int, n: int, events: list[Event], source: str) -> ChronomagiaState:
    """Damage to player ``p``: Armor absorbs it first, one counter a point (M27)."""
    if n <= 0:
        return s
    st = s.seats[p]
    absorbed = min(st.armor, n)
    s = set_seat(s, p, armor=st.armor - absorbed, life=st.life - (n - absorbed))
    armor = f" ({absorbed} absorbed by Armor)" if absorbed else ""
    events.append(
        Event(
            f"{source} deals {n} damage to {seat_label(p)}{armor}: {seat_label(p)} is at {st.life - n + absorbed} Life."
        )
    )
    return s


def res_word(resource: str) -> str:
    return RES_EN[resource]


def replace_seat(s: ChronomagiaState, p: int, seat: Seat) -> ChronomagiaState:
    seats = list(s.seats)
    seats[p] = seat
    return evolve(s, seats=tuple(seats))
