"""engines.decks.fixes: the suggestions applied only when each is the one sure card and the result is legal."""

from __future__ import annotations

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES
from engines.decks import get_pool, import_deck
from engines.decks.fixes import LineChange, suggested_fix

POOL = get_pool("afrika")


def listing(sep: str = "\n") -> str:
    return sep.join(f"{n} {CARDS()[cid].name}" for cid, n in STARTER_FLAMES.items())


GOOD = import_deck(listing(), POOL).deck


def test_a_clean_list_needs_no_fix() -> None:
    assert GOOD is not None and suggested_fix(listing(), POOL) is None


def test_each_line_keeps_its_own_writing_but_the_name() -> None:
    text = (
        listing()
        .replace("2 Veil Drifter", "- 2x veil driftr  // fast")
        .replace("2 Cinder Raider", "2 Cinder Raidr (LC) 999")
    )
    fix = suggested_fix(text, POOL)
    assert fix is not None and fix.deck == GOOD
    assert fix.changes == (
        LineChange(7, "- 2x veil driftr  // fast", "- 2x Veil Drifter  // fast"),
        LineChange(14, "2 Cinder Raidr (LC) 999", "2 Cinder Raider (LC) 999"),
    )
    assert fix.text.split("\n")[6] == "- 2x Veil Drifter  // fast"


def test_crlf_a_rewritten_line_and_a_one_line_list() -> None:
    text = listing("\r\n").replace("1 Glimpse Beyond", "1  Glimpse Beyod # Glimpse Beyod")
    fix = suggested_fix(text, POOL)
    # the name twice on the line (once in a comment): written anew rather than guessing which
    assert fix is not None and fix.changes == (
        LineChange(24, "1  Glimpse Beyod # Glimpse Beyod", "1 Glimpse Beyond"),
    )
    assert "\r" not in fix.text and fix.deck == GOOD
    spaced = listing().replace("2 Veil Drifter", "2  Veil   Driftr")
    fix = suggested_fix(spaced, POOL)  # found once as the parser reads it (spaces collapsed)
    assert fix is not None and fix.changes[0].after == "2 Veil Drifter"
    one = listing("; ").replace("Luminous Archivist", "Luminous Archivit")
    fix = suggested_fix(one, POOL)
    assert fix is not None and fix.deck == GOOD and [c.line for c in fix.changes] == [8]


def test_nothing_is_offered_without_one_sure_card_each_or_a_legal_result() -> None:
    one = listing().replace("Veil Drifter", "Veil Driftr")
    assert suggested_fix(one, POOL) is not None
    assert suggested_fix(one.replace("Cosmic Storyteller", "Cosmic Storytelr"), POOL) is None  # two cards
    assert suggested_fix(one.replace("Spark Bolt", "Xyzzy"), POOL) is None  # no card
    assert suggested_fix(one.replace("3 Spark Bolt", "three Spark Bolt"), POOL) is None  # not a name
    assert suggested_fix(one.replace("3 Spark Bolt", "9 Spark Bolt"), POOL) is None  # too many copies
    assert suggested_fix("\n".join(one.split("\n")[:-3]), POOL) is None  # still short after it
    assert suggested_fix("12 Nebula Plains", POOL) is None  # only a deck-wide problem
