"""The Chronomagia AI seat: a heuristic player that values the Epoch it pushes Time into.

It reads only what its seat may see: every look-ahead runs on ``resample_hidden`` of the state
(the opponent's hand, deck, Pool, Hero Deck and face-down Shadows, and its own deck and Pool, dealt
anew), so it never peeks; and every move is one of ``legal_actions``.

* **The outlook.** A card is worth what its windows give, weighted by the Epochs the game will be
  in over the next turns: from position 14 most of the coming turns are in Epoch 2, so a creature
  that dies there is worth little, and a Legionnaire waiting for Epoch 3 is worth more after Time
  has been pushed forward. ``evaluate`` adds the board (every permanent's outlook), the race
  (the Attack that gets past the opponent's Defense, plus Damage, each way), Life and Armor, the
  hand, the Pool, Hero counters and the Shadows.
* **Time.** Every way to use collected Time (what goes to the opponent's Phenomenon, how far and
  which way to move) is tried on a copy and scored: moving into the Epoch where its own cards are
  strong and the opponent's die or weaken is what the outlook rewards.
* **The Main phase.** Concentration, Life and Armor are collected at once; every card it can
  play, Tap ability, Hero ability, Time collection and Fury sacrifice is tried on a copy with its
  questions answered greedily, and the best is made while it beats doing nothing; Shadows are
  always placed; then the Attack Collection.
* **Questions.** Removal chooses the opponent's most valuable creature; damage goes to the player
  unless a Location can be finished off cheaply; Shadows are flipped; Intuition returns the Shadow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engines.core import IllegalAction, PlayerId, Rng

from .actions import (
    AttackPhase,
    Bounce,
    ChronomagiaAction,
    Collect,
    Done,
    EndTurn,
    FirstChoice,
    Flip,
    GoMain,
    HeroUse,
    Hit,
    Keep,
    Loc,
    Meditate,
    MoveTime,
    Order,
    Pick,
    PlaceShadow,
    Play,
    Redeal,
    Sacrifice,
    Stay,
    TapUse,
    Target,
)
from .board import (
    TRACK_END,
    cdef,
    cost_of,
    epoch_of,
    epoch_of_perm,
    is_creature,
    location,
    opponent,
    phenomenon,
    trapped,
)
from .cards import CardDef, Window, card
from .effects import effects_of
from .grammar import Effect
from .state import ChronomagiaState, Perm

RES_VALUE = {
    "concentration": 0.9,
    "time": 0.3,
    "time_past": 0.2,
    "time_future": 0.25,
    "life": 0.6,
    "attack": 1.0,
    "defense": 0.8,
    "damage": 1.4,
    "armor": 0.6,
    "life_loss": -1.0,
}
HORIZON = 12
"""Turns ahead the outlook looks (the natural course of time: one position a turn)..."""
DECAY = 0.85
"""... each one counting this much less than the one before."""
PLAY_MARGIN = 0.25
"""A move is made when it scores at least this much better than doing nothing."""


# ------------------------------------------------------------------------------ values


def outlook(pos: int) -> tuple[float, float, float]:
    """How much each Epoch matters from position ``pos``: the coming turns (one position each,
    the natural course of time) in each Epoch, the nearer ones counting more."""
    w = [0.0, 0.0, 0.0]
    total = 0.0
    for k in range(HORIZON):
        weight = DECAY**k
        w[epoch_of(min(TRACK_END, pos + k)) - 1] += weight
        total += weight
    return (w[0] / total, w[1] / total, w[2] / total)


def effect_value(e: Effect) -> float:
    """A rough worth of one effect, for spells, triggers and abilities."""
    n = e.amount
    opp = e.who == "opp"
    table = {
        "damage": 1.2 * n if opp else -1.0 * n,
        "lose": 1.1 * n if opp else -1.0 * n,
        "life": 0.6 * n,
        "armor": 0.6 * n,
        "draw": 1.4 * n if not opp else -1.0 * n,
        "conc": 0.8 * n,
        "time": 0.3 * n,
        "past": 0.25 * n,
        "future": 0.25 * n,
        "disembody": 3.5,
        "return": 2.0,
        "trap": 1.5,
        "mass_disembody": 1.2 * n,
        "mass_return": 0.8 * n,
        "shift": 1.5,
        "intuition": 1.0,
        "token": 2.0 * n,
        "hero": 0.5 * n,
        "mend": 0.5 * n,
        "mill": 0.3 * n if opp else -0.3 * n,
        "untap": 1.0,
    }
    return table[e.op]


def window_value(w: Window) -> float:
    """A creature window's worth per turn: its resources and a little for each ability."""
    if w.res is None:
        return 0.0
    v = sum(RES_VALUE[r] * n for r, n in w.res)
    v += 0.4 * len(w.triggers) + (0.8 if w.tap is not None else 0.0) + 1.0 * len(w.statics)
    return v


