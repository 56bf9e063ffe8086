"""Every rule (M#) and digest test (TM#) of the Chronomagia digest has its own scenario file, and
the scenario files cite only real ids: the digest's rules, tests, DECISIONs (F#) and keywords
(KM#), and the engine's own decisions (D#, engines/chronomagia/DECISIONS.md).

The ids are listed here rather than read from ../shared (which CI may not have); when the digest is
present the list is cross-checked against it, so a new rule in the digest is noticed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.engines.rulebook import ROOT, RuleBook

BOOK = RuleBook(
    game="chronomagia",
    digest_name="chronomagia.md",
    rules=(
        *(f"M{i}" for i in range(1, 15)),
        *(f"M{i}" for i in range(20, 41)),
        "M50",
        "M51",
        *(f"M{i}" for i in range(60, 64)),
    ),
    tests=tuple(f"TM{i}" for i in range(1, 21)),
    decisions=tuple(f"F{i}" for i in range(1, 30)),
    keywords=tuple(f"KM{i}" for i in range(1, 16)),
)
"""The digest numbers its rules M1-M14, M20-M40, M50-M51 and M60-M63."""
SCENARIOS, DECISIONS, DIGEST = BOOK.scenarios, BOOK.decisions_file, BOOK.digest
DIGEST_RULES, DIGEST_TESTS, DIGEST_DECISIONS, KEYWORDS = BOOK.rules, BOOK.tests, BOOK.decisions, BOOK.keywords
_files, _cited, _own_decisions, missing = BOOK.files, BOOK.cited, BOOK.own_decisions, BOOK.missing


def test_every_rule_has_its_own_scenario_file() -> None:
    """One file per rule, named after it (m07_..., tm13_...) and citing it."""
    assert missing() == []


def test_every_keyword_is_cited() -> None:
    cited = _cited()
    assert [k for k in KEYWORDS if k not in cited] == []


def test_scenarios_cite_only_real_ids() -> None:
    known = {*DIGEST_RULES, *DIGEST_TESTS, *DIGEST_DECISIONS, *KEYWORDS, *_own_decisions()}
    unknown = {rid: sorted(files) for rid, files in _cited().items() if rid not in known}
    assert unknown == {}


def test_every_decision_with_a_scenario_names_it() -> None:
    """A decision whose 'Pinned by' names a scenario file: that file exists, and a decision's own
    file (d01_...) cites it."""
    text = DECISIONS.read_text(encoding="utf-8")
    cited = _cited()
    rows = re.findall(r"^\| (D\d+) \|.*\| ([^|]*) \|$", text, re.MULTILINE)
    assert len(rows) == len(_own_decisions())
    for did, pins in rows:
        for pin in (p.strip() for p in pins.split(",")):
            if re.fullmatch(r"[a-z]+\d+_[a-z0-9_]+", pin):
                assert (SCENARIOS / f"{pin}.toml").exists(), f"{did} pins {pin}, which does not exist"
                if pin.startswith("d"):
                    assert pin + ".toml" in cited.get(did, set()), f"{pin} does not cite {did}"


def test_pinned_tests_exist() -> None:
    """Test modules named in DECISIONS.md's 'Pinned by' column exist among Chronomagia's tests."""
    text = DECISIONS.read_text(encoding="utf-8")
    here = Path(__file__).resolve().parent
    for name in set(re.findall(r"\b(test_[a-z_]+\.py)\b", text)):
        found = (here / name).exists() or (ROOT / "tests" / "engines" / name).exists()
        assert found, f"DECISIONS.md names {name}, which does not exist"


def test_scenario_files_are_chronomagia_and_described() -> None:
    assert len(_files()) >= len(DIGEST_RULES) + len(DIGEST_TESTS)
    for path in _files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == "chronomagia", path.name
        assert data.get("description"), path.name
        assert data.get("rules"), path.name


def test_the_coverage_check_notices_a_missing_file(tmp_path: Path) -> None:
    """The check above can fail: with one file taken away it reports that rule, and only it."""
    for path in _files():
        if not path.name.startswith("m33_"):
            (tmp_path / path.name).write_bytes(path.read_bytes())
    assert missing(tmp_path) == ["M33"]


@pytest.mark.skipif(not DIGEST.exists(), reason="the rules digest is not available here")
def test_rule_list_matches_the_digest() -> None:
    text = DIGEST.read_text(encoding="utf-8")
    assert set(re.findall(r"\*\*(M\d+)\b", text)) == set(DIGEST_RULES)
    assert set(re.findall(r"\*\*(TM\d+)\b", text)) == set(DIGEST_TESTS)
    assert set(re.findall(r"\*\*(F\d+)\b", text)) == set(DIGEST_DECISIONS)
    assert set(re.findall(r"\| (KM\d+) \|", text)) == set(KEYWORDS)
