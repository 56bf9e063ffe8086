"""Building an ``AlchemyView`` from the state for one viewer (AL16, AL21, AL40), and re-dealing
what that viewer cannot see (``resample_hidden``, for the leak checks).

Both work from one definition of "hidden from the viewer": the opponent's hand, deck and Store
cards they have not seen, the opponent's face-down Magnum Opus, every Magnum Opus set aside, and
the order of the viewer's own deck. The view never reads those cards, and the resampler shuffles
exactly those (among cards of the same seat and kind of deck), so a view that changed when they
are re-dealt would be a leak.
"""

from __future__ import annotations

from engines.core import Rng
from engines.core.evolve import evolve

from .actions import Block
from .alignment import apply_mode, base_mg2, blocked_value2, element_type, multiplier2
from .battle import block_value2, link_cards
from .cards import STATS, rules
from .opus import condition_met, progress
from .state import AlchemyState, Battle, Link
from .view import AlchemyView, BattleView, LinkView, OpusProgress, OpusView, SeatView, StoreSlot

_PASS_LABEL = {"defend": "Take the hit", "press": "Compare now", "riposte": "No counterattack", "over": ""}


def _link_view(s: AlchemyState, b: Battle, i: int, link: Link) -> LinkView:
    cids = link.card_ids or link_cards(s, link)
    kind = element_type(cids)
    value = link.value2
    alignment = link.alignment
    if not link.result:
        if link.role == "block":
            # Not compared yet: show what it would count as now, with its alignment.
            strike = b.links[i - 1]
            against = element_type(strike.card_ids or link_cards(s, strike))
            mult = multiplier2(kind, against, s.alignment_override)
            mult = apply_mode(mult, b.align_mode if b.window != "over" else "")
            value = blocked_value2(base_mg2(cids) + link.bonus2, mult)
            alignment = _ALIGNMENT[mult]
        else:
            value = max(0, base_mg2(cids) + link.bonus2)
    return LinkView(
        seat=link.seat,
        role=link.role,
        cards=cids,
        element=kind,
        mg2=base_mg2(cids),
        bonus2=link.bonus2,
        value2=value,
        alignment=alignment,
        result=link.result,
    )


_ALIGNMENT = {4: "ascendant", 2: "neutral", 1: "descendant"}


def _block_values(s: AlchemyState, b: Battle, viewer: int | None) -> tuple[tuple[str, int, str], ...]:
    """The viewer's possible blocks and what each would count (only the defender's own view: the
    values come from its hand)."""
    from .legal import legal_actions

    if viewer is None or b.window != "defend" or b.acting != viewer or s.battle is not b:
        return ()
    out = []
    for a in legal_actions(s, viewer):
        if isinstance(a, Block):
            value2, mult = block_value2(s, viewer, a.cards)
            out.append((a.to_id(), value2, _ALIGNMENT[mult]))
    return tuple(out)


def battle_view(s: AlchemyState, b: Battle, viewer: int | None = None) -> BattleView:
    return BattleView(
        attacker=b.attacker,
        links=tuple(_link_view(s, b, i, link) for i, link in enumerate(b.links)),
        window=b.window,
        acting=None if b.window == "over" else b.acting,
        processes=tuple((_owner(s, o), s.card_of[o]) for o in b.processes),
        winner=b.winner,
        damage2=b.damage2,
        points=b.points,
        pass_label=_PASS_LABEL[b.window],
        block_values=_block_values(s, b, viewer),
    )


def _owner(s: AlchemyState, oid: int) -> int:
    """The seat whose cards include ``oid`` (a Process played in a Battle is in an Exhausted pile)."""
    for p, st in enumerate(s.seats):
        if oid in (*st.exhausted, *st.recharge, *st.hand, *st.deck, *st.store):
            return p
    raise AssertionError(f"object {oid} is in no zone")


