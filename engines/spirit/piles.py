"""Deck, hand and piles: drawing, Reloading and Milling (S40-S45).

A Duel is never lost to an empty deck (S4, S40): a player who must draw more cards than the deck
holds draws what is there, Reloads, and draws no more for that instruction (S41); Milling goes on
after a Reload (S42); with both deck and Reload pile empty a Reload does nothing (S44).
"""

from __future__ import annotations

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from .board import set_seat
from .state import Seat, SpiritState


def _seat(s: SpiritState, p: int, **changes: object) -> SpiritState:
    return set_seat(s, p, evolve(s.seats[p], **changes))


def reload(s: SpiritState, p: int, events: list[Event]) -> SpiritState:
    """Shuffle the Reload pile and what is left of the deck into a new deck (S40); the Graveyard
    stays where it is."""
    st = s.seats[p]
    rng = Rng(s.rng)
    deck = rng.shuffled((*st.deck, *st.reload))
    events.append(
        Event(f"{seat_label(p)} Reloads: {len(st.reload)} cards shuffled in, a deck of {len(deck)}.")
    )
    s = evolve(s, rng=rng.state)
    return _seat(s, p, deck=deck, reload=())


def draw(s: SpiritState, p: int, n: int, events: list[Event]) -> SpiritState:
    """Draw ``n`` (S41): with fewer than ``n`` in the deck, draw them all, Reload, and stop."""
    st = s.seats[p]
    if len(st.deck) >= n:
        s = _seat(s, p, deck=st.deck[n:], hand=(*st.hand, *st.deck[:n]))
        events.append(Event(f"{seat_label(p)} draws {n} card{'s' if n != 1 else ''}."))
        return s
    got = len(st.deck)
    s = _seat(s, p, deck=(), hand=(*st.hand, *st.deck))
    events.append(Event(f"{seat_label(p)} draws {got} card{'s' if got != 1 else ''}, the last of the deck."))
    return reload(s, p, events)


def mill(s: SpiritState, p: int, n: int, events: list[Event]) -> SpiritState:
    """Move the top ``n`` cards to the Reload pile one at a time, Reloading when the deck runs out
    on the way (S42); stop when deck and Reload pile are both empty."""
    milled = 0
    for _ in range(n):
        st = s.seats[p]
        if not st.deck:
            if not st.reload:
                break
            s = reload(s, p, events)
            st = s.seats[p]
        s = _seat(s, p, deck=st.deck[1:], reload=(*st.reload, st.deck[0]))
        milled += 1
    events.append(Event(f"{seat_label(p)} mills {milled} card{'s' if milled != 1 else ''}."))
    return s


def discard_random(s: SpiritState, p: int, n: int, events: list[Event]) -> tuple[SpiritState, list[int]]:
    """Discard ``n`` cards chosen at random to the Reload pile (S45); they are named (now public)."""
    rng = Rng(s.rng)
    hand = list(s.seats[p].hand)
    gone: list[int] = []
    for _ in range(min(n, len(hand))):
        gone.append(hand.pop(rng.below(len(hand))))
    st = s.seats[p]
    s = evolve(s, rng=rng.state)
    return _seat(s, p, hand=tuple(hand), reload=(*st.reload, *gone)), gone


def to_pile(s: SpiritState, p: int, obj: int, pile: str) -> SpiritState:
    """Put a card (off any zone) on ``p``'s "reload" pile, "graveyard" or "hand"."""
    st = s.seats[p]
    if pile == "reload":
        return _seat(s, p, reload=(*st.reload, obj))
    if pile == "graveyard":
        return _seat(s, p, graveyard=(*st.graveyard, obj))
    return _seat(s, p, hand=(*st.hand, obj))


def take_from_hand(s: SpiritState, p: int, cid: str) -> tuple[SpiritState, int]:
    """Take one copy of ``cid`` out of ``p``'s hand (the newest copy): (state, object)."""
    st = s.seats[p]
    for i in range(len(st.hand) - 1, -1, -1):
        o = st.hand[i]
        if s.card_of[o] == cid:
            return _seat(s, p, hand=st.hand[:i] + st.hand[i + 1 :]), o
    raise KeyError(cid)


def replace_seat(s: SpiritState, p: int, seat: Seat) -> SpiritState:
    return set_seat(s, p, seat)
