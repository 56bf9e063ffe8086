"""A new game plugs into the importer with a card index and deck rules only.

Two toy pools modelled on the rules of games whose engines don't exist yet: a Spirit Tactics-like
one (Commander outside the deck, 30-50 cards, Side Deck <= 10, <= 3 copies across both, Essence
unlimited, Limited cards 1) and a Chronomagia-like one (one Hero, main >= 30, Hero Deck <= 10
without mythics, <= 2 copies and mythics 1, across Main + Hero Deck).
"""

from __future__ import annotations

import pytest

from engines.decks import (
    CardInfo,
    DeckFormat,
    DeckPool,
    SectionRule,
    export,
    get_pool,
    import_deck,
    register_pool,
)


def _spirit_pool() -> DeckPool:
    cards = [CardInfo(f"ST{i:03}", f"Spirit {chr(65 + i)}", "spirit", cost=i % 6) for i in range(20)]
    cards += [CardInfo("ST100", "Fire Essence", "essence", tags=frozenset({"essence"}))]
    cards += [CardInfo("ST101", "Ancient Relic", "arcana", cost=3, tags=frozenset({"limited"}))]
    cards += [
        CardInfo(f"CM{i}", f"Commander {n}", "commander", tags=frozenset({"commander"}))
        for i, n in enumerate("XY")
    ]

    def commander_only(c: CardInfo) -> str:
        return "" if "commander" in c.tags else f"{c.name} is not a Commander."

    def no_commander(c: CardInfo) -> str:
        return f"{c.name} is a Commander: put it under a Commander header." if "commander" in c.tags else ""

    def limit(c: CardInfo) -> int | None:
        return None if "essence" in c.tags else 1 if "limited" in c.tags else 3

    fmt = DeckFormat(
        "standard",
        "Standard",
        (
            SectionRule("main", "Deck", 30, 50, accepts=no_commander),
            SectionRule(
                "commander",
                min_cards=1,
                max_cards=1,
                accepts=commander_only,
                missing="the deck needs a Commander.",
            ),
            SectionRule("side", "Side Deck", 0, 10, accepts=no_commander),
        ),
        copy_limit=limit,
        copy_scope=("main", "side"),
    )
    groups = (
        ("spirit", "Spirits"),
        ("arcana", "Arcana"),
        ("essence", "Essence"),
        ("commander", "Commanders"),
    )
    return DeckPool("test-spirit", "Toy Spirits", {c.id: c for c in cards}, (fmt,), groups)


def _chrono_pool() -> DeckPool:
    cards = [CardInfo(f"CH{i:02}", f"Card {i}", "spell", cost=i % 5) for i in range(25)]
    cards += [CardInfo("CH90", "Mythic Dragon", "creature", cost=7, tags=frozenset({"mythic"}))]
    cards += [CardInfo("H1", "The Archmage", "hero", tags=frozenset({"hero"}))]

    def hero_only(c: CardInfo) -> str:
        return "" if "hero" in c.tags else f"{c.name} is not a Hero."

    def no_hero(c: CardInfo) -> str:
        return f"{c.name} is a Hero." if "hero" in c.tags else ""

    def no_hero_no_mythic(c: CardInfo) -> str:
        return no_hero(c) or (
            f"{c.name} is mythic: not allowed in the Hero Deck." if "mythic" in c.tags else ""
        )

    fmt = DeckFormat(
        "constructed",
        "Constructed",
        (
            SectionRule("hero", min_cards=1, max_cards=1, accepts=hero_only, missing="choose a Hero."),
            SectionRule("main", "Main Deck", 30, accepts=no_hero),
            SectionRule("hero_deck", max_cards=10, accepts=no_hero_no_mythic),
        ),
        copy_limit=lambda c: 1 if "mythic" in c.tags else 2,
        copy_scope=("main", "hero_deck"),
    )
    return DeckPool("test-chrono", "Toy Chrono", {c.id: c for c in cards}, (fmt,), (("spell", "Spells"),))


SPIRIT = register_pool(_spirit_pool())
CHRONO = register_pool(_chrono_pool())

SPIRIT_OK = (
    "Commander\n1 Commander X\n\nDeck\n"
    + "\n".join(f"2 Spirit {chr(65 + i)}" for i in range(15))
    + ("\n4 Fire Essence\n1 Ancient Relic\n\nSide Deck\n1 Spirit A\n")
)


def test_registered_pools_are_found() -> None:
    assert get_pool("test-spirit") is SPIRIT


def test_spirit_like_commander_deck() -> None:
    result = import_deck(SPIRIT_OK, SPIRIT)
    assert result.ok, result.report()
    assert result.deck is not None
    assert result.deck.section("commander") == (("CM0", 1),)
    assert result.deck.size("main") == 35
    assert import_deck(export(result.deck, SPIRIT), SPIRIT).deck == result.deck


def test_spirit_like_problems() -> None:
    text = SPIRIT_OK.replace("Commander\n1 Commander X\n", "").replace("1 Ancient Relic", "2 Ancient Relic")
    text += "2 Spirit A\n1 Commander Y\n"
    result = import_deck(text, SPIRIT)
    kinds = sorted((p.kind, p.line) for p in result.problems)
    assert ("missing", None) in kinds
    messages = " | ".join(p.message for p in result.problems)
    assert "Ancient Relic" in messages and "at most 1" in messages
    assert "5 × Spirit A" in messages  # 2 in the deck + 1 + 2 in the side deck
    assert "is a Commander" in messages
    eleven = SPIRIT_OK + "\n".join(f"1 Spirit {chr(75 + i)}" for i in range(10))
    assert "the Side Deck has 11 cards" in import_deck(eleven, SPIRIT).report()


def test_spirit_like_sizes() -> None:
    small = "Commander\n1 Commander X\nDeck\n2 Spirit A"
    assert [p.kind for p in import_deck(small, SPIRIT).problems] == ["size"]
    big = "Commander\n1 Commander X\nDeck\n" + "\n".join(f"3 Spirit {chr(65 + i)}" for i in range(18))
    assert "at most 50" in import_deck(big, SPIRIT).report()


def test_two_commanders_is_too_many() -> None:
    text = SPIRIT_OK.replace("1 Commander X", "1 Commander X\n1 Commander Y")
    assert "at most 1" in import_deck(text, SPIRIT).report()


def test_chrono_like_hero_and_hero_deck() -> None:
    main = "\n".join(f"2 Card {i}" for i in range(15))
    ok = f"Hero\n1 The Archmage\nDeck\n{main}\nHero Deck\n1 Card 20"
    result = import_deck(ok, CHRONO)
    assert result.ok, result.report()
    assert result.deck is not None and export(result.deck, CHRONO).splitlines()[1] == "Hero"
    assert import_deck(export(result.deck, CHRONO), CHRONO).deck == result.deck

    bad = f"Deck\n{main}\n1 Card 0\n2 Mythic Dragon\nHero Deck\n1 Mythic Dragon\n1 The Archmage"
    report = import_deck(bad, CHRONO).report()
    assert "choose a Hero" in report
    assert "mythic: not allowed in the Hero Deck" in report
    assert "3 × Card 0" in report
    assert "2 × Mythic Dragon" in report and "at most 1" in report
    assert "The Archmage is a Hero" in report


@pytest.mark.parametrize("pool", [SPIRIT, CHRONO])
def test_empty_lists(pool: DeckPool) -> None:
    assert [p.kind for p in import_deck("", pool).problems] == ["empty"]
