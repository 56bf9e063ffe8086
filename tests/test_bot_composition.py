"""Services are built in one place, bot/client.py, with what they use (issue 33 item 5;
docs/architecture.md): a cog reaches a service as an attribute of the bot it is given, never by
finding another cog and reading its service (``bot.get_cog("LeaderboardCog").service``), which
hides the dependency and quietly does nothing when that cog is not loaded."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _get_cog_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get_cog"
    ]


def test_no_cog_finds_a_service_through_another_cog() -> None:
    found = {
        str(p.relative_to(ROOT)): lines
        for p in sorted((ROOT / "bot" / "cogs").glob("*.py"))
        if (lines := _get_cog_calls(p))
    }
    assert found == {}, f"build the service in bot/client.py and use it as the bot's attribute: {found}"
