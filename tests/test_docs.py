"""The docs a player or contributor needs are in the repository: every game has a rules summary in
docs/rules/, the README links them, no link leads outside the checkout (a clone has no
``../shared``), and every scenario file a summary cites exists."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engines.core.game import GameSpec
from engines.games import all_games

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CITED = re.compile(r"`([a-z]+\d*_[a-z0-9_]*\*?)`")
"""A scenario named in a summary: `te01_edge_placement`, or several: `t04_*`."""


def test_every_game_has_a_rules_summary_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for spec in all_games():
        page = spec.rules_path
        assert page.is_file(), f"{spec.name} has no rules summary {page} (GameSpec.rules_page)"
        if page.is_relative_to(ROOT / "docs"):  # a page in the repository's docs: the README links it
            assert f"({page.relative_to(ROOT).as_posix()})" in readme


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


def check_rules_summary_cites_scenarios(spec: GameSpec[Any, Any, Any]) -> None:
    """The game's rules summary names at least 10 of its scenario files, each of which exists."""
    page, folder = spec.rules_path, spec.scenario_dir
    cited = CITED.findall(page.read_text(encoding="utf-8"))
    assert len(cited) >= 10, f"{page} names too few scenarios"
    for name in cited:
        pattern = name if name.endswith("*") else f"{name}.toml"
        assert list(folder.glob(pattern)), f"{page} cites {name}, not in {folder}"


def test_scenarios_cited_by_the_rules_summaries_exist() -> None:
    for spec in all_games():
        check_rules_summary_cites_scenarios(spec)


CITED_DOC = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.md)\b")
"""A Markdown file named in code or docs: `docs/architecture.md`, `engines/afrika/DECISIONS.md`."""
SOURCES = ("bot", "engines", "render", "bench", "tests", "docs")
RULES_DIGESTS = frozenset(
    {
        "rules/alchemy.md",
        "rules/chronomagia.md",
        "rules/spirit-tactics.md",
        "spirit-tactics.md",
        "shared/rules/afrika.md",
    }
)
"""The rules digests the engines were written from (rule ids AL1, M6, S2...): they live outside the
repository, and docs/rules/ holds the players' summaries instead. Cited by name, not linked."""


def test_every_markdown_file_cited_in_code_or_docs_exists() -> None:
    """A docstring or page that names a doc names one the checkout has (not a design doc of the
    workspace the code was first written in): by its path, or by its file name."""
    known = {p.relative_to(ROOT).as_posix() for p in ROOT.glob("*.md")}
    known |= {p.relative_to(ROOT).as_posix() for folder in SOURCES for p in (ROOT / folder).rglob("*.md")}
    names = {path.rsplit("/", 1)[-1] for path in known}
    files = [ROOT / "README.md"]
    files += [
        p for folder in SOURCES for p in sorted((ROOT / folder).rglob("*")) if p.suffix in (".py", ".md")
    ]
    missing = []
    for path in files:
        for cited in CITED_DOC.findall(path.read_text(encoding="utf-8")):
            here = (path.parent / cited).resolve()
            if (
                cited in known
                or cited in names
                or cited in RULES_DIGESTS
                or (here.is_relative_to(ROOT) and here.exists())
            ):
                continue
            missing.append(f"{path.relative_to(ROOT)}: {cited}")
    assert not missing, "cited docs that do not exist: " + ", ".join(missing)


def _readme_layout() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Layout") :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def test_readme_layout_names_the_folders_the_tree_has() -> None:
    """Each top folder the Layout block lists exists, and it names every package of bot/, engines/
    and render/ (the block once said bot/ was "cogs, services, db" after ui/, surfaces/ and sender/
    had come)."""
    layout = _readme_layout()
    for line in layout.splitlines():
        top = line.split(" ", 1)[0]
        if top:
            assert (ROOT / top).is_dir(), f"the README's layout lists {top}, which the tree lacks"
    for parent in ("bot", "engines", "render", "tests"):
        for child in sorted((ROOT / parent).iterdir()):
            if child.is_dir() and not child.name.startswith(("_", ".")) and child.name != "fonts":
                assert f"{child.name}/" in layout, f"the README's layout does not name {parent}/{child.name}/"


FAST_TIER = '-m "not slow"'


def test_the_readme_and_the_testing_page_name_the_fast_tier() -> None:
    """Issue 36 item 8: the fast tier is named where a contributor looks, with its time."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set-up") : readme.index("### With a Discord token")]
    assert FAST_TIER in setup, "the README's set-up does not name the fast tier"
    assert setup.count("```sh") == 2, "the README's set-up keeps exactly two commands: the bot and the tests"
    testing = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert "## Two tiers" in testing and FAST_TIER in testing


def test_the_slow_lists_name_files_and_tests_that_exist() -> None:
    """A renamed file or test would leave the slow lists and fall silently into the fast tier."""
    from tests.conftest import SLOW_FILES, SLOW_FOLDERS, SLOW_TESTS

    tests = ROOT / "tests"
    for folder in SLOW_FOLDERS:
        assert (tests / folder).is_dir(), folder
    for name in SLOW_FILES | {file for file, _ in SLOW_TESTS}:
        assert list(tests.rglob(name)), f"no tests/**/{name}"
    for file, function in SLOW_TESTS:
        assert any(f"def {function}(" in p.read_text(encoding="utf-8") for p in tests.rglob(file)), (
            f"{file} has no {function}"
        )
