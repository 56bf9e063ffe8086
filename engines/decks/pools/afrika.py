"""Chronicles of Afrika in the deck library: its card index and Codex rules (R6-R8, R10).

Cards come from the engine's loader (``engines.afrika.cards.CARDS``) and the numbers and final
check from ``engines.afrika.decks``, so a new card file or a rules change shows up here by itself.
Constructed: at least 60 cards, at most 4 copies of a name except Basic terrains, no sideboard
(DECISION A14). Limited (Unleashed Armada, Cosmic Draft): at least 40 cards, no copy limit, and the
rest of the pool may be listed as a sideboard (R10). Star Lords (R140, R141, DECISION A24): a
``Star Lord`` section with one Legendary Entity and a Codex of 99 more cards, one of each but Basic
terrains, each within the Star Lord's energy identity (refused line by line); the engine's
``check_starlords`` has the last word. Both sections go to the match, the Codex first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

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


def _singleton(card: CardInfo) -> int | None:
    return None if "basic" in card.tags else 1


def _allowed_starlords(card: CardInfo) -> str:
    reason = rules.STARLORDS_BANNED.get(card.id)
    if reason:
        return f"{card.name} is banned in Star Lords: {reason}."
    return _allowed(card)


def _star_lord_only(card: CardInfo) -> str:
    if card.group != "entity" or "legendary" not in card.tags:
        return f"{card.name} is not a Legendary Entity, so it can't be a Star Lord."
    return ""


def _within_identity(card: CardInfo, listed: Mapping[str, Sequence[CardInfo]]) -> str:
    lords = listed.get("commander", ())
    if len(lords) != 1:
        return ""  # no Star Lord (or several): the section's size problem says so
    return rules.off_identity(card.id, lords[0].id)


def _check_starlords(deck: Deck) -> str:
    lords = deck.cards("commander")
    problem = rules.check_starlords([*lords, *deck.cards("main")], lords[0]) if len(lords) == 1 else ""
    return f"the Codex is not legal: {problem}" if problem else ""


@cache
def pool() -> DeckPool:
    """Chronicles of Afrika's deck pool, built the first time it is asked for and then kept: what
    ``engines.afrika.GAME.deck_pool`` names, so every lookup gets this one pool."""
    return build()


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
    codex = rules.STARLORDS_SIZE - 1
    starlords = DeckFormat(
        "starlords",
        "Star Lords",
        (
            SectionRule("main", "Codex", min_cards=codex, max_cards=codex, fits=_within_identity),
            SectionRule(
                "commander",
                "Star Lord",
                min_cards=1,
                max_cards=1,
                accepts=_star_lord_only,
                in_play=True,
                missing="the Codex has no Star Lord: put one Legendary Entity under a 'Star Lord' line.",
            ),
        ),
        copy_limit=_singleton,
        copy_scope=("main", "commander"),
        allows=_allowed_starlords,
        check=_check_starlords,
        description=f"a Star Lord (one Legendary Entity) and a Codex of {codex} more cards: one of each "
        "(Basic terrains unlimited), every card within the Star Lord's energy identity",
    )
    return DeckPool("afrika", "Chronicles of Afrika", cards, (constructed, limited, starlords), GROUPS)
