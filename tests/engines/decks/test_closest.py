"""engines.decks.closest: one "did you mean" name when it is clearly the one meant (issue #35 item 7).

The rule: the closest name by edits is suggested alone when every other name needs at least two
more edits and at least twice as many; otherwise every close spelling is listed and the player chooses.
"""

from __future__ import annotations

import pytest

from engines.decks import get_pool, import_deck
from engines.decks.closest import clearly_closest, edit_distance, runner_up_bound

POOL = get_pool("afrika")


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("facet lancr", "facet lancer", 1),  # a letter left out
        ("sprak bolt", "spark bolt", 1),  # two neighbours swapped
        ("spark bolt", "spark bolt", 0),
        ("tide curler", "tide lurker", 2),
        ("tide curler", "tide caller", 2),
        ("", "abc", 3),
        ("facet lancr", "rift lantern", 7),
    ],
)
def test_edit_distance_counts_typing_mistakes(a: str, b: str, edits: int) -> None:
    assert edit_distance(a, b) == edits == edit_distance(b, a)


def test_a_bounded_distance_stops_early_but_never_under_the_truth() -> None:
    assert edit_distance("facet lancr", "rift lantern", bound=2) == 3
    assert edit_distance("facet lancr", "facet lancer", bound=2) == 1
    assert edit_distance("a", "abcdef", bound=2) == 3


def test_the_runner_up_needs_two_more_edits_and_twice_as_many() -> None:
    assert [runner_up_bound(d) for d in (1, 2, 3, 4)] == [3, 4, 6, 8]
    assert clearly_closest("abcd", ["abce", "xyzw"]) == "abce"  # 1 against 4
    assert clearly_closest("abcdef", ["abcdeg", "abxyzf"]) == "abcdeg"  # 1 against 3: two more
    assert clearly_closest("abcdef", ["abcdeg", "abcdgg"]) is None  # 1 against 2: one more mistake
    assert clearly_closest("abcdefgh", ["abcdefxy", "abcdwxyz"]) == "abcdefxy"  # 2 against 4
    assert clearly_closest("abcdefgh", ["abcdefxy", "abcdexyz"]) is None  # 2 against 3
    assert clearly_closest("abc", ["abd", "abe"]) is None  # a tie
    assert clearly_closest("abc", []) is None


def test_one_letter_typos_get_their_card_alone() -> None:
    for typed, meant in [
        ("Facet Lancr", "Facet Lancer"),  # not also Rift Lantern
        ("Cosmic Storytelr", "Cosmic Storyteller"),  # not also Cosmic Recall
        ("Spark Blt", "Spark Bolt"),  # not also Astral Bolt
        ("Sprak Bolt", "Spark Bolt"),
        ("Thunderbawk", "Thunderhawk"),  # Thunderbird is three edits away
    ]:
        assert len(POOL.suggest(typed)) > 1, typed  # the close spellings as before ...
        assert POOL.did_you_mean(typed) == (meant,), typed  # ... but the one meant is clear


def test_a_genuinely_ambiguous_typo_keeps_every_close_spelling() -> None:
    assert POOL.did_you_mean("Tide Curler")[:2] == ("Tide Lurker", "Tide Caller")  # 2 edits each
    assert POOL.did_you_mean("Pyle Drake") == ("Pyre Drake", "Isle Drake")  # 1 against 2
    assert len(POOL.did_you_mean("Nebula")) == 3  # a part of several names
    assert POOL.did_you_mean("Xyzzy") == ()


def test_an_import_problem_suggests_the_clear_card_alone() -> None:
    result = import_deck("4 Facet Lancr\n2 Pyle Drake", POOL)
    by_line = {p.line: p for p in result.problems}
    assert by_line[1].suggestions == ("Facet Lancer",)
    assert by_line[1].describe().endswith("Did you mean **Facet Lancer**?")
    assert by_line[2].describe().endswith("Did you mean **Pyre Drake** or **Isle Drake**?")
