"""The Alchemy card set as data: what the issue asks of it, the strict loader, and the effect and
statistic tables checked against the schema (a table entry without a handler, or a handler without
a schema entry, fails here)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from engines.alchemy.cards import (
    BATTLE_WINDOWS,
    OPS,
    STATS,
    CardDataError,
    card_set,
    load,
)
from engines.alchemy.effects import HANDLERS
from engines.alchemy.opus import STAT_FUNCS

CARD_DIR = Path(__file__).resolve().parents[3] / "engines" / "alchemy" / "cards"
CARDS = card_set().cards


def _kind(kind: str) -> list[str]:
    return [c for c, d in CARDS.items() if d.kind == kind]


def test_every_card_file_validates() -> None:
    assert load(CARD_DIR).cards == CARDS


def test_twenty_element_cards() -> None:
    elements = _kind("element")
    assert len(elements) == 20
    assert {(CARDS[c].element, CARDS[c].mg) for c in elements} == {
        (t, mg) for t in ("Fire", "Air", "Earth", "Water") for mg in range(1, 6)
    }
    assert {CARDS[c].art for c in elements} == {"fire", "air", "earth", "water"}, "a drawn look per element"


def test_process_cards_cover_costs_timings_and_effects() -> None:
    processes = [CARDS[c] for c in _kind("process")]
    assert len(processes) >= 30
    costs = Counter(p.cost_ap for p in processes)
    assert costs[0] and costs[1] and costs[2] and sum(n for ap, n in costs.items() if ap >= 3)
    reactions = [p for p in processes if p.reaction]
    assert len(reactions) >= 8
    assert all(p.cost_ap == 0 for p in reactions), "AL18: a Reaction has only non-AP costs"
    assert {p.cost_other for p in processes} >= {
        "discard",
        "exhaust_element",
        "pay_point",
        "burn_own_recharge",
    }
    ops = {e.op for p in processes for e in p.effects}
    areas = {
        "the Store": {"raid_store", "peek_store", "stock_store", "open_store"},
        "the chain": {"boost", "weaken", "neutralize", "invert", "fizzle", "reclaim", "stakes"},
        "AP": {"gain_ap", "drain_ap"},
        "drawing": {"draw"},
        "the Recharge pile": {"recover", "recycle", "burn_recharge"},
    }
    for area, wanted in areas.items():
        assert ops & wanted, f"no Process card acts on {area}"


def test_magnum_opus_cards_have_checked_conditions_and_varied_rewards() -> None:
    opus = [CARDS[c] for c in _kind("opus")]
    assert len(opus) >= 20
    for c in opus:
        assert c.condition and all(cl.stat in STAT_FUNCS for cl in c.condition), c.id
        assert c.text.startswith("Reveal when: ") and "Reward: " in c.text
    rewards = {tuple(sorted({e.op for e in c.effects})) for c in opus}
    assert len(rewards) >= 4
    assert {e.op for c in opus for e in c.effects} >= {"gain_points", "draw", "gain_ap", "recover"}


def test_handler_table_matches_the_schema() -> None:
    assert set(HANDLERS) == set(OPS)
    assert set(STAT_FUNCS) == set(STATS)


def test_every_effect_op_and_statistic_is_used() -> None:
    used_ops = {e.op for c in CARDS.values() for e in c.effects}
    assert used_ops == set(OPS)
    used_stats = {cl.stat for c in CARDS.values() for cl in c.condition}
    assert used_stats == set(STATS)


def test_rules_text_is_written_from_the_data() -> None:
    assert CARDS["P01"].text == "Cost: 1 AP. Draw 2 cards."
    assert CARDS["P25"].text == (
        "Reaction (defending). Cost: put a card from your hand on your Recharge pile. "
        "The Battle ends at once with no winner."
    )
    assert CARDS["MO03"].text == "Reveal when: Battles won at least 5. Reward: Gain 2 points."
    for c in CARDS.values():
        if c.kind == "process" and c.reaction:
            assert c.text.startswith("Reaction ("), c.id


def test_battle_effects_only_in_battle_windows() -> None:
    for c in CARDS.values():
        for e in c.effects:
            if OPS[e.op].where == "battle":
                assert c.kind == "process" and set(c.windows) <= BATTLE_WINDOWS, c.id
            if OPS[e.op].where == "main":
                assert c.windows == ("main",) or c.kind == "opus", c.id


def test_rules_tables() -> None:
    r = card_set().rules
    assert (r.target, r.ap_cap, r.ap_per_turn, r.hand_size, r.store_size, r.recycle_below) == (
        10,
        6,
        2,
        6,
        3,
        6,
    )
    assert r.cycle == ("Water", "Fire", "Air", "Earth")
    assert {n for n, _, _ in r.complexes} == {"Steam", "Plasma", "Magma", "Mist", "Mud", "Dust"}
    assert {o.key for o in r.overrides} == {"complex_neutral", "reversed"}


# ------------------------------------------------------------------------- the loader is strict


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(CARD_DIR, folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "processes.toml",
            'op = "draw", amount = 2',
            'op = "drawe", amount = 2',
            "processes.toml: card P01: unknown effect op 'drawe'",
        ),
        (
            "processes.toml",
            'id = "P01"\nname',
            'id = "P01"\ncolour = "red"\nname',
            "card P01: unknown fields ['colour']",
        ),
        (
            "processes.toml",
            'cost_ap = 0\ntiming = "reaction"',
            'cost_ap = 1\ntiming = "reaction"',
            "a Reaction can only have non-AP costs",
        ),
        ("processes.toml", 'windows = ["defend"]', 'windows = ["lunch"]', "windows must be different names"),
        (
            "processes.toml",
            'windows = ["press"]\neffects = [{ op = "boost"',
            'windows = ["main"]\neffects = [{ op = "boost"',
            "only works in a Battle",
        ),
        ("processes.toml", 'cost_other = "discard"', 'cost_other = "blood"', "unknown cost_other 'blood'"),
        ("elements.toml", 'id = "F1"', 'id = "F9"', "card F9: id must be F1"),
        (
            "elements.toml",
            'mg = 5\nflavour = "Calcination',
            'mg = 6\nflavour = "Calcination',
            "mg must be a whole number from 1 to 5",
        ),
        ("opus.toml", 'stat = "parries"', 'stat = "naps"', "card MO02: unknown statistic 'naps'"),
        (
            "opus.toml",
            'reward = [{ op = "gain_points", amount = 2 }]',
            'reward = [{ op = "boost", amount = 2 }]',
            "a Magnum Opus is revealed outside one",
        ),
        (
            "rules.toml",
            'Mud = ["Earth", "Water"]',
            'Mud = ["Earth", "Earth"]',
            "[complex] Mud: must be two different types",
        ),
        (
            "rules.toml",
            'order = ["Water", "Fire", "Air", "Earth"]',
            'order = ["Water", "Fire", "Air"]',
            "[cycle]: order must list the four types",
        ),
        ("rules.toml", "Fire = { Steam = 1,", "Fire = { Fire = 1,", "Fire can never block Fire"),
    ],
)
def test_loader_names_file_and_card(tmp_path: Path, name: str, old: str, new: str, message: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder, name, old, new)
    with pytest.raises(CardDataError, match=__import__("re").escape(message)):
        load(folder)


def test_loader_rejects_duplicates_and_missing_elements(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "processes.toml", 'name = "Slow Fire"', 'name = "Quicksilver Draught"')
    with pytest.raises(CardDataError, match="duplicate name 'Quicksilver Draught'"):
        load(folder)
    folder = _copy(tmp_path / "b")
    path = folder / "elements.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[element]]\nid = "W5"')
    path.write_text(text[:start], encoding="utf-8")
    with pytest.raises(CardDataError, match=r"card W5: missing \(Water MG 5\)"):
        load(folder)