def card_value(c: CardDef, weights: tuple[float, float, float]) -> float:
    """What a card in hand is worth over the coming turns (its best use in each Epoch)."""
    v = 0.0
    for e, w in zip((1, 2, 3), weights, strict=True):
        win = c.window(e)
        if win.res is not None:
            best = 3.0 * window_value(win) + sum(effect_value(x) for x in win.trigger("summon"))
        elif c.kind == "shadow":
            best = sum(effect_value(x) for x in win.trigger("summon"))
        else:
            best = sum(effect_value(x) for x in win.spell)
        v += w * best
    return v


def perm_value(s: ChronomagiaState, perm: Perm, weights: tuple[float, float, float]) -> float:
    """A permanent's worth: its window now and over the coming Epochs (a personal epoch stays)."""
    c = cdef(s, perm.obj)
    now = window_value(c.window(epoch_of_perm(s, perm)))
    if perm.epoch:
        later = now
    else:
        later = sum(w * window_value(c.window(e)) for e, w in zip((1, 2, 3), weights, strict=True))
    v = 1.5 * now + 2.5 * later
    if c.kind == "location":
        v += 0.4 * perm.counters
    elif c.kind == "phenomenon":
        v *= min(1.0, 0.3 + 0.25 * perm.counters)
    if trapped(s, perm):
        v -= 0.5 * now
    return v


def _res_total(s: ChronomagiaState, p: int, resource: str, defending: bool) -> int:
    """What ``p``'s permanents will give of ``resource`` in the coming collection: everything not
    Trapped; tapped ones count when it is the other player's turn and they untap before."""
    total = 0
    for perm in s.seats[p].field:
        w = cdef(s, perm.obj).window(epoch_of_perm(s, perm))
        if w.res is None or trapped(s, perm):
            continue
        if perm.tapped and (defending or s.active == p):
            continue
        total += w.amount(resource)
        if is_creature(s, perm):
            for other in s.seats[p].field:
                if other.obj != perm.obj:
                    ow = cdef(s, other.obj).window(epoch_of_perm(s, other))
                    total += sum(
                        st.amount for st in ow.statics if st.op == "anthem" and st.resource == resource
                    )
    return total


def pressure(s: ChronomagiaState, p: int) -> float:
    """Damage per turn ``p`` can expect to deal: Attack past the opponent's Defense, Damage."""
    o = opponent(p)
    atk = _res_total(s, p, "attack", False)
    dfn = _res_total(s, o, "defense", True)
    return max(0, atk - dfn) + 0.3 * min(atk, dfn) + 1.3 * _res_total(s, p, "damage", False)


