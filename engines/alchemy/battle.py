"""Battles: one attack with all of its blocks, parries and counterattacks (AL25-AL35).

The chain is a list of ``Link``s. Each exchange is a strike (an attack, or a free counterattack
after a parry) answered by the defender in the "defend" window: a block, or ``pass`` to take the
hit. After a block the striker gets the "press" window (Reactions, then ``pass`` compares); a
parry gives the parrier the "riposte" window (counterattack, or ``pass`` to end the Battle). Every
element stays on the Field until the whole Battle ends (C16), then goes to Recharge, or to
Exhausted for the two parts of a complex element (AL32).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.evolve import evolve

from .actions import element_words
from .alignment import (
    alignment_word,
    apply_mode,
    base_mg2,
    blocked_value2,
    can_block,
    element_type,
    multiplier2,
    parts,
)
from .cards import TYPES, card, complex_name
from .state import AlchemyState, Battle, Link
from .view import mg_text
from .zones import (
    change,
    count,
    mark_seen,
    opponent,
    pick_copy,
    score,
    to_exhausted,
    to_recharge,
    without,
)

TYPE_BITS = {t: 1 << i for i, t in enumerate(TYPES)}


def link_cards(s: AlchemyState, link: Link) -> tuple[str, ...]:
    return tuple(s.card_of[o] for o in link.cards)


def link_type(s: AlchemyState, link: Link) -> str:
    return element_type(link_cards(s, link))


def strike_value2(s: AlchemyState, link: Link) -> int:
    return max(0, base_mg2(link_cards(s, link)) + link.bonus2)


def block_value2(s: AlchemyState, p: int, cids: tuple[str, ...]) -> tuple[int, int]:
    """What a block by ``p`` with the element ``cids`` would count against the strike now, as
    (value x 2, multiplier x 2): its MG with the bonuses waiting for it (a prime, a Reaction) times
    its alignment against the striking element (AL24), as ``compare`` reckons it unless a Reaction
    changes it first. The defender reads it before choosing a block."""
    b = s.battle
    assert b is not None and b.links
    before = base_mg2(cids) + s.seats[p].primed2 + b.pending2[p]
    mult = apply_mode(
        multiplier2(element_type(cids), link_type(s, b.links[-1]), s.alignment_override), b.align_mode
    )
    return blocked_value2(before, mult), mult


def _take_from_hand(s: AlchemyState, p: int, cids: tuple[str, ...]) -> tuple[AlchemyState, tuple[int, ...]]:
    """Remove the element cards ``cids`` from ``p``'s hand (AL34: only from the hand)."""
    hand = s.seats[p].hand
    taken: list[int] = []
    for cid in cids:
        o = pick_copy(s, hand, cid, prefer_seen=True)
        if o is None:
            words = element_words(cids[0], cids[1] if len(cids) > 1 else None)
            raise IllegalAction(f"You don't hold the cards for {words}.")
        hand = without(hand, o)
        taken.append(o)
    return change(s, p, hand=hand), tuple(taken)


def _place(s: AlchemyState, p: int, cids: tuple[str, ...], role: str, b: Battle) -> tuple[AlchemyState, Link]:
    """Put an element from hand on the Field with the bonuses waiting for it (prime, Reactions)."""
    s, oids = _take_from_hand(s, p, cids)
    bonus = s.seats[p].primed2 + b.pending2[p]
    if s.seats[p].primed2:
        s = change(s, p, primed2=0)
    if len(oids) == 2:
        s = count(s, p, complex_played=1)
    s = mark_seen(s, oids)
    return s, Link(seat=p, role=role, cards=oids, bonus2=bonus)


def _with_pending_cleared(b: Battle, p: int) -> tuple[int, int]:
    pending = list(b.pending2)
    pending[p] = 0
    return (pending[0], pending[1])


def _describe(s: AlchemyState, link: Link) -> str:
    cids = link_cards(s, link)
    words = element_words(cids[0], cids[1] if len(cids) > 1 else None)
    if link.bonus2:
        sign = "+" if link.bonus2 > 0 else "-"
        words += f" {sign}{mg_text(abs(link.bonus2))} MG"
    return words


