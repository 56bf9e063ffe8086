"""Chronomagia in the deck library (``engines/decks/pools/chronomagia.py``): lists with a Hero, a
Main Deck and a Hero Deck, written with English or Russian names and headers; every problem on its
line; "did you mean" in the language that was typed; exports that import back to the same deck."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.chronomagia import GAME
from engines.chronomagia.cards import card
from engines.chronomagia.starters import STARTER_LISTS
from engines.decks import export, get_pool, import_deck
from engines.decks.pool import DeckPool, play_cards


@pytest.fixture(scope="module")
def pool() -> DeckPool:
    return get_pool("chronomagia")


def _listing(name: str, ru: bool = False) -> str:
    """A starter as a player would paste it, in English or in Russian (names and headers)."""
    hero, main, side = STARTER_LISTS[name]

    def title(cid: str) -> str:
        return card(cid).name_ru if ru else card(cid).name

    lines = ["Герой" if ru else "Hero", f"1 {title(hero)}", ""]
    lines += ["Колода:" if ru else "Main Deck:", *(f"{n} {title(c)}" for c, n in main.items()), ""]
    lines += ["Колода героя" if ru else "Hero Deck", *(f"{n}x {title(c)}" for c, n in side.items())]
    return "\n".join(lines)


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


def test_the_game_declares_the_pool_and_its_side_section(pool: DeckPool) -> None:
    assert GAME.deck_pool is not None and GAME.deck_pool() is pool
    fmt = pool.default_format
    assert [s.key for s in fmt.sections] == ["main", "hero", "hero_deck"]
    assert [s.key for s in fmt.sections if s.plays] == ["main", "hero"]
    assert fmt.side == "hero_deck"
    assert get_pool("spirit").default_format.side == "side"  # other games keep their sideboard


@pytest.mark.parametrize("ru", [False, True], ids=["english", "russian"])
@pytest.mark.parametrize("name", list(STARTER_LISTS))
def test_starters_import_in_either_language_export_and_import_again(
    pool: DeckPool, name: str, ru: bool
) -> None:
    result = import_deck(_listing(name, ru), pool)
    assert result.ok, result.report()
    deck = result.deck
    assert deck is not None
    hero, main, side = STARTER_LISTS[name]
    # The match takes the Hero with the Main Deck (the engine's decks option) ...
    assert (
        Counter(play_cards(deck))
        == Counter(GAME.starter_decks()[name])
        == Counter([hero, *Counter(main).elements()])
    )
    assert GAME.check_deck(play_cards(deck)) == ""
    # ... and the Hero Deck as the format's side section (the engine's hero_decks option).
    assert Counter(deck.cards(pool.default_format.side)) == Counter(side) == Counter(GAME.starter_side(name))
    text = export(deck, pool, name)
    assert "Hero Deck" in text and card(hero).name in text
    assert not any("\u0400" <= ch <= "\u04ff" for ch in text), "an export writes the English names"
    again = import_deck(text, pool)
    assert again.ok and again.deck == deck


def test_english_and_russian_lists_give_the_same_deck(pool: DeckPool) -> None:
    for name in STARTER_LISTS:
        assert import_deck(_listing(name, ru=True), pool).deck == import_deck(_listing(name), pool).deck


def test_names_in_either_language_mixed_and_loosely_written(pool: DeckPool) -> None:
    assert [c.id for c in pool.by_name("Гоблин-поджигатель")] == ["T001"]
    assert [c.id for c in pool.by_name("гоблин поджигатель")] == ["T001"]  # punctuation ignored
    assert [c.id for c in pool.by_name("ГОБЛИН–ПОДЖИГАТЕЛЬ")] == ["T001"]  # case, en dash
    assert [c.id for c in pool.by_name("Вела Зеленого Века")] == ["H07"]  # е for ё
    assert [c.id for c in pool.by_name("goblin arsonist")] == ["T001"]
    assert pool.by_name("—") == [] and pool.by_name("Гоблин") == []
    text = _listing("Ancient Fury").replace("2 Goblin Arsonist", "1 Goblin Arsonist\n1 Гоблин-поджигатель")
    result = import_deck(text, pool)
    assert result.ok, result.report()
    assert result.deck == import_deck(_listing("Ancient Fury"), pool).deck


def test_did_you_mean_in_the_language_typed(pool: DeckPool) -> None:
    assert pool.suggest("Гоблин-поджегатель")[0] == "Гоблин-поджигатель"
    assert pool.suggest("Goblin Arsonst")[0] == "Goblin Arsonist"
    text = _listing("Ancient Fury", ru=True).replace("2 Гоблин-поджигатель", "2 Гоблин-поджегатель")
    result = import_deck(text, pool)
    assert not result.ok
    line = _line_of(text, "Гоблин-поджегатель")
    problem = next(p for p in result.problems if p.kind == "unknown")
    assert problem.line == line and problem.suggestions[0] == "Гоблин-поджигатель"
    assert f"Line {line} (`2 Гоблин-поджегатель`): unknown card" in result.report()
    assert "Did you mean **Гоблин-поджигатель**" in result.report()
    # Tokens are never suggested, in either language.
    assert "Дух волка" not in pool.suggest("Дух волко") and "Wolf Spirit" not in pool.suggest("Wolf Spirt")


def test_autocomplete_finds_russian_names_and_shows_them(pool: DeckPool) -> None:
    found = pool.search("гоблин")
    assert "T001" in [c.id for c in found]
    assert pool.shown_name(pool.card("T001"), "гоблин") == "Гоблин-поджигатель"
    assert pool.shown_name(pool.card("T001"), "gob") == "Goblin Arsonist"
    assert pool.shown_name(pool.card("T001"), "") == "Goblin Arsonist"
    assert "H07" in [c.id for c in pool.search("вела")]


def test_every_problem_on_its_line(pool: DeckPool) -> None:
    text = "\n".join(
        [
            "Герой",
            "1 Граск, Вождь Углей",  # 2
            "Колода",
            "1 Никс, Ткачиха Теней",  # 4: a Hero in the Main Deck
            "2 Дух волка",  # 5: a token
            "2 Первый огонь",  # 6: a mythic card twice
            "2 Гоблин-поджигатель",  # 7
            "Колода героя",
            "1 Гоблин-поджигатель",  # 9: a third copy across Main Deck and Hero Deck
            "1 Указ императора",  # 10: mythic in the Hero Deck
            "4 Пещерный медвед",  # 11: misspelt
            "2 x",  # 12: unknown, no suggestion
        ]
    )
    result = import_deck(text, pool)
    assert not result.ok
    by_line = {p.line: p for p in result.problems}
    assert "is a Hero" in by_line[4].message
    assert "token" in by_line[5].message
    assert "at most 1" in by_line[6].message and "First Flame" in by_line[6].message
    assert "3 × Goblin Arsonist" in by_line[7].message and "counting lines 7, 9" in by_line[7].message
    assert "Main Deck and Hero Deck may hold at most 2" in by_line[7].message
    assert "mythic" in by_line[10].message
    assert by_line[11].suggestions[0] == "Пещерный медведь"
    assert by_line[12].kind == "unknown"
    deck_wide = [p.message for p in result.problems if p.line is None]
    assert any("Main Deck has" in m and "at least 30" in m for m in deck_wide)


def test_deck_wide_problems(pool: DeckPool) -> None:
    base = _listing("Legion of Hours")
    no_hero = base.replace("Hero\n1 Aurelian, Chrono-Legate\n", "")
    assert "the deck has no Hero" in import_deck(no_hero, pool).report()
    two_heroes = base.replace(
        "1 Aurelian, Chrono-Legate", "1 Aurelian, Chrono-Legate\n1 Grask the Ember-Chief"
    )
    assert "at most 1" in import_deck(two_heroes, pool).report()
    big_side = base + "\n1 Cave Bear\n1 Tribal Shaman"  # 9 + 2
    report = import_deck(big_side, pool).report()
    assert "Hero Deck has 11 cards" in report and "at most 10" in report
    hero_first = base.replace("Hero\n1 Aurelian, Chrono-Legate\n", "1 Aurelian, Chrono-Legate\n")
    assert "is a Hero: list it under a 'Hero' line" in import_deck(hero_first, pool).report()


def test_a_one_line_paste_with_russian_headers(pool: DeckPool) -> None:
    flat = _listing("Future Engine", ru=True).replace("\n\n", "\n").replace("\n", "; ")
    result = import_deck(flat, pool)
    assert result.ok, result.report()
    assert result.deck == import_deck(_listing("Future Engine"), pool).deck


def test_other_games_have_no_aliases_and_ignore_russian(pool: DeckPool) -> None:
    for game in ("afrika", "alchemy", "spirit"):
        other = get_pool(game)
        assert not any(c.aliases for c in other.cards.values())
        assert other.by_name("Гоблин-поджигатель") == []
    assert pool.card("T001").aliases == ("Гоблин-поджигатель",)
