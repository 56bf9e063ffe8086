"""Chronomagia decks: the deck rules (section 1, F12) and the four starter decks.

A player brings a Hero, a Main Deck and a Hero Deck. The ``decks`` option (and ``GameSpec.
starters``, ``check_deck``) takes one list per seat: the Hero (``H..``) and the Main Deck; the Hero
Deck is a list of its own (the ``hero_decks`` option, ``GameSpec.starter_sides``, ``check_hero_deck``):
a sideboard the game itself uses (Meditation takes cards from it, M60).

* Main Deck: at least 30 cards, no Heroes or tokens; at most 2 copies of a name, 1 of a mythic card.
* Hero Deck: at most 10 cards, no Heroes, tokens or mythic cards.
* The copy limits count the Main Deck and the Hero Deck together (F12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import card, card_ids

MAIN_MIN = 30
HERO_DECK_MAX = 10
COPIES = 2


def split(deck: Sequence[str]) -> tuple[str, list[str]]:
    """(Hero, Main Deck) of a deck list; the Hero is the first Hero id in it."""
    heroes = [c for c in deck if c.startswith("H")]
    return (heroes[0] if heroes else ""), [c for c in deck if not c.startswith("H")]


def _copies(cards: Sequence[str]) -> str:
    for cid, n in sorted(Counter(cards).items()):
        c = card(cid)
        limit = 1 if c.rarity == "mythic" else COPIES
        if n > limit:
            kind = "a mythic card" if limit == 1 else "a card"
            return f"it has {n} copies of {c.name}; at most {limit} of {kind} are allowed, Main Deck and Hero Deck together (F12)."
    return ""


def check_deck(deck: Sequence[str], fmt: str = "constructed") -> str:
    """'' if ``deck`` (Hero + Main Deck) is legal, else a sentence saying what is wrong."""
    unknown = sorted({c for c in deck if c not in card_ids()})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    heroes = [c for c in deck if card(c).kind == "hero"]
    if len(heroes) != 1:
        return f"a deck has exactly one Hero, not {len(heroes)} (M1)."
    _, main = split(deck)
    tokens = sorted({card(c).name for c in main if card(c).kind == "token"})
    if tokens:
        return f"{tokens[0]} is a token: tokens are made by effects, never put in a deck (M39)."
    if len(main) < MAIN_MIN:
        return f"the Main Deck has {len(main)} cards and needs at least {MAIN_MIN}, the Hero not counted."
    return _copies(main)


def check_hero_deck(deck: Sequence[str], hero_deck: Sequence[str]) -> str:
    """'' if ``hero_deck`` is a legal Hero Deck beside ``deck``, else the reason."""
    unknown = sorted({c for c in hero_deck if c not in card_ids()})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    if len(hero_deck) > HERO_DECK_MAX:
        return f"the Hero Deck has {len(hero_deck)} cards; at most {HERO_DECK_MAX} are allowed."
    for cid in hero_deck:
        c = card(cid)
        if c.kind in ("hero", "token"):
            return f"{c.name} cannot be in a Hero Deck: no Heroes or tokens."
        if c.rarity == "mythic":
            return f"{c.name} is mythic: mythic cards may be only in the Main Deck (F12)."
    _, main = split(deck)
    return _copies([*main, *hero_deck])


def _expand(counts: dict[str, int]) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(n)]


def _load() -> dict[str, tuple[str, dict[str, int], dict[str, int]]]:
    """The four starters, each a different plan: name -> (Hero, Main Deck, Hero Deck)."""
    from .starters import STARTER_LISTS

    return STARTER_LISTS


def starter_decks() -> dict[str, list[str]]:
    """Each starter as one list of ids: the Hero first, then the Main Deck."""
    return {name: [hero, *_expand(main)] for name, (hero, main, _side) in _load().items()}


def starter_hero_decks() -> dict[str, list[str]]:
    """Each starter's Hero Deck."""
    return {name: _expand(side) for name, (_hero, _main, side) in _load().items()}


def hero_deck_for(deck: Sequence[str]) -> list[str]:
    """The Hero Deck of the starter whose Hero and Main Deck are ``deck`` (any order), else none:
    a match given only decks (a bench, a quick game) still has its starters' Hero Decks."""
    want = Counter(deck)
    sides = starter_hero_decks()
    for name, lst in starter_decks().items():
        if Counter(lst) == want:
            return sides[name]
    return []
