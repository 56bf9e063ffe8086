"""Every digest rule the engine implements, and every digest test case, has a scenario file.

The rule ids are listed here rather than read from /work/shared (which CI may not have); when the
digest is present the list is cross-checked against it, so a new rule in the digest is noticed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests" / "scenarios" / "chrono"
DIGEST = Path("/work/shared/rules/epochs-chrono.md")

DIGEST_RULES = ("E1", "E2", "E3", "E4", *(f"E{i}" for i in range(10, 26)))
"""The digest numbers its rules E1-E4 and E10-E25 (E5-E9 do not exist)."""
DIGEST_TESTS = tuple(f"TE{i}" for i in range(1, 15))
UNCOVERED: dict[str, str] = {}
"""Rules deliberately without a scenario, with the reason. Empty: the engine implements them all.

Note E1's "in later games the deal passes clockwise" (D8) is the bot's job across matches; the
engine's part is the ``dealer`` option, which e01_dealer_option.toml covers.
"""


def covered() -> set[str]:
    ids: set[str] = set()
    for path in SCENARIOS.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        ids.update(data.get("rules", []))
    return ids


def test_every_rule_is_covered_by_a_scenario() -> None:
    missing = [r for r in DIGEST_RULES if r not in covered() and r not in UNCOVERED]
    assert missing == []


def test_every_digest_test_case_has_a_scenario() -> None:
    assert [t for t in DIGEST_TESTS if t not in covered()] == []


def test_scenarios_name_only_real_rule_ids() -> None:
    decisions = {f"D{i}" for i in range(1, 13)}
    unknown = covered() - set(DIGEST_RULES) - set(DIGEST_TESTS) - decisions
    assert unknown == set()


@pytest.mark.skipif(not DIGEST.exists(), reason="the rules digest is not available here")
def test_rule_list_matches_the_digest() -> None:
    text = DIGEST.read_text(encoding="utf-8")
    rules = set(re.findall(r"\*\*(E\d+)\b", text))
    tests = set(re.findall(r"\*\*(TE\d+)\b", text))
    assert rules == set(DIGEST_RULES)
    assert tests == set(DIGEST_TESTS)
