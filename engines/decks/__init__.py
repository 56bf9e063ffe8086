"""The deck library: read deck lists in the formats players paste, check them per game, export.

    pool = get_pool("afrika")
    result = import_deck(text, pool, "constructed")
    if result.ok: save(result.deck) ; else: show [p.describe() for p in result.problems]
    export(result.deck, pool, name)   # imports back to the same deck

A game plugs in with a module in ``engines/decks/pools/`` providing ``build() -> DeckPool`` (its
card index and its formats' deck rules) and ``pool()``, which builds it once; the game's
declaration names that ``pool`` (``GameSpec.deck_pool``), and ``get_pool(name)`` reads it there.
Pure: no Discord, storage, images or asyncio.
"""

from .deck import Deck, DeckResult, DeckSummary, export, import_deck, summarize, validate
from .names import MAX_NAME, check_deck_name
from .parse import GRAMMAR, SECTION_HEADERS, Entry, Header, ParsedList, Problem, parse, unflatten
from .pool import (
    CardInfo,
    DeckError,
    DeckFormat,
    DeckPool,
    SectionRule,
    available_pools,
    get_pool,
    register_pool,
)

__all__ = [
    "GRAMMAR",
    "MAX_NAME",
    "SECTION_HEADERS",
    "CardInfo",
    "Deck",
    "DeckError",
    "DeckFormat",
    "DeckPool",
    "DeckResult",
    "DeckSummary",
    "Entry",
    "Header",
    "ParsedList",
    "Problem",
    "SectionRule",
    "available_pools",
    "check_deck_name",
    "export",
    "get_pool",
    "import_deck",
    "parse",
    "register_pool",
    "summarize",
    "unflatten",
    "validate",
]
