"""No class in bot/ grows past about 30 methods (issue 33 item 5).

A class that large is several jobs under one name (the draft and pod-play services had 53 and 55
methods, gathered from mixins). Methods count with those a class inherits from bot/ classes, so
splitting a class into mixins does not hide its size: composition (collaborators held as
attributes) is the way down. Read with ast, like tests/test_bot_layers.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_METHODS = 35
"""About 30: the database, the match store and the match service sit a little above it."""


def classes(root: Path) -> dict[str, tuple[str, list[str], set[str]]]:
    """Every class of bot/ by name: (where, the names of its bases, its own methods)."""
    found: dict[str, tuple[str, list[str], set[str]]] = {}
    for path in sorted((root / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                own = {
                    item.name
                    for item in node.body
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                }
                bases = [ast.unparse(b).split("[")[0].rsplit(".", 1)[-1] for b in node.bases]
                where = f"{path.relative_to(root)}:{node.name}"
                found[f"{where}"] = (node.name, bases, own)
    return found


def sizes(root: Path) -> dict[str, int]:
    """Methods of each class of bot/, its own and those inherited from other bot/ classes (a
    base is found by its name; a name two classes share counts the larger)."""
    table = classes(root)
    by_name: dict[str, list[str]] = {}
    for where, (name, _bases, _own) in table.items():
        by_name.setdefault(name, []).append(where)

    def methods(where: str, seen: frozenset[str]) -> set[str]:
        _name, bases, own = table[where]
        out = set(own)
        for base in bases:
            candidates = [w for w in by_name.get(base, []) if w not in seen]
            if candidates:
                out |= max((methods(w, seen | {w}) for w in candidates), key=len)
        return out

    return {where: len(methods(where, frozenset({where}))) for where in table}


def test_no_class_in_bot_has_more_than_about_30_methods() -> None:
    large = {where: n for where, n in sizes(ROOT).items() if n > MAX_METHODS}
    assert not large, f"split these by composition (at most {MAX_METHODS} methods each): {large}"


def test_inherited_methods_count(tmp_path: Path) -> None:
    """A class of mixins is as large as all its mixins together: the checker is not fooled."""
    (tmp_path / "bot").mkdir()
    body = "\n".join(f"    def m{i}(self): ..." for i in range(20))
    other = "\n".join(f"    def n{i}(self): ..." for i in range(20))
    (tmp_path / "bot" / "a.py").write_text(
        f"class A:\n{body}\n\nclass B:\n{other}\n\nclass Both(A, B):\n    def own(self): ...\n"
    )
    found = sizes(tmp_path)
    assert found["bot/a.py:Both"] == 41 and found["bot/a.py:A"] == 20