def _name(s: AlchemyState, link: Link) -> str:
    """A placed element by the names its player knows: "Blaze", or "Steam, Ember + Stream"."""
    cids = link_cards(s, link)
    if len(cids) == 1:
        return card(cids[0]).name
    a, b = card(cids[0]), card(cids[1])
    return f"{complex_name(a.element, b.element)}, {a.name} + {b.name}"


def _owned(s: AlchemyState, link: Link) -> str:
    """ "P2's Stream": whose element it is, by name (the bot writes the player's name for P2)."""
    return f"{seat_label(link.seat)}'s {_name(s, link)}"


_MULTIPLIED = {4: "doubled", 1: "halved"}


def _block_value(bv: int, before: int, mult: int, word: str) -> str:
    """The blocker's value and why: "6: 3 doubled, ascendant over Fire" reads as what happened;
    "neutral" when the types neither help nor hinder."""
    how = _MULTIPLIED.get(mult)
    return f"{mg_text(bv)}: {mg_text(max(0, before))} {how}, {word}" if how else f"{mg_text(bv)}, {word}"


def declare_attack(s: AlchemyState, p: int, cids: tuple[str, ...], events: list[Event]) -> AlchemyState:
    """AL25, AL33: 1 AP, a basic element in hand, and an element (basic or complex) to the Field."""
    st = s.seats[p]
    if st.ap < 1:
        raise IllegalAction("Declaring an attack costs 1 AP and you have none left.")
    b = Battle(attacker=p, links=(), window="defend", acting=opponent(p))
    s = change(s, p, ap=st.ap - 1)
    s, link = _place(s, p, cids, "attack", b)
    events.append(Event(f"{seat_label(p)} attacks {seat_label(opponent(p))} with {_describe(s, link)}."))
    b = evolve(b, links=(link,), pending2=_with_pending_cleared(b, p))
    return evolve(s, mode="battle", battle=b, last_battle=None)


def block(s: AlchemyState, p: int, cids: tuple[str, ...], events: list[Event]) -> AlchemyState:
    """AL26, AL23: the defender places an element from hand that is not of the striker's type."""
    b = s.battle
    assert b is not None
    strike = b.links[-1]
    kind, against = element_type(cids), link_type(s, strike)
    if not can_block(kind, against):
        raise IllegalAction(f"{kind} can't block {against}: an element can't block its own type (AL23).")
    s, link = _place(s, p, cids, "block", b)
    events.append(Event(f"{seat_label(p)} blocks {_owned(s, strike)} with {_describe(s, link)}."))
    b = evolve(
        b, links=(*b.links, link), window="press", acting=strike.seat, pending2=_with_pending_cleared(b, p)
    )
    return evolve(s, battle=b)


def counterattack(s: AlchemyState, p: int, cids: tuple[str, ...], events: list[Event]) -> AlchemyState:
    """AL28: after a parry, a free counterattack (no AP, no basic-element check), handled like an
    attack with the roles swapped."""
    b = s.battle
    assert b is not None
    s, link = _place(s, p, cids, "counter", b)
    events.append(Event(f"{seat_label(p)} counterattacks with {_describe(s, link)}."))
    b = evolve(
        b, links=(*b.links, link), window="defend", acting=opponent(p), pending2=_with_pending_cleared(b, p)
    )
    return evolve(s, battle=b)


def pass_window(s: AlchemyState, p: int, events: list[Event], override: str) -> AlchemyState:
    """``pass``: take the hit (defend), compare now (press), or no counterattack (riposte)."""
    b = s.battle
    assert b is not None
    who = seat_label(p)
    if b.window == "defend":
        strike = b.links[-1]
        dmg = strike_value2(s, strike)
        links = (*b.links[:-1], evolve(strike, value2=dmg, result="hit"))
        events.append(Event(f"{who} takes the hit from {_owned(s, strike)}: {mg_text(dmg)} damage."))
        return end_battle(s, evolve(b, links=links), strike.seat, dmg, events)
    if b.window == "press":
        return compare(s, events, override)
    events.append(
        Event(
            f"{who} does not counterattack, so the Battle ends with no winner: a parry scores only "
            "through a counterattack that wins."
        )
    )
    return end_battle(s, b, None, 0, events)


