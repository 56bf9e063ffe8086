"""A player's own moves (not answers to a question): each has ``why_not_*`` (``""`` when it is
allowed, else the reason as a sentence a player understands) and a function that makes it.

``legal_actions`` lists exactly the candidates whose ``why_not`` is empty, so a listed move is
always accepted and a refused one always says why.
"""

from __future__ import annotations

from collections import Counter

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from . import resolve
from .actions import (
    AttackPhase,
    Collect,
    EndTurn,
    GoMain,
    HeroUse,
    Meditate,
    PlaceShadow,
    Play,
    Redeal,
    Sacrifice,
    TapUse,
)
from .board import (
    active_epoch,
    cdef,
    cost_of,
    draw,
    epoch_of_perm,
    find,
    gain_conc,
    location,
    name_of,
    pay,
    perm_of,
    phenomenon,
    production,
    remove_perm,
    set_seat,
    sick,
    to_graveyard,
    trapped,
    window,
)
from .cards import card
from .grammar import RES_EN
from .state import ChronomagiaState, Job, Perm
from .triggers import died, emerge, entered, queue

MAIN_WORDS = "in your own Main phase (F1)"


def _main(s: ChronomagiaState, p: int, what: str) -> str:
    if s.step != "main" or p != s.active or s.ask is not None:
        return f"{what} only {MAIN_WORDS}."
    return ""


def _not_after_meditation(s: ChronomagiaState, what: str) -> str:
    return f"You Meditated this turn: {what} (M61)." if s.meditated else ""


def _in_hand(s: ChronomagiaState, p: int, cid: str) -> int | None:
    for obj in s.seats[p].hand:
        if s.card_of[obj] == cid:
            return obj
    return None


# ------------------------------------------------------------------------------ Redeal


def why_not_redeal(s: ChronomagiaState, p: int, cards: tuple[str, ...]) -> str:
    if s.step != "redeal":
        return "The Redeal is only at the start of the game, once (M6)."
    if s.seats[p].redealt:
        return "You have already made your Redeal decision: there is only one Redeal (M6)."
    hand = Counter(s.card_of[o] for o in s.seats[p].hand)
    want = Counter(cards)
    missing = [c for c, n in want.items() if hand[c] < n]
    if missing:
        return f"Your hand has no {'more ' if hand[missing[0]] else ''}{card(missing[0]).name} to set aside."
    return ""


def redeal(s: ChronomagiaState, p: int, cards: tuple[str, ...], events: list[Event]) -> ChronomagiaState:
    """M6: set the cards aside, draw as many, shuffle the set-aside cards into the deck."""
    st = s.seats[p]
    aside: list[int] = []
    hand = list(st.hand)
    for cid in cards:
        obj = next(o for o in hand if s.card_of[o] == cid)
        hand.remove(obj)
        aside.append(obj)
    s = set_seat(s, p, hand=tuple(hand), redealt=True, set_aside=len(aside))
    if aside:
        s = draw(s, p, len(aside), [])
        rng = Rng(s.rng)
        deck = list(s.seats[p].deck) + aside
        rng.shuffle(deck)
        s = evolve(set_seat(s, p, deck=tuple(deck)), rng=rng.state)
    if not all(x.redealt for x in s.seats):
        # M6: the Redeal is secret until both have decided; the count is told with the other's
        events.append(Event(f"{seat_label(p)} has made their Redeal decision."))
        return s
    events.extend(Event(_redeal_words(q, st.set_aside)) for q, st in enumerate(s.seats))
    s = evolve(s, jobs=(Job("next", s.first),))
    return resolve.run(s, events)


def _redeal_words(p: int, n: int) -> str:
    if n == 0:
        return f"{seat_label(p)} keeps their hand."
    return f"{seat_label(p)} redeals {n} card{'s' * (n != 1)}."


# ------------------------------------------------------------------------------ collecting


