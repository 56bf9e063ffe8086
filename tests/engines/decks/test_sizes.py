"""The size message counts only the lines without problems, as it says (issue #35 item 7).

A list of 48 clean cards and a line with too many copies ("5 Facet Lancer") was told "the Codex has
53 cards (counting only the lines without problems)": the bad line's copies were counted.
"""

from __future__ import annotations

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES
from engines.decks import get_pool, import_deck

POOL = get_pool("afrika")


def clean_48() -> str:
    lines = [f"{n} {CARDS()[cid].name}" for cid, n in STARTER_FLAMES.items()]
    text = "\n".join(lines).replace("12 Nebula Plains", "").strip()
    assert sum(int(line.split()[0]) for line in text.split("\n")) == 48
    return text


def size_line(text: str) -> str:
    return next(p.describe() for p in import_deck(text, POOL).problems if p.line is None)


def test_a_line_with_too_many_copies_is_not_counted() -> None:
    said = size_line(clean_48() + "\n5 Facet Lancer")
    assert said.startswith("Deck: the Codex has 48 cards;"), said  # not 53
    assert said.endswith("(counting only the lines without problems).")


def test_a_clean_line_counts_its_copies_and_a_misspelt_one_counts_none() -> None:
    said = size_line(clean_48() + "\n4 Facet Lancer\n4 Facet Lancr")
    assert said.startswith("Deck: the Codex has 52 cards;"), said


def test_a_copy_limit_across_lines_leaves_out_the_line_it_is_reported_on() -> None:
    # 3 + 2 Facet Lancer: the problem stands on the first line, so only the second one counts
    said = size_line(clean_48() + "\n3 Facet Lancer\n2 Facet Lancer")
    assert said.startswith("Deck: the Codex has 50 cards;"), said
