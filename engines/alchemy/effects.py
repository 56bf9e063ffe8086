"""The effect vocabulary (``cards.OPS``) as one handler per op, and playing a Process card (AL17,
AL18) or a Magnum Opus reward (AL40) through it.

A handler is ``(state, seat, amount, events) -> state``. It does as much as it can: drawing from
an empty deck draws nothing, raiding an empty Store takes nothing. Random choices (a random card
from the opponent's hand or Store) use the state's Rng, so replays stay exact.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Event, IllegalAction, Rng, seat_label
from engines.core.evolve import evolve
from engines.core.words import plural

from . import battle as chain
from .cards import VOCABULARY, CardDef, card, rules
from .state import AlchemyState, Battle
from .view import mg_text
from .zones import (
    change,
    count,
    draw,
    gain_ap,
    mark_seen,
    names,
    opponent,
    pick_copy,
    recycle,
    score,
    to_exhausted,
    to_recharge,
    without,
)

Handler = Callable[[AlchemyState, int, int, list[Event]], AlchemyState]


def _go(cards: tuple[int, ...]) -> str:
    return "goes" if len(cards) == 1 else "go"


def _draw(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    s, got = draw(s, p, n)
    events.append(Event(f"{seat_label(p)} draws {plural(got, 'card')}."))
    return s


def _gain_ap(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    s = gain_ap(s, p, n)
    events.append(Event(f"{seat_label(p)} now has {s.seats[p].ap} AP."))
    return s


def _drain_ap(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    q = opponent(p)
    s = change(s, q, ap=max(0, s.seats[q].ap - n))
    events.append(Event(f"{seat_label(q)} drops to {s.seats[q].ap} AP."))
    return s


def _gain_points(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event(f"{seat_label(p)} gains {plural(n, 'point')}."))
    return score(s, p, n, events)


def _recover(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    st = s.seats[p]
    got = tuple(reversed(st.recharge[-n:])) if n else ()
    if not got:
        events.append(Event(f"{seat_label(p)}'s Recharge pile is empty."))
        return s
    s = change(s, p, recharge=st.recharge[: len(st.recharge) - len(got)], hand=st.hand + got)
    events.append(Event(f"{seat_label(p)} takes {names(s, got)} from the Recharge pile into hand."))
    return s


def _recycle(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    k = len(s.seats[p].recharge)
    events.append(Event(f"{seat_label(p)} shuffles {plural(k, 'card')} from Recharge under the deck."))
    return recycle(s, p)


def _burn_recharge(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    q = opponent(p)
    st = s.seats[q]
    got = st.recharge[-n:] if n else ()
    if not got:
        events.append(Event(f"{seat_label(q)}'s Recharge pile is empty."))
        return s
    s = change(s, q, recharge=st.recharge[: len(st.recharge) - len(got)])
    events.append(Event(f"{names(s, got)} {_go(got)} from {seat_label(q)}'s Recharge pile to Exhausted."))
    return to_exhausted(s, q, got)


def _random_from(s: AlchemyState, zone: tuple[int, ...], n: int) -> tuple[AlchemyState, tuple[int, ...]]:
    rng = Rng(s.rng)
    pool = list(zone)
    got = []
    for _ in range(min(n, len(pool))):
        got.append(pool.pop(rng.below(len(pool))))
    return evolve(s, rng=rng.state), tuple(got)


def _opp_discard(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    q = opponent(p)
    s, got = _random_from(s, s.seats[q].hand, n)
    if not got:
        events.append(Event(f"{seat_label(q)} has no cards in hand."))
        return s
    hand = s.seats[q].hand
    for o in got:
        hand = without(hand, o)
    s = change(s, q, hand=hand)
    events.append(Event(f"{seat_label(q)} puts {names(s, got)} from hand on the Recharge pile."))
    return to_recharge(s, q, got)


def _raid_store(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    q = opponent(p)
    s, got = _random_from(s, s.seats[q].store, n)
    if not got:
        events.append(Event(f"{seat_label(q)}'s Store is empty."))
        return s
    store = s.seats[q].store
    for o in got:
        store = without(store, o)
    s = change(s, q, store=store)
    events.append(Event(f"{names(s, got)} {_go(got)} from {seat_label(q)}'s Store to the Recharge pile."))
    return to_recharge(s, q, got)


def _peek_store(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    q = opponent(p)
    store = s.seats[q].store
    if not store:
        events.append(Event(f"{seat_label(q)}'s Store is empty."))
        return s
    events.append(Event(f"{seat_label(q)}'s Store is turned face up: {names(s, store)}."))
    return mark_seen(s, store)


def _stock_store(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    st = s.seats[p]
    room = rules().store_size - len(st.store)
    got = st.deck[: max(0, min(n, room))]
    s = change(s, p, deck=st.deck[len(got) :], store=st.store + got)
    events.append(Event(f"{seat_label(p)} puts {plural(len(got), 'card')} from the deck into the Store."))
    return s


def _open_store(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event(f"{seat_label(p)} enters the Store."))
    return count(evolve(s, mode="store"), p, store_accesses=1)


def _prime(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    s = change(s, p, primed2=s.seats[p].primed2 + 2 * n)
    events.append(Event(f"{seat_label(p)}'s next element this turn gets +{mg_text(s.seats[p].primed2)} MG."))
    return s


def _battle(s: AlchemyState) -> Battle:
    assert s.battle is not None, "the loader keeps battle effects to Battle windows"
    return s.battle


def _adjust(s: AlchemyState, p: int, target: int, amount2: int) -> AlchemyState:
    """Add ``amount2`` to seat ``target``'s element in the exchange not yet compared, or to the next
    element that seat places in this Battle if it has none there yet."""
    b = _battle(s)
    if b.window == "press":
        i = len(b.links) - 2 if b.links[-2].seat == target else len(b.links) - 1
    elif b.window == "defend" and b.links[-1].seat == target:
        i = len(b.links) - 1
    else:
        pending = list(b.pending2)
        pending[target] += amount2
        return evolve(s, battle=evolve(b, pending2=(pending[0], pending[1])))
    link = b.links[i]
    links = (*b.links[:i], evolve(link, bonus2=link.bonus2 + amount2), *b.links[i + 1 :])
    return evolve(s, battle=evolve(b, links=links))


def _boost(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event(f"{seat_label(p)}'s element gets +{n} MG."))
    return _adjust(s, p, p, 2 * n)


def _weaken(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event(f"{seat_label(opponent(p))}'s element gets -{n} MG."))
    return _adjust(s, p, opponent(p), -2 * n)


def _neutralize(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event("This exchange has no alignment."))
    return evolve(s, battle=evolve(_battle(s), align_mode="neutral"))


def _invert(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    events.append(Event("This exchange's alignment is reversed."))
    return evolve(s, battle=evolve(_battle(s), align_mode="invert"))


def _fizzle(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    return chain.fizzle(s, events)


def _reclaim(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    b = _battle(s)
    events.append(Event(f"{seat_label(p)}'s elements in this Battle will return to hand."))
    return evolve(s, battle=evolve(b, reclaim=tuple(sorted({*b.reclaim, p}))))


def _stakes(s: AlchemyState, p: int, n: int, events: list[Event]) -> AlchemyState:
    b = _battle(s)
    stakes = list(b.stakes)
    stakes[p] += n
    events.append(Event(f"If {seat_label(p)} wins this Battle, {seat_label(p)} scores {n} more."))
    return evolve(s, battle=evolve(b, stakes=(stakes[0], stakes[1])))


HANDLERS: dict[str, Handler] = VOCABULARY.handlers(
    {
        "draw": _draw,
        "gain_ap": _gain_ap,
        "drain_ap": _drain_ap,
        "gain_points": _gain_points,
        "recover": _recover,
        "recycle": _recycle,
        "burn_recharge": _burn_recharge,
        "opp_discard": _opp_discard,
        "raid_store": _raid_store,
        "peek_store": _peek_store,
        "stock_store": _stock_store,
        "open_store": _open_store,
        "prime": _prime,
        "boost": _boost,
        "weaken": _weaken,
        "neutralize": _neutralize,
        "invert": _invert,
        "fizzle": _fizzle,
        "reclaim": _reclaim,
        "stakes": _stakes,
    }
)
"""One handler per op, registered with the declared vocabulary (``cards.VOCABULARY`` refuses, at
import, a declared op without a handler or a handler of an op not declared)."""


def apply_effects(s: AlchemyState, p: int, c: CardDef, events: list[Event]) -> AlchemyState:
    """Run ``c``'s effects in order; a Battle effect after the Battle ended (a fizzle) or any effect
    after the game ended does nothing."""
    for e in c.effects:
        if s.mode == "over":
            break
        if e.op in chain_ops() and s.battle is None:
            continue
        s = HANDLERS[e.op](s, p, e.amount, events)
    return s


def chain_ops() -> frozenset[str]:
    from .cards import OPS

    return frozenset(op for op, spec in OPS.items() if spec.where == "battle")


# ------------------------------------------------------------------------- playing a Process


def window_of(s: AlchemyState, p: int) -> str | None:
    """The window ``p`` may play Process cards in now: "main" in their own action phase, the Battle's
    window when the chain waits for them, else None."""
    if s.mode == "main" and p == s.current:
        return "main"
    if s.mode == "battle" and s.battle is not None and s.battle.acting == p:
        return s.battle.window
    return None


def cost_problem(s: AlchemyState, p: int, c: CardDef, pay: str | None, window: str) -> str:
    """'' if ``p`` can pay ``c`` now (``pay`` = the card paying its other cost), else why not."""
    st = s.seats[p]
    if window == "main" and st.ap < c.cost_ap:
        return f"{c.name} costs {c.cost_ap} AP and you have {st.ap}."
    needs_card = c.cost_other in ("discard", "exhaust_element")
    if needs_card and pay is None:
        what = "an element card" if c.cost_other == "exhaust_element" else "a card"
        return f"{c.name} costs {what} from your hand as well: choose which (play:{c.id}:<card>)."
    if not needs_card and pay is not None:
        return f"{c.name} has no cost paid with a card."
    if pay is not None:
        hand = [s.card_of[o] for o in st.hand]
        hand.remove(c.id)
        if pay not in hand:
            return f"You don't hold {card(pay).name} to pay with."
        if c.cost_other == "exhaust_element" and card(pay).kind != "element":
            return f"{c.name} needs an element card from your hand; {card(pay).name} is not one."
    if c.cost_other == "pay_point" and st.points < 1:
        return f"{c.name} costs a point and you have none."
    if c.cost_other == "burn_own_recharge" and len(st.recharge) < c.cost_amount:
        return f"{c.name} needs {plural(c.cost_amount, 'card')} in your Recharge pile; you have {len(st.recharge)}."
    return ""


def play_process(s: AlchemyState, p: int, cid: str, pay: str | None, events: list[Event]) -> AlchemyState:
    c = card(cid)
    window = window_of(s, p)
    if window is None:
        raise IllegalAction("You can't play a Process card now.")
    st = s.seats[p]
    oid = pick_copy(s, st.hand, cid, prefer_seen=True)
    if oid is None:
        raise IllegalAction(f"You don't hold {c.name}.")
    if window not in c.windows:
        if window == "main":
            raise IllegalAction(f"{c.name} is a Reaction that can only be played in a Battle.")
        if not c.reaction:
            raise IllegalAction(
                f"{c.name} is not a Reaction: play it in your own turn, outside a Battle (AL17)."
            )
        raise IllegalAction(f"{c.name} can't be played at this point of the Battle.")
    problem = cost_problem(s, p, c, pay, window)
    if problem:
        raise IllegalAction(problem)
    hand = without(st.hand, oid)
    s = change(s, p, hand=hand, ap=st.ap - (c.cost_ap if window == "main" else 0))
    paid = ""
    if pay is not None:
        po = pick_copy(s, hand, pay, prefer_seen=True)
        assert po is not None
        s = change(s, p, hand=without(hand, po))
        if c.cost_other == "exhaust_element":
            s = to_exhausted(s, p, (po,))
            paid = f", exhausting {card(pay).name}"
        else:
            s = to_recharge(s, p, (po,))
            paid = f", putting {card(pay).name} on the Recharge pile"
    elif c.cost_other == "pay_point":
        s = change(s, p, points=s.seats[p].points - 1)
        paid = ", paying 1 point"
    elif c.cost_other == "burn_own_recharge":
        rc = s.seats[p].recharge
        got = rc[len(rc) - c.cost_amount :]
        s = to_exhausted(change(s, p, recharge=rc[: len(rc) - c.cost_amount]), p, got)
        paid = f", exhausting {names(s, got)} from the Recharge pile"
    ap = f" ({c.cost_ap} AP)" if window == "main" and c.cost_ap else ""
    kind = "Reaction" if c.reaction else "Process"
    events.append(Event(f"{seat_label(p)} plays {c.name} ({kind}){ap}{paid}."))
    s = to_exhausted(s, p, (oid,))
    s = count(s, p, processes_played=1, reactions_played=1 if c.reaction else 0)
    if s.battle is not None:
        s = evolve(s, battle=evolve(s.battle, processes=(*s.battle.processes, oid)))
    return apply_effects(s, p, c, events)
