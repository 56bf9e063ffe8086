"""Boosters (R80): layout, no basics, distinct names, reproducible, mythic rate, slot tables."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika.cards import CARDS
from engines.afrika.draftsource import afrika_set
from engines.core import Rng
from engines.draft.boosters import (
    DEFAULT_SLOTS,
    BoosterCard,
    BoosterError,
    BoosterSet,
    SlotTable,
    open_booster,
    open_boosters,
)

SET = afrika_set()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), count=st.integers(min_value=1, max_value=4))
def test_packs_follow_r80(seed: int, count: int) -> None:
    packs = open_boosters(SET, seed, count)
    assert len(packs) == count
    for pack in packs:
        cards = [CARDS()[c] for c in pack]
        assert len(pack) == 18
        assert [c.rarity for c in cards[:13]] == ["C"] * 13
        assert [c.rarity for c in cards[13:17]] == ["U"] * 4
        assert cards[17].rarity in ("R", "M")
        assert not any(c.basic or c.token for c in cards)
        assert len({c.name for c in cards}) == 18, "no name twice in a pack"
        assert all(c.set == "LC" for c in cards)
    assert open_boosters(SET, seed, count) == packs, "same seed, same packs"


def test_mythic_one_time_in_eight() -> None:
    packs = open_boosters(SET, 12345, 4000)
    mythics = sum(CARDS()[p[-1]].rarity == "M" for p in packs)
    assert 0.095 < mythics / 4000 < 0.155  # 1/8 = 0.125; ~5 standard deviations of slack
    assert open_boosters(SET, 1, 3) != open_boosters(SET, 2, 3)


def test_slot_table_parse_and_custom_layout() -> None:
    assert SlotTable.parse("13C 4U 1R7M1") == DEFAULT_SLOTS
    assert DEFAULT_SLOTS.size == 18 and DEFAULT_SLOTS.text() == "13C 4U 1R7M1"
    table = SlotTable.parse("10C 3U 2R1M1")
    bset = afrika_set(slots=table)
    pack = open_booster(bset, Rng.from_seed(3))
    rar = Counter(CARDS()[c].rarity for c in pack)
    assert len(pack) == 15 and rar["C"] == 10 and rar["U"] == 3 and rar["R"] + rar["M"] == 2
    for bad in ("13", "C13", "0C", "13Q", "1R0M0"):
        with pytest.raises(BoosterError):
            SlotTable.parse(bad)


def test_impossible_sets_are_refused() -> None:
    few = tuple(BoosterCard(f"X{i}", f"Card {i}", "C") for i in range(5))
    with pytest.raises(BoosterError, match="distinct C names"):
        BoosterSet("X", few, SlotTable.parse("6C"))
    with pytest.raises(BoosterError, match="no card of rarity"):
        BoosterSet("X", few, SlotTable.parse("3C 1R"))
    # a set without mythics: the rare slot stays rare
    cards = (*few, BoosterCard("R1", "Rare 1", "R"))
    pack = open_booster(BoosterSet("X", cards, SlotTable.parse("3C 1R1M7")), Rng.from_seed(1))
    assert pack[-1] == "R1" and len(set(pack)) == 4
    with pytest.raises(BoosterError):
        afrika_set("NOPE")


def test_same_name_different_ids_never_share_a_pack() -> None:
    cards = tuple(BoosterCard(f"A{i}", f"Twin {i % 3}", "C") for i in range(6))
    bset = BoosterSet("T", cards, SlotTable.parse("3C"))
    for seed in range(50):
        pack = open_booster(bset, Rng.from_seed(seed))
        assert len({c.name for c in cards if c.id in pack}) == 3


def test_packs_command_prints_the_packs(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    assert main(["packs", "--seed", "5", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("Pack ") == 2 and out.count("  LC") == 36
    first = out
    assert main(["packs", "--seed", "5", "--count", "2"]) == 0
    assert capsys.readouterr().out == first
    assert main(["packs", "--slots", "200C"]) == 2
