"""Issue 36 item 3: no game's renderer imports another game's renderer.

Drawing helpers more than one game uses (rules text with icons, ``render.richtext``) live in the
shared render code, so a change to one game's look cannot move another's by accident.
"""

from __future__ import annotations

import ast
from pathlib import Path

RENDER = Path(__file__).resolve().parents[2] / "render"
GAMES = sorted(
    p.name for p in RENDER.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name != "fonts"
)


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_no_game_renderer_imports_another() -> None:
    assert {"chronomagia", "spirit"} <= set(GAMES)
    crossings = [
        f"{path.relative_to(RENDER.parent)} imports {name}"
        for game in GAMES
        for path in sorted((RENDER / game).rglob("*.py"))
        for name in sorted(_imported(path))
        for other in GAMES
        if other != game and (name == f"render.{other}" or name.startswith(f"render.{other}."))
    ]
    assert crossings == []
