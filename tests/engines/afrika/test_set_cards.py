"""Cosmic Core (set LC): size, energies, rarities, types, text; AI-built limited decks; bench smoke."""

from __future__ import annotations

from collections import Counter

from engines.afrika.cards import CARDS, ENERGY
from engines.afrika.decks import check_deck
from engines.afrika.draftsource import afrika_set, card_rating
from engines.draft.autobuild import best_pair, build_deck
from engines.draft.boosters import open_boosters

SET = [c for c in CARDS().values() if c.set == "LC" and not c.basic and not c.token]


def test_set_size_energies_and_types() -> None:
    assert len(SET) >= 250
    assert sorted(f"LC{i:03d}" for i in range(1, 251)) == sorted(c.id for c in SET if c.id <= "LC250")
    mono = Counter(c.cost.typed[0][0] for c in SET if len({k for k, _ in c.cost.typed}) == 1)
    assert all(mono[e] >= 18 for e in ENERGY), mono
    two = [c for c in SET if len({k for k, _ in c.cost.typed}) == 2]
    assert len(two) >= 15
    colourless = Counter(c.type for c in SET if not c.cost.typed and c.type != "terrain")
    assert {"tech", "artifact", "vehicle"} <= set(colourless)
    basics = [c for c in CARDS().values() if c.basic]
    assert sorted(c.produces[0] for c in basics) == sorted(ENERGY)


def test_rarities_in_sensible_proportions() -> None:
    r = Counter(c.rarity for c in SET)
    assert r["C"] > r["U"] > r["R"] > r["M"] >= 10
    assert 0.4 <= r["C"] / len(SET) <= 0.6
    for e in ENERGY:
        commons = [c for c in SET if c.rarity == "C" and e in {k for k, _ in c.cost.typed}]
        assert len(commons) >= 8, e


def test_every_card_has_name_type_text_and_verse() -> None:
    for c in SET:
        assert c.name and c.type_line(), c.id
        assert c.verse, f"{c.id} {c.name} has no ancestral verse"
        if c.keywords or c.abilities or c.static or c.effects or c.modes or c.produces:
            assert c.text, f"{c.id} {c.name} has no rules text"
    assert len({c.name for c in SET}) == len(SET), "names are unique within the set"


def test_limited_curve_per_energy() -> None:
    for e in ENERGY:
        ents = [c for c in SET if c.type == "entity" and {k for k, _ in c.cost.typed} == {e}]
        costs = Counter(min(c.cost.total, 6) for c in ents)
        assert costs[1] + costs[2] >= 3 and costs[3] + costs[4] >= 3 and costs[5] + costs[6] >= 1, (e, costs)


def test_autobuild_makes_legal_two_energy_codexes() -> None:
    bset = afrika_set()
    for seed in range(4):
        pool = [cid for p in open_boosters(bset, seed, 6) for cid in p]
        pair = best_pair(pool)
        deck = build_deck(pool)
        assert len(deck) == 40 and check_deck(deck, "limited") == ""
        typed = {k for cid in deck for k, _ in CARDS()[cid].cost.typed}
        assert typed <= set(pair)
        assert 16 <= sum(CARDS()[cid].type == "terrain" for cid in deck) <= 17
        assert Counter(deck) - Counter(pool + [c.id for c in CARDS().values() if c.basic] * 40) == Counter()
    assert card_rating(CARDS()["LC095"]) > card_rating(CARDS()["LC092"]) - 3  # a 5/5 for 5 is fine


def test_balance_bench_quick_smoke() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "bench" / "afrika_balance.py"
    spec = importlib.util.spec_from_file_location("afrika_balance", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--quick", "--workers", "1"]) == 0
