"""Building a ``ChronomagiaView`` for one viewer, and re-dealing what that viewer cannot see
(``resample_hidden``, for the leak checks and the AI).

Both work from one definition of "hidden from the viewer": for each seat, its hand, Main Deck,
Pool, Hero Deck and face-down Shadows, minus what the viewer may see (their own hand, Hero Deck
and Shadows, and Shadows they looked at). The Pool and the order of the deck are hidden from their
owner too (M11). The view never reads those cards and the resampler deals exactly those anew, so a
view that changed when they are re-dealt would be a leak.
"""

from __future__ import annotations

from engines.core import Rng, seat_label
from engines.core.evolve import evolve

from . import moves
from .board import (
    cdef,
    century_of,
    epoch_of,
    epoch_of_perm,
    producing,
    production,
    sick,
    trapped,
    willpower,
    window,
)
from .cards import card
from .grammar import RES_EN, RESOURCES
from .state import ChronomagiaState, Perm
from .view import AskView, ChronomagiaView, HeroView, PermView, SeatView, ShadowView


def acting(s: ChronomagiaState) -> tuple[int, ...]:
    if s.ranking is not None:
        return ()
    if s.ask is not None:
        return (s.ask.seat,)
    if s.step == "choose":
        return (s.chooser,)
    if s.step == "redeal":
        return tuple(p for p in (0, 1) if not s.seats[p].redealt)
    if s.step in ("meditation", "main"):
        return (s.active,)
    return ()


def _perm_view(s: ChronomagiaState, p: int, perm: Perm) -> PermView:
    c = cdef(s, perm.obj)
    w = window(s, perm)
    return PermView(
        obj=perm.obj,
        card=c.id,
        kind=c.kind,
        epoch=epoch_of_perm(s, perm),
        shifted=perm.epoch != 0,
        tapped=perm.tapped,
        trapped=trapped(s, perm),
        sick=sick(s, perm),
        counters=perm.counters,
        resources=w.res,
        producing=producing(s, perm) and w.res is not None,
        willpower=willpower(s, perm),
        can_tap=not moves.why_not_tap(s, p, perm.obj, c.id),
    )


def _seat_view(s: ChronomagiaState, p: int, viewer: int | None) -> SeatView:
    st = s.seats[p]
    known = {o for v, o in s.known if v == viewer}
    shadows = tuple(
        ShadowView(
            obj=o,
            card=s.card_of[o] if viewer == p or o in known else None,
            seen=viewer != p and o in known,
        )
        for o in st.shadows
    )
    prod = tuple((r, n) for r in RESOURCES if (n := production(s, p, r)))
    return SeatView(
        seat=p,
        life=st.life,
        hero=HeroView(card=s.card_of[st.hero], counters=st.counters, armor=st.armor),
        hand_count=len(st.hand),
        deck_count=len(st.deck),
        pool_count=len(st.pool),
        hero_deck_count=len(st.hero_deck),
        graveyard=tuple(s.card_of[o] for o in st.graveyard),
        field=tuple(_perm_view(s, p, perm) for perm in st.field),
        shadows=shadows,
        redealt=st.redealt,
        production=prod,
    )


_ASK_WORDS = {
    "target": "{who} chooses a creature for {card}.",
    "mass": "{who} chooses creatures for {card} (combined Willpower at most {amount}).",
    "shift": "{who} chooses a permanent to Time Shift ({card}).",
    "peek": "{who} chooses a face-down Shadow to look at ({card}).",
    "bounce": "{who} has looked at the Shadow: return it to its owner's hand, or leave it?",
    "loc": "{who} splits {amount} damage: up to {limit} may go to the opponent's Location.",
    "hit": "{who} may spend up to {limit} of {amount} Time on the opponent's Phenomenon.",
    "move": "{who} may move Time with {amount} {res}.",
    "flip": "{who} may flip a Shadow whose event has happened.",
    "order": "{who} chooses which of {amount} triggers resolves next.",
}