def compare(s: AlchemyState, events: list[Event], override: str) -> AlchemyState:
    """AL24, AL28: the block's MG after alignment against the strike's: countered, parried or blocked."""
    b = s.battle
    assert b is not None
    strike, blk = b.links[-2], b.links[-1]
    sv = strike_value2(s, strike)
    mult = apply_mode(multiplier2(link_type(s, blk), link_type(s, strike), override), b.align_mode)
    before = base_mg2(link_cards(s, blk)) + blk.bonus2
    bv = blocked_value2(before, mult)
    word = alignment_word(mult)
    blocker = f"{_owned(s, blk)} ({_block_value(bv, before, mult, word)})"
    striker = f"{_owned(s, strike)} ({mg_text(sv)})"
    strike = evolve(strike, value2=sv)
    if bv == sv:
        links = (*b.links[:-2], strike, evolve(blk, alignment=word, value2=bv, result="countered"))
        events.append(
            Event(
                f"Countered: {blocker} equals {striker}. The Battle ends with no winner and nobody takes damage."
            )
        )
        s = count(s, blk.seat, counters=1)
        return end_battle(s, evolve(b, links=links), None, 0, events)
    if bv > sv:
        links = (*b.links[:-2], strike, evolve(blk, alignment=word, value2=bv, result="parried"))
        events.append(
            Event(
                f"Parried: {blocker} beats {striker}; nobody takes damage. "
                f"{seat_label(blk.seat)} may counterattack for free."
            )
        )
        s = count(s, blk.seat, parries=1)
        b = evolve(b, links=links, window="riposte", acting=blk.seat, align_mode="")
        return evolve(s, battle=b)
    dmg = sv - bv
    links = (*b.links[:-2], strike, evolve(blk, alignment=word, value2=bv, result="blocked"))
    events.append(
        Event(f"Blocked: {striker} gets past {blocker}. {seat_label(blk.seat)} takes {mg_text(dmg)} damage.")
    )
    return end_battle(s, evolve(b, links=links), strike.seat, dmg, events)


def fizzle(s: AlchemyState, events: list[Event]) -> AlchemyState:
    b = s.battle
    assert b is not None
    events.append(Event("The Battle ends at once with no winner."))
    return end_battle(s, b, None, 0, events)


def _tally_win(s: AlchemyState, b: Battle, winner: int, dmg: int) -> AlchemyState:
    last = next(link for link in reversed(b.links) if link.seat == winner and link.role != "block")
    kind = link_type(s, last)
    bits = 0
    for basic in parts(kind):
        bits |= TYPE_BITS[basic]
    before = s.seats[winner].tally
    s = count(
        s,
        winner,
        battles_won=1,
        hits=1 if last.result == "hit" else 0,
        blocked_wins=0 if last.result == "hit" else 1,
        counterattack_wins=1 if last.role == "counter" else 0,
        complex_wins=1 if len(last.cards) == 2 else 0,
        damage2=dmg,
        big_wins=1 if dmg >= 8 else 0,
    )
    tally = s.seats[winner].tally
    return change(
        s,
        winner,
        tally=evolve(
            tally, types_won=before.types_won | bits, longest_win=max(before.longest_win, len(b.links))
        ),
    )


def end_battle(s: AlchemyState, b: Battle, winner: int | None, dmg: int, events: list[Event]) -> AlchemyState:
    """AL8, AL29, AL32: put every element away, then score the winner (AL9/AL35: the game may end)."""
    for link in b.links:
        if link.seat in b.reclaim:
            st = s.seats[link.seat]
            s = change(s, link.seat, hand=st.hand + link.cards)
        elif len(link.cards) == 2:
            s = to_exhausted(s, link.seat, link.cards)
        else:
            s = to_recharge(s, link.seat, link.cards)
    points = 0
    if winner is not None:
        points = (dmg // 2 if s.damage_scoring else 1) + b.stakes[winner]
        s = _tally_win(s, b, winner, dmg)
    shown = tuple(evolve(link, card_ids=link_cards(s, link)) for link in b.links)
    done = evolve(
        b,
        links=shown,
        window="over",
        winner=winner,
        damage2=dmg,
        points=points,
        align_mode="",
        pending2=(0, 0),
    )
    s = evolve(s, mode="main", battle=None, last_battle=done)
    if winner is not None:
        events.append(
            Event(
                f"{seat_label(winner)} wins the Battle and scores {points} point{'s' if points != 1 else ''}."
            )
        )
        s = score(s, winner, points, events)
    return s
