"""engines.decks.fixes: the suggestions applied only when each is the one sure card and the result is legal."""

from __future__ import annotations

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES
from engines.decks import get_pool, import_deck
from engines.decks.fixes import LineChange, offer_fix, suggested_fix

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
    assert suggested_fix(one.replace("Pyre Drake", "Pyle Drake"), POOL) is None  # two cards
    assert suggested_fix(one.replace("Spark Bolt", "Xyzzy"), POOL) is None  # no card
    assert suggested_fix(one.replace("3 Spark Bolt", "three Spark Bolt"), POOL) is None  # not a name
    assert suggested_fix(one.replace("3 Spark Bolt", "9 Spark Bolt"), POOL) is None  # too many copies
    assert suggested_fix("\n".join(one.split("\n")[:-3]), POOL) is None  # still short after it
    assert suggested_fix("12 Nebula Plains", POOL) is None  # only a deck-wide problem


def test_a_one_letter_typo_with_one_clearly_closest_card_is_offered() -> None:
    """Issue #35 item 7: "Cosmic Storytelr" was Cosmic Storyteller or Cosmic Recall, so nothing was offered."""
    text = listing().replace("Cosmic Storyteller", "Cosmic Storytelr").replace("Spark Bolt", "Spark Blt")
    fix = suggested_fix(text, POOL)
    assert fix is not None and fix.deck == GOOD
    assert [c.after for c in fix.changes] == ["2 Cosmic Storyteller", "3 Spark Bolt"]


def test_the_offer_says_which_line_stops_it() -> None:
    one = listing().replace("Veil Drifter", "Veil Driftr")
    assert offer_fix(one, POOL).reason == "" and offer_fix(listing(), POOL).reason == ""
    lines = {i: line for i, line in enumerate(one.split("\n"), start=1)}
    drake = next(i for i, line in lines.items() if line.endswith("Pyre Drake"))
    bolt = next(i for i, line in lines.items() if line.endswith("Spark Bolt"))
    reasons = {
        "ambiguous": one.replace("Pyre Drake", "Pyle Drake"),
        "none": one.replace("Spark Bolt", "Xyzzy"),
        "count": one.replace("3 Spark Bolt", "three Spark Bolt"),
        "short": "\n".join(one.split("\n")[:-3]),
        "two": one.replace("Pyre Drake", "Pyle Drake").replace("Spark Bolt", "Xyzzy"),
    }
    said = {why: offer_fix(text, POOL) for why, text in reasons.items()}
    assert all(offer.fix is None for offer in said.values())
    assert said["ambiguous"].reason == (
        f"line {drake} could be **Pyre Drake** or **Isle Drake**, and only you know which"
    )
    assert said["none"].reason == f"line {bolt} names no card close enough to suggest"
    assert said["count"].reason == f"the problem on line {bolt} is not a misspelt card name"
    assert said["short"].reason == "even with the suggestions the list would not be a legal deck"
    first = min(drake, bolt)
    assert said["two"].reason.startswith(f"line {first} ") and said["two"].reason.endswith(
        "(1 more line needs you too)"
    )
    # nothing that looks like a misspelt name: no button expected, so nothing to explain
    assert offer_fix("12 Nebula Plains", POOL).reason == ""
    assert offer_fix(listing().replace("Spark Bolt", "Xyzzy"), POOL).reason == ""
