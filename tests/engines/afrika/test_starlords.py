"""Star Lords data and deck rules (R140, R141, DECISION A24): energy identity, a Legendary Entity for
every energy and every pair of energies (the SL supplement), what those cards do in play, the
100-card singleton Codex check and the four starter Codices."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.cards import CARDS, ENERGY, ENERGY_NAMES, CardDef, parse_card, parse_cost
from engines.afrika.decks import (
    STARLORDS_BANNED,
    check_starlords,
    starlords_plans,
    starlords_starters,
)
from engines.afrika.draftsource import afrika_set, card_rating
from engines.afrika.identity import card_identity, energy_identity, identity_text
from engines.afrika.rules import stats
from engines.afrika.state import AfrikaState, thaw
from engines.core import MatchConfig, PlayerId, Rng

from .test_set_castable import _play

CFG = MatchConfig(players=2)
SL = sorted(c.id for c in CARDS().values() if c.set == "SL")
LEGENDS = [cid for cid in SL if CARDS()[cid].legendary]
BASIC = {c.produces[0]: c.id for c in CARDS().values() if c.basic}


def _card(**raw: Any) -> CardDef:
    return parse_card({"id": "X1", "name": "Probe", **raw}, "test")


# ------------------------------------------------------------------------------ energy identity
def test_identity_is_the_energy_of_the_cost() -> None:
    assert energy_identity("LC145") == {"VOL"}  # Sango {3}{VOL}{VOL}
    assert energy_identity("LC227") == {"VOL", "MTN"}  # Ogun {2}{VOL}{MTN}{MTN}
    assert energy_identity("LC229") == frozenset()  # Ion Spear {2}: colourless
    assert card_identity(
        _card(
            type="spell",
            subtypes=["sorcery"],
            cost="{X}{1}{SKY}",
            text="Draw X.",
            effects=[{"op": "draw", "amount": "X"}],
        )
    ) == {"SKY"}


def test_identity_counts_energy_symbols_and_energy_words_in_the_rules_text() -> None:
    # an activated ability's cost: a {NEB} entity with "{VOL}: +1/+0" is Nebula and Volcanic
    pumped = _card(
        type="entity",
        cost="{1}{NEB}",
        power=1,
        health=1,
        text="{VOL}: Probe gets +1/+0 until end of turn.",
        abilities=[{"cost": "{VOL}", "effects": [{"op": "pump", "power": 1, "to": "self"}]}],
    )
    assert card_identity(pumped) == {"NEB", "VOL"}
    # a symbol the text names with no structured ability behind it still counts
    assert card_identity(_card(type="artifact", cost="{2}", text="Spend {SEA} only on spells.")) == {"SEA"}
    # energy it produces: in the data, or only in the words "Add ... <energy name> energy"
    assert energy_identity("LC079") == {"DIA"}  # Diamond Prism {2}: "Add one Diamond Terrain energy"
    assert energy_identity("LC164") == {"SAV"}
    assert card_identity(_card(type="artifact", cost="{3}", text="⊝: Add one Deep Seas energy.")) == {"SEA"}
    ritual = _card(
        type="spell",
        subtypes=["sorcery"],
        cost="{1}",
        text="Add two Cosmic Jungle energy.",
        effects=[{"op": "add_energy", "energy": "JUN", "amount": 2}],
    )
    assert card_identity(ritual) == {"JUN"}
    # an Equip cost
    assert card_identity(
        _card(type="tech", cost="{1}", keywords=["Equip {1}{MTN}"], text="Equip {1}{MTN}.")
    ) == {"MTN"}


def test_identity_leaves_out_energy_only_named_as_a_quality_and_any_type() -> None:
    assert energy_identity("LC120") == {"DIA"}  # Shield from The Void
    assert energy_identity("LC036") == {"DIA"}  # Shield from Volcanic Valleys
    assert energy_identity("LC017") == {"JUN"}  # Cosmic Jungle Walk
    assert energy_identity("SL023") == {"JUN", "SEA"}  # Deep Seas Walk on a Jungle/Seas card
    assert energy_identity("LC234") == frozenset()  # "Add one energy of any type"
    assert energy_identity("LC250") == frozenset()  # a non-basic terrain of any type


def test_a_basic_terrain_is_its_own_type_and_nonbasic_terrains_what_they_make() -> None:
    for code, cid in BASIC.items():
        assert energy_identity(cid) == {code}
    assert energy_identity("LC087") == {"VOL"}  # Ember Ridge


def test_no_hybrid_symbols_exist() -> None:
    with pytest.raises(ValueError):
        parse_cost("{DIA/NEB}")
    for c in CARDS().values():
        assert card_identity(c) <= set(ENERGY)


def test_identity_text() -> None:
    assert identity_text(frozenset({"VOL", "NEB"})) == "Nebula Plains and Volcanic Valleys"
    assert identity_text(frozenset()) == "no energy"
    assert identity_text(frozenset({"SEA"})) == "Deep Seas"


# ------------------------------------------------------------------------------ the legends
def _legends_by_identity() -> dict[frozenset[str], list[str]]:
    out: dict[frozenset[str], list[str]] = {}
    for c in CARDS().values():
        if c.legendary and c.type == "entity" and not c.token:
            out.setdefault(energy_identity(c.id), []).append(c.id)
    return out


def test_every_energy_and_every_pair_has_a_legendary_entity() -> None:
    legends = _legends_by_identity()
    for e in ENERGY:
        assert legends.get(frozenset({e})), f"no mono {e} Legendary Entity"
    for a, b in combinations(ENERGY, 2):
        assert legends.get(frozenset({a, b})), f"no {a}/{b} Legendary Entity"


def test_the_star_lords_supplement() -> None:
    cards = CARDS()
    assert len(LEGENDS) == 42
    assert sorted(f"SL{i:03d}" for i in range(1, len(SL) + 1)) == SL
    for cid in LEGENDS:
        c = cards[cid]
        assert c.type == "entity" and c.rarity in ("M", "R"), cid
        assert len(energy_identity(cid)) == 2, cid
        # as strong as the Cosmic Core legends (their ratings run from -0.4 to 5.0)
        assert 0.0 <= card_rating(c) <= 5.0, (cid, card_rating(c))
    pairs = Counter(energy_identity(cid) for cid in LEGENDS)
    assert max(pairs.values()) == 1, "one new legend per pair"
    for cid in SL:
        c = cards[cid]
        assert c.name and c.text and c.verse, cid
        for kw, param in c.keywords:  # the text names every keyword the data gives it
            assert (f"{ENERGY_NAMES[param]} Walk" if kw == "Terrainwalk" else kw) in c.text, (cid, kw)
    assert len({c.name for c in cards.values()}) == len(cards), "names are unique across every set"


def test_every_supplement_card_face_fits() -> None:
    from render.afrika.card import card_face

    for cid in SL:
        fit = card_face(CARDS()[cid])[1]
        assert fit.name_fits and fit.type_fits and fit.text_fits, fit


def test_the_supplement_stays_out_of_cosmic_core_boosters() -> None:
    assert not {b.id for b in afrika_set("LC").cards} & set(SL)


@pytest.mark.parametrize("cid", SL)
def test_every_supplement_card_can_be_played_and_resolves(cid: str) -> None:
    _play(cid)


def _drive(s: AfrikaState, *steps: tuple[int, str]) -> tuple[AfrikaState, list[str]]:
    """Apply ``steps``, then let the AI answer every choice and everyone pass until the stack is empty."""
    events: list[str] = []
    for p, aid in steps:
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        s = t.state
        events += [e.text for e in t.events]
    rng = Rng.from_seed(5)
    for _ in range(300):
        g = thaw(s)
        if g.over or (not g.stack and g.choice is None):
            break
        p = min(ENGINE.current_players(s))
        a = afrika_policy(ENGINE, s, PlayerId(p), rng) if g.choice is not None else None
        if a is None:
            a = next(x for x in ENGINE.legal_actions(s, PlayerId(p)) if x.to_id() == "pass")
        t = ENGINE.apply(s, PlayerId(p), a)
        s = t.state
        events += [e.text for e in t.events]
    g = thaw(s)
    assert not g.stack and g.choice is None
    return s, events


def _with(on: str) -> list[str]:
    return [cid for cid in SL if any(a.on == on for a in CARDS()[cid].abilities)]


CODEX = ["LC092", "LB01", "LC093", "LC050", "LC004", "LB02"]


@pytest.mark.parametrize("cid", _with("attacks"))
def test_attack_triggers_go_on_the_stack_and_resolve(cid: str) -> None:
    c = CARDS()[cid]
    s = ENGINE.position(
        CFG,
        1,
        {
            "active": 0,
            "step": "mobilize",
            "enter": True,
            "players": [
                {"permanents": [{"card": cid, "id": 101, "zone": "1"}], "codex": CODEX},
                {
                    "permanents": [{"card": "LC092", "id": 201, "zone": "1"}],
                    "codex": CODEX,
                    "hand": ["LC093"],
                },
            ],
        },
    )
    s, events = _drive(s, (0, "atk:101"), (0, "at:P2"), (0, "done"))
    text = next(a.text for a in c.abilities if a.on == "attacks")
    assert f"{c.name}: {text} resolves." in events


@pytest.mark.parametrize("cid", _with("dies"))
def test_void_triggers_resolve_when_the_card_is_destroyed(cid: str) -> None:
    c = CARDS()[cid]
    s = ENGINE.position(
        CFG,
        1,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC053", "id": 10}],  # Void Grasp: destroy target entity
                    "permanents": [
                        {"card": cid, "id": 101, "zone": "1"},
                        *({"card": BASIC["VOI"], "id": 60 + i, "zone": "terrain"} for i in range(3)),
                    ],
                    "codex": CODEX,
                    "void": ["LC093"],
                },
                {"codex": CODEX},
            ],
        },
    )
    s, events = _drive(s, (0, "cast:10"), (0, "target:101"))
    text = next(a.text for a in c.abilities if a.on == "dies")
    assert f"{c.name}: {text} resolves." in events


def test_mawu_looks_at_the_top_card_at_dusk() -> None:
    s = ENGINE.position(
        CFG,
        1,
        {
            "active": 0,
            "step": "dusk",
            "enter": True,
            "players": [
                {"permanents": [{"card": "SL014", "id": 101, "zone": "1"}], "codex": CODEX},
                {"codex": CODEX},
            ],
        },
    )
    _, events = _drive(s)
    assert "Mawu, Moon over the Grasslands: look at the top card of your Codex resolves." in events


def test_moremi_gains_life_when_another_entity_enters() -> None:
    s = ENGINE.position(
        CFG,
        1,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC092", "id": 10}],  # Dune Strider {1}{MTN}
                    "permanents": [
                        {"card": "SL006", "id": 101, "zone": "1"},
                        *({"card": BASIC["MTN"], "id": 60 + i, "zone": "terrain"} for i in range(2)),
                    ],
                    "codex": CODEX,
                },
                {"codex": CODEX},
            ],
        },
    )
    s, _ = _drive(s, (0, "cast:10:1"))
    assert thaw(s).players[0].life == 21


@pytest.mark.parametrize(
    ("cid", "power", "health", "keyword"),
    [
        ("SL002", 2, 3, ""),  # Asase Yaa: other entities +0/+1
        ("SL024", 2, 2, "Trample"),  # Ngai: other entities have Trample
        ("SL037", 3, 2, "Lifelink"),  # Makeda: +1/+0 and Lifelink
        ("SL041", 2, 3, "Aerial"),  # Kaang: +0/+1 and Aerial
    ],
)
def test_legends_that_lift_the_others(cid: str, power: int, health: int, keyword: str) -> None:
    s = ENGINE.position(
        CFG,
        1,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "permanents": [
                        {"card": cid, "id": 101, "zone": "1"},
                        {"card": "LC092", "id": 102, "zone": "2"},
                    ]
                },
                {"permanents": [{"card": "LC092", "id": 201, "zone": "1"}]},
            ],
        },
    )
    g = thaw(s)
    other, theirs = stats(g, g.objs[102]), stats(g, g.objs[201])
    assert (other.power, other.health) == (power, health)
    assert (theirs.power, theirs.health) == (2, 2) and not theirs.kws
    if keyword:
        assert keyword in other.kws


# ------------------------------------------------------------------------------ the Codex rule
def _starter(name: str) -> tuple[str, list[str]]:
    return starlords_starters()[name]


def test_the_four_starters_are_legal_and_different() -> None:
    starters = starlords_starters()
    assert len(starters) == 4
    lords = [lord for lord, _ in starters.values()]
    assert len(set(lords)) == 4
    assert len({energy_identity(lord) for lord in lords}) == 4
    plans = starlords_plans()
    for name, (lord, cards) in starters.items():
        assert check_starlords(cards, lord) == "", name
        assert len(cards) == 100 and cards.count(lord) == 1
        assert len(energy_identity(lord)) == 2, name
        terrains = sum(CARDS()[c].type == "terrain" for c in cards)
        assert 38 <= terrains <= 40, (name, terrains)
        kinds = Counter(CARDS()[c].type for c in cards)
        assert kinds["entity"] >= 25 and kinds["spell"] >= 8, (name, kinds)
        assert len(plans[name]) > 40


def test_a_codex_of_99_or_101_cards_is_refused() -> None:
    lord, cards = _starter("Comet Fire")
    basic = next(c for c in cards if CARDS()[c].basic)
    short = list(cards)
    short.remove(basic)
    assert "has 99 cards" in check_starlords(short, lord) and "exactly 100" in check_starlords(short, lord)
    assert "has 101 cards" in check_starlords([*cards, basic], lord)


def test_singleton_except_basic_terrains() -> None:
    lord, cards = _starter("Green Pride")
    basic = next(c for c in cards if CARDS()[c].basic)
    twice = next(c for c in cards if not CARDS()[c].basic and c != lord)
    dropped = next(c for c in cards if not CARDS()[c].basic and c not in (lord, twice))
    more_basics = [basic if c == dropped else c for c in cards]
    assert check_starlords(more_basics, lord) == ""
    dup = [twice if c == dropped else c for c in cards]
    problem = check_starlords(dup, lord)
    assert f"2 copies of {CARDS()[twice].name}" in problem and "one of each" in problem


def test_every_card_within_the_star_lords_identity() -> None:
    lord, cards = _starter("Drowned Kings")
    dropped = next(c for c in cards if not CARDS()[c].basic and c != lord)
    off = [("LC044" if c == dropped else c) for c in cards]  # Solar Flare, Volcanic Valleys
    problem = check_starlords(off, lord)
    assert problem == (
        "Solar Flare (Volcanic Valleys) is outside the energy identity of "
        "Inkanyamba, Drowned-Falls Serpent (The Void and Deep Seas)."
    )
    basics = [(BASIC["SKY"] if c == BASIC["SEA"] else c) for c in cards]
    assert "Sky Islands (Sky Islands) is outside" in check_starlords(basics, lord)
    colourless = [("LC233" if c == dropped else c) for c in cards]  # Skyglider Wings fits any Codex
    assert check_starlords(colourless, lord) == ""


def test_the_star_lord_is_a_legendary_entity_in_its_codex() -> None:
    lord, cards = _starter("Diamond Peaks")
    assert "Orun, the Celestial Engine is not a Legendary Entity" in check_starlords(
        [("LC242" if c == lord else c) for c in cards], "LC242"
    )  # a Legendary artifact
    assert "not a Legendary Entity" in check_starlords(cards, "LC092")
    assert "not a Legendary Entity" in check_starlords(cards, "LT01")  # a token
    assert "must hold its Star Lord" in check_starlords(
        [c for c in cards if c != lord] + [BASIC["DIA"]], lord
    )
    assert "unknown card id(s) ZZ999" in check_starlords([*cards[:-1], "ZZ999"], lord)


def test_a_mono_star_lord_and_the_banned_list() -> None:
    # Amara (Golden Savannas) leads a Savannas-only Codex; Cosmic Ascension would win at 40 life
    lord = "LC170"
    pool = [
        c.id for c in CARDS().values() if not c.token and not c.basic and energy_identity(c.id) <= {"SAV"}
    ]
    pool = [c for c in pool if c != lord and c not in STARLORDS_BANNED]
    cards = [lord, *pool, *[BASIC["SAV"]] * (99 - len(pool))]
    assert check_starlords(cards, lord) == ""
    with_ascension = [("LC063" if c == pool[0] else c) for c in cards]
    assert "Cosmic Ascension is banned in Star Lords" in check_starlords(with_ascension, lord)
    assert "Solar Flare (Volcanic Valleys) is outside" in check_starlords(
        [("LC044" if c == pool[0] else c) for c in cards], lord
    )
    # the same list led by Kwame (Golden Savannas and Volcanic Valleys) may hold it
    kwame = [("LC043" if c == lord else "LC044" if c == pool[0] else c) for c in cards]
    assert check_starlords(kwame, "LC043") == ""