def why_not_collect(s: ChronomagiaState, p: int, res: str) -> str:
    word = RES_EN[res]
    if p != s.active or s.ask is not None or s.step not in ("main", "meditation"):
        return f"You collect {word} only in your own turn (M21)."
    if s.step == "meditation" and res != "concentration":
        return f"{word} is collected in the Main phase; only Concentration may be collected now (M21)."
    if res in s.collected:
        return f"You have already collected {word} this turn: each resource once per turn (M20)."
    if production(s, p, res) <= 0:
        return f"Your permanents produce no {word} now (M20: untapped, not Trapped, in play since the turn began)."
    return ""


def collect(s: ChronomagiaState, p: int, res: str, events: list[Event]) -> ChronomagiaState:
    n = production(s, p, res)
    s = evolve(s, collected=(*s.collected, res), gained=(*s.gained, (res, n)))
    st = s.seats[p]
    if res == "concentration":
        return gain_conc(s, p, n, events, " from their permanents")
    if res == "life":
        events.append(Event(f"{seat_label(p)} collects {n} Life: {st.life + n} Life."))
        return set_seat(s, p, life=st.life + n)
    if res == "armor":
        events.append(Event(f"{seat_label(p)} collects {n} Armor: {st.armor + n} on the Hero."))
        return set_seat(s, p, armor=st.armor + n)
    events.append(Event(f"{seat_label(p)} collects {n} {RES_EN[res]}."))
    s = evolve(s, jobs=(Job("time", p, n=n, res=res, stage="hit"),))
    s = emerge(s, "opp_time", p)
    return resolve.run(s, events)


# ------------------------------------------------------------------------------ Meditation


def why_not_meditate(s: ChronomagiaState, p: int, cid: str) -> str:
    if s.step != "meditation" or p != s.active or s.ask is not None:
        if p == s.active and s.turn == 1:
            return "Meditation is not allowed in the first turn of the game (M60, F21)."
        return "Meditation happens only in your Meditation step, before the Main phase (M60)."
    st = s.seats[p]
    cost = cdef(s, st.hero).meditation_cost
    if len(st.pool) < cost:
        return f"Meditation costs {cost} Concentration and your Pool holds {len(st.pool)} (M60)."
    if not any(s.card_of[o] == cid for o in st.hero_deck):
        return f"Your Hero Deck has no {card(cid).name}."
    return ""


def meditate(s: ChronomagiaState, p: int, cid: str, events: list[Event]) -> ChronomagiaState:
    st = s.seats[p]
    hero = cdef(s, st.hero)
    s = pay(s, p, hero.meditation_cost)
    obj = next(o for o in s.seats[p].hero_deck if s.card_of[o] == cid)
    st = s.seats[p]
    s = set_seat(s, p, hero_deck=tuple(o for o in st.hero_deck if o != obj), hand=(*st.hand, obj))
    events.append(
        Event(
            f"{seat_label(p)} Meditates: pays {hero.meditation_cost} Concentration and takes a card from the Hero Deck."
        )
    )
    s = evolve(s, meditated=True, step="main")
    if hero.meditation:
        s = queue(s, [Job("text", p, src=st.hero, card=hero.id, part="meditation")])
    s = emerge(s, "opp_meditate", p)
    return resolve.run(s, events)


def why_not_go_main(s: ChronomagiaState, p: int) -> str:
    if s.step != "meditation" or p != s.active or s.ask is not None:
        return "There is no Meditation step to leave now."
    return ""


# ------------------------------------------------------------------------------ playing cards


def why_not_play(s: ChronomagiaState, p: int, cid: str) -> str:
    c = card(cid)
    why = _main(s, p, "Cards are played")
    if why:
        return why
    why = _not_after_meditation(s, "you cannot play cards")
    if why:
        return why
    if _in_hand(s, p, cid) is None:
        return f"You have no {c.name} in your hand."
    if c.kind == "shadow":
        return f"{c.name} is a Shadow: it is placed face down (shadow:{cid}), not played (F20)."
    e = active_epoch(s)
    if c.kind == "thoughtform" and c.window(e).is_empty:
        return f"{c.name} does nothing in Epoch {e}: it has neither a resource window nor a spell there."
    cost = cost_of(s, p, cid)
    pool = len(s.seats[p].pool)
    if cost > pool:
        hint = ""
        if "concentration" not in s.collected and production(s, p, "concentration") > 0:
            hint = " Collect Concentration from your permanents first."
        return f"{c.name} costs {cost} Concentration and your Pool holds {pool}.{hint}"
    return ""


