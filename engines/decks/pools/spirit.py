"""Chronicle: Spirit Tactics in the deck library: its card index and deck rules (S3, S5, S6).

A Spirit Tactics list has three sections: the ``Commander`` (exactly one Commander card, not
counted in the Deck), the ``Deck`` (30-50 cards) and the ``Side Deck`` (up to 10 cards, swapped in
between the Duels of a Match). At most 3 copies of a name across Deck and Side Deck together,
Essence unlimited, a Limited card 1 or its printed number (S6). Cards come from the engine's
loader and the final check is the engine's own ``check_deck`` / ``check_side``, so the library and
the engine agree. The Commander section goes to the match with the Deck (the engine's ``decks``
option takes the Commander and the Deck as one list).
"""

from __future__ import annotations

from functools import cache

from engines.spirit.cards import CardDef, card_set, rules
from engines.spirit.decks import check_deck, check_side

from ..deck import Deck
from ..pool import CardInfo, DeckFormat, DeckPool, SectionRule

GROUPS: tuple[tuple[str, str], ...] = (
    ("commander", "Commanders"),
    ("spirit", "Spirits"),
    ("arcana", "Arcana"),
    ("reflex", "Reflex"),
    ("essence", "Essence"),
)
HEADERS: dict[str, str] = {
    "leader": "commander",
    "side deck": "side",
}
"""Spirit Tactics' own section headers (normalised text -> section), besides the shared ones."""


def _info(c: CardDef) -> CardInfo:
    tags: set[str] = {c.kind}
    if c.status:
        tags.add(c.status)
    if c.kind == "essence":
        return CardInfo(
            id=c.id,
            name=c.name,
            group="essence",
            type_line="Essence",
            text=c.flavour,
            codes=(c.id,),
            tags=frozenset(tags),
            accent=c.art,
        )
    if c.kind in ("commander", "spirit"):
        stats = f"R {c.resilience}" if c.kind == "commander" else f"S {c.strength} / R {c.resilience}"
        return CardInfo(
            id=c.id,
            name=c.name,
            group=c.kind,
            cost=None,
            cost_text=stats,
            type_line=f"{c.kind.title()} — {c.affinity}",
            text=c.text,
            codes=(c.id,),
            tags=frozenset(tags),
            accent=c.art,
        )
    assert c.spell is not None
    return CardInfo(
        id=c.id,
        name=c.name,
        group=c.kind,
        cost=len(c.spell.cost),
        cost_text=c.spell.cost_text or "free",
        type_line="Arcana" if c.kind == "arcana" else "Reflex",
        text=c.text,
        codes=(c.id,),
        tags=frozenset(tags),
        accent=c.art,
    )


def _commander_only(card: CardInfo) -> str:
    if "commander" not in card.tags:
        return f"{card.name} is not a Commander: list it under 'Deck'."
    return ""


def _not_commander(card: CardInfo) -> str:
    if "commander" in card.tags:
        return f"{card.name} is a Commander: list it under a 'Commander' line, apart from the Deck."
    return ""


def _copy_limit(card: CardInfo) -> int | None:
    if "essence" in card.tags or "commander" in card.tags:
        return None
    from engines.spirit.cards import card as spirit_card

    return spirit_card(card.id).limit


def _check(deck: Deck) -> str:
    main = [*deck.cards("commander"), *deck.cards("main")]
    problem = check_deck(main) or check_side(main, deck.cards("side"))
    return f"the deck is not legal: {problem}" if problem else ""


@cache
def pool() -> DeckPool:
    """Spirit Tactics' deck pool, built the first time it is asked for and then kept: what
    ``engines.spirit.GAME.deck_pool`` names, so every lookup gets this one pool."""
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
                "Deck",
                min_cards=r.deck_min,
                max_cards=r.deck_max,
                accepts=_not_commander,
            ),
            SectionRule(
                "commander",
                "Commander",
                min_cards=1,
                max_cards=1,
                accepts=_commander_only,
                in_play=True,
                missing="the deck has no Commander: put one Commander card under a 'Commander' line.",
            ),
            SectionRule("side", "Side Deck", max_cards=r.side_max, accepts=_not_commander),
        ),
        copy_limit=_copy_limit,
        copy_scope=("main", "side"),
        check=_check,
        description=f"one Commander, a Deck of {r.deck_min}-{r.deck_max} cards and a Side Deck of up to "
        f"{r.side_max}; at most {r.copies} of a name across Deck and Side Deck (Essence unlimited, "
        "Limited cards 1 or their number)",
    )
    return DeckPool("spirit", "Chronicle: Spirit Tactics", cards, (constructed,), GROUPS, HEADERS)