def evaluate(s: ChronomagiaState, p: int) -> float:
    """How good ``s`` is for ``p`` (higher is better), from what ``p`` may see."""
    if s.ranking is not None:
        if len(s.ranking) == 1:
            return 0.0
        return 1e6 if p in s.ranking[0] else -1e6
    o = opponent(p)
    weights = outlook(s.time)
    score = 0.0
    for q, sign in ((p, 1.0), (o, -1.0)):
        st = s.seats[q]
        life = st.life + 0.9 * st.armor
        score += sign * (1.2 * life - 30.0 / max(1.0, life))
        score += sign * sum(perm_value(s, perm, weights) for perm in st.field)
        score += sign * 2.5 * pressure(s, q)
        if q == p:
            score += sum(0.8 + 0.6 * card_value(cdef(s, o), weights) for o in st.shadows)
        else:
            score -= 2.0 * len(st.shadows)
        score += sign * 0.6 * st.counters
        score += sign * 0.4 * min(len(st.pool), 6)
        if len(st.deck) < 6:
            score -= sign * 1.5 * (6 - len(st.deck))
    hand = s.seats[p].hand
    score += sum(1.2 + 0.35 * card_value(card(s.card_of[o_]), weights) for o_ in hand)
    score -= 3.5 * len(s.seats[o].hand)
    return score


def worth(s: ChronomagiaState, p: int) -> float:
    """``evaluate`` squashed into [0, 1] for the ``hard`` AI's playouts cut short."""
    score = evaluate(s, p)
    if abs(score) >= 1e6:
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / 12.0))


# ------------------------------------------------------------------------------ look-ahead


def _creature_worth(s: ChronomagiaState, obj: int) -> float:
    from .board import perm_of

    perm = perm_of(s, obj)
    if perm is None:
        return 0.0
    return perm_value(s, perm, outlook(s.time)) + 0.3 * cdef(s, obj).willpower


def _owner(s: ChronomagiaState, obj: int) -> int:
    from .board import find

    at = find(s, obj)
    return -1 if at is None else at[0]


def quick_answer(
    engine: Any, s: ChronomagiaState, p: int, legal: Sequence[ChronomagiaAction]
) -> ChronomagiaAction:
    """A greedy answer to ``p``'s question without looking ahead (used inside look-aheads)."""
    ask = s.ask
    assert ask is not None
    if ask.kind == "flip":
        return Flip(ask.obj)
    if ask.kind == "bounce":
        return Bounce()
    if ask.kind == "order":
        return Order(1)
    if ask.kind in ("target", "peek"):
        foes = [a for a in legal if isinstance(a, Target) and a.obj is not None and _owner(s, a.obj) != p]
        if ask.kind == "peek":
            return foes[0] if foes else Target(None)
        eff = effects_of(s.jobs[0])[s.jobs[0].at]
        if eff.op == "trap":
            foes = [a for a in foes if a.obj is not None and not _tapped(s, a.obj)] or foes
        best = max(foes, key=lambda a: _creature_worth(s, a.obj or 0), default=None)
        return best if best is not None else Target(None)
    if ask.kind == "mass":
        picks = [a for a in legal if isinstance(a, Pick) and _owner(s, a.obj) != p]
        return max(picks, key=lambda a: _creature_worth(s, a.obj), default=Done())
    if ask.kind == "shift":
        return Target(None)
    if ask.kind == "loc":
        return _split(s, p, ask.amount, ask.limit)
    if ask.kind == "hit":
        phen = phenomenon(s, opponent(p))
        if phen is not None and phen.counters <= ask.limit:
            return Hit(phen.counters)
        return Hit(0)
    return MoveTime(0)


def _tapped(s: ChronomagiaState, obj: int) -> bool:
    from .board import perm_of

    perm = perm_of(s, obj)
    return perm is not None and perm.tapped


def _split(s: ChronomagiaState, p: int, amount: int, limit: int) -> Loc:
    """All to the player, unless the Location can be finished and is worth more than the Life."""
    o = opponent(p)
    loc = location(s, o)
    if loc is None or loc.counters > limit:
        return Loc(0)
    if s.seats[o].life - (amount - loc.counters) <= 0:
        return Loc(0)
    loc_worth = perm_value(s, loc, outlook(s.time)) - 0.4 * loc.counters
    return Loc(loc.counters) if loc_worth > 1.5 * loc.counters else Loc(0)