def play(s: ChronomagiaState, p: int, cid: str, events: list[Event]) -> ChronomagiaState:
    """M30-M36: pay the cost; a Thoughtform with a resource window in the active Epoch enters as
    a creature, one without is a spell; a Location or Phenomenon replaces the old one."""
    c = card(cid)
    obj = _in_hand(s, p, cid)
    assert obj is not None
    s = pay(s, p, cost_of(s, p, cid))
    st = s.seats[p]
    s = set_seat(s, p, hand=tuple(o for o in st.hand if o != obj))
    e = active_epoch(s)
    if c.kind == "thoughtform" and c.window(e).res is None:
        s = to_graveyard(s, p, obj)
        events.append(Event(f"{seat_label(p)} plays {c.name} as a spell (Epoch {e})."))
        s = queue(s, [Job("text", p, src=obj, card=cid, epoch=e, part="spell")])
        s = emerge(s, "opp_spell", p)
        return resolve.run(s, events)
    counters = 0
    if c.kind in ("location", "phenomenon"):
        old = location(s, p) if c.kind == "location" else phenomenon(s, p)
        if old is not None:
            s, _ = remove_perm(s, old.obj)
            s = to_graveyard(s, p, old.obj)
            events.append(Event(f"{name_of(s, old.obj)} is replaced and goes to the graveyard (M35, F19)."))
        counters = c.lives
    perm = Perm(obj, entered=s.turn, counters=counters)
    s = set_seat(s, p, field=(*s.seats[p].field, perm))
    what = {"thoughtform": "a creature", "location": "a Location", "phenomenon": "a Phenomenon"}[c.kind]
    extra = f" with {counters} counters" if counters else ""
    events.append(Event(f"{seat_label(p)} plays {c.name} as {what}{extra}."))
    s = entered(s, p, perm)
    return resolve.run(s, events)


def why_not_shadow(s: ChronomagiaState, p: int, cid: str) -> str:
    c = card(cid)
    why = _main(s, p, "Shadows are placed") or _not_after_meditation(s, "you cannot place Shadows")
    if why:
        return why
    if _in_hand(s, p, cid) is None:
        return f"You have no {c.name} in your hand."
    if c.kind != "shadow":
        return f"Only Shadow cards can be placed face down, and {c.name} is not one (F20)."
    return ""


def place_shadow(s: ChronomagiaState, p: int, cid: str, events: list[Event]) -> ChronomagiaState:
    obj = _in_hand(s, p, cid)
    assert obj is not None
    st = s.seats[p]
    s = set_seat(s, p, hand=tuple(o for o in st.hand if o != obj), shadows=(*st.shadows, obj))
    events.append(Event(f"{seat_label(p)} places a Shadow face down (M37)."))
    return s


# ------------------------------------------------------------------------------ abilities


def _own_perm(s: ChronomagiaState, p: int, obj: int, cid: str) -> tuple[Perm | None, str]:
    at = find(s, obj)
    if at is None or s.card_of[obj] != cid:
        return None, "That permanent is not on the battlefield."
    if at[0] != p:
        return None, f"{card(cid).name} is not yours."
    return s.seats[p].field[at[1]], ""


def why_not_tap(s: ChronomagiaState, p: int, obj: int, cid: str) -> str:
    why = _main(s, p, "Tap abilities are used")
    if why:
        return why
    perm, why = _own_perm(s, p, obj, cid)
    if perm is None:
        return why
    name = card(cid).name
    w = window(s, perm)
    if w.tap is None:
        return f"{name} has no Tap ability in Epoch {epoch_of_perm(s, perm)}."
    if trapped(s, perm):
        return f"{name} is Trapped: none of its abilities can be used (KM6)."
    if perm.tapped:
        return f"{name} is already tapped."
    if sick(s, perm):
        return f"{name} entered the battlefield this turn (Embodiment Sickness, KM3)."
    if w.tap_cost > len(s.seats[p].pool):
        return f"{name}'s Tap ability costs {w.tap_cost} Concentration and your Pool holds {len(s.seats[p].pool)}."
    return ""


