"""Alchemy decks: the deck rules (digest section 1, C7, C14) and the four starter decks.

A player's deck is one list of card ids: the 60-card Element Deck (element and Process cards) and
the 5-card Magnum Opus Deck together, told apart by kind (Magnum Opus ids start with ``MO``).
That single list is what the ``decks`` option of a match takes, what ``GameSpec.starters`` gives
and what ``check_deck`` judges; the deck library shows the two as sections.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import card, card_ids, rules


def split(deck: Sequence[str]) -> tuple[list[str], list[str]]:
    """(Element Deck, Magnum Opus Deck) of a deck list, in order."""
    main = [c for c in deck if not c.startswith("MO")]
    opus = [c for c in deck if c.startswith("MO")]
    return main, opus


def _counts(counts: dict[str, int]) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(n)]


def _elements(*spec: tuple[str, tuple[int, ...]]) -> dict[str, int]:
    """``("F", (3, 3, 3, 3, 3))``: copies of F1..F5."""
    out: dict[str, int] = {}
    for letter, copies in spec:
        for mg, n in enumerate(copies, 1):
            if n:
                out[f"{letter}{mg}"] = n
    return out


# "Ember Rush": Fire and Air, attack every turn, AP and primes, win by hits before the opponent sets.
EMBER_RUSH: dict[str, int] = {
    **_elements(("F", (3, 3, 3, 3, 3)), ("A", (3, 3, 3, 3, 3)), ("E", (0, 2, 3, 3, 0))),
    "P07": 2,
    "P20": 2,
    "P21": 2,
    "P01": 2,
    "P05": 1,
    "P16": 2,
    "P27": 2,
    "P36": 2,
    "P33": 1,
    "P17": 1,
    "P35": 2,
    "P02": 2,
    "P23": 1,
    "MO14": 1,
    "MO03": 1,
    "MO20": 1,
    "MO11": 1,
    "MO13": 1,
}
# "Tidal Bulwark": Water and Earth, block high, parry and counterattack for free.
TIDAL_BULWARK: dict[str, int] = {
    **_elements(
        ("W", (1, 2, 3, 3, 3)), ("E", (1, 2, 3, 3, 3)), ("A", (0, 2, 2, 3, 3)), ("F", (0, 0, 2, 3, 3))
    ),
    "P31": 2,
    "P29": 2,
    "P30": 2,
    "P26": 2,
    "P32": 1,
    "P01": 2,
    "P35": 2,
    "P03": 1,
    "P08": 2,
    "P02": 2,
    "MO02": 1,
    "MO07": 1,
    "MO08": 1,
    "MO15": 1,
    "MO16": 1,
}
# "Quintessence": all four types, complex elements for big swings on attack and defence.
QUINTESSENCE: dict[str, int] = {
    **_elements(
        ("F", (2, 2, 3, 2, 1)), ("A", (2, 2, 3, 2, 1)), ("E", (2, 2, 3, 2, 1)), ("W", (2, 2, 3, 2, 1))
    ),
    "P07": 2,
    "P03": 2,
    "P08": 2,
    "P04": 2,
    "P29": 2,
    "P28": 2,
    "P01": 2,
    "P35": 2,
    "P27": 2,
    "P26": 2,
    "MO04": 1,
    "MO24": 1,
    "MO05": 1,
    "MO01": 1,
    "MO12": 1,
}
# "Hermetic Vault": the Store and Processes; burns the opponent's Recharge pile, drains their AP.
HERMETIC_VAULT: dict[str, int] = {
    **_elements(
        ("W", (1, 2, 3, 3, 3)), ("A", (1, 2, 3, 3, 3)), ("E", (0, 2, 3, 3, 3)), ("F", (0, 2, 2, 2, 2))
    ),
    "P11": 2,
    "P12": 1,
    "P13": 2,
    "P07": 2,
    "P06": 1,
    "P02": 1,
    "P25": 2,
    "P34": 2,
    "P35": 1,
    "P18": 1,
    "P01": 2,
    "MO19": 1,
    "MO22": 1,
    "MO06": 1,
    "MO09": 1,
    "MO23": 1,
}
STARTERS: dict[str, dict[str, int]] = {
    "Ember Rush": EMBER_RUSH,
    "Tidal Bulwark": TIDAL_BULWARK,
    "Quintessence": QUINTESSENCE,
    "Hermetic Vault": HERMETIC_VAULT,
}


def starter_decks() -> dict[str, list[str]]:
    """Each starter as one list of ids (Element Deck then Magnum Opus Deck)."""
    return {name: _counts(counts) for name, counts in STARTERS.items()}


def check_deck(deck: Sequence[str], fmt: str = "constructed") -> str:
    """'' if ``deck`` is a legal Alchemy deck, else a sentence saying what is wrong.

    Exactly 60 cards in the Element Deck with at most 3 of an element card (its type and MG, C14)
    and 2 of a Process card, and exactly 5 different Magnum Opus cards (C7)."""
    r = rules()
    unknown = sorted({c for c in deck if c not in card_ids()})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    main, opus = split(deck)
    if len(main) != r.deck_size:
        return f"the Element Deck has {len(main)} cards and must have exactly {r.deck_size}."
    copies = Counter(main)
    for cid, n in sorted(copies.items()):
        c = card(cid)
        limit = r.max_element_copies if c.kind == "element" else r.max_process_copies
        if n > limit:
            what = f"{c.name} ({c.element} {c.mg})" if c.kind == "element" else c.name
            return f"it has {n} copies of {what}; at most {limit} are allowed."
    if len(opus) != r.opus_size:
        return f"the Magnum Opus Deck has {len(opus)} cards and must have exactly {r.opus_size}."
    twice = sorted(cid for cid, n in Counter(opus).items() if n > 1)
    if twice:
        return f"the Magnum Opus Deck must hold {r.opus_size} different cards; {card(twice[0]).name} is there twice."
    return ""
