"""Every rule (S#) and digest test (TS#) of the Spirit Tactics digest has its own scenario file,
and the scenario files cite only real ids: the digest's rules, tests, DECISIONs (B#) and keywords
(KW#), and the engine's own decisions (D#, engines/spirit/DECISIONS.md).

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
    game="spirit",
    digest_name="spirit-tactics.md",
    rules=(*(f"S{i}" for i in range(1, 7)), *(f"S{i}" for i in range(10, 58))),
    tests=tuple(f"TS{i}" for i in range(1, 22)),
    decisions=tuple(f"B{i}" for i in range(1, 28)),
    keywords=tuple(f"KW{i}" for i in range(1, 10)),
)
"""The digest numbers its rules S1-S6 and S10-S57."""
SCENARIOS, DECISIONS, DIGEST = BOOK.scenarios, BOOK.decisions_file, BOOK.digest
DIGEST_RULES, DIGEST_TESTS, DIGEST_DECISIONS, KEYWORDS = BOOK.rules, BOOK.tests, BOOK.decisions, BOOK.keywords
_files, _cited, _own_decisions, missing = BOOK.files, BOOK.cited, BOOK.own_decisions, BOOK.missing


def test_every_rule_has_its_own_scenario_file() -> None:
    """One file per rule, named after it (s10_..., ts01_...) and citing it."""
    assert missing() == []


def test_every_keyword_is_cited() -> None:
    cited = _cited()
    assert [k for k in KEYWORDS if k not in cited] == []


def test_scenarios_cite_only_real_ids() -> None:
    known = {*DIGEST_RULES, *DIGEST_TESTS, *DIGEST_DECISIONS, *KEYWORDS, *_own_decisions()}
    unknown = {rid: sorted(files) for rid, files in _cited().items() if rid not in known}
    assert unknown == {}


def test_every_decision_with_a_scenario_names_it() -> None:
    """A decision whose 'Pinned by' names a scenario file: that file exists and cites the decision
    when it is a decision's own file (d06_...)."""
    text = DECISIONS.read_text(encoding="utf-8")
    cited = _cited()
    for did, pins in re.findall(r"^\| (D\d+) \|.*\| ([^|]*) \|$", text, re.MULTILINE):
        for pin in (p.strip() for p in pins.split(",")):
            if re.fullmatch(r"[a-z]+\d+_[a-z0-9_]+", pin):
                assert (SCENARIOS / f"{pin}.toml").exists(), f"{did} pins {pin}, which does not exist"
                if pin.startswith("d"):
                    assert pin + ".toml" in cited.get(did, set()), f"{pin} does not cite {did}"


def test_pinned_tests_exist() -> None:
    """Test modules named in DECISIONS.md's 'Pinned by' column exist."""
    text = DECISIONS.read_text(encoding="utf-8")
    for name in set(re.findall(r"\b(test_[a-z_]+\.py)\b", text)):
        found = list((ROOT / "tests").rglob(name))
        assert found, f"DECISIONS.md names {name}, which does not exist"


def test_scenario_files_are_spirit_and_described() -> None:
    assert len(_files()) >= len(DIGEST_RULES) + len(DIGEST_TESTS)
    for path in _files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == "spirit", path.name
        assert data.get("description"), path.name
        assert data.get("rules"), path.name


def test_the_coverage_check_notices_a_missing_file(tmp_path: Path) -> None:
    """The check above can fail: with one file taken away it reports that rule, and only it."""
    for path in _files():
        if not path.name.startswith("s33_"):
            (tmp_path / path.name).write_bytes(path.read_bytes())
    assert missing(tmp_path) == ["S33"]


@pytest.mark.skipif(not DIGEST.exists(), reason="the rules digest is not available here")
def test_rule_list_matches_the_digest() -> None:
    text = DIGEST.read_text(encoding="utf-8")
    assert set(re.findall(r"\*\*(S\d+)\b", text)) == set(DIGEST_RULES)
    assert set(re.findall(r"\*\*(TS\d+)\b", text)) == set(DIGEST_TESTS)
    assert set(re.findall(r"\*\*(B\d+)\b", text)) == set(DIGEST_DECISIONS)
    assert set(re.findall(r"\| (KW\d+) \|", text)) == set(KEYWORDS)
