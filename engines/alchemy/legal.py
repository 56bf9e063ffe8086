"""The legal moves of a seat, as action values (one per distinct card: D3).

Elements are offered as every distinct basic card in hand plus every pair of distinct cards of
different types (a complex element, AL30); a block leaves out elements of the striker's type
(AL23). A Process with a card-paid cost is offered once per distinct card that could pay it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    AlchemyAction,
    Attack,
    Back,
    Block,
    Counter,
    Done,
    Draw,
    End,
    Leave,
    OpenStore,
    Pass,
    Play,
    Put,
    Refresh,
    Reveal,
    Take,
    element_key,
)
from .alignment import can_block, element_type
from .battle import link_type
from .cards import card, rules
from .effects import cost_problem, window_of
from .opus import condition_met
from .state import AlchemyState


def _distinct(s: AlchemyState, oids: Sequence[int]) -> list[str]:
    return sorted({s.card_of[o] for o in oids})


def element_choices(s: AlchemyState, p: int) -> list[tuple[str, str | None]]:
    """Every element ``p`` could place from hand: single basics, then complex pairs."""
    ids = sorted(
        {s.card_of[o] for o in s.seats[p].hand if card(s.card_of[o]).kind == "element"}, key=element_key
    )
    out: list[tuple[str, str | None]] = [(c, None) for c in ids]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if a[0] != b[0]:
                out.append((a, b))
    return out


def process_plays(s: AlchemyState, p: int, window: str) -> list[Play]:
    """Every Process ``p`` may play in ``window`` now, with each way to pay a card cost."""
    out: list[Play] = []
    hand = s.seats[p].hand
    held = [s.card_of[o] for o in hand]
    for cid in _distinct(s, hand):
        c = card(cid)
        if c.kind != "process" or window not in c.windows:
            continue
        if c.cost_other in ("discard", "exhaust_element"):
            rest = list(held)
            rest.remove(cid)
            payers = sorted(set(rest))
            if c.cost_other == "exhaust_element":
                payers = [x for x in payers if card(x).kind == "element"]
            out.extend(Play(cid, x) for x in payers if not cost_problem(s, p, c, x, window))
        elif not cost_problem(s, p, c, None, window):
            out.append(Play(cid))
    return out


def legal_actions(s: AlchemyState, p: int) -> list[AlchemyAction]:
    if s.mode == "over":
        return []
    out: list[AlchemyAction] = []
    if s.mode == "battle":
        b = s.battle
        assert b is not None
        if b.acting != p:
            return []
        if b.window == "defend":
            against = link_type(s, b.links[-1])
            for a, x in element_choices(s, p):
                if can_block(element_type((a,) if x is None else (a, x)), against):
                    out.append(Block(a, x))
        elif b.window == "riposte":
            out.extend(Counter(a, x) for a, x in element_choices(s, p))
        out.extend(process_plays(s, p, b.window))
        out.append(Pass())
        return out
    if p != s.current:
        return []
    st = s.seats[p]
    if s.mode == "store":
        if len(st.store) < rules().store_size:
            out.extend(Put(c) for c in _distinct(s, st.hand))
        out.extend(Take(c) for c in _distinct(s, st.store))
        out.append(Leave())
        return out
    if s.mode == "refresh":
        unmarked = [o for o in st.hand if o not in s.marked]
        out.extend(Back(c) for c in _distinct(s, unmarked))
        out.append(Done())
        return out
    if st.ap >= 1:
        out.extend(Attack(a, x) for a, x in element_choices(s, p))
        out.append(Draw())
        if st.hand:
            out.append(Refresh())
        out.append(OpenStore())
    if window_of(s, p) == "main":
        out.extend(process_plays(s, p, "main"))
    if condition_met(s, p):
        out.append(Reveal())
    out.append(End())
    return out
