"""The docs a player or contributor needs are in the repository: every game has a rules summary in
docs/rules/, the README links them, no link leads outside the checkout (a clone has no
``../shared``), and every scenario file a summary cites exists."""

from __future__ import annotations

import re
from pathlib import Path

from engines.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CITED = re.compile(r"`([a-z]+\d*_[a-z0-9_]*\*?)`")
"""A scenario named in a summary: `te01_edge_placement`, or several: `t04_*`."""


def test_every_game_has_a_rules_summary_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        page = ROOT / "docs" / "rules" / f"{game}.md"
        assert page.is_file(), f"{game} has no docs/rules/{game}.md"
        assert f"(docs/rules/{game}.md)" in readme


def test_no_doc_points_outside_the_repository() -> None:
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text and "`shared/" not in text, (
            f"{doc.relative_to(ROOT)} points at shared/"
        )
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            resolved = (doc.parent / target).resolve()
            assert resolved.is_relative_to(ROOT), f"{doc.relative_to(ROOT)}: {target} leaves the repository"
            assert resolved.exists(), f"{doc.relative_to(ROOT)}: {target} does not exist"


def test_scenarios_cited_by_the_rules_summaries_exist() -> None:
    for game in GAMES:
        text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        folder = ROOT / "tests" / "scenarios" / game
        cited = CITED.findall(text)
        assert len(cited) >= 10, f"docs/rules/{game}.md names too few scenarios"
        for name in cited:
            pattern = name if name.endswith("*") else f"{name}.toml"
            assert list(folder.glob(pattern)), (
                f"docs/rules/{game}.md cites {name}, not in tests/scenarios/{game}/"
            )