def settle(engine: Any, s: ChronomagiaState, p: int, limit: int = 40) -> ChronomagiaState:
    """Answer the questions that follow a move greedily, ``p``'s own by a shallow search for Time
    and both players' others at once, until none is left: a look-ahead then sees the living
    spells and triggers a move sets off, whoever controls them."""
    for _ in range(limit):
        if s.ranking is not None or s.ask is None:
            return s
        q = s.ask.seat
        legal = list(engine.legal_actions(s, PlayerId(q)))
        if s.ask.kind == "move" and q == p:
            a = _best_by_sim(engine, s, p, legal, inner=True)
        else:
            a = quick_answer(engine, s, q, legal)
        s = engine.apply(s, PlayerId(q), a).state
    return s


def _score(
    engine: Any, s: ChronomagiaState, p: int, a: ChronomagiaAction, inner: bool = False
) -> float | None:
    try:
        after = engine.apply(s, PlayerId(p), a).state
    except IllegalAction:
        return None
    after = _settle_inner(engine, after, p) if inner else settle(engine, after, p)
    return evaluate(after, p)


def _settle_inner(engine: Any, s: ChronomagiaState, p: int) -> ChronomagiaState:
    """Inside a look-ahead: Time questions are answered by staying put (no deeper search)."""
    for _ in range(30):
        if s.ranking is not None or s.ask is None:
            return s
        q = s.ask.seat
        legal = list(engine.legal_actions(s, PlayerId(q)))
        a = MoveTime(0) if s.ask.kind == "move" else quick_answer(engine, s, q, legal)
        s = engine.apply(s, PlayerId(q), a).state
    return s


def _best_by_sim(
    engine: Any, s: ChronomagiaState, p: int, candidates: Sequence[ChronomagiaAction], inner: bool = False
) -> ChronomagiaAction:
    best: tuple[float, ChronomagiaAction | None] = (-math.inf, None)
    for a in candidates:
        v = _score(engine, s, p, a, inner)
        if v is not None and v > best[0]:
            best = (v, a)
    assert best[1] is not None
    return best[1]


# ------------------------------------------------------------------------------ decisions


def _redeal(s: ChronomagiaState, p: int, legal: Sequence[ChronomagiaAction]) -> ChronomagiaAction:
    """Set aside what cannot be played in the first turns: cost 5 or more, or nothing in Epoch 1."""
    aside = tuple(
        sorted(
            s.card_of[o]
            for o in s.seats[p].hand
            if card(s.card_of[o]).cost_in(1) >= 5
            or (card(s.card_of[o]).kind == "thoughtform" and card(s.card_of[o]).window(1).is_empty)
        )
    )
    if aside and Redeal(aside) in legal:
        return Redeal(aside)
    return Keep()


def _meditation(s: ChronomagiaState, p: int, legal: Sequence[ChronomagiaAction]) -> ChronomagiaAction:
    """Collect Concentration; Meditate for the best Hero Deck card when the hand has nothing to
    play this turn or the next."""
    if Collect("concentration") in legal:
        return Collect("concentration")
    st = s.seats[p]
    pool = len(st.pool)
    playable = [
        o for o in st.hand if card(s.card_of[o]).kind == "shadow" or cost_of(s, p, s.card_of[o]) <= pool + 2
    ]
    options = [a for a in legal if isinstance(a, Meditate)]
    if options and len(playable) <= 1:
        weights = outlook(s.time)
        return max(options, key=lambda a: card_value(card(a.card), weights) - 0.3 * card(a.card).cost)
    return GoMain()


