"""The rules of a limited deck built from a pool (R8, R87): what the deck-building panel checks,
suggests and saves."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

LIMITED_MIN = 40
TERRAINS = 17
"""Terrains a 40-card deck usually runs (R87's recommended mix)."""


def _cards() -> Any:
    from engines.afrika.cards import CARDS

    return CARDS()


def basic_of(code: str) -> str:
    from engines.draft.autobuild import _basics

    return _basics()[code]


def energy_symbols(deck: Sequence[str]) -> Counter[str]:
    """Typed cost symbols of the deck's non-terrain cards, per energy."""
    defs = _cards()
    out: Counter[str] = Counter()
    for cid in deck:
        c = defs[cid]
        if c.type != "terrain":
            for code, k in c.cost.typed:
                out[code] += k
    return out


def suggest_basics(deck: Sequence[str]) -> dict[str, int]:
    """Basic terrains for the deck's energy split: 17 terrains (more if that is what it takes to
    reach 40), minus the non-basic terrains it has, shared by energy symbols (largest remainder)."""
    defs = _cards()
    symbols = energy_symbols(deck)
    if not symbols:
        return {}
    spells = sum(1 for cid in deck if defs[cid].type != "terrain")
    lands = sum(1 for cid in deck if defs[cid].type == "terrain" and not defs[cid].basic)
    n = max(TERRAINS, LIMITED_MIN - spells) - lands
    if n <= 0:
        return {}
    total = sum(symbols.values())
    exact = {code: n * k / total for code, k in symbols.items()}
    out = {code: int(v) for code, v in exact.items()}
    for code in sorted(exact, key=lambda c: (-(exact[c] - out[c]), -symbols[c], c))[: n - sum(out.values())]:
        out[code] += 1
    return {code: k for code, k in out.items() if k}


def with_basics(deck: Sequence[str], basics: dict[str, int]) -> list[str]:
    defs = _cards()
    out = [cid for cid in deck if not defs[cid].basic]
    for code, k in sorted(basics.items()):
        out += [basic_of(code)] * k
    return out


def deck_problems(pool: Sequence[str], deck: Sequence[str]) -> list[str]:
    """Why ``deck`` is not a legal limited Codex built from ``pool`` (R8, R87); [] when it is."""
    from engines.afrika.decks import check_deck

    defs = _cards()
    problems: list[str] = []
    have = Counter(pool)
    for cid, k in sorted(Counter(deck).items(), key=lambda kv: defs[kv[0]].name):
        if defs[cid].basic:
            continue
        if k > have[cid]:
            owned = f"{have[cid]} in your pool" if have[cid] else "none in your pool"
            problems.append(f"{k} × {defs[cid].name} in the deck, but you have {owned}.")
    if len(deck) < LIMITED_MIN:
        problems.append(
            f"The deck has {len(deck)} cards; a limited Codex needs at least {LIMITED_MIN} "
            f"(add {LIMITED_MIN - len(deck)} more: cards from your pool or basic terrains)."
        )
    if not problems:
        other = check_deck(list(deck), "limited")
        if other:
            problems.append(f"The Codex is not legal: {other}")
    return problems


def library_deck(pool: Sequence[str], deck: Sequence[str]) -> Any:
    """The deck for the library: the Codex as main, the rest of the pool as the sideboard (R10)."""
    from engines.decks import Deck, get_pool

    lib = get_pool("afrika")
    main = Counter(deck)
    side = Counter(pool)
    for cid, k in main.items():
        side[cid] -= k
    side = +side

    def ordered(c: Counter[str]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(c.items(), key=lambda kv: lib.sort_key(lib.card(kv[0]))))

    sections = [("main", ordered(main))]
    if side:
        sections.append(("side", ordered(side)))
    return Deck("afrika", "limited", tuple(sections))


def pool_text(pool: Sequence[str], title: str) -> str:
    """The whole pool in the /deck import format (``/deck import format:limited`` reads it back)."""
    from engines.decks import export, get_pool

    return export(library_deck(pool, pool), get_pool("afrika"), title)
