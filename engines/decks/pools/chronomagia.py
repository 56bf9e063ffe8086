"""Chronomagia in the deck library: its card index, in English and Russian, and its deck rules
(section 1, F12).

A Chronomagia list has three sections: the ``Hero`` (exactly one Hero card), the ``Deck`` (the Main
Deck, at least 30 cards, no Heroes) and the ``Hero Deck`` (up to 10 cards, no Heroes and no mythic
cards). At most 2 copies of a name, 1 of a mythic card, across Main Deck and Hero Deck together.
Tokens are never in a deck. The Hero goes to the match with the Main Deck (the engine's ``decks``
option takes them as one list); the Hero Deck is the format's side section, which a match hands to
the engine's ``hero_decks`` option (``SeriesRules.side_option``). The final check is the engine's
own ``check_deck`` / ``check_hero_deck``, so the library and the engine agree.

The game's players read Russian: every card answers to its Russian name as well (``CardInfo.
aliases``), and the section headers have Russian forms ("Герой", "Колода", "Колода героя"). An
export writes the English names and headers, which import back to the same deck.
"""

from __future__ import annotations

from functools import cache

from engines.chronomagia.cards import CardDef, card_set, card_text
from engines.chronomagia.decks import COPIES, HERO_DECK_MAX, MAIN_MIN, check_deck, check_hero_deck

from ..deck import Deck
from ..pool import CardInfo, DeckFormat, DeckPool, SectionRule

GROUPS: tuple[tuple[str, str], ...] = (
    ("hero", "Heroes"),
    ("thoughtform", "Thoughtforms"),
    ("location", "Locations"),
    ("phenomenon", "Phenomena"),
    ("shadow", "Shadows"),
    ("token", "Tokens"),
)
HEADERS: dict[str, str] = {
    "герой": "hero",
    "герои": "hero",
    "колода": "main",
    "основная колода": "main",
    "главная колода": "main",
    "колода героя": "hero_deck",
    "колода героев": "hero_deck",
    "main deck": "main",
}
"""Chronomagia's own section headers (normalised text -> section), besides the shared ones."""


def _cost_text(c: CardDef) -> str:
    if c.kind == "shadow":
        return f"Willpower {c.willpower}"
    if c.costs and len(set(c.costs)) > 1:
        return "/".join(str(n) for n in c.costs)
    return str(c.cost)


def _info(c: CardDef) -> CardInfo:
    tags = {c.kind, c.rarity}
    on_curve = c.kind in ("thoughtform", "location", "phenomenon")
    return CardInfo(
        id=c.id,
        name=c.name,
        group=c.kind,
        cost=c.cost if on_curve else None,
        cost_text=_cost_text(c) if c.kind not in ("hero", "token") else "",
        type_line=c.type_line,
        text=card_text(c),
        codes=(c.id,),
        tags=frozenset(tags),
        accent=f"epoch{c.native}" if c.native else c.kind,
        aliases=(c.name_ru,) if c.name_ru and c.name_ru != c.name else (),
    )


def _allows(card: CardInfo) -> str:
    if "token" in card.tags:
        return f"{card.name} is a token: tokens are made by effects, never put in a deck (M39)."
    return ""


def _hero_only(card: CardInfo) -> str:
    if "hero" not in card.tags:
        return f"{card.name} is not a Hero: list it under 'Deck' (or 'Hero Deck')."
    return ""


def _not_hero(card: CardInfo) -> str:
    if "hero" in card.tags:
        return f"{card.name} is a Hero: list it under a 'Hero' line, apart from the Deck."
    return ""


def _hero_deck_card(card: CardInfo) -> str:
    if "hero" in card.tags:
        return f"{card.name} is a Hero: list it under a 'Hero' line; a Hero Deck holds no Heroes."
    if "mythic" in card.tags:
        return f"{card.name} is mythic: mythic cards may be only in the Main Deck (F12)."
    return ""


def _copy_limit(card: CardInfo) -> int | None:
    if "hero" in card.tags:
        return None  # the Hero section holds exactly one card anyway
    return 1 if "mythic" in card.tags else COPIES


def _check(deck: Deck) -> str:
    main = [*deck.cards("hero"), *deck.cards("main")]
    problem = check_deck(main) or check_hero_deck(main, deck.cards("hero_deck"))
    return f"the deck is not legal: {problem}" if problem else ""


@cache
def pool() -> DeckPool:
    """Chronomagia's deck pool, built the first time it is asked for and then kept: what
    ``engines.chronomagia.GAME.deck_pool`` names, so every lookup gets this one pool."""
    return build()


def build() -> DeckPool:
    cards = {cid: _info(c) for cid, c in sorted(card_set().cards.items())}
    constructed = DeckFormat(
        "constructed",
        "Constructed",
        (
            SectionRule("main", "Main Deck", min_cards=MAIN_MIN, accepts=_not_hero),
            SectionRule(
                "hero",
                "Hero",
                min_cards=1,
                max_cards=1,
                accepts=_hero_only,
                in_play=True,
                missing="the deck has no Hero: put one Hero card under a 'Hero' line.",
            ),
            SectionRule("hero_deck", "Hero Deck", max_cards=HERO_DECK_MAX, accepts=_hero_deck_card),
        ),
        copy_limit=_copy_limit,
        copy_scope=("main", "hero_deck"),
        allows=_allows,
        check=_check,
        description=f"one Hero, a Main Deck of at least {MAIN_MIN} cards and a Hero Deck of up to "
        f"{HERO_DECK_MAX} (no mythic cards); at most {COPIES} copies of a name across Main Deck and Hero "
        "Deck, 1 of a mythic card",
        side="hero_deck",
    )
    return DeckPool("chronomagia", "Chronomagia", cards, (constructed,), GROUPS, HEADERS)
