"""A game's rules digest against its scenario files: the ids the digest numbers, which scenario
file cites which id, and the rules without a file of their own. Each game's ``test_coverage.py``
declares its ``RuleBook`` and keeps its own assertions; this module only reads.

The ids are listed in each test rather than read from ../shared (which CI may not have); when the
digest is present the list is cross-checked against it, so a new rule in the digest is noticed.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED_RULES = Path("/work/shared/rules")


def prefix(rid: str) -> str:
    """ "S7" -> "s07_", "TM13" -> "tm13_": the start of the scenario file named after a rule."""
    letters = rid.rstrip("0123456789")
    return f"{letters.lower()}{int(rid[len(letters) :]):02d}_"


@dataclass(frozen=True)
class RuleBook:
    game: str
    digest_name: str
    rules: tuple[str, ...]
    tests: tuple[str, ...]
    decisions: tuple[str, ...]
    keywords: tuple[str, ...]

    @property
    def scenarios(self) -> Path:
        return ROOT / "tests" / "scenarios" / self.game

    @property
    def decisions_file(self) -> Path:
        return ROOT / "engines" / self.game / "DECISIONS.md"

    @property
    def digest(self) -> Path:
        return SHARED_RULES / self.digest_name

    def files(self, folder: Path | None = None) -> list[Path]:
        return sorted((folder or self.scenarios).glob("*.toml"))

    def cited(self, folder: Path | None = None) -> dict[str, set[str]]:
        """rule id -> the files citing it."""
        out: dict[str, set[str]] = {}
        for path in self.files(folder):
            for rid in tomllib.loads(path.read_text(encoding="utf-8")).get("rules", []):
                out.setdefault(rid, set()).add(path.name)
        return out

    def own_decisions(self) -> set[str]:
        text = self.decisions_file.read_text(encoding="utf-8")
        return set(re.findall(r"^\| (D\d+) \|", text, re.MULTILINE))

    def pins(self) -> list[tuple[str, str]]:
        """(decision, its 'Pinned by' cell) for each row of DECISIONS.md."""
        text = self.decisions_file.read_text(encoding="utf-8")
        return re.findall(r"^\| (D\d+) \|.*\| ([^|]*) \|$", text, re.MULTILINE)

    def known(self) -> set[str]:
        return {*self.rules, *self.tests, *self.decisions, *self.keywords, *self.own_decisions()}

    def missing(self, folder: Path | None = None) -> list[str]:
        """Rules and digest tests without a scenario file named after them that cites them."""
        names = [p.name for p in self.files(folder)]
        cited = self.cited(folder)
        return [
            rid
            for rid in (*self.rules, *self.tests)
            if not any(n.startswith(prefix(rid)) and n in cited.get(rid, set()) for n in names)
        ]
