"""Card data: every file validates, the pool covers the issue's needs, the loader names file and card."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engines.afrika.cards import ENERGY, KEYWORDS, CardDataError, load_cards, parse_cost
from engines.afrika.decks import STARTERS, check_deck, expand, starter_decks

CARDS = load_cards()


def test_every_card_file_validates() -> None:
    assert len(CARDS) >= 80
    pool = [c for c in CARDS.values() if not c.token]
    assert len(pool) >= 80


def test_every_card_type_and_the_ten_basics() -> None:
    types = Counter(c.type for c in CARDS.values())
    assert set(types) == {"entity", "tech", "spell", "terrain", "artifact", "vehicle"}
    kinds = {c.spell_kind for c in CARDS.values() if c.type == "spell"}
    assert kinds == {"sorcery", "quickplay", "enchantment"}
    basics = [c for c in CARDS.values() if c.basic]
    assert sorted(c.produces[0] for c in basics) == sorted(ENERGY)
    assert any(c.type == "artifact" and c.has("Warp") for c in CARDS.values()), "an instant artifact"
    assert any(c.is_bond for c in CARDS.values())


def test_every_keyword_on_at_least_two_cards() -> None:
    counts = Counter(k for c in CARDS.values() for k, _ in c.keywords)
    for kw in KEYWORDS:
        assert counts[kw] >= 2, kw


def test_seed_cards_are_present() -> None:
    st = CARDS["LC001"]
    assert (st.name, st.type, st.subtypes, st.power, st.health) == (
        "Cosmic Storyteller",
        "entity",
        ("Luminaran",),
        2,
        4,
    )
    assert st.abilities[0].on == "enters" and st.abilities[0].effects[0].op == "look_pick"
    names = {c.name for c in CARDS.values()}
    assert {"Resilient Wanderer", "Energy Harvester"} <= names


def test_starter_codexes_are_legal_and_two_energies_each() -> None:
    for deck in starter_decks():
        assert len(deck) == 60
        assert check_deck(deck) == ""
        energies = {code for cid in deck for code, _ in CARDS[cid].cost.typed}
        energies |= {p for cid in deck if CARDS[cid].type == "terrain" for p in CARDS[cid].produces}
        assert len(energies) == 2, energies
    assert len(STARTERS) == 2


def test_deck_rules() -> None:
    base = expand({"LB01": 56, "LC092": 4})
    assert check_deck(base) == ""
    assert "at least 60" in check_deck(base[:-1])
    assert "5 copies of Dune Strider" in check_deck([*base[:-1], "LC092", "LC092"])
    assert check_deck(expand({"LB01": 100})) == "", "basic terrains are unlimited"
    assert check_deck(expand({"LC092": 40}), "limited") == ""
    assert "at least 40" in check_deck(expand({"LC092": 39}), "limited")
    assert "token" in check_deck([*base, "LT01"])
    assert "unknown" in check_deck([*base, "NOPE"])


def test_cost_parser() -> None:
    c = parse_cost("{X}{2}{VOL}{VOL}")
    assert (c.typed, c.generic, c.x, c.total) == ((("VOL", 2),), 2, True, 4)
    with pytest.raises(ValueError):
        parse_cost("{FOO}")


def _write(tmp: Path, body: str) -> Path:
    d = tmp / "cards"
    d.mkdir()
    (d / "bad.toml").write_text(body, encoding="utf-8")
    return d


GOOD = 'id = "X1"\nname = "Test"\ntype = "entity"\npower = 1\nhealth = 1\n'


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ('colour = "red"\n', "unknown field(s) colour"),
        ('keywords = ["Flying"]\n', "unknown keyword 'Flying'"),
        ('triggers = [{ on = "enters", effects = [{ op = "explode" }] }]\n', "unknown effect op 'explode'"),
        ('triggers = [{ on = "whenever", effects = [] }]\n', "unknown trigger"),
        ('cost = "{PURPLE}"\n', "unknown energy symbol"),
        ('keywords = ["Equip {1}"]\n', "Equip appears only on non-artifact Tech"),
        (
            'triggers = [{ on = "enters", effects = [{ op = "search", filter = "any" }, { op = "draw" }] }]\n',
            "must be the last effect",
        ),
    ],
)
def test_loader_names_file_and_card(tmp_path: Path, extra: str, message: str) -> None:
    d = _write(tmp_path, "[[card]]\n" + GOOD + extra)
    with pytest.raises(CardDataError) as exc:
        load_cards(d)
    assert "bad.toml" in str(exc.value) and "card X1" in str(exc.value)
    assert message in str(exc.value)


def test_loader_rejects_power_on_non_entities_and_duplicates(tmp_path: Path) -> None:
    d = _write(tmp_path, '[[card]]\nid = "S1"\nname = "S"\ntype = "tech"\npower = 2\n')
    with pytest.raises(CardDataError, match="power and health appear only on entities"):
        load_cards(d)
    d2 = tmp_path / "two"
    d2.mkdir()
    (d2 / "a.toml").write_text("[[card]]\n" + GOOD + "\n[[card]]\n" + GOOD)
    with pytest.raises(CardDataError, match="duplicate id"):
        load_cards(d2)


def test_loader_rejects_unknown_script_and_bad_target(tmp_path: Path) -> None:
    body = (
        '[[card]]\nid = "S2"\nname = "S"\ntype = "spell"\nsubtypes = ["sorcery"]\n'
        'effects = [{ op = "script", fn = "nope" }]\n'
    )
    with pytest.raises(CardDataError, match="unknown script 'nope'"):
        load_cards(_write(tmp_path, body))
    body2 = (
        '[[card]]\nid = "S3"\nname = "S"\ntype = "spell"\nsubtypes = ["sorcery"]\n'
        'targets = ["creature"]\neffects = [{ op = "damage", amount = 1, target = 0 }]\n'
    )
    d = tmp_path / "t2"
    d.mkdir()
    (d / "c.toml").write_text(body2)
    with pytest.raises(CardDataError, match="unknown target kind 'creature'"):
        load_cards(d)


def test_every_effect_op_is_used_by_a_card() -> None:
    from engines.afrika.cards import OPS

    used = {
        e.op
        for c in CARDS.values()
        for e in [*c.effects, *(e for m in c.modes for e in m), *(e for a in c.abilities for e in a.effects)]
    }
    assert used == set(OPS)
