"""The Alchemy AI seat: a heuristic player that plans its AP over turns and plays the chain.

It reads only what its seat may see (its own hand and Store, public piles and counts): the
opponent's hand is a count, modelled by ``odds.through_chance``. Every move is one of
``legal_actions``.

* AP over turns: AP carries over up to 6, so a turn with weak strikes ends with the AP kept for a
  later burst; AP that would be lost to the cap next turn is spent now (a draw, a weaker attack).
  Several attacks in one turn wear the defender's hand down, so the bar for the next attack falls
  as the opponent's hand shrinks.
* The chain: block only to counter or parry (a lower block gives the point away anyway), with the
  cheapest element that does it; counterattack after a parry when the strike is likely to get
  through the cards the attacker has left; a Reaction when it turns an exchange (tried on a copy
  of the state: Battle effects are public and certain).
* The Store: it holds strong elements out of reach of discard effects when the hand is large, and
  takes them back when the hand runs out of elements; a Magnum Opus that counts Store cards or
  visits steers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import IllegalAction, PlayerId, Rng

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
)
from .alignment import apply_mode, base_mg2, blocked_value2, element_type, multiplier2
from .battle import link_cards, link_type, strike_value2
from .cards import BATTLE_WINDOWS, OPS, CardDef, card, rules
from .odds import through_chance
from .state import AlchemyState, Battle

CHAIN_OPS = frozenset(op for op, spec in OPS.items() if spec.where == "battle")


def keep_value(cid: str) -> float:
    """How much a card in hand is worth keeping (about one point = 1.0)."""
    c = card(cid)
    if c.kind == "element":
        return 0.45 + 0.12 * c.mg
    return 0.4


def _hand(s: AlchemyState, p: int) -> list[str]:
    return [s.card_of[o] for o in s.seats[p].hand]


def _elements(cids: Sequence[str]) -> list[str]:
    return [c for c in cids if card(c).kind == "element"]


def _opus_needs(s: AlchemyState, p: int) -> set[str]:
    st = s.seats[p]
    if st.opus is None or st.opus_revealed:
        return set()
    return {cl.stat for cl in card(s.card_of[st.opus]).condition}


# ------------------------------------------------------------------------------- the chain


def _block_value2(s: AlchemyState, b: Battle, p: int, cids: Sequence[str]) -> int:
    strike = b.links[-1]
    mult = multiplier2(element_type(cids), link_type(s, strike), s.alignment_override)
    mult = apply_mode(mult, b.align_mode)
    return blocked_value2(base_mg2(cids) + b.pending2[p] + s.seats[p].primed2, mult)


def _cost(cids: Sequence[str]) -> float:
    extra = 0.35 if len(cids) == 2 else 0.0  # a complex element's parts are exhausted for good
    return sum(keep_value(c) for c in cids) + extra


def _stake(s: AlchemyState, scorer: int) -> float:
    """What one point for ``scorer`` is worth: more as they near the target."""
    left = rules().target - s.seats[scorer].points
    return 1.0 + (1.5 if left <= 1 else 0.5 if left <= 3 else 0.0)


def _plenty(s: AlchemyState, p: int) -> float:
    """A card is worth less in a large hand: 1.0 up to 6 cards, then 6 / hand size."""
    return min(1.0, 6 / max(1, len(s.seats[p].hand)))


def _best_block(
    s: AlchemyState, p: int, legal: Sequence[AlchemyAction]
) -> tuple[float, AlchemyAction | None]:
    b = s.battle
    assert b is not None
    sv = strike_value2(s, b.links[-1])
    plenty = _plenty(s, p)
    best: tuple[float, AlchemyAction | None] = (0.0, None)
    deny = _stake(s, b.links[-1].seat)
    for a in legal:
        if not isinstance(a, Block):
            continue
        bv = _block_value2(s, b, p, a.cards)
        if bv > sv:
            gain = deny + 0.3
        elif bv == sv:
            gain = deny
        elif s.damage_scoring and (sv // 2) > (sv - bv) // 2:
            gain = (sv // 2 - (sv - bv) // 2) * 1.0
        else:
            continue
        value = gain - _cost(a.cards) * plenty
        if value > best[0]:
            best = (value, a)
    return best


def _reaction_plays(legal: Sequence[AlchemyAction]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


def _pay_cost(a: Play) -> float:
    c = card(a.card)
    if a.pay is not None:
        return keep_value(a.pay) + (0.2 if c.cost_other == "exhaust_element" else 0.0)
    if c.cost_other == "pay_point":
        return 1.0
    if c.cost_other == "burn_own_recharge":
        return 0.05 * c.cost_amount
    return 0.0


def _try(engine: Any, s: AlchemyState, p: int, a: AlchemyAction) -> AlchemyState | None:
    try:
        new: AlchemyState = engine.apply(s, PlayerId(p), a).state
    except IllegalAction:
        return None
    return new


def _chain_only(a: Play) -> bool:
    return all(e.op in CHAIN_OPS for e in card(a.card).effects)


def _defend(engine: Any, s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    b = s.battle
    assert b is not None
    plays = _reaction_plays(legal)
    for a in plays:  # a free card first: it may be the blocker we need
        if not card(a.card).cost_other and any(e.op == "draw" for e in card(a.card).effects):
            return a
    value, block = _best_block(s, p, legal)
    best_play: tuple[float, AlchemyAction | None] = (value, block)
    for a in plays:
        c = card(a.card)
        if _chain_only(a):
            after = _try(engine, s, p, a)
            if after is None:
                continue
            if after.battle is None:  # the Battle fizzled: a point denied
                v = _stake(s, b.links[-1].seat) - _pay_cost(a) - 0.2
            else:
                v = _best_block(after, p, engine.legal_actions(after, PlayerId(p)))[0] - _pay_cost(a) - 0.15
            if v > best_play[0]:
                best_play = (v, a)
        elif any(e.op == "drain_ap" for e in c.effects) and s.seats[1 - p].ap >= 2 and best_play[0] < 0.3:
            best_play = (0.3, a)
    return best_play[1] if best_play[1] is not None else Pass()


def _exchange_result(s: AlchemyState, p: int) -> float:
    """From the striker ``p``'s side, what comparing now gives: 1 win, 0 countered, -0.5 parried."""
    b = s.battle
    assert b is not None and b.window == "press"
    strike, blk = b.links[-2], b.links[-1]
    sv = strike_value2(s, strike)
    mult = apply_mode(
        multiplier2(link_type(s, blk), link_type(s, strike), s.alignment_override), b.align_mode
    )
    bv = blocked_value2(base_mg2(link_cards(s, blk)) + blk.bonus2, mult)
    return 1.0 if bv < sv else 0.0 if bv == sv else -0.5


