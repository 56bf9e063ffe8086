"""Turn flow (digest section 2): the start of a turn (recycle check, +2 AP), the game processes
that cost 1 AP (draw, refresh, Store), and the end of a turn.

The game also ends, on points, when nobody can ever attack again (no element card left outside
an Exhausted pile) or after ``turn_limit`` turns (D9): the seed's game could otherwise go on
for ever once complex elements have exhausted every element.
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.evolve import evolve
from engines.core.words import plural

from .cards import card, rules
from .state import AlchemyState
from .zones import (
    by_points,
    change,
    count,
    draw,
    gain_ap,
    opponent,
    pick_copy,
    recycle,
    spend_ap,
    to_recharge,
    without,
)


def _has_elements(s: AlchemyState, p: int) -> bool:
    st = s.seats[p]
    return any(card(s.card_of[o]).kind == "element" for o in (*st.deck, *st.hand, *st.store, *st.recharge))


def start_turn(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    """AL20 (fewer than 6 cards: the Recharge pile goes under the deck), then AL5/AL11 (+2 AP, at
    most 6)."""
    r = rules()
    s = evolve(s, current=p, mode="main", marked=())
    if s.turn > r.turn_limit:
        return by_points(s, f"The game reached its turn limit ({r.turn_limit} turns)", events)
    if not _has_elements(s, 0) and not _has_elements(s, 1):
        return by_points(
            s, "No element card is left outside the Exhausted piles, so nobody can attack again", events
        )
    st = s.seats[p]
    if len(st.deck) < r.recycle_below and st.recharge:
        n = len(st.recharge)
        s = recycle(s, p)
        events.append(Event(f"{seat_label(p)} shuffles the Recharge pile ({n} cards) under the deck."))
    s = gain_ap(s, p, r.ap_per_turn)
    events.append(Event(f"Turn {s.turn}: {seat_label(p)} has {s.seats[p].ap} AP."))
    return s


def end_turn(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    """Nothing happens at the end of a turn (no discard, no draw); AP carries over (AL11)."""
    ap = s.seats[p].ap
    events.append(Event(f"{seat_label(p)} ends the turn with {ap} AP kept."))
    s = change(s, p, primed2=0)
    return start_turn(evolve(s, turn=s.turn + 1), opponent(p), events)


def draw_action(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    """AL12: 1 AP, the top card; nothing if the deck is empty (C5), the AP still spent."""
    if s.seats[p].ap < 1:
        raise IllegalAction("Drawing a card costs 1 AP and you have none left.")
    s, got = draw(spend_ap(s, p, 1), p, 1)
    if got:
        events.append(Event(f"{seat_label(p)} draws a card (1 AP)."))
    else:
        events.append(Event(f"{seat_label(p)} pays 1 AP to draw, but the deck is empty."))
    return s


def open_refresh(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    """AL13/C6: 1 AP; then mark cards one by one and ``done`` puts them back and draws as many."""
    st = s.seats[p]
    if st.ap < 1:
        raise IllegalAction("Refreshing your hand costs 1 AP and you have none left.")
    if not st.hand:
        raise IllegalAction("Your hand is empty, so there is nothing to refresh.")
    events.append(Event(f"{seat_label(p)} refreshes the hand (1 AP)."))
    return count(evolve(spend_ap(s, p, 1), mode="refresh", marked=()), p, refreshes=1)


def mark(s: AlchemyState, p: int, cid: str) -> AlchemyState:
    unmarked = tuple(o for o in s.seats[p].hand if o not in s.marked)
    o = pick_copy(s, unmarked, cid, prefer_seen=True)
    if o is None:
        raise IllegalAction(f"You have no more {card(cid).name} in hand to put back.")
    return evolve(s, marked=(*s.marked, o))


def finish_refresh(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    back = s.marked
    hand = s.seats[p].hand
    for o in back:
        hand = without(hand, o)
    s = evolve(change(s, p, hand=hand), marked=(), mode="main")
    s = to_recharge(s, p, back)
    s, got = draw(s, p, len(back))
    if back:
        events.append(Event(f"{seat_label(p)} puts back {plural(len(back), 'card')} and draws {got}."))
    else:
        events.append(Event(f"{seat_label(p)} keeps the whole hand."))
    return s


def open_store(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    """AL15: 1 AP to enter; inside, move cards between hand and Store (at most 3), then leave."""
    if s.seats[p].ap < 1:
        raise IllegalAction("Entering your Store costs 1 AP and you have none left.")
    events.append(Event(f"{seat_label(p)} enters the Store (1 AP)."))
    return count(evolve(spend_ap(s, p, 1), mode="store"), p, store_accesses=1)


def put(s: AlchemyState, p: int, cid: str, events: list[Event]) -> AlchemyState:
    st = s.seats[p]
    size = rules().store_size
    if len(st.store) >= size:
        raise IllegalAction(f"Your Store is full: it holds at most {size} cards. Take one out first.")
    o = pick_copy(s, st.hand, cid, prefer_seen=False)
    if o is None:
        raise IllegalAction(f"You don't hold {card(cid).name}.")
    s = change(s, p, hand=without(st.hand, o), store=(*st.store, o))
    what = card(cid).name if o in s.seen else "a card"
    events.append(Event(f"{seat_label(p)} puts {what} into the Store."))
    return s


def take(s: AlchemyState, p: int, cid: str, events: list[Event]) -> AlchemyState:
    st = s.seats[p]
    o = pick_copy(s, st.store, cid, prefer_seen=True)
    if o is None:
        raise IllegalAction(f"There is no {card(cid).name} in your Store.")
    s = change(s, p, store=without(st.store, o), hand=(*st.hand, o))
    what = card(cid).name if o in s.seen else "a card"
    events.append(Event(f"{seat_label(p)} takes {what} from the Store."))
    return s


def leave_store(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    events.append(Event(f"{seat_label(p)} leaves the Store ({len(s.seats[p].store)} cards in it)."))
    return evolve(s, mode="main")