def _opus_view(s: AlchemyState, p: int, viewer: int | None) -> OpusView | None:
    st = s.seats[p]
    if st.opus is None:
        return None
    mine = viewer == p
    shown = mine or st.opus_revealed
    prog: tuple[OpusProgress, ...] = ()
    if mine and not st.opus_revealed:
        prog = tuple(OpusProgress(STATS[cl.stat], have, cl.value, cl.at_most) for cl, have in progress(s, p))
    return OpusView(
        card=s.card_of[st.opus] if shown else None,
        revealed=st.opus_revealed,
        met=mine and condition_met(s, p),
        progress=prog,
    )


def _seat_view(s: AlchemyState, p: int, viewer: int | None) -> SeatView:
    st = s.seats[p]
    seen = set(s.seen)
    mine = viewer == p
    store = tuple(
        StoreSlot(card=s.card_of[o] if mine or o in seen else None, face_up=o in seen) for o in st.store
    )
    return SeatView(
        seat=p,
        points=st.points,
        ap=st.ap,
        hand_count=len(st.hand),
        deck_count=len(st.deck),
        store=store,
        recharge=tuple(s.card_of[o] for o in st.recharge),
        exhausted=tuple(s.card_of[o] for o in st.exhausted),
        opus=_opus_view(s, p, viewer),
        primed2=st.primed2,
        battles_won=st.tally.battles_won,
    )


def acting(s: AlchemyState) -> int | None:
    if s.mode == "over":
        return None
    if s.mode == "battle" and s.battle is not None:
        return s.battle.acting
    return s.current


def build_view(s: AlchemyState, viewer: int | None) -> AlchemyView:
    r = rules()
    seen = set(s.seen)
    hand = s.seats[viewer].hand if viewer is not None else ()
    own_marks = viewer is not None and viewer == s.current
    return AlchemyView(
        viewer=viewer,
        turn=s.turn,
        current=None if s.mode == "over" else s.current,
        acting=acting(s),
        mode=s.mode,
        seats=tuple(_seat_view(s, p, viewer) for p in range(len(s.seats))),
        battle=None if s.battle is None else battle_view(s, s.battle, viewer),
        last_battle=None if s.last_battle is None else battle_view(s, s.last_battle),
        hand=tuple(s.card_of[o] for o in hand),
        hand_seen=tuple(o in seen for o in hand),
        marked=tuple(s.card_of[o] for o in s.marked) if own_marks else (),
        target=r.target,
        ap_cap=r.ap_cap,
        store_size=r.store_size,
        damage_scoring=s.damage_scoring,
        alignment_override=s.alignment_override,
        ranking=s.ranking,
        reason=s.reason,
    )


def hidden_groups(s: AlchemyState, viewer: int | None) -> list[list[int]]:
    """Groups of objects whose cards ``viewer`` cannot tell apart: within a group, any dealing of the
    same cards is the same game as far as the viewer knows."""
    seen = set(s.seen)
    groups: list[list[int]] = []
    for p, st in enumerate(s.seats):
        if p == viewer:
            groups.append(list(st.deck))
            groups.append(list(st.set_aside))
            continue
        groups.append([o for o in (*st.deck, *st.hand, *st.store) if o not in seen])
        mo = list(st.set_aside)
        if st.opus is not None and not st.opus_revealed:
            mo.append(st.opus)
        groups.append(mo)
    return [g for g in groups if len(g) > 1]


def resample_hidden(s: AlchemyState, viewer: int | None, rng: Rng) -> AlchemyState:
    """Deal the cards of every hidden group anew. The cards are sorted before the shuffle, so the
    result depends only on what the viewer knows and on ``rng`` (the ``hard`` search's re-deal
    check, tests/engines/test_hard_redeal_and_budget.py)."""
    card_of = list(s.card_of)
    for group in hidden_groups(s, viewer):
        cards = sorted(card_of[o] for o in group)
        rng.shuffle(cards)
        for o, c in zip(group, cards, strict=True):
            card_of[o] = c
    return evolve(s, card_of=tuple(card_of))