def _press(engine: Any, s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    now = _exchange_result(s, p)
    best: tuple[float, AlchemyAction] = (now * _stake(s, p), Pass())
    for a in _reaction_plays(legal):
        if not _chain_only(a):
            continue
        after = _try(engine, s, p, a)
        if after is None or after.battle is None:
            continue
        if after.battle.window != "press":
            continue
        res = _exchange_result(after, p)
        bonus = after.battle.stakes[p] - s.battle.stakes[p] if s.battle is not None else 0
        v = res * (_stake(s, p) + (bonus if res > 0 else 0)) - _pay_cost(a) - 0.1
        if v > best[0] + 0.05:
            best = (v, a)
    return best[1]


def _strike_options(
    s: AlchemyState, p: int, legal: Sequence[AlchemyAction], bonus2: int
) -> list[tuple[float, float, Attack | Counter]]:
    """(chance through, cost, action) of each attack or counterattack in ``legal``."""
    opp = len(s.seats[1 - p].hand)
    out: list[tuple[float, float, Attack | Counter]] = []
    for a in legal:
        if isinstance(a, Attack | Counter):
            kind = element_type(a.cards)
            chance = through_chance(kind, base_mg2(a.cards) + bonus2, opp, s.alignment_override)
            out.append((chance, _cost(a.cards), a))
    return out


def _riposte(engine: Any, s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    b = s.battle
    assert b is not None
    options = _strike_options(s, p, legal, b.pending2[p] + s.seats[p].primed2)
    if not options:
        return Pass()
    chance, cost, action = max(options, key=lambda o: o[0] * _stake(s, p) - 0.6 * o[1])
    if chance * _stake(s, p) - 0.6 * cost > 0.05:
        return action
    return Pass()


# ---------------------------------------------------------------------------- own turn


def _effect_value(s: AlchemyState, p: int, c: CardDef, attacking: bool) -> float:
    me, opp = s.seats[p], s.seats[1 - p]
    cap = rules().ap_cap
    hand = len(me.hand) - 1
    v = 0.0
    for e in c.effects:
        n = e.amount
        if e.op == "draw":
            v += (0.6 if hand < 8 else 0.1) * n
        elif e.op == "gain_ap":
            v += 0.45 * min(n, cap - max(0, me.ap - c.cost_ap))
        elif e.op == "drain_ap":
            v += 0.4 * min(n, opp.ap)
        elif e.op == "gain_points":
            v += 3.0 * n
        elif e.op == "recover":
            v += 0.45 * min(n, len(me.recharge))
        elif e.op == "recycle":
            v += 0.5 if len(me.deck) < 12 and len(me.recharge) >= 5 else -0.2
        elif e.op == "burn_recharge":
            v += 0.12 * min(n, len(opp.recharge))
        elif e.op == "opp_discard":
            v += 0.55 * min(n, len(opp.hand))
        elif e.op == "raid_store":
            v += 0.6 * min(n, len(opp.store))
        elif e.op == "peek_store":
            v += 0.05 * len(opp.store)
        elif e.op == "stock_store":
            room = rules().store_size - len(me.store)
            v += (0.45 if "store" in _opus_needs(s, p) else 0.2) * min(n, room)
        elif e.op == "open_store":
            v += 0.3 if "store" in _opus_needs(s, p) or "store_accesses" in _opus_needs(s, p) else -0.5
        elif e.op == "prime":
            v += 0.3 * n if attacking else -1.0
    return v


def _process_move(s: AlchemyState, p: int, legal: Sequence[AlchemyAction], attacking: bool) -> Play | None:
    best: tuple[float, Play | None] = (0.35, None)
    for a in legal:
        if not isinstance(a, Play):
            continue
        c = card(a.card)
        v = _effect_value(s, p, c, attacking) - 0.45 * c.cost_ap - _pay_cost(a)
        if c.reaction and BATTLE_WINDOWS & set(c.windows):
            v -= 0.3  # worth more held for a Battle
        if v > best[0]:
            best = (v, a)
    return best[1]


def _main(engine: Any, s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    if any(isinstance(a, Reveal) for a in legal):
        return Reveal()
    me, opp = s.seats[p], s.seats[1 - p]
    cap = rules().ap_cap
    hand = _hand(s, p)
    elements = _elements(hand)
    waste = max(0, me.ap + rules().ap_per_turn - cap)
    needs = _opus_needs(s, p)
    options = _strike_options(s, p, legal, me.primed2)
    keep = 2 if opp.ap >= 2 and len(opp.hand) >= 2 else 1
    # A stopped attack still costs the defender a card for ours: a war of attrition the larger
    # hand wins, so the attacker keeps pressing while its hand is at least as large. What it risks
    # is its AP: nothing when that AP would be lost to the cap, more while AP is scarce.
    ap_price = 0.0 if waste > 0 else 0.15 if me.ap >= 4 else 0.3
    plenty = _plenty(s, p)
    attrition = 0.06 * (len(hand) - len(opp.hand))
    good = []
    for chance, cost, a in options:
        left = len(elements) - len(a.cards)
        if "complex_wins" in needs or "complex_played" in needs:
            cost -= 0.3 if len(a.cards) == 2 else 0.0
        if left < keep and chance < 0.85 and waste == 0:
            continue
        trade = attrition - 0.2 * cost * plenty
        ev = chance * _stake(s, p) + (1 - chance) * trade - ap_price
        if ev > 0:
            good.append((ev, a))
    attacking = bool(good) and me.ap >= 1
    play = _process_move(s, p, legal, attacking)
    if play is not None:
        return play
    if good:
        return max(good, key=lambda g: g[0])[1]
    if me.ap >= 1:
        store = _store_intent(s, p)
        if store and (waste > 0 or store == "visit" or (_discard_threat(s, p) and me.ap >= 3)):
            return OpenStore()
        if not elements and len(hand) >= 3 and me.ap >= 2:
            return Refresh()
        if len(hand) < 5 or (waste > 0 and len(hand) <= len(opp.hand) + 1):
            return Draw()
    return End()


# ------------------------------------------------------------------- Store and refresh


def _discard_threat(s: AlchemyState, p: int) -> bool:
    """The opponent has shown a card that discards from hand (it lies in their public piles)."""
    opp = s.seats[1 - p]
    return any(
        e.op == "opp_discard" for o in (*opp.exhausted, *opp.recharge) for e in card(s.card_of[o]).effects
    )


def _store_intent(s: AlchemyState, p: int) -> str:
    """ "take" when the hand has run out of elements and the Store holds some; "put" when the hand
    is large, or merely comfortable against an opponent who has shown discard effects (or the
    Magnum Opus counts Store cards), and there is room; "visit" for a Magnum Opus counting visits."""
    me = s.seats[p]
    hand = _hand(s, p)
    stored = [s.card_of[o] for o in me.store]
    room = rules().store_size - len(stored)
    if len(_elements(hand)) <= 1 and _elements(stored):
        return "take"
    enough = 6 if _discard_threat(s, p) else 8
    if room and "store" not in _opus_needs(s, p) and len(hand) >= enough and len(_elements(hand)) >= 3:
        return "put"
    if room and "store" in _opus_needs(s, p) and len(hand) >= 4:
        return "put"
    if "store_accesses" in _opus_needs(s, p) and me.ap >= 2:
        return "visit"
    return ""


def _store(s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    intent = _store_intent(s, p)
    if intent == "take":
        takes = [a for a in legal if isinstance(a, Take) and card(a.card).kind == "element"]
        if takes:
            return max(takes, key=lambda a: card(a.card).mg)
    if intent == "put":
        puts = [a for a in legal if isinstance(a, Put)]
        if "store" in _opus_needs(s, p):
            puts.sort(key=lambda a: keep_value(a.card))
            if puts:
                return puts[0]
        else:
            strong = [a for a in puts if card(a.card).kind == "element"]
            if strong:
                return max(strong, key=lambda a: card(a.card).mg)
    return Leave()


def _refresh(s: AlchemyState, p: int, legal: Sequence[AlchemyAction]) -> AlchemyAction:
    marked = len(s.marked)
    hand = len(s.seats[p].hand)
    backs = [a for a in legal if isinstance(a, Back) and card(a.card).kind != "element"]
    if backs and marked < hand - 1:
        return backs[0]
    return Done()


# ---------------------------------------------------------------------------- entry point


def alchemy_policy(engine: Any, s: AlchemyState, player: PlayerId, rng: Rng) -> AlchemyAction:
    p = int(player)
    legal = list(engine.legal_actions(s, player))
    if not legal:
        raise IllegalAction("There is nothing to do right now.")
    if s.mode == "battle" and s.battle is not None:
        window = s.battle.window
        if window == "defend":
            move = _defend(engine, s, p, legal)
        elif window == "press":
            move = _press(engine, s, p, legal)
        else:
            move = _riposte(engine, s, p, legal)
    elif s.mode == "store":
        move = _store(s, p, legal)
    elif s.mode == "refresh":
        move = _refresh(s, p, legal)
    else:
        move = _main(engine, s, p, legal)
    return move if move in legal else (Pass() if Pass() in legal else End() if End() in legal else legal[0])
