"""The legal moves of a seat, as action values: exactly what the engine accepts. A question
(``ChronomagiaState.ask``) lists its answers; otherwise the decision of the step: the Redeal, the
Meditation step, or the Main phase (one move per distinct card in hand, the engine picks the copy).
"""

from __future__ import annotations

from itertools import combinations

from . import effects, moves
from .actions import (
    COLLECT,
    AttackPhase,
    ChronomagiaAction,
    Collect,
    EndTurn,
    FirstChoice,
    GoMain,
    HeroUse,
    Keep,
    Meditate,
    PlaceShadow,
    Play,
    Redeal,
    Sacrifice,
    TapUse,
)
from .board import cdef
from .state import ChronomagiaState


def redeal_options(s: ChronomagiaState, p: int) -> list[ChronomagiaAction]:
    """Keep, or set aside any sub-multiset of the opening hand (at most 31 choices)."""
    hand = sorted(s.card_of[o] for o in s.seats[p].hand)
    seen: set[tuple[str, ...]] = set()
    out: list[ChronomagiaAction] = [Keep()]
    for k in range(1, len(hand) + 1):
        for combo in combinations(hand, k):
            if combo not in seen:
                seen.add(combo)
                out.append(Redeal(combo))
    return out


def _distinct_hand(s: ChronomagiaState, p: int) -> list[str]:
    return sorted({s.card_of[o] for o in s.seats[p].hand})


def main_moves(s: ChronomagiaState, p: int) -> list[ChronomagiaAction]:
    out: list[ChronomagiaAction] = []
    out.extend(Collect(r) for r in COLLECT.values() if not moves.why_not_collect(s, p, r))
    for cid in _distinct_hand(s, p):
        if not moves.why_not_play(s, p, cid):
            out.append(Play(cid))
        elif not moves.why_not_shadow(s, p, cid):
            out.append(PlaceShadow(cid))
    for perm in s.seats[p].field:
        cid = s.card_of[perm.obj]
        if not moves.why_not_tap(s, p, perm.obj, cid):
            out.append(TapUse(perm.obj, cid))
    for n in (1, 2, 3):
        if not moves.why_not_hero(s, p, n):
            out.append(HeroUse(n))
    for perm in s.seats[p].field:
        cid = s.card_of[perm.obj]
        if not moves.why_not_sacrifice(s, p, perm.obj, cid):
            out.append(Sacrifice(perm.obj, cid))
    out.extend([AttackPhase(), EndTurn()])
    return out


def legal_actions(s: ChronomagiaState, p: int) -> list[ChronomagiaAction]:
    if s.ranking is not None:
        return []
    if s.ask is not None:
        return effects.options(s) if s.ask.seat == p else []
    if s.step == "choose":
        return [FirstChoice(True), FirstChoice(False)] if p == s.chooser else []
    if s.step == "redeal":
        return [] if s.seats[p].redealt else redeal_options(s, p)
    if p != s.active:
        return []
    if s.step == "meditation":
        out: list[ChronomagiaAction] = []
        if not moves.why_not_collect(s, p, "concentration"):
            out.append(Collect("concentration"))
        st = s.seats[p]
        if len(st.pool) >= cdef(s, st.hero).meditation_cost:
            out.extend(Meditate(c) for c in sorted({s.card_of[o] for o in st.hero_deck}))
        out.append(GoMain())
        return out
    if s.step == "main":
        return main_moves(s, p)
    return []
