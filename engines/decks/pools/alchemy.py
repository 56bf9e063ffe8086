"""Alchemy in the deck library: its card index and deck rules (digest section 1, C7, C14).

An Alchemy list has two sections: the Element Deck (exactly 60 element and Process cards, at most
3 of an element card and 2 of a Process card) under a header such as ``Element Deck`` or ``Deck``,
and the Magnum Opus Deck (exactly 5 different Magnum Opus cards) under ``Magnum Opus``. Cards come
from the engine's loader and the final check is the engine's own ``check_deck`` on the two
sections together (the single list of ids a match takes), so the library and the engine agree.
"""

from __future__ import annotations

from functools import cache

from engines.alchemy.cards import CardDef, card_set, rules
from engines.alchemy.decks import check_deck

from ..deck import Deck
from ..pool import CardInfo, DeckFormat, DeckPool, SectionRule

GROUPS: tuple[tuple[str, str], ...] = (
    ("element", "Elements"),
    ("process", "Processes"),
    ("reaction", "Reactions"),
    ("opus", "Magnum Opus"),
)
HEADERS: dict[str, str] = {
    "element deck": "main",
    "elements deck": "main",
    "elements": "main",
    "element": "main",
    "opus": "opus",
    "magnum opus cards": "opus",
}
"""Alchemy's own section headers (normalised text -> section), besides the shared ones."""


def _info(c: CardDef) -> CardInfo:
    if c.kind == "element":
        return CardInfo(
            id=c.id,
            name=c.name,
            group="element",
            cost_text=f"MG {c.mg}",
            type_line=f"Element — {c.element} {c.mg}",
            text=c.flavour,
            codes=(c.id,),
            tags=frozenset({"element"}),
            accent=c.element.lower(),
        )
    if c.kind == "process":
        return CardInfo(
            id=c.id,
            name=c.name,
            group="reaction" if c.reaction else "process",
            cost=c.cost_ap,
            cost_text=f"{c.cost_ap} AP",
            type_line="Process — Reaction" if c.reaction else "Process",
            text=c.text,
            codes=(c.id,),
            tags=frozenset({"process", *(("reaction",) if c.reaction else ())}),
            accent="process",
        )
    return CardInfo(
        id=c.id,
        name=c.name,
        group="opus",
        type_line="Magnum Opus",
        text=c.text,
        codes=(c.id,),
        tags=frozenset({"opus"}),
        accent="opus",
    )


def _element_deck_card(card: CardInfo) -> str:
    if "opus" in card.tags:
        return (
            f"{card.name} is a Magnum Opus card: list it under a 'Magnum Opus' line, apart from the "
            "Element Deck."
        )
    return ""


def _opus_card(card: CardInfo) -> str:
    if "opus" not in card.tags:
        return f"{card.name} is not a Magnum Opus card: it belongs in the Element Deck."
    return ""


def _copy_limit(card: CardInfo) -> int | None:
    if "opus" in card.tags:
        return None  # the Magnum Opus section's own rule: all different
    return rules().max_element_copies if "element" in card.tags else rules().max_process_copies


def _check(deck: Deck) -> str:
    problem = check_deck([*deck.cards("main"), *deck.cards("opus")])
    return f"the deck is not legal: {problem}" if problem else ""


@cache
def pool() -> DeckPool:
    """Alchemy's deck pool, built the first time it is asked for and then kept: what
    ``engines.alchemy.GAME.deck_pool`` names, so every lookup gets this one pool."""
    return build()


def build() -> DeckPool:
    r = rules()
    cards = {cid: _info(c) for cid, c in sorted(card_set().cards.items())}
    constructed = DeckFormat(
        "constructed",
        "Constructed",
        (
            SectionRule(
                "main",
                "Element Deck",
                min_cards=r.deck_size,
                max_cards=r.deck_size,
                accepts=_element_deck_card,
            ),
            SectionRule(
                "opus",
                "Magnum Opus Deck",
                min_cards=r.opus_size,
                max_cards=r.opus_size,
                accepts=_opus_card,
                max_copies=1,
                in_play=True,
                missing=f"the deck has no Magnum Opus section: list its {r.opus_size} different Magnum Opus "
                "cards under a 'Magnum Opus' line.",
            ),
        ),
        copy_limit=_copy_limit,
        copy_scope=("main",),
        check=_check,
        description=f"an Element Deck of exactly {r.deck_size} cards (at most {r.max_element_copies} of an "
        f"element card, {r.max_process_copies} of a Process card) and {r.opus_size} different Magnum Opus cards",
    )
    return DeckPool("alchemy", "Alchemy", cards, (constructed,), GROUPS, HEADERS)