def _wants_concentration(s: ChronomagiaState, p: int) -> bool:
    """Concentration comes out of the deck (M11): collect it when a card or ability needs more
    than the Pool holds, not to hoard it while the deck runs down."""
    st = s.seats[p]
    pool = len(st.pool)
    costs = [cost_of(s, p, s.card_of[o]) for o in st.hand if card(s.card_of[o]).kind != "shadow"]
    costs += [cdef(s, perm.obj).window(epoch_of_perm(s, perm)).tap_cost for perm in st.field]
    return pool < 3 or any(c > pool for c in costs)


def _main(engine: Any, s: ChronomagiaState, p: int, legal: Sequence[ChronomagiaAction]) -> ChronomagiaAction:
    for res in ("life", "armor"):
        if Collect(res) in legal:
            return Collect(res)
    if Collect("concentration") in legal and _wants_concentration(s, p):
        return Collect("concentration")
    shadows = [a for a in legal if isinstance(a, PlaceShadow)]
    if shadows:
        return shadows[0]
    candidates = [a for a in legal if isinstance(a, Play | TapUse | HeroUse | Sacrifice | Collect)]
    base = evaluate(s, p)
    best: tuple[float, ChronomagiaAction | None] = (PLAY_MARGIN, None)
    for a in candidates:
        v = _score(engine, s, p, a)
        if v is None:
            continue
        gain = v - base
        if isinstance(a, Collect):
            gain += 0.3  # Time not collected now is lost at the end of the turn
        if gain > best[0]:
            best = (gain, a)
    if best[1] is not None:
        return best[1]
    atk = _res_total(s, p, "attack", False) + _res_total(s, p, "damage", False)
    return AttackPhase() if atk > 0 else EndTurn()


def _answer(
    engine: Any, s: ChronomagiaState, p: int, legal: Sequence[ChronomagiaAction]
) -> ChronomagiaAction:
    ask = s.ask
    assert ask is not None
    if ask.kind in ("move", "hit", "shift"):
        return _best_by_sim(engine, s, p, legal)
    if ask.kind == "target":
        eff = effects_of(s.jobs[0])[s.jobs[0].at]
        if eff.op == "return":
            return _best_by_sim(engine, s, p, legal)
    if ask.kind == "flip" and not _summon_lands(engine, s, p, ask.obj):
        return Stay(ask.obj)
    return quick_answer(engine, s, p, legal)


def _summon_lands(engine: Any, s: ChronomagiaState, p: int, obj: int) -> bool:
    """A Shadow is worth flipping unless its Summon only chooses, and would find nothing of the
    opponent's to choose (then it waits for a better moment)."""
    from .grammar import OPS

    w = cdef(s, obj).window(epoch_of(s.time))
    effects = w.trigger("summon")
    if w.res is not None or not effects:
        return True
    if not all(OPS[e.op].target for e in effects):
        return True
    o = opponent(p)
    for e in effects:
        if OPS[e.op].target == "shadow":
            if s.seats[o].shadows:
                return True
            continue
        for perm in s.seats[o].field:
            if is_creature(s, perm) and (not e.amount or cdef(s, perm.obj).willpower <= e.amount):
                return True
    return False


def chrono_policy(engine: Any, s: ChronomagiaState, p: PlayerId, rng: Rng) -> ChronomagiaAction:
    """The AI's move for seat ``p``: one of ``engine.legal_actions(s, p)``."""
    seat = int(p)
    legal: list[ChronomagiaAction] = list(engine.legal_actions(s, p))
    if len(legal) == 1:
        return legal[0]
    if s.step == "choose" and s.ask is None:
        return FirstChoice(True)
    if s.step == "redeal" and s.ask is None:
        return _redeal(s, seat, legal)
    world = engine.resample_hidden(s, p, rng)
    if world.ask is not None:
        a = _answer(engine, world, seat, legal)
    elif world.step == "meditation":
        a = _meditation(world, seat, legal)
    else:
        a = _main(engine, world, seat, legal)
    return a if a in legal else legal[0]
