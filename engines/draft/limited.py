"""The rules of a limited deck built from a pool (R8, R87), for any game through its card source.

What the deck-building panel checks before a Submit (``deck_problems``), which basic lands it
suggests for the deck's energy split (``suggest_basics``), and how a pool's deck is kept in a
player's library (``library_deck``: the deck as main, the rest of the pool as the sideboard) or
exported as text (``pool_text``). Basic lands are free: any number may be added; every other
card may be played only as often as the pool holds it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engines.decks import Deck, export, get_pool

from .source import CardSource


def energy_symbols(deck: Sequence[str], source: CardSource) -> Counter[str]:
    """Typed cost symbols of the deck's non-land cards, per energy."""
    defs = source.cards()
    out: Counter[str] = Counter()
    for cid in deck:
        c = defs[cid]
        if c.kind != "land":
            for code, k in c.symbols:
                out[code] += k
    return out


def suggest_basics(deck: Sequence[str], source: CardSource) -> dict[str, int]:
    """Basic lands for the deck's energy split: the usual number of lands (more if that is what it
    takes to reach the minimum), minus the non-basic lands it has, shared by energy symbols
    (largest remainder)."""
    defs = source.cards()
    symbols = energy_symbols(deck, source)
    if not symbols:
        return {}
    spells = sum(1 for cid in deck if defs[cid].kind != "land")
    lands = sum(1 for cid in deck if defs[cid].kind == "land" and not defs[cid].basic)
    n = max(source.lands, source.deck_min - spells) - lands
    if n <= 0:
        return {}
    return share_basics(symbols, n)


def share_basics(symbols: Mapping[str, int], n: int) -> dict[str, int]:
    """``n`` basic lands shared by the energy ``symbols`` (largest remainder): the one rule both
    the panel's suggestion and the AI's build (``autobuild.build_deck``) follow, so the AI never
    builds a split the panel then proposes to change."""
    total = sum(symbols.values())
    if n <= 0 or total <= 0:
        return {}
    exact = {code: n * k / total for code, k in symbols.items()}
    out = {code: int(v) for code, v in exact.items()}
    for code in sorted(exact, key=lambda c: (-(exact[c] - out[c]), -symbols[c], c))[: n - sum(out.values())]:
        out[code] += 1
    return {code: k for code, k in out.items() if k}


def with_basics(deck: Sequence[str], basics: Mapping[str, int], source: CardSource) -> list[str]:
    """The deck's non-basic cards plus exactly ``basics`` (energy -> count) basic lands."""
    defs = source.cards()
    out = [cid for cid in deck if not defs[cid].basic]
    for code, k in sorted(basics.items()):
        out += [source.basic(code)] * k
    return out


def deck_problems(pool: Sequence[str], deck: Sequence[str], source: CardSource) -> list[str]:
    """Why ``deck`` is not a legal limited deck built from ``pool`` (R8, R87), as sentences for the
    player; [] when it is. The game's own deck rules are asked only once the pool and size are
    right, so the player fixes one thing at a time."""
    defs = source.cards()
    problems: list[str] = []
    have = Counter(pool)
    for cid, k in sorted(Counter(deck).items(), key=lambda kv: defs[kv[0]].name):
        if defs[cid].basic:
            continue
        if k > have[cid]:
            owned = f"{have[cid]} in your pool" if have[cid] else "none in your pool"
            problems.append(f"{k} × {defs[cid].name} in the deck, but you have {owned}.")
    least = source.deck_min
    if len(deck) < least:
        problems.append(
            f"The deck has {len(deck)} cards; a limited Codex needs at least {least} "
            f"(add {least - len(deck)} more: cards from your pool or basic terrains)."
        )
    if not problems:
        other = source.deck_problem(list(deck))
        if other:
            problems.append(f"The Codex is not legal: {other}")
    return problems


def library_deck(pool: Sequence[str], deck: Sequence[str], source: CardSource) -> Deck:
    """The deck for the library: the deck as main, the rest of the pool as the sideboard (R10)."""
    lib = get_pool(source.game)
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
    return Deck(source.game, source.deck_format, tuple(sections))


def pool_text(pool: Sequence[str], title: str, source: CardSource) -> str:
    """The whole pool in the /deck import format (``/deck import format:limited`` reads it back)."""
    return export(library_deck(pool, pool, source), get_pool(source.game), title)


__all__ = [
    "deck_problems",
    "energy_symbols",
    "library_deck",
    "pool_text",
    "share_basics",
    "suggest_basics",
    "with_basics",
]
