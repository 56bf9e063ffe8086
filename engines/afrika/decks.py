"""Codex rules (R6-R8) and the two starter Codexes for new players (60 cards, two energies each);
the Star Lords Codex rule (R140, R141, DECISION A24) and its four 100-card starter Codices."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .cards import CARDS
from .identity import energy_identity, identity_text

CONSTRUCTED_MIN = 60
LIMITED_MIN = 40
MAX_COPIES = 4

# "Stellar Flames": Nebula Plains + Volcanic Valleys, fliers, burn and the Cosmic Storyteller.
STARTER_FLAMES: dict[str, int] = {
    "LB02": 12,
    "LB04": 11,
    "LC087": 1,
    "LC001": 2,
    "LC004": 2,
    "LC005": 2,
    "LC006": 2,
    "LC007": 1,
    "LC008": 1,
    "LC009": 2,
    "LC010": 2,
    "LC011": 2,
    "LC012": 2,
    "LC014": 2,
    "LC015": 1,
    "LC013": 1,
    "LC044": 2,
    "LC045": 3,
    "LC046": 2,
    "LC047": 1,
    "LC050": 2,
    "LC072": 1,
    "LC064": 1,
    "LC065": 1,
    "LC084": 1,
}
# "Savanna Wilds": Cosmic Jungle + Golden Savannas, lifelink, big tramplers, Wanderer + Harvester.
STARTER_WILDS: dict[str, int] = {
    "LB03": 12,
    "LB07": 11,
    "LC088": 1,
    "LC002": 2,
    "LC023": 3,
    "LC024": 2,
    "LC025": 1,
    "LC026": 2,
    "LC027": 2,
    "LC017": 3,
    "LC018": 1,
    "LC019": 1,
    "LC020": 2,
    "LC021": 2,
    "LC022": 1,
    "LC003": 2,
    "LC058": 2,
    "LC057": 2,
    "LC056": 1,
    "LC062": 1,
    "LC075": 1,
    "LC085": 1,
    "LC077": 1,
    "LC080": 1,
    "LC079": 1,
    "LC059": 1,
}
STARTERS: dict[str, dict[str, int]] = {"Stellar Flames": STARTER_FLAMES, "Savanna Wilds": STARTER_WILDS}


def expand(counts: dict[str, int]) -> list[str]:
    return [cid for cid, n in counts.items() for _ in range(n)]


def starter_decks() -> list[list[str]]:
    return [expand(STARTER_FLAMES), expand(STARTER_WILDS)]


def check_pool(deck: Sequence[str], pool: Sequence[str]) -> str:
    """'' if every card of the Codex comes from the player's pool, Basic terrains aside (any number,
    R8); else a sentence naming the first card that does not (card ids already checked)."""
    cards = CARDS()
    have = Counter(pool)
    need = Counter(c for c in deck if not cards[c].basic)
    for cid in sorted(need, key=lambda c: cards[c].name):
        if need[cid] > have[cid]:
            nm = cards[cid].name
            if not have[cid]:
                return f"{nm} is not in that player's pool (a limited Codex uses only the pool and Basic terrains)."
            return f"it has {need[cid]} copies of {nm} and that player's pool has only {have[cid]}."
    return ""


def check_deck(deck: Sequence[str], fmt: str = "constructed", sets: Sequence[str] | None = None) -> str:
    """'' if the Codex is legal in ``fmt``, else a sentence saying what is wrong (R6, R7, R8).

    ``sets`` (Cosmic Standard, R9) lists the legal set codes; None allows every set (Freeform)."""
    cards = CARDS()
    unknown = sorted({c for c in deck if c not in cards})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    tokens = sorted({cards[c].name for c in deck if cards[c].token})
    if tokens:
        return f"{tokens[0]} is a token and can't be put in a Codex."
    if sets is not None:
        outside = sorted({cards[c].name for c in deck if cards[c].set not in sets})
        if outside:
            return f"{outside[0]} is not legal in this format (sets allowed: {', '.join(sets) or 'none'})."
    minimum = CONSTRUCTED_MIN if fmt == "constructed" else LIMITED_MIN
    if len(deck) < minimum:
        return f"it has {len(deck)} cards and a {fmt} Codex needs at least {minimum}."
    if fmt == "constructed":
        by_name = Counter(cards[c].name for c in deck if not cards[c].basic)
        over = sorted(n for n, k in by_name.items() if k > MAX_COPIES)
        if over:
            return f"it has {by_name[over[0]]} copies of {over[0]}; at most {MAX_COPIES} are allowed."
    return ""


# ------------------------------------------------------------------------------ Star Lords
STARLORDS_SIZE = 100
STARLORDS_BANNED: dict[str, str] = {
    "LC063": "it wins the game at 40 life, and every Star Lords player starts at 40 (R142)",
}
"""Cards a Star Lords Codex may not hold, with the reason (Cosmic Ascension would win at once)."""


def star_lord_problem(star_lord: str) -> str:
    """'' if ``star_lord`` can be a Star Lord (a Legendary Entity, R140), else a sentence."""
    c = CARDS().get(star_lord)
    if c is None:
        return f"unknown card id {star_lord}."
    if c.token or c.type != "entity" or not c.legendary:
        return f"{c.name} is not a Legendary Entity, so it can't be a Star Lord."
    return ""


def off_identity(card_id: str, star_lord: str) -> str:
    """'' if the card's energy identity is within the Star Lord's (R141), else a sentence naming
    both identities (ids already known)."""
    cards = CARDS()
    own, lord = energy_identity(card_id), energy_identity(star_lord)
    if own <= lord:
        return ""
    return (
        f"{cards[card_id].name} ({identity_text(own)}) is outside the energy identity of "
        f"{cards[star_lord].name} ({identity_text(lord)})."
    )


def check_starlords(cards: Sequence[str], star_lord: str) -> str:
    """'' if ``cards`` is a legal Star Lords Codex led by ``star_lord``, else a sentence (R141, A24).

    ``cards`` is the whole Codex, the Star Lord included (one copy of it): exactly 100 cards, one
    copy of each name but Basic terrains, every card within the Star Lord's energy identity, no
    token and nothing from ``STARLORDS_BANNED``; the Star Lord is a Legendary Entity (R140)."""
    defs = CARDS()
    unknown = sorted({c for c in [*cards, star_lord] if c not in defs})
    if unknown:
        return f"unknown card id(s) {', '.join(unknown[:5])}."
    problem = star_lord_problem(star_lord)
    if problem:
        return problem
    lord = defs[star_lord].name
    if star_lord not in cards:
        return f"the Codex must hold its Star Lord, {lord}."
    if len(cards) != STARLORDS_SIZE:
        return (
            f"it has {len(cards)} cards and a Star Lords Codex has exactly {STARLORDS_SIZE}, "
            "its Star Lord included."
        )
    tokens = sorted({defs[c].name for c in cards if defs[c].token})
    if tokens:
        return f"{tokens[0]} is a token and can't be put in a Codex."
    banned = sorted((defs[c].name, c) for c in set(cards) if c in STARLORDS_BANNED)
    if banned:
        name, cid = banned[0]
        return f"{name} is banned in Star Lords: {STARLORDS_BANNED[cid]}."
    by_name = Counter(defs[c].name for c in cards if not defs[c].basic)
    extra = sorted(n for n, k in by_name.items() if k > 1)
    if extra:
        return (
            f"it has {by_name[extra[0]]} copies of {extra[0]}; a Star Lords Codex holds one of each "
            "card except Basic terrains."
        )
    for cid in sorted(set(cards), key=lambda c: (defs[c].name, c)):
        problem = off_identity(cid, star_lord)
        if problem:
            return problem
    return ""


STARLORDS_STARTERS_FILE = Path(__file__).with_name("starlords_starters.toml")


@cache
def _starlords_data() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    data = tomllib.loads(STARLORDS_STARTERS_FILE.read_text(encoding="utf-8"))
    out = []
    for raw in data["codex"]:
        basics = [cid for cid, n in raw["basics"].items() for _ in range(int(n))]
        cards = (raw["star_lord"], *raw["cards"], *basics)
        out.append((str(raw["name"]), str(raw["star_lord"]), str(raw["plan"]), tuple(cards)))
    return tuple(out)


def starlords_starters() -> dict[str, tuple[str, list[str]]]:
    """The four Star Lords starter Codices: name -> (Star Lord id, the 100 card ids, Star Lord
    included), from ``starlords_starters.toml``."""
    return {name: (lord, list(cards)) for name, lord, _, cards in _starlords_data()}


def starlords_plans() -> dict[str, str]:
    """What each Star Lords starter is trying to do, in a sentence (for menus)."""
    return {name: plan for name, _, plan, _ in _starlords_data()}