def _ask_view(s: ChronomagiaState, viewer: int | None) -> AskView | None:
    ask = s.ask
    if ask is None:
        return None
    job = s.jobs[0]
    card_id: str | None = job.card or None
    if ask.kind == "flip" or ask.kind == "bounce":
        card_id = s.card_of[ask.obj] if viewer == ask.seat else None
    elif ask.kind == "order":
        card_id = None
    if card_id is not None:
        name = card(card_id).name
    else:
        name = "a Shadow" if ask.kind in ("flip", "bounce") else "the Attack Collection"
    text = _ASK_WORDS[ask.kind].format(
        who=seat_label(ask.seat),
        card=name,
        amount=ask.amount,
        limit=ask.limit,
        res=RES_EN.get(job.res, "Time"),
    )
    return AskView(kind=ask.kind, seat=ask.seat, text=text, card=card_id, amount=ask.amount, limit=ask.limit)


def build_view(s: ChronomagiaState, viewer: int | None) -> ChronomagiaView:
    over = s.ranking is not None
    hand = tuple(s.card_of[o] for o in s.seats[viewer].hand) if viewer is not None else ()
    hd = tuple(sorted(s.card_of[o] for o in s.seats[viewer].hero_deck)) if viewer is not None else ()
    return ChronomagiaView(
        viewer=viewer,
        turn=s.turn,
        active=None if over or s.turn == 0 else s.active,
        first=None if s.first < 0 else s.first,
        step=s.step,
        acting=acting(s),
        time=s.time,
        epoch=epoch_of(s.time),
        century=century_of(s.time),
        seats=tuple(_seat_view(s, p, viewer) for p in (0, 1)),
        hand=hand,
        hero_deck=hd,
        ask=_ask_view(s, viewer),
        collected=s.collected,
        gained=s.gained,
        meditated=s.meditated,
        hero_used=s.hero_used,
        last_attack=s.last_attack,
        end_of_time=s.end_of_time,
        ranking=s.ranking,
        reason=s.reason,
    )


# ------------------------------------------------------------------------------ resampling


def hidden_groups(s: ChronomagiaState, viewer: int | None) -> list[tuple[list[int], list[int]]]:
    """For each seat: (objects whose cards the viewer cannot tell apart, those of them that are
    face-down Shadows and so must hold Shadow cards)."""
    out: list[tuple[list[int], list[int]]] = []
    known = {o for v, o in s.known if v == viewer}
    for p, st in enumerate(s.seats):
        if p == viewer:
            out.append(([*st.deck, *st.pool], []))
            continue
        shadows = [o for o in st.shadows if o not in known]
        out.append(([*st.hand, *st.deck, *st.pool, *st.hero_deck, *shadows], shadows))
    return out


def resample_hidden(s: ChronomagiaState, viewer: int | None, rng: Rng) -> ChronomagiaState:
    """Deal every hidden group anew: Shadow cards into the face-down Shadows first, then the rest
    anywhere. Cards are sorted before the shuffle, so the result depends only on what the viewer
    knows and on ``rng``: the AI plays on such a world."""
    card_of = list(s.card_of)
    for group, shadows in hidden_groups(s, viewer):
        if len(group) < 2:
            continue
        cards = sorted(card_of[o] for o in group)
        rng.shuffle(cards)
        if shadows:
            shadow_cards = [i for i, c in enumerate(cards) if cdef_kind(c) == "shadow"]
            picked = [cards[i] for i in shadow_cards[: len(shadows)]]
            rest = [c for i, c in enumerate(cards) if i not in set(shadow_cards[: len(shadows)])]
            others = [o for o in group if o not in set(shadows)]
            for o, c in zip(shadows, picked, strict=True):
                card_of[o] = c
            for o, c in zip(others, rest, strict=True):
                card_of[o] = c
        else:
            for o, c in zip(group, cards, strict=True):
                card_of[o] = c
    return evolve(s, card_of=tuple(card_of))


def cdef_kind(cid: str) -> str:
    return card(cid).kind
