"""The card set as data: the loader refuses what it does not know (naming file and card), every
op has a handler and is used, the set is as large as issue #19 asks, every keyword is on at least
3 cards, every card has an English and a Russian name and text, and the rules text is written from
the parsed effects."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from engines.chronomagia import effects, grammar
from engines.chronomagia.cards import CARD_DIR, card, card_set, load
from engines.chronomagia.grammar import KEYWORDS, CardDataError, parse_line


def test_the_set_is_complete() -> None:
    cards = card_set().cards.values()
    kinds = Counter(c.kind for c in cards)
    assert kinds["hero"] >= 8 and kinds["thoughtform"] >= 100
    assert kinds["location"] >= 8 and kinds["phenomenon"] >= 8 and kinds["shadow"] >= 10
    assert kinds["token"] >= 1
    natives = Counter(c.native for c in cards if c.kind == "thoughtform")
    assert min(natives[e] for e in (1, 2, 3)) >= 30, natives
    heroes = {(c.base, tuple(a.delta for a in c.abilities)) for c in cards if c.kind == "hero"}
    assert len(heroes) >= 2, "Heroes that differ"


def test_every_thoughtform_has_three_windows_and_each_epoch_has_what_decks_need() -> None:
    """Section 6: creatures native to each Epoch producing Concentration, Attack, Defense and Time
    there, and spells in every Epoch."""
    for c in card_set().cards.values():
        if c.kind != "hero":
            assert len(c.windows) == 3, c.id
    tfs = [c for c in card_set().cards.values() if c.kind == "thoughtform"]
    for e in (1, 2, 3):
        natives = [c for c in tfs if c.native == e]
        for res in ("concentration", "attack", "defense"):
            assert any(c.window(e).amount(res) for c in natives), (e, res)
        assert any(c.window(e).amount(r) for c in tfs for r in ("time", "time_past", "time_future")), e
        assert any(c.window(e).spell for c in tfs), e


def test_every_keyword_on_three_cards() -> None:
    counts = Counter(k for c in card_set().cards.values() for k in c.keywords)
    assert {k: counts[k] for k in KEYWORDS if counts[k] < 3} == {}


def test_every_op_has_a_handler_and_is_used() -> None:
    assert set(grammar.OPS) == effects.HANDLED
    used = set()
    for c in card_set().cards.values():
        used |= {e.op for e in c.meditation} | {e.op for a in c.abilities for e in a.effects}
        for w in c.windows:
            used |= {e.op for e in (*w.spell, *(w.tap or ()), *(e for _, es in w.triggers for e in es))}
    assert used == set(grammar.OPS), set(grammar.OPS) - used
    statics = {st.op for c in card_set().cards.values() for w in c.windows for st in w.statics}
    assert statics == set(grammar.STATICS)
    emerges = {c.emerge for c in card_set().cards.values() if c.kind == "shadow"}
    assert len(emerges) >= 8


def test_both_languages_on_every_card() -> None:
    for c in card_set().cards.values():
        assert c.name and c.name_ru and c.name != c.name_ru, c.id
        assert c.text and c.text_ru, c.id
        assert any("\u0400" <= ch <= "\u04ff" for ch in c.name_ru), c.id
        assert any("\u0400" <= ch <= "\u04ff" for ch in c.text_ru), c.id
        assert not any("\u0400" <= ch <= "\u04ff" for ch in c.text), c.id


def test_the_seed_example_cards() -> None:
    """Comet Rain, Goblin Arsonist, Seeker, Standard-Bearer and Legionnaire as the seed describes them."""
    comet = card("T002")
    assert all(w.res is None and w.spell for w in comet.windows), "a spell in every Epoch"
    goblin = card("T001")
    assert goblin.window(1).res is not None and goblin.window(1).trigger("fury")
    assert goblin.window(2).res is None and [e.op for e in goblin.window(2).spell] == ["damage"]
    assert goblin.window(2).spell[0].amount == 2, "it becomes a living spell and deals 2 damage"
    seeker = card("T068")
    assert seeker.native == 3
    assert all(w.trigger("on_future") == grammar.parse_line("conc 1") for w in seeker.windows)
    assert seeker.window(1).tap is None and seeker.window(2).tap and seeker.window(3).tap
    bearer = card("T035")
    assert bearer.native == 2 and bearer.window(2).statics
    legion = card("T069")
    assert legion.native == 3
    assert legion.window(1).trigger("summon") == grammar.parse_line("future 2")
    assert legion.window(2).trigger("manifest") == grammar.parse_line("draw 1")
    assert [card(c).name for c in ("T001", "T002", "T035", "T068", "T069")] == [
        "Goblin Arsonist",
        "Comet Rain",
        "Standard-Bearer",
        "Seeker",
        "Legionnaire",
    ]
    assert card("T068").name_ru == "Искатель" and card("T002").name_ru == "Дождь комет"


def test_rules_text_comes_from_the_effects() -> None:
    assert card("T001").text == (
        "[Epoch 1] Produces 2 Attack. Fury: Deal 1 damage to the opponent.\n"
        "[Epoch 2] Spell: Deal 2 damage to the opponent.\n"
        "[Epoch 3] Spell: Deal 2 damage to the opponent."
    )
    assert card("T001").text_ru.splitlines()[1] == "[Эпоха 2] Заклинание: Нанесите 2 повреждения противнику."
    assert card("S01").text.startswith("Emerge from the Shadows: when the opponent collects Attack.")
    assert "Tap (pay" not in card("T068").text and "Tap: Gain 2 Time." in card("T068").text
    assert card("H01").text.splitlines()[-1] == "-3: Disembody 4."
    assert "Other creatures you control produce +1 Attack." in card("T035").window(2).text
    assert grammar.ru_plural(1, "а", "б", "в") == "а" and grammar.ru_plural(12, "а", "б", "в") == "в"
    assert grammar.ru_plural(23, "а", "б", "в") == "б"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("boom 2", "unknown effect 'boom'"),
        ("damage", "damage needs an amount"),
        ("damage 2 them", "damage takes opp, me as its target word"),
        ("draw 12", "draw needs a whole number from 1 to 9"),
        ("token 1 K99", "token needs a token id"),
        ("life 2,", "an empty effect"),
        ("trap 2 3", "unexpected words"),
    ],
)
def test_bad_lines_are_refused_in_words(line: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        parse_line(line, frozenset({"K01"}))


def _broken(tmp_path: Path, fname: str, old: str, new: str) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(CARD_DIR, folder)
    path = folder / fname
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("fname", "old", "new", "message"),
    [
        ("thoughtforms.toml", 'e1 = { res = { attack = 2 }, fury = "damage 1 opp" }',
         'e1 = { res = { atack = 2 }, fury = "damage 1 opp" }', "thoughtforms.toml: card T001 e1: res: unknown resource 'atack'"),
        ("thoughtforms.toml", 'e23 = { spell = "damage 2 opp" }', 'e23 = { spell = "damage 2 opp" }\ne2 = { spell = "life 1" }',
         "card T001: Epoch 2 is covered by two windows"),
        ("thoughtforms.toml", 'e1 = { res = { attack = 2 }, fury = "damage 1 opp" }',
         'e1 = { fury = "damage 1 opp" }', "fury need a resource window"),
        ("thoughtforms.toml", 'name_ru = "Гоблин-поджигатель"\n', "", "card T001: name_ru must be a non-empty string"),
        ("shadows.toml", 'emerge = "opp_attack"', 'emerge = "whenever"', "card S01: emerge must be one of"),
        ("heroes.toml", '  { delta = -3, line = "disembody 4" },\n', "", "card H01: a Hero has exactly three abilities"),
        ("locations.toml", "lives = 5", "lives = 0", "card L01: lives must be a whole number from 1 to 20"),
        ("thoughtforms.toml", 'rarity = "mythic"', 'rarity = "legendary"', "rarity must be one of"),
        ("thoughtforms.toml", "subtype = \"Goblin\"", "subtype = \"Goblin\"\ncolour = 3", "card T001: unknown fields ['colour']"),
    ],
)  # fmt: skip
def test_the_loader_names_file_and_card(tmp_path: Path, fname: str, old: str, new: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load(_broken(tmp_path, fname, old, new))


def test_the_shipped_files_load() -> None:
    assert len(load().cards) == len(card_set().cards)
