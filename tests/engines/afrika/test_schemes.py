"""Galactic Overlord schemes and Cosmic Rifts as data (R153-R155, R160): every entry parses, the
decks keep R153's and R160's sizes and copy limits, every effect is an op the engine resolves and
does something when the engine runs it, Ongoing schemes can be abandoned, rifts have chaos."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engines.afrika import effects as engine_effects
from engines.afrika.cards import TRIGGERS, Ability, CardDef
from engines.afrika.effects import Ctx, run_effects
from engines.afrika.engine import build_position
from engines.afrika.rules import target_options
from engines.afrika.schemes import (
    CHAOS,
    MOTION,
    RIFT_DECK_MIN,
    SCHEME_COPIES_MAX,
    SCHEME_DECK_MIN,
    SchemeDataError,
    abandon_due,
    check_rift_deck,
    check_scheme_deck,
    describe_abandon,
    load_rifts,
    load_schemes,
    rift_cards,
    rift_deck,
    scheme,
    scheme_cards,
    scheme_deck,
    statics_reaching,
    triggers_on,
    variant_card_defs,
)
from engines.afrika.state import Game
from engines.core import MatchConfig

CFG = MatchConfig(players=2)


def _abilities(c: CardDef) -> list[Ability]:
    return list(c.abilities)


# ------------------------------------------------------------------------------- the data
def test_every_scheme_and_rift_parses_with_ids_and_texts() -> None:
    schemes, rifts = scheme_cards(), rift_cards()
    assert len(schemes) >= 20 and len(rifts) >= 10
    assert all(cid == f"SCH{i:02d}" for i, cid in enumerate(schemes, 1))
    assert all(cid == f"RFT{i:02d}" for i, cid in enumerate(rifts, 1))
    for s in schemes.values():
        assert s.name and s.text and s.verse, s.id
        assert s.card.id == s.id and s.card.abilities[MOTION] is s.motion
        assert s.card.abilities[1:] == s.triggers and s.card.static == s.static
        assert not s.card.is_permanent, "R155: a scheme is not a permanent"
    for r in rift_cards().values():
        assert r.name and r.text and r.verse and r.chaos.text, r.id
        assert r.card.abilities[CHAOS] is r.chaos and r.card.abilities[1:] == r.triggers
    names = [c.name for c in (*schemes.values(), *rifts.values())]
    assert len(set(names)) == len(names)


def test_one_shot_and_ongoing_schemes() -> None:
    schemes = list(scheme_cards().values())
    one_shot = [s for s in schemes if not s.ongoing]
    ongoing = [s for s in schemes if s.ongoing]
    assert len(one_shot) >= 10 and len(ongoing) >= 6
    for s in one_shot:
        assert s.effects, f"{s.id} sets nothing in motion"
        assert not (s.static or s.triggers or s.abandon), s.id
    for s in ongoing:
        assert s.abandon is not None, f"{s.id} can never be abandoned"
        assert s.static or s.triggers, f"{s.id} has no lasting ability"
        assert s.text.startswith("Ongoing."), s.id
        assert "abandon this scheme" in s.text, s.id
        assert describe_abandon(s.abandon).endswith("abandon this scheme."), s.id
    # the abandon vocabulary is used: unconditional, if, unless, the Overlord's and an opponent's
    kinds = {
        (s.abandon.on, bool(s.abandon.cond), s.abandon.unless, s.abandon.who) for s in ongoing if s.abandon
    }
    assert {k[0] for k in kinds} == {"sustenance", "dusk"}
    assert {k[1] for k in kinds} == {True, False} and {k[2] for k in kinds} == {True, False}
    assert {k[3] for k in kinds} == {"you", "opponent"}


def test_every_rift_applies_to_everyone_and_has_chaos() -> None:
    for r in rift_cards().values():
        assert r.static or r.triggers, r.id
        assert r.chaos.effects, r.id
        assert r.chaos.on == "chaos"
    assert any(r.static for r in rift_cards().values()) and any(r.triggers for r in rift_cards().values())


def test_every_effect_is_an_op_the_engine_resolves() -> None:
    engine_ops = set(engine_effects.OPS)
    abilities = [a for s in scheme_cards().values() for a in _abilities(s.card)]
    abilities += [a for r in rift_cards().values() for a in _abilities(r.card)]
    used = Counter(e.op for a in abilities for e in a.effects)
    assert set(used) <= engine_ops, set(used) - engine_ops
    assert not set(used) & {"script", "win_game", "negate"}
    assert len(used) >= 14, "the designs use most of the vocabulary"
    for a in abilities:
        if a.on not in ("set_in_motion", "chaos"):
            assert a.on in TRIGGERS, a.on  # an event the engine already raises
        for e in a.effects:
            assert e.get("to") != "self"
    statics = [st for s in scheme_cards().values() for st in s.static]
    statics += [st for r in rift_cards().values() for st in r.static]
    assert statics and all(st.op == "anthem" and st.where == "all" for st in statics)


# ------------------------------------------------------------------------------- the decks
def test_default_decks_keep_the_size_and_copy_limits() -> None:
    deck = scheme_deck()
    assert len(deck) >= SCHEME_DECK_MIN == 20
    names = Counter(scheme(cid).name for cid in deck)
    assert max(names.values()) <= SCHEME_COPIES_MAX == 2
    assert 2 in names.values(), "the copies field is used"
    assert check_scheme_deck(deck) == ""
    assert len(rift_deck()) >= RIFT_DECK_MIN == 10 and check_rift_deck(rift_deck()) == ""


def test_deck_checks_refuse_in_sentences() -> None:
    deck = scheme_deck()
    assert "at least 20" in check_scheme_deck(deck[:19])
    three = [*deck, "SCH05", "SCH05"]
    assert "at most 2 copies" in check_scheme_deck(three) and "Unmake the Defiant" in check_scheme_deck(three)
    assert "unknown schemes: NOPE" in check_scheme_deck([*deck, "NOPE"])
    assert "at least 10" in check_rift_deck(rift_deck()[:9])
    assert "unknown rifts: SCH01" in check_rift_deck([*rift_deck(), "SCH01"])
    for msg in (check_scheme_deck(deck[:3]), check_rift_deck([])):
        assert msg[0].isupper() and msg.endswith(".")


def test_card_defs_for_the_stack() -> None:
    defs = variant_card_defs()
    assert set(defs) == set(scheme_cards()) | set(rift_cards())
    from engines.afrika.cards import CARDS

    assert not set(defs) & set(CARDS()), "no id clashes with the Codex cards"


def test_helpers_for_the_engine_pick_statics_and_triggers() -> None:
    ongoing = ["SCH19", "SCH22", "SCH26"]
    iron = scheme("SCH19").static
    assert statics_reaching(0, 0, ongoing) == iron, "the Overlord's entities"
    assert statics_reaching(1, 0, ongoing) == (), "not the team's"
    shattered = rift_cards()["RFT01"].static
    assert statics_reaching(1, 0, ongoing, "RFT01") == shattered, "a rift reaches everyone"
    assert statics_reaching(0, 0, ongoing, "RFT01") == iron + shattered
    assert statics_reaching(1, -1, [], "RFT01") == shattered, "rifts without an Overlord"
    assert triggers_on("sustenance", ongoing, "RFT02") == [("SCH22", 1), ("RFT02", 1)]
    assert triggers_on("ally_enters", ongoing) == [("SCH26", 1)]
    assert triggers_on("dusk", ongoing, "RFT01") == []
    assert triggers_on("set_in_motion", ongoing) == [] and triggers_on("chaos", rift_id="RFT01") == []


# ----------------------------------------------------------------------- run by the engine
def _game() -> Game:
    """Seat 0 is the Overlord; both seats have entities, hands, Codices and Voids."""
    codex = ["LC092", "LC001", "LC164", "LB01", "LC203", "LC169", "LB01", "LC092"]
    return build_position(
        CFG,
        1,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "life": 40,
                    "hand": ["LC092", "LC001"],
                    "codex": codex,
                    "void": ["LC203", "LB01"],
                    "permanents": [{"card": "LC092"}, {"card": "LC001", "zone": "2", "charged": True}],
                },
                {
                    "hand": ["LC164", "LC169", "LC092"],
                    "codex": codex,
                    "void": ["LC169"],
                    "permanents": [
                        {"card": "LC203"},
                        {"card": "LC164", "charged": True},
                        {"card": "LC234", "zone": "artifact"},
                    ],
                },
            ],
        },
    )


def _signature(g: Game) -> tuple[Any, ...]:
    """Everything a scheme or rift effect can change, to see that running it changed something."""
    objs = []
    for pl in g.players:
        for oid in pl.field:
            o = g.objs[oid]
            objs.append(
                (
                    o.card,
                    o.damage,
                    tuple(o.counters),
                    o.charged,
                    o.eot_power,
                    o.eot_health,
                    tuple(o.eot_keywords),
                )
            )
    zones = tuple(
        (pl.life, len(pl.hand), len(pl.codex), len(pl.void), len(pl.exile), len(pl.field), len(pl.artifacts))
        for pl in g.players
    )
    return zones, tuple(objs), g.choice is not None


def _resolve(ab: Ability, card: CardDef, controller: int = 0) -> tuple[Game, tuple[Any, ...]]:
    g = _game()
    before = _signature(g)
    chosen: list[str] = []
    for spec in ab.targets:
        options = target_options(g, spec, controller, card, tuple(chosen))
        assert options or spec.optional, f"{card.id}: no target for {spec.text()}"
        chosen.append(options[0] if options else "none")
    run_effects(g, ab.effects, Ctx(controller, card, 0, list(chosen)))
    return g, before


@pytest.mark.parametrize("cid", list(scheme_cards()))
def test_every_scheme_ability_does_something_when_the_engine_runs_it(cid: str) -> None:
    s = scheme(cid)
    for ab in _abilities(s.card):
        if not ab.effects:
            continue
        g, before = _resolve(ab, s.card)
        assert _signature(g) != before, f"{cid}: {ab.text} changed nothing"


@pytest.mark.parametrize("cid", list(rift_cards()))
def test_every_rift_ability_does_something_when_the_engine_runs_it(cid: str) -> None:
    r = rift_cards()[cid]
    for ab in _abilities(r.card):
        g, before = _resolve(ab, r.card, controller=1)
        assert _signature(g) != before, f"{cid}: {ab.text} changed nothing"


def test_schemes_aim_at_the_team() -> None:
    """The Overlord's targeted schemes offer only the team's entities (entity/opp)."""
    g = _game()
    s = scheme("SCH05")
    options = target_options(g, s.targets[0], 0, s.card)
    assert options and all(g.objs[int(r)].controller == 1 for r in options)
    g2, _ = _resolve(s.motion, s.card)
    assert len(g2.players[1].field) == len(g.players[1].field) - 1
    assert len(g2.players[0].field) == len(g.players[0].field)


def test_abandon_conditions_read_the_game() -> None:
    g = _game()
    iron, tithe, banners, drums = scheme("SCH19"), scheme("SCH24"), scheme("SCH21"), scheme("SCH26")
    assert not abandon_due(g, iron, 0, "sustenance"), "the Overlord still controls entities"
    assert not abandon_due(g, iron, 0, "dusk"), "checked only as its own step begins"
    for oid in [o for o in g.players[0].field if g.objs[o].card in ("LC092", "LC001")]:
        g.players[0].field.remove(oid)
        g.objs[oid].zone = "void"
        g.players[0].void.append(oid)
    assert abandon_due(g, iron, 0, "sustenance")
    assert not abandon_due(g, tithe, 0, "sustenance"), "the opponent still has cards"
    for oid in list(g.players[1].hand):
        g.players[1].hand.remove(oid)
        g.objs[oid].zone = "void"
    assert abandon_due(g, tithe, 0, "sustenance")
    assert abandon_due(g, banners, 0, "sustenance") and not abandon_due(g, banners, 0, "dusk")
    assert abandon_due(g, drums, 0, "dusk")
    assert not abandon_due(g, scheme("SCH01"), 0, "sustenance"), "a one-shot scheme is never abandoned"


# ------------------------------------------------------------------------------ load errors
_GOOD_SCHEME = """
[[scheme]]
id = "SCH01"
name = "Test"
text = "Draw a card."
effects = [{ op = "draw", amount = 1 }]
"""
_GOOD_RIFT = """
[[rift]]
id = "RFT01"
name = "Test Rift"
text = "All entities get +1/+0."
static = [{ op = "anthem", power = 1 }]
chaos = { text = "Draw a card.", effects = [{ op = "draw", amount = 1 }] }
"""


def _write(tmp: Path, schemes: str = _GOOD_SCHEME, rifts: str = _GOOD_RIFT) -> Path:
    (tmp / "schemes.toml").write_text(schemes, encoding="utf-8")
    (tmp / "rifts.toml").write_text(rifts, encoding="utf-8")
    return tmp


def test_a_good_file_loads(tmp_path: Path) -> None:
    d = _write(tmp_path)
    assert list(load_schemes(d)) == ["SCH01"] and list(load_rifts(d)) == ["RFT01"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("draw", "explode"), "unknown effect op 'explode'"),
        (('id = "SCH01"', 'id = "S1"'), "does not look like"),
        (('text = "Draw a card."', 'text = "Draw a card."\ncolour = "red"'), "unknown field(s) colour"),
        (('text = "Draw a card."', 'text = "Draw a card."\nongoing = true'), "needs an abandon condition"),
        (
            ('text = "Draw a card."', 'text = "x"\nongoing = true\nabandon = { on = "dusk" }'),
            "needs a static or triggered ability",
        ),
        (('text = "Draw a card."', 'text = "x"\nabandon = { on = "dusk" }'), "belong to Ongoing schemes"),
        (('{ op = "draw", amount = 1 }', '{ op = "pump", power = 1, to = "self" }'), 'to = "self"'),
        (('{ op = "draw", amount = 1 }', '{ op = "win_game" }'), "not available to schemes"),
        (('{ op = "draw", amount = 1 }', '{ op = "token", card = "LC092" }'), "is not a token"),
        (
            ('{ op = "draw", amount = 1 }', '{ op = "search", filter = "any" }, { op = "draw" }'),
            "must be the last effect",
        ),
        (('text = "Draw a card."', 'text = "Draw a card."\ncopies = 3'), "copies must be 1 or 2"),
        (('effects = [{ op = "draw", amount = 1 }]', ""), "needs effects to set in motion"),
    ],
)
def test_scheme_errors_name_the_file_and_the_entry(
    tmp_path: Path, change: tuple[str, str], words: str
) -> None:
    d = _write(tmp_path, _GOOD_SCHEME.replace(*change))
    with pytest.raises(SchemeDataError) as err:
        load_schemes(d)
    msg = str(err.value)
    assert msg.startswith("schemes.toml: scheme "), msg
    assert words in msg, msg


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            ('chaos = { text = "Draw a card.", effects = [{ op = "draw", amount = 1 }] }', ""),
            "needs a chaos table",
        ),
        (('static = [{ op = "anthem", power = 1 }]', ""), "needs a static or triggered ability"),
        (('{ op = "anthem", power = 1 }', '{ op = "attached", power = 1 }'), 'anthem with where = "all"'),
        (
            (
                'static = [{ op = "anthem", power = 1 }]',
                'triggers = [{ on = "dies", text = "x", effects = [{ op = "draw" }] }]',
            ),
            "unknown trigger 'dies'",
        ),
        (('chaos = { text = "Draw a card.", ', "chaos = { "), "chaos ability needs a text"),
    ],
)
def test_rift_errors_name_the_file_and_the_entry(tmp_path: Path, change: tuple[str, str], words: str) -> None:
    d = _write(tmp_path, rifts=_GOOD_RIFT.replace(*change))
    with pytest.raises(SchemeDataError) as err:
        load_rifts(d)
    msg = str(err.value)
    assert msg.startswith("rifts.toml: rift RFT01: "), msg
    assert words in msg, msg


def test_abandon_errors_and_duplicates(tmp_path: Path) -> None:
    ongoing = _GOOD_SCHEME.replace(
        'text = "Draw a card."',
        'text = "x"\nongoing = true\nstatic = [{ op = "anthem", power = 1 }]\nabandon = ABANDON',
    )
    for abandon, words in (
        ('{ on = "attacks" }', "abandon on 'attacks'"),
        ('{ on = "dusk", if = { rich = 1 } }', "table of conditions"),
        (
            '{ on = "dusk", if = { hand_empty = true }, unless = { life_at_least = 2 } }',
            "either if or unless",
        ),
        ('{ on = "dusk", if = { hand_empty = true }, who = "everyone" }', "abandon who 'everyone'"),
        ('{ on = "dusk", unless = { life_at_least = 0 } }', "at least 1"),
    ):
        d = _write(tmp_path, ongoing.replace("ABANDON", abandon))
        with pytest.raises(SchemeDataError, match=r"schemes\.toml: scheme SCH01: ") as err:
            load_schemes(d)
        assert words in str(err.value), str(err.value)
    d = _write(tmp_path, _GOOD_SCHEME + _GOOD_SCHEME.replace('name = "Test"', 'name = "Other"'))
    with pytest.raises(SchemeDataError, match="duplicate id"):
        load_schemes(d)
    d = _write(tmp_path, _GOOD_SCHEME + _GOOD_SCHEME.replace('"SCH01"', '"SCH02"'))
    with pytest.raises(SchemeDataError, match="name 'Test' is also SCH01's"):
        load_schemes(d)
    d = _write(tmp_path, "[[card]]\nid = 1\n")
    with pytest.raises(SchemeDataError, match=r"schemes.toml: unknown top-level key\(s\) card"):
        load_schemes(d)