def tap(s: ChronomagiaState, p: int, obj: int, events: list[Event]) -> ChronomagiaState:
    perm = perm_of(s, obj)
    assert perm is not None
    w = window(s, perm)
    s = pay(s, p, w.tap_cost)
    from .board import put_perm

    s = put_perm(s, evolve(perm, tapped=True))
    events.append(Event(f"{seat_label(p)} taps {name_of(s, obj)}."))
    s = queue(s, [Job("text", p, src=obj, card=s.card_of[obj], epoch=epoch_of_perm(s, perm), part="tap")])
    return resolve.run(s, events)


def why_not_hero(s: ChronomagiaState, p: int, n: int) -> str:
    why = _main(s, p, "Hero abilities are used") or _not_after_meditation(s, "you cannot use Hero abilities")
    if why:
        return why
    if s.hero_used:
        return "You have already used a Hero ability this turn: one per turn (M62)."
    st = s.seats[p]
    hero = cdef(s, st.hero)
    ab = hero.abilities[n - 1]
    if ab.delta < 0 and st.counters < -ab.delta:
        return f"{hero.name}'s ability {n} needs {-ab.delta} counters and your Hero has {st.counters} (M62)."
    return ""


def hero(s: ChronomagiaState, p: int, n: int, events: list[Event]) -> ChronomagiaState:
    st = s.seats[p]
    h = cdef(s, st.hero)
    ab = h.abilities[n - 1]
    s = set_seat(s, p, counters=st.counters + ab.delta)
    s = evolve(s, hero_used=True)
    events.append(Event(f"{seat_label(p)} uses {h.name}'s ability {ab.delta:+d}: {ab.text}"))
    s = queue(s, [Job("text", p, src=st.hero, card=h.id, part=f"hero{n}")])
    s = emerge(s, "opp_hero", p)
    return resolve.run(s, events)


def why_not_sacrifice(s: ChronomagiaState, p: int, obj: int, cid: str) -> str:
    why = _main(s, p, "Creatures are sacrificed")
    if why:
        return why
    perm, why = _own_perm(s, p, obj, cid)
    if perm is None:
        return why
    if not window(s, perm).trigger("fury"):
        return f"Only a creature with Fury can be sacrificed, and {card(cid).name} has none now (KM9)."
    return ""


def sacrifice(s: ChronomagiaState, p: int, obj: int, events: list[Event]) -> ChronomagiaState:
    perm = perm_of(s, obj)
    assert perm is not None
    e = epoch_of_perm(s, perm)
    s, _ = remove_perm(s, obj)
    s = to_graveyard(s, p, obj)
    events.append(Event(f"{seat_label(p)} sacrifices {name_of(s, obj)} (Fury)."))
    s = died(s, p, obj, e, fury=True)
    return resolve.run(s, events)


# ------------------------------------------------------------------------------ the turn


def why_not_attack(s: ChronomagiaState, p: int) -> str:
    return _main(s, p, "Attack Collection comes")


def why_not_end(s: ChronomagiaState, p: int) -> str:
    return _main(s, p, "You end the turn")


def end_turn(s: ChronomagiaState, p: int, events: list[Event]) -> ChronomagiaState:
    events.append(Event(f"{seat_label(p)} ends the turn without collecting Attack."))
    s = evolve(s, step="end", jobs=resolve.end_turn_jobs(s))
    return resolve.run(s, events)


def go_main(s: ChronomagiaState) -> ChronomagiaState:
    return evolve(s, step="main")


def attack(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    return resolve.run(resolve.attack(s, events), events)


__all__ = [
    "AttackPhase",
    "Collect",
    "EndTurn",
    "GoMain",
    "HeroUse",
    "Meditate",
    "PlaceShadow",
    "Play",
    "Redeal",
    "Sacrifice",
    "TapUse",
]
