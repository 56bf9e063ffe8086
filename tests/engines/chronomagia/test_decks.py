"""Deck rules (section 1, F12) and the four starter decks: legal, each with its own Hero and plan."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.chronomagia import GAME
from engines.chronomagia.cards import card
from engines.chronomagia.decks import (
    check_deck,
    check_hero_deck,
    hero_deck_for,
    starter_decks,
    starter_hero_decks,
)


def test_four_legal_starters_with_different_heroes_and_plans() -> None:
    decks, sides = starter_decks(), starter_hero_decks()
    assert len(decks) == 4 and set(decks) == set(sides)
    heroes = {d[0] for d in decks.values()}
    assert len(heroes) == 4 and all(card(h).kind == "hero" for h in heroes)
    for name, deck in decks.items():
        assert check_deck(deck) == "", name
        assert check_hero_deck(deck, sides[name]) == "", name
        assert 0 < len(sides[name]) <= 10
        assert hero_deck_for(deck) == sides[name]
    natives = {
        name: Counter(card(c).native for c in deck[1:] if card(c).kind == "thoughtform").most_common(1)[0][0]
        for name, deck in decks.items()
    }
    assert natives["Ancient Fury"] == 1 and natives["Legion of Hours"] == 2 and natives["Future Engine"] == 3
    assert sum(card(c).kind == "shadow" for c in decks["Shadow Court"]) >= 8
    assert GAME.starter_decks() == decks and GAME.check_deck(decks["Shadow Court"]) == ""


MAIN = ["H01", *[f"T{i:03d}" for i in range(1, 31)]]


@pytest.mark.parametrize(
    ("deck", "side", "message"),
    [
        (MAIN, [], ""),
        ([*MAIN, "T034"], ["T001", "T001"], "it has 3 copies of Goblin Arsonist"),
        ([*MAIN, "T002"], ["T002"], "it has 3 copies of Comet Rain; at most 2 of a card are allowed, Main Deck and Hero Deck together"),
        ([*MAIN, "T034"], ["T034"], "First Flame is mythic: mythic cards may be only in the Main Deck"),
        (MAIN, ["T031"] * 1 + [f"T{i:03d}" for i in range(35, 45)], "the Hero Deck has 11 cards"),
        (MAIN, ["H02"], "cannot be in a Hero Deck"),
    ],
)  # fmt: skip
def test_hero_deck_rules(deck: list[str], side: list[str], message: str) -> None:
    assert message in check_hero_deck(deck, side) if message else check_hero_deck(deck, side) == ""


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (MAIN, ""),
        ([*MAIN, "T034", "T034"], "it has 2 copies of First Flame; at most 1 of a mythic card"),
        ([*MAIN, "K01"], "Wolf Spirit is a token"),
        (MAIN[:-1], "the Main Deck has 29 cards"),
        ([*MAIN, "H02"], "a deck has exactly one Hero, not 2"),
        ([*MAIN, "X1"], "unknown card id(s) X1"),
    ],
)
def test_deck_rules(deck: list[str], message: str) -> None:
    assert message in check_deck(deck) if message else check_deck(deck) == ""
