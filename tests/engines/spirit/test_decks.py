"""Decks: the four starters and their Side Decks are legal and play different Commanders and
plans; ``check_deck`` and ``check_side`` say what is wrong in words (S5, S6, TS19)."""

from __future__ import annotations

from collections import Counter

from engines.spirit.cards import card
from engines.spirit.decks import check_deck, check_side, split, starter_decks, starter_sides


def test_starters_are_legal_with_their_side_decks() -> None:
    sides = starter_sides()
    assert len(starter_decks()) == 4
    for name, deck in starter_decks().items():
        assert check_deck(deck) == "", name
        assert check_side(deck, sides[name]) == "", name
        commander, main = split(deck)
        assert card(commander).kind == "commander"
        assert 30 <= len(main) <= 50 and 0 < len(sides[name]) <= 10


def test_starters_have_different_plans() -> None:
    commanders = {split(d)[0] for d in starter_decks().values()}
    assert len(commanders) == 4
    keyword_sets = []
    for deck in starter_decks().values():
        kws = Counter(k for c in deck for k in card(c).keywords)
        keyword_sets.append(frozenset(k for k, n in kws.items() if n >= 3))
    assert len(set(keyword_sets)) == 4


def test_deck_problems_in_words() -> None:
    assert "exactly one Commander, not 0" in check_deck(["E1"] * 30)
    assert "29 cards" in check_deck(["C01"] + ["E1"] * 29)
    assert "51 cards" in check_deck(["C01"] + ["E1"] * 51)
    assert check_deck(["C01"] + ["E1"] * 50) == ""
    assert "4 copies of Cinder Whelp" in check_deck(["C01"] + ["S01"] * 4 + ["E1"] * 26)
    assert "Judgement is Limited: at most 1 copy, not 2" in check_deck(["C01"] + ["A13"] * 2 + ["E1"] * 28)
    assert "unknown card id(s) X9" in check_deck(["C01", "X9"] + ["E1"] * 30)
    deck = ["C01"] + ["S01"] * 3 + ["E1"] * 27
    assert "4 copies of Cinder Whelp" in check_side(deck, ["S01"])
    assert "at most 10" in check_side(deck, ["E2"] * 11)
    assert "Commander cannot be in the Side Deck" in check_side(deck, ["C02"])
    assert check_side(deck, ["E1"] * 10) == ""


def _text(name: str) -> str:
    deck, side = starter_decks()[name], starter_sides()[name]
    lines = ["Commander", f"1 {card(deck[0]).name}", "", "Deck"]
    lines += [f"{n} {card(c).name}" for c, n in Counter(deck[1:]).items()]
    lines += ["", "Side Deck"] + [f"{n} {card(c).name}" for c, n in Counter(side).items()]
    return "\n".join(lines)


def test_the_deck_library_takes_spirit_lists() -> None:
    """A list with a Commander line and a Side Deck section imports, exports and imports again to the
    same deck; the match gets the Commander and the Deck (not the Side Deck)."""
    from engines.decks.deck import export, import_deck
    from engines.decks.pool import get_pool, play_cards

    pool = get_pool("spirit")
    for name in starter_decks():
        result = import_deck(_text(name), pool)
        assert result.ok, result.report()
        assert result.deck is not None
        again = import_deck(export(result.deck, pool), pool)
        assert again.deck == result.deck
        assert Counter(play_cards(result.deck)) == Counter(starter_decks()[name])
        assert Counter(result.deck.cards("side")) == Counter(starter_sides()[name])


def test_the_deck_library_explains_problems() -> None:
    from engines.decks.deck import import_deck
    from engines.decks.pool import get_pool

    pool = get_pool("spirit")
    text = _text("Ember Onslaught")
    report = import_deck(text.replace("Side Deck\n", "Side Deck\n2 Pyre Hound\n"), pool).report()
    assert "5 × Pyre Hound" in report and "at most 3" in report and "at most 10" in report
    report = import_deck(text.replace("Commander\n1 Ignis, Ember Regent\n", ""), pool).report()
    assert "the deck has no Commander" in report
    report = import_deck(
        text.replace("Deck\n3 Cinder Whelp", "Deck\n3 Cinder Whelp\n1 Maris, Tide Sovereign"), pool
    ).report()
    assert "Maris, Tide Sovereign is a Commander" in report
    report = import_deck(text.replace("1 Magma Tyrant", "2 Magma Tyrant"), pool).report()
    assert "Magma Tyrant" in report and "at most 1" in report


def test_played_card_counts_calls_gathers_and_spells_not_conceals() -> None:
    from engines.core import MatchConfig, PlayerId
    from engines.spirit import ENGINE, GAME

    pos = {"current": 0, "seats": [{"hand": ["S01", "S02", "E1", "R01"]}, {}]}
    s = ENGINE.position(MatchConfig(2), 1, pos)
    assert GAME.played_card is not None
    seen = []
    for seat, aid in ((0, "conceal:S02:a1"), (1, "pass"), (0, "pass"), (0, "call:S01:c2"), (1, "pass"),
                      (0, "pass"), (0, "gather:E1:c2"), (1, "pass"), (0, "pass"), (0, "cast:R01:c2")):  # fmt: skip
        after = ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action(aid)).state
        seen.append(GAME.played_card(s, after, seat))
        s = after
    assert [x for x in seen if x] == ["S01", "E1", "R01"]
