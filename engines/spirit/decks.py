"""Spirit Tactics decks: the deck rules (S5, S6) and the four starter decks with their Side Decks.

A player's deck is one list of card ids: the Commander (``C..``, exactly one, not counted) and the
30-50 cards of the Deck. That single list is what the ``decks`` option of a match takes, what
``GameSpec.starters`` gives and what ``check_deck`` judges; the Side Deck (up to 10) is a list of
its own (``check_side`` judges the two together: at most 3 of a name across both, S6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import card, card_ids, rules


def split(deck: Sequence[str]) -> tuple[str, list[str]]:
    """(Commander, Deck) of a deck list; the Commander is the first Commander id in it."""
    commanders = [c for c in deck if c.startswith("C")]
    return (commanders[0] if commanders else ""), [c for c in deck if not c.startswith("C")]


def _copies(cards: Sequence[str]) -> str:
    for cid, n in sorted(Counter(cards).items()):
        c = card(cid)
        if c.kind == "essence":
            continue
        if n > c.limit:
            if c.is_limited:
                return f"{c.name} is Limited: at most {c.limit} {'copy' if c.limit == 1 else 'copies'}, not {n} (S6)."
            return f"it has {n} copies of {c.name}; at most {c.limit} of a name are allowed, Essence excepted (S6)."
    return ""


def check_deck(deck: Sequence[str], fmt: str = "constructed") -> str:
    """'' if ``deck`` (Commander + Deck) is legal, else a sentence saying what is wrong (S5, S6)."""
    r = rules()
    unknown = sorted({c for c in deck if c not in card_ids()})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    commanders = [c for c in deck if card(c).kind == "commander"]
    if len(commanders) != 1:
        return f"a deck has exactly one Commander, not {len(commanders)} (S5)."
    _, main = split(deck)
    if not r.deck_min <= len(main) <= r.deck_max:
        return f"the Deck has {len(main)} cards and must have {r.deck_min} to {r.deck_max}, Commander not counted (S5)."
    return _copies(main)


def check_side(deck: Sequence[str], side: Sequence[str]) -> str:
    """'' if ``side`` is a legal Side Deck for ``deck`` (at most 10, copies counted across both)."""
    r = rules()
    unknown = sorted({c for c in side if c not in card_ids()})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    if len(side) > r.side_max:
        return f"the Side Deck has {len(side)} cards; at most {r.side_max} are allowed (S5)."
    if any(card(c).kind == "commander" for c in side):
        return "a Commander cannot be in the Side Deck: it stays the same for the whole Match (B9)."
    _, main = split(deck)
    return _copies([*main, *side])


def _expand(counts: dict[str, int]) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(n)]


# "Ember Onslaught": Flame, Ravage and Twinstrike; attack every turn, burn what blocks the lanes.
EMBER_ONSLAUGHT: dict[str, int] = {
    "C01": 1,
    **{"S05": 1, "S07": 2, "S02": 3, "S03": 2, "S58": 2, "S06": 2, "S08": 2, "S09": 1, "S10": 3, "S22": 1},
    **{"A01": 3, "A02": 1, "A03": 1, "R05": 2, "R09": 1},
    "E1": 13,
}
EMBER_SIDE: dict[str, int] = {"S01": 3, "R09": 1, "R02": 2, "S04": 2, "R17": 2}
# "Tidal Bastion": Stone and Tide walls with Dauntless; win slowly behind high R and Runoff.
TIDAL_BASTION: dict[str, int] = {
    "C04": 1,
    **{
        "S31": 2,
        "S33": 2,
        "S32": 2,
        "S35": 3,
        "S36": 2,
        "S38": 1,
        "S39": 2,
        "S20": 2,
        "S12": 2,
        "S37": 2,
        "S34": 1,
    },
    **{"A08": 2, "A09": 2, "R10": 2, "R01": 2, "R03": 1},
    "E4": 10,
}
TIDAL_SIDE: dict[str, int] = {"S40": 1, "S38": 2, "R04": 2, "A17": 2, "S14": 2, "A14": 1}
# "Veiled Grove": Umbra Conceals; Snares spring when flipped or attacked, Unending comes back.
VEILED_GROVE: dict[str, int] = {
    "C07": 1,
    **{"S61": 3, "S66": 3, "S63": 2, "S64": 2, "S65": 2, "S42": 2, "S62": 2, "S69": 2, "S67": 2},
    **{"A15": 2, "A16": 1, "R12": 2, "R16": 3, "R03": 1},
    "E7": 11,
}
VEILED_SIDE: dict[str, int] = {"S70": 1, "S68": 2, "S13": 2, "S41": 2, "R02": 2, "A14": 1}
# "Storm Choir": Radiance and Gale; Longshot from the Back Row, auras, Invigorate to outlast.
STORM_CHOIR: dict[str, int] = {
    "C06": 1,
    **{"S51": 3, "S53": 2, "S55": 2, "S56": 2, "S52": 2, "S21": 3, "S26": 2, "S58": 2, "S54": 1, "S25": 1},
    **{"A12": 2, "A13": 1, "A04": 2, "R08": 2, "R15": 2},
    "E6": 11,
}
STORM_SIDE: dict[str, int] = {"S59": 1, "S54": 1, "S57": 2, "S23": 2, "S25": 1, "R02": 2, "S29": 1}

STARTERS: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "Ember Onslaught": (EMBER_ONSLAUGHT, EMBER_SIDE),
    "Tidal Bastion": (TIDAL_BASTION, TIDAL_SIDE),
    "Veiled Grove": (VEILED_GROVE, VEILED_SIDE),
    "Storm Choir": (STORM_CHOIR, STORM_SIDE),
}


def starter_decks() -> dict[str, list[str]]:
    """Each starter as one list of ids (the Commander first, then the Deck)."""
    return {name: _expand(main) for name, (main, _side) in STARTERS.items()}


def starter_sides() -> dict[str, list[str]]:
    """Each starter's Side Deck."""
    return {name: _expand(side) for name, (_main, side) in STARTERS.items()}
