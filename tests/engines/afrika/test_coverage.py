"""Every engine-relevant rule, keyword and digest scenario of shared/rules/afrika.md is cited by a
scenario file (or, for the few that are about images, views or formats, by a named pytest)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "afrika").glob("*.toml"))

# rules checked by pytest rather than by a scenario file
BY_PYTEST = {
    "R5": "test_properties.test_views_never_leak_hidden_cards",
    "R10": "no sideboard in constructed play (DECISION A14): nothing for the engine to do",
    "R26": "tests/render/test_afrika_render.py draws zones, charged state, attachments, damage",
    "R141": "tests/engines/afrika/test_starlords.py and tests/engines/test_decks_starlords.py: the Codex rule",
    "R124": "test_teams.test_a_player_sees_the_teammates_hands_and_never_an_opponents (a view matter)",
    "R131": "test_teams.test_each_player_mulligans_separately (from set-up)",
    "R153": "test_teams.test_the_scheme_deck_check: the Scheme deck's size and copies",
}
ENGINE_RULES = [f"R{i}" for i in range(1, 71)]
VARIANT_RULES = [
    *(f"R{i}" for i in range(120, 132)),
    *(f"R{i}" for i in range(140, 147)),
    *(f"R{i}" for i in range(150, 158)),
    "R160",
]
"""The multiplayer rules: general (R120-R123), Allied Kingdoms (R124-R131), Star Lords (R140-R146),
the Galactic Overlord (R150-R157) and Cosmic Rifts (R160)."""
VARIANT_SCENARIOS = ["T18", "T20"]
"""The digest's multiplayer scenarios: Allied Kingdoms (T18) and Star Lords (T20)."""
KEYWORDS = [f"K{i}" for i in range(1, 20)]
DUEL_SCENARIOS = [f"T{i}" for i in (*range(1, 17), 19)]


def _cited() -> set[str]:
    out: set[str] = set()
    for path in SCENARIOS:
        out |= set(tomllib.loads(path.read_text(encoding="utf-8")).get("rules", []))
    return out


def test_every_engine_rule_has_a_scenario() -> None:
    missing = [r for r in ENGINE_RULES if r not in _cited() and r not in BY_PYTEST]
    assert missing == []


def test_every_multiplayer_rule_built_has_a_scenario() -> None:
    missing = [r for r in VARIANT_RULES if r not in _cited() and r not in BY_PYTEST]
    assert missing == []
    assert [t for t in VARIANT_SCENARIOS if t not in _cited()] == []


def test_every_keyword_and_digest_scenario_has_a_file() -> None:
    cited = _cited()
    assert [k for k in KEYWORDS if k not in cited] == []
    assert [t for t in DUEL_SCENARIOS if t not in cited] == []


def test_scenario_files_are_afrika_and_described() -> None:
    assert len(SCENARIOS) >= 60
    for path in SCENARIOS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == "afrika", path.name
        assert data.get("description"), path.name
        assert data.get("rules"), path.name
