"""Moving cards between zones, AP and points: the small steps every rule is made of.

Each function takes a state and returns a new one; public facts go into the ``events`` list the
caller passes (an Event never names a card its reader may not see). The "seen" flags of AL16 are
kept here: a card is marked seen when it reaches the Field or a public pile or is revealed, and
unmarked when it is shuffled back into a deck.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from .cards import card, rules
from .state import AlchemyState, Seat


def opponent(p: int) -> int:
    return 1 - p


def seat(s: AlchemyState, p: int) -> Seat:
    return s.seats[p]


def with_seat(s: AlchemyState, p: int, new: Seat) -> AlchemyState:
    seats = list(s.seats)
    seats[p] = new
    return evolve(s, seats=tuple(seats))


def change(s: AlchemyState, p: int, **fields: object) -> AlchemyState:
    """``s`` with fields of seat ``p`` replaced."""
    return with_seat(s, p, evolve(s.seats[p], **fields))


def count(s: AlchemyState, p: int, **increments: int) -> AlchemyState:
    """Add to seat ``p``'s tally counters."""
    t = s.seats[p].tally
    return change(s, p, tally=evolve(t, **{k: getattr(t, k) + v for k, v in increments.items()}))


def mark_seen(s: AlchemyState, oids: Iterable[int]) -> AlchemyState:
    new = set(oids) - set(s.seen)
    return evolve(s, seen=tuple(sorted({*s.seen, *new}))) if new else s


def unmark_seen(s: AlchemyState, oids: Iterable[int]) -> AlchemyState:
    drop = set(oids)
    return evolve(s, seen=tuple(o for o in s.seen if o not in drop)) if drop & set(s.seen) else s


def names(s: AlchemyState, oids: Iterable[int]) -> str:
    """ "Blaze, Stream and Spark": card names for an event (only for cards everyone may see)."""
    words = [card(s.card_of[o]).name for o in oids]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def without(zone: tuple[int, ...], oid: int) -> tuple[int, ...]:
    i = zone.index(oid)
    return zone[:i] + zone[i + 1 :]


def pick_copy(s: AlchemyState, zone: tuple[int, ...], cid: str, *, prefer_seen: bool) -> int | None:
    """An object of card ``cid`` in ``zone``. Several copies are one choice for the player (D3): a
    card going somewhere public takes a copy the opponent has already seen if there is one (it
    reveals nothing new); one going into the Store takes an unseen copy (it stays secret)."""
    seen = set(s.seen)
    first: int | None = None
    for o in zone:
        if s.card_of[o] == cid:
            if (o in seen) == prefer_seen:
                return o
            if first is None:
                first = o
    return first


def gain_ap(s: AlchemyState, p: int, n: int) -> AlchemyState:
    """AL11: AP above the cap is lost at once."""
    return change(s, p, ap=min(rules().ap_cap, s.seats[p].ap + n))


def spend_ap(s: AlchemyState, p: int, n: int) -> AlchemyState:
    return change(s, p, ap=s.seats[p].ap - n)


def draw(s: AlchemyState, p: int, n: int) -> tuple[AlchemyState, int]:
    """Draw up to ``n`` from the top of the deck (C5: an empty deck gives nothing, and no loss)."""
    st = s.seats[p]
    got = st.deck[:n]
    if not got:
        return s, 0
    s = change(s, p, deck=st.deck[len(got) :], hand=st.hand + got)
    return count(s, p, cards_drawn=len(got)), len(got)


def recycle(s: AlchemyState, p: int) -> AlchemyState:
    """AL20/C10: shuffle the Recharge pile alone and put it under the deck; its cards are no longer
    "seen" (AL16)."""
    st = s.seats[p]
    if not st.recharge:
        return s
    rng = Rng(s.rng)
    pile = rng.shuffled(st.recharge)
    s = evolve(s, rng=rng.state)
    s = change(s, p, deck=st.deck + pile, recharge=())
    return unmark_seen(s, pile)


def to_recharge(s: AlchemyState, p: int, oids: tuple[int, ...]) -> AlchemyState:
    st = s.seats[p]
    return mark_seen(change(s, p, recharge=st.recharge + oids), oids)


def to_exhausted(s: AlchemyState, p: int, oids: tuple[int, ...]) -> AlchemyState:
    st = s.seats[p]
    return mark_seen(change(s, p, exhausted=st.exhausted + oids), oids)


def finish(s: AlchemyState, ranking: tuple[tuple[int, ...], ...], reason: str) -> AlchemyState:
    return evolve(s, mode="over", ranking=ranking, reason=reason, marked=())


def score(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    """Add ``n`` points to seat ``p`` (negative to pay); AL9: reaching the target ends the game at
    once, whoever's turn it is."""
    if n == 0 or s.mode == "over":
        return s
    points = max(0, s.seats[p].points + n)
    s = change(s, p, points=points)
    target = rules().target
    if points >= target:
        reason = f"{seat_label(p)} reaches {target} points"
        events.append(Event(f"{reason} and wins."))
        return finish(s, ((p,), (opponent(p),)), reason)
    return s


def by_points(s: AlchemyState, why: str, events: list[Event]) -> AlchemyState:
    """End the game on the score as it stands (D9): more points first, a tie is a draw."""
    a, b = (st.points for st in s.seats)
    if a == b:
        ranking: tuple[tuple[int, ...], ...] = ((0, 1),)
        reason = f"{why}; the score is tied {a}-{b}, a draw"
    else:
        w = 0 if a > b else 1
        ranking = ((w,), (opponent(w),))
        reason = f"{why}; {seat_label(w)} leads {max(a, b)}-{min(a, b)} and wins"
    events.append(Event(reason[0].upper() + reason[1:] + "."))
    return finish(s, ranking, reason)
