"""Afrika's presenters read moves by their typed fields and never parse or write an action id
(issue #36 item 2): the id grammar lives in ``engines/afrika/actions.py`` alone, so a change to it
cannot silently break a button, and a presenter cannot misread "act:5:equip" as a number.

The check reads the presenters' code (a structural test, like tests/test_bot_layers.py): no
``.a``/``.b``/``.num`` (the id's raw words), no ``split(":")``, no id text written by hand
("at:" + ref); a move is made with the engine's ``act`` and named by ``to_id()``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engines.afrika.kinds import ACTION_KINDS

ROOT = Path(__file__).resolve().parents[2]
PRESENTERS = ("bot/presenters/afrika", "bot/presenters/alt/afrika.py", "render/afrika")
RAW_WORDS = {"a", "b", "num"}
_ID_TEXT = re.compile(r"(?:^|[^A-Za-z_])(?:" + "|".join(sorted(ACTION_KINDS)) + r"):(?:[0-9P]|$)")


def _files(root: Path) -> list[Path]:
    out: list[Path] = []
    for rel in PRESENTERS:
        p = root / rel
        out += sorted(p.rglob("*.py")) if p.is_dir() else [p]
    return out


def violations(root: Path) -> list[str]:
    """Where the presenters under ``root`` read an id's raw words, split an id, or write one."""
    found: list[str] = []
    for path in _files(root):
        tree = ast.parse(path.read_text(), str(path))
        where = path.relative_to(root)
        for node in ast.walk(tree):
            line = f"{where}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Attribute) and node.attr in RAW_WORDS:
                found.append(f"{line} reads .{node.attr}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("split", "partition", "rsplit")
                and any(isinstance(x, ast.Constant) and x.value == ":" for x in node.args)
            ):
                found.append(f"{line} splits on ':'")
            elif isinstance(node, ast.JoinedStr):
                for part in node.values:
                    text = part.value if isinstance(part, ast.Constant) else None
                    if isinstance(text, str) and _ID_TEXT.search(text):
                        found.append(f"{line} writes an id: {text!r}")
    return found


def test_afrika_presenters_never_parse_or_write_an_action_id() -> None:
    assert _files(ROOT) and all(p.exists() for p in _files(ROOT))
    assert violations(ROOT) == []


def test_the_check_sees_an_id_parsed_or_written(tmp_path: Path) -> None:
    """The check itself: the forms it exists to refuse are refused."""
    bad = tmp_path / "bot/presenters/afrika"
    bad.mkdir(parents=True)
    (bad / "moves.py").write_text(
        "def f(a, ref, view):\n"
        "    x = int(a.a) if a.b in ('1', '2') else a.num\n"
        "    kind, obj = a.to_id().split(':', 1)\n"
        "    return f'{a.to_id()}|at:{ref}'\n"
    )
    (tmp_path / "bot/presenters/alt").mkdir(parents=True)
    (tmp_path / "bot/presenters/alt/afrika.py").write_text("")
    (tmp_path / "render/afrika").mkdir(parents=True)
    found = violations(tmp_path)
    assert sorted(v.split(" ", 1)[1] for v in found if "reads" in v) == ["reads .a", "reads .b", "reads .num"]
    assert any("splits" in v for v in found) and any("writes an id" in v for v in found)
