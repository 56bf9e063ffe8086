"""The card set as data: the loader refuses what it does not know (naming file and card), every
op has a handler, the set is as large as issue #17 asks, every keyword is on at least 3 cards,
and the rules text is written from the parsed effects."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from engines.spirit import effects, grammar
from engines.spirit.cards import CARD_DIR, KEYWORDS, card, card_set, load
from engines.spirit.grammar import CardDataError, parse_line

NAMES = ("Flame", "Tide", "Gale", "Stone", "Bloom", "Radiance", "Umbra")


def test_the_set_is_complete() -> None:
    kinds = Counter(c.kind for c in card_set().cards.values())
    assert kinds["commander"] >= 8 and kinds["spirit"] >= 70
    assert kinds["arcana"] >= 18 and kinds["reflex"] >= 18 and kinds["essence"] == 7
    affinities = {c.affinity for c in card_set().cards.values() if c.kind == "commander"}
    assert len(affinities) == 7, "Commanders across the affinities"
    assert [e.name for e in card_set().essences] == list(NAMES)
    assert len({e.colour for e in card_set().essences}) == 7


def test_every_keyword_on_three_cards_and_indicator_shapes() -> None:
    counts = Counter(k for c in card_set().cards.values() for k in c.keywords)
    assert {k: counts[k] for k in KEYWORDS if counts[k] < 3} == {}
    shapes = {c.shape for c in card_set().cards.values() if c.shape}
    assert len(shapes) >= 5


def test_every_op_has_a_handler_and_is_used() -> None:
    assert set(grammar.OPS) == effects.HANDLED
    used = {
        e.op
        for c in card_set().cards.values()
        for ab in (*c.abilities, *(t.ability for t in c.triggers), *((c.spell,) if c.spell else ()))
        for e in ab.effects
    }
    assert used == set(grammar.OPS), "every op of the vocabulary is on some card"


def test_rules_text_comes_from_the_effects() -> None:
    assert (
        card("S03").text
        == "Twinstrike.\n[1] Flame Flame: Deal 400 damage to target opposing Spirit in range."
    )
    assert card("A04").text == "Your Commander regains up to 200 R; you draw 1 card."
    assert card("R07").text.startswith("Target opposing Spirit gets -200 S until end of turn; deal 100")
    assert card("S04").text == (
        "Once per turn: When you Call a Spirit: Gather 1 Essence from your Reload pile onto this Spirit."
    )
    assert card("A14").text == "Pay 500 R: You draw 2 cards."
    assert card("A13").text.startswith("Limited.")
    assert card("S34").text.startswith("Limited 2.")
    assert "Snare: Defeat target opposing Spirit in range." in card("S63").text


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Flame damage 300 foe", "exactly one colon"),
        ("Flame: damage 300 foe; draw 1 me; draw 1 me", "at most one semicolon"),
        ("Fire: damage 300 foe", "unknown cost symbol 'Fire'"),
        (": zap 300 foe", "unknown effect 'zap'"),
        (": damage foe", "damage needs a whole number"),
        (": damage 333 foe", "multiples of 50"),
        (": damage 300 nobody", "takes foe, ally, any"),
        (": damage 300 foe, empower 200 ally", "may not mix"),
        (": draw 1", "needs a target word"),
        (": draw 1 me extra", "unexpected words"),
        (": grant Snare ally", "needs a keyword"),
        (": move foes", "takes foe, ally, any"),
        (": damage 300 foe;", "the Aftermath effect is empty"),
        (": draw 1 me; negate", "negate belongs to the Primary effect"),
    ],
)
def test_the_grammar_is_strict(line: str, words: str) -> None:
    with pytest.raises(CardDataError, match=words):
        parse_line(line, NAMES, source="spirit")


def test_context_rules_of_the_grammar() -> None:
    with pytest.raises(CardDataError, match="costs nothing"):
        parse_line("Flame: draw 1 me", NAMES, source="spirit", trigger=True)
    with pytest.raises(CardDataError, match="no self"):
        parse_line(": empower 300 self", NAMES, source="spell")
    with pytest.raises(CardDataError, match="only a Reflex or a Charged Ability can negate"):
        parse_line(": negate", NAMES, spell="arcana")
    ab = parse_line("Any Flame Life 300: move ally; draw 1 me", NAMES, source="spirit")
    assert ab.cost == (1, 0) and ab.life == 300 and ab.move and ab.designate == "ally" and ab.ranged
    assert (
        ab.text
        == "Flame Any, Pay 300 R: Move target Spirit you control in range to another empty zone of its controller's Battleground; you draw 1 card."
    )


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(CARD_DIR, folder)
    return folder


@pytest.mark.parametrize(
    ("file", "old", "new", "words"),
    [
        (
            "spirits.toml",
            'abilities = ["Flame Flame: damage 400 foe"]',
            'abilities = ["Flame Flame: damage 400 fo"]',
            "spirits.toml: card S03: ability 1",
        ),
        (
            "spirits.toml",
            'id = "S01"\nname = "Cinder Whelp"',
            'id = "S01"\nname = "Cinder Whelp"\ncolour = "red"',
            "unknown fields ['colour']",
        ),
        ("spirits.toml", 'indicator = "lance"', 'indicator = "spiral"', "unknown Indicator shape 'spiral'"),
        (
            "spirits.toml",
            'keywords = ["Ravage"]\nflavour = "It does not',
            'keywords = ["Rampage"]\nflavour = "It does not',
            "keywords must be different names",
        ),
        ("spirits.toml", 'snare = ": damage 400 foe"\n', "", "a Snare Spirit needs a snare line"),
        ("commanders.toml", '"Tide: draw 1 me", ', "", "exactly two Charged Abilities"),
        ("essence.toml", 'colour = "#d9482b"', 'colour = "red"', "colour must be #rrggbb"),
        (
            "arcana.toml",
            'text = "Flame: damage 600 foe"',
            'text = "Flame damage 600 foe"',
            "arcana.toml: card A01: text",
        ),
        ("reflex.toml", 'id = "R02"', 'id = "R01"', "duplicate id"),
        ("spirits.toml", 'name = "Pyre Hound"', 'name = "Cinder Whelp"', "duplicate name"),
        (
            "spirits.toml",
            'aura = "empower 200 allies"\nflavour = "Stand beside',
            'aura = "damage 200 allies"\nflavour = "Stand beside',
            "an aura uses empower, sap, grant",
        ),
        ("rules.toml", "copies = 3 ", "copies = 0 ", "copies must be a whole number"),
    ],
)
def test_the_loader_names_file_and_card(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    folder = _copy(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the fixture text is no longer in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError, match=words.replace("[", r"\[").replace("]", r"\]")):
        load(folder)


def test_the_real_files_load() -> None:
    assert load(CARD_DIR).cards == card_set().cards
