"""Chronicles of Afrika in the deck library: its card index and Codex rules (R6-R8, R10).

Cards come from the engine's loader (``engines.afrika.cards.CARDS``) and the numbers and final
check from ``engines.afrika.decks``, so a new card file or a rules change shows up here by itself.
Constructed: at least 60 cards, at most 4 copies of a name except Basic terrains, no sideboard
(DECISION A14). Limited (Unleashed Armada, Cosmic Draft): at least 40 cards, no copy limit, and the
rest of the pool may be listed as a sideboard (R10).
"""

from __future__ import annotations

from engines.afrika import decks as rules
from engines.afrika.cards import CARDS, CardDef

from ..deck import Deck
from ..pool import CardInfo, DeckFormat, DeckPool, SectionRule

GROUPS: tuple[tuple[str, str], ...] = (
    ("entity", "Entities"),
    ("vehicle", "Vehicles"),
    ("tech", "Tech"),
    ("artifact", "Artifacts"),
    ("spell", "Spells"),
    ("terrain", "Terrains"),
)


def _info(c: CardDef) -> CardInfo:
    tags = {t for t, on in (("basic", c.basic), ("token", c.token), ("legendary", c.legendary)) if on}
    energy = [code for code, _ in c.cost.typed] or [p for p in c.produces if p != "any"]
    off_curve = c.type == "terrain"
    return CardInfo(
        id=c.id,
        name=c.name,
        group=c.type,
        cost=None if off_curve else c.cost.total,
        cost_text="" if off_curve else c.cost.text(),
        type_line=c.type_line(),
        text=c.text,
        codes=(c.id,),
        tags=frozenset(tags),
        accent=energy[0] if energy else "",
    )


def _allowed(card: CardInfo) -> str:
    if "token" in card.tags:
        return f"{card.name} is a token and can't be put in a Codex."
    return ""


def _four_copies(card: CardInfo) -> int | None:
    return None if "basic" in card.tags else rules.MAX_COPIES


def _check_constructed(deck: Deck) -> str:
    problem = rules.check_deck(deck.cards("main"), "constructed")
    return f"the Codex is not legal: {problem}" if problem else ""


def _check_limited(deck: Deck) -> str:
    problem = rules.check_deck(deck.cards("main"), "limited")
    return f"the Codex is not legal: {problem}" if problem else ""


def build() -> DeckPool:
    cards = {cid: _info(c) for cid, c in sorted(CARDS().items())}
    constructed = DeckFormat(
        "constructed",
        "Constructed",
        (SectionRule("main", "Codex", min_cards=rules.CONSTRUCTED_MIN),),
        copy_limit=_four_copies,
        copy_scope=("main",),
        allows=_allowed,
        check=_check_constructed,
        description=f"at least {rules.CONSTRUCTED_MIN} cards, at most {rules.MAX_COPIES} of a name "
        "(Basic terrains unlimited), no sideboard",
    )
    limited = DeckFormat(
        "limited",
        "Limited",
        (SectionRule("main", "Codex", min_cards=rules.LIMITED_MIN), SectionRule("side", "Sideboard")),
        allows=_allowed,
        check=_check_limited,
        description=f"at least {rules.LIMITED_MIN} cards from your pool plus Basic terrains, "
        "no copy limit; the rest of the pool is the sideboard",
    )
    return DeckPool("afrika", "Chronicles of Afrika", cards, (constructed, limited), GROUPS)
