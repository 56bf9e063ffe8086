"""Alchemy decks (D11): the deck rules in words, the four starters, and the deck library's two
sections (an Element Deck and a Magnum Opus section) through the shared parser."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.alchemy import ENGINE, GAME
from engines.alchemy.decks import STARTERS, check_deck, split, starter_decks
from engines.core import ConfigError, MatchConfig
from engines.decks import export, get_pool, import_deck

POOL = get_pool("alchemy")


def _text(deck: list[str], main_header: str = "Element Deck") -> str:
    main, opus = split(deck)
    lines = [main_header] + [f"{n} {POOL.card(c).name}" for c, n in Counter(main).items()]
    lines += ["", "Magnum Opus"] + [f"1 {POOL.card(c).name}" for c in opus]
    return "\n".join(lines)


def test_four_legal_starters_with_different_plans() -> None:
    decks = starter_decks()
    assert len(decks) == 4 and GAME.starter_decks() == decks
    for name, deck in decks.items():
        assert check_deck(deck) == "", name
        assert GAME.check_deck(deck) == ""
    mixes = {name: frozenset(c[0] for c in split(d)[0] if not c.startswith("P")) for name, d in decks.items()}
    processes = {name: frozenset(c for c in split(d)[0] if c.startswith("P")) for name, d in decks.items()}
    assert len(set(processes.values())) == 4
    assert mixes["Quintessence"] == frozenset("FAEW")
    assert len({frozenset(split(d)[1]) for d in decks.values()}) == 4, "each has its own Magnum Opus cards"
    assert set(STARTERS) == set(decks)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d[1:], "the Element Deck has 59 cards and must have exactly 60"),
        (
            lambda d: ["F1" if i == 3 else c for i, c in enumerate(d)],
            "it has 4 copies of Spark (Fire 1); at most 3",
        ),
        (
            lambda d: [c if c != "P07" else "P01" for c in d],
            "it has 4 copies of Quicksilver Draught; at most 2",
        ),
        (lambda d: d[:-1], "the Magnum Opus Deck has 4 cards and must have exactly 5"),
        (lambda d: [*d[:-1], d[-2]], "the Magnum Opus Deck must hold 5 different cards"),
        (lambda d: [*d, "Q9"], "unknown card id(s) Q9"),
    ],
)
def test_deck_rules_in_words(change: object, message: str) -> None:
    deck = starter_decks()["Ember Rush"]
    assert message in check_deck(change(deck))  # type: ignore[operator]


def test_a_match_takes_the_decks_option_and_refuses_a_bad_one() -> None:
    decks = list(starter_decks().values())
    s = ENGINE.setup(MatchConfig(players=2, options={"decks": [decks[2], decks[3]]}), 5)
    assert sorted(s.card_of[:65]) == sorted(decks[2])
    with pytest.raises(ConfigError, match="P2's deck is not legal: the Element Deck has 59 cards"):
        ENGINE.setup(MatchConfig(players=2, options={"decks": [decks[0], decks[1][1:]]}), 5)


def test_import_with_two_sections_and_export_round_trip() -> None:
    for deck in starter_decks().values():
        result = import_deck(_text(deck), POOL)
        assert result.ok, result.report()
        assert result.deck is not None
        assert sorted(result.deck.cards("main") + result.deck.cards("opus")) == sorted(deck)
        again = import_deck(export(result.deck, POOL, "x"), POOL)
        assert again.deck == result.deck
    assert import_deck(_text(starter_decks()["Quintessence"], "Deck"), POOL).ok


def test_import_problems_are_sentences() -> None:
    deck = starter_decks()["Tidal Bulwark"]
    text = _text(deck).replace("Magnum Opus\n", "")
    report = import_deck(text, POOL).report()
    assert "is a Magnum Opus card: list it under a 'Magnum Opus' line" in report
    assert "Line 2" not in report
    wrong = _text(deck).replace("Magnum Opus\n", "Magnum Opus\n1 Spark\n")
    assert (
        "Spark is not a Magnum Opus card: it belongs in the Element Deck."
        in import_deck(wrong, POOL).report()
    )
    twice = _text(deck) + "\n1 The White Work"
    assert (
        "too many copies of The White Work in the Magnum Opus Deck: at most 1"
        in import_deck(twice, POOL).report()
    )


def test_pool_index() -> None:
    assert POOL.by_code("f4") == POOL.card("F4")
    assert POOL.by_name("blaze")[0].id == "F4"
    assert POOL.card("P25").type_line == "Process — Reaction"
    assert POOL.card("MO03").group == "opus"
    assert POOL.suggest("Kindld Flame")[0] == "Kindled Flame"


def test_a_match_takes_both_sections_of_an_imported_deck() -> None:
    """The library hands the engine every section the format marks in play: the Element Deck and
    the Magnum Opus, in that order; a side section of another game would stay out."""
    from engines.decks.pool import play_cards

    for deck in starter_decks().values():
        imported = import_deck(_text(deck), POOL).deck
        assert imported is not None
        cards = play_cards(imported)
        assert sorted(cards) == sorted(deck) and len(cards) == 65
        ENGINE.setup(MatchConfig(players=2, options={"decks": [cards, cards]}), 1)
    assert [s.key for s in POOL.format().sections if s.plays] == ["main", "opus"]
    assert [s.key for s in get_pool("afrika").format().sections if s.plays] == ["main"]


def test_size_messages_use_the_right_article() -> None:
    text = "Element Deck\n1 " + POOL.card("F1").name
    assert "an Alchemy" in import_deck(text, POOL).report()
