"""``/deck import`` in the Star Lords format (R140, R141, DECISION A24): a Star Lord section with one
Legendary Entity and a Codex of 99, singleton but Basic terrains, every card within the Star
Lord's energy identity; refusals per line, the engine's check_starlords as the last word."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.afrika.cards import CARDS
from engines.afrika.decks import check_starlords, starlords_starters
from engines.decks import Deck, export, get_pool, import_deck
from engines.decks.pool import play_cards

POOL = get_pool("afrika")
STARTERS = starlords_starters()


def name(cid: str) -> str:
    return CARDS()[cid].name


def _text(starter: str, *, lord_first: bool = True, header: str = "Star Lord") -> str:
    """A hand-written list: the Star Lord under its own header, then the Codex by name."""
    lord, cards = STARTERS[starter]
    counts = Counter(c for c in cards if c != lord)
    codex = ["Codex", *(f"{n} {name(cid)}" for cid, n in counts.items())]
    star = [header, f"1 {name(lord)}"]
    return "\n".join([*star, "", *codex] if lord_first else [*codex, "", *star]) + "\n"


def test_the_format_is_listed() -> None:
    fmt = POOL.format("starlords")
    assert fmt is POOL.format("Star Lords")
    assert [s.key for s in fmt.sections] == ["main", "commander"]
    assert fmt.rule("commander") is not None and fmt.rule("commander").label == "Star Lord"  # type: ignore[union-attr]
    assert "Legendary Entity" in fmt.description and "99" in fmt.description
    assert POOL.default_format.key == "constructed"


@pytest.mark.parametrize("starter", sorted(STARTERS))
def test_a_starter_imports_exports_and_imports_back(starter: str) -> None:
    lord, cards = STARTERS[starter]
    result = import_deck(_text(starter), POOL, "starlords")
    assert result.ok, result.report()
    deck = result.deck
    assert deck is not None
    assert deck.cards("commander") == [lord]
    assert deck.size("main") == 99 and deck.size() == 100
    assert Counter(play_cards(deck)) == Counter(cards)
    text = export(deck, POOL, starter)
    assert "star lords, 100 cards" in text.splitlines()[0]
    again = import_deck(text, POOL, "starlords")
    assert again.ok and again.deck == deck
    # the Star Lord may also come last, and under a "Commander" header
    assert import_deck(_text(starter, lord_first=False, header="Commander"), POOL, "starlords").deck == deck


def test_off_identity_and_duplicate_lines_are_refused_one_by_one() -> None:
    lord, _ = STARTERS["Comet Fire"]
    lines = _text("Comet Fire").splitlines()
    nonbasic = [i for i, ln in enumerate(lines) if ln.startswith("1 ") and name(lord) not in ln]
    first, second = nonbasic[0], nonbasic[1]
    duplicated = lines[first]
    lines[second] = "1 Void Grasp"  # The Void: outside Nebula Plains and Volcanic Valleys
    lines.append(duplicated)  # a second copy of a card already listed
    result = import_deck("\n".join(lines), POOL, "starlords")
    assert result.deck is None
    by_line = {p.line: p for p in result.problems}
    off = by_line[second + 1]
    assert off.kind == "legal" and off.text == "1 Void Grasp"
    assert off.message == (
        "Void Grasp (The Void) is outside the energy identity of Amanirenas, Comet Queen "
        "(Nebula Plains and Volcanic Valleys)."
    )
    copies = by_line[first + 1]
    assert copies.kind == "copies" and "2 ×" in copies.message and f"{len(lines)}" in copies.message
    assert "at most 1" in copies.message
    report = result.report()
    assert f"Line {second + 1} (`1 Void Grasp`)" in report


def test_basic_terrains_are_not_limited_but_other_terrains_are() -> None:
    _, cards = STARTERS["Diamond Peaks"]
    lines = _text("Diamond Peaks").splitlines()
    nonbasic_terrain = next(c for c in cards if CARDS()[c].type == "terrain" and not CARDS()[c].basic)
    swap = next(i for i, ln in enumerate(lines) if ln.startswith("18 Diamond Terrain"))
    lines[swap] = "16 Diamond Terrain"
    lines.append("1 Diamond Terrain")
    lines.append(f"1 {name(nonbasic_terrain)}")
    result = import_deck("\n".join(lines), POOL, "starlords")
    problems = [p for p in result.problems if p.kind == "copies"]
    assert len(problems) == 1 and name(nonbasic_terrain) in problems[0].message


def test_the_star_lord_section_takes_one_legendary_entity() -> None:
    text = _text("Green Pride").replace(
        "Star Lord\n1 Nambi, Bride of the Green Plains", "Star Lord\n1 Dune Strider"
    )
    result = import_deck(text, POOL, "starlords")
    refused = next(p for p in result.problems if p.line == 2)
    assert refused.kind == "legal" and refused.message == (
        "Dune Strider is not a Legendary Entity, so it can't be a Star Lord."
    )
    orun = import_deck(text.replace("1 Dune Strider", "1 Orun, the Celestial Engine"), POOL, "starlords")
    assert any("Orun, the Celestial Engine is not a Legendary Entity" in p.message for p in orun.problems)
    lordless = import_deck(_text("Green Pride").split("\n\n", 1)[1], POOL, "starlords")
    assert any(p.kind == "missing" and "no Star Lord" in p.message for p in lordless.problems)
    two = _text("Green Pride").replace("Star Lord\n", "Star Lord\n1 Amara, Sun of the Savannas\n")
    assert any("at most 1" in p.message for p in import_deck(two, POOL, "starlords").problems)


def test_the_codex_has_exactly_99_besides_the_star_lord() -> None:
    text = _text("Drowned Kings")
    short = import_deck(text.replace("18 Deep Seas", "17 Deep Seas"), POOL, "starlords")
    assert any(
        p.kind == "size" and "98 cards" in p.message and "at least 99" in p.message for p in short.problems
    )
    long = import_deck(text.replace("18 Deep Seas", "19 Deep Seas"), POOL, "starlords")
    assert any(
        p.kind == "size" and "100 cards" in p.message and "at most 99" in p.message for p in long.problems
    )


def test_banned_and_token_cards_are_refused_per_line() -> None:
    text = _text("Green Pride").replace("1 Savanna Lioness\n", "1 Cosmic Ascension\n")
    result = import_deck(text, POOL, "starlords")
    banned = next(p for p in result.problems if p.text == "1 Cosmic Ascension")
    assert banned.kind == "legal" and "banned in Star Lords" in banned.message


def test_the_engine_check_is_the_last_word() -> None:
    lord, cards = STARTERS["Comet Fire"]
    deck = Deck(
        "afrika",
        "starlords",
        (("main", tuple(Counter(c for c in cards if c != lord).items())), ("commander", ((lord, 1),))),
    )
    fmt = POOL.format("starlords")
    assert fmt.check is not None and fmt.check(deck) == ""
    wrong = Deck("afrika", "starlords", (("main", (("LC053", 99),)), ("commander", ((lord, 1),))))
    assert fmt.check(wrong).startswith("the Codex is not legal: ")
    assert check_starlords(play_cards(deck), lord) == ""
