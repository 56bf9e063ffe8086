"""bot/ is built in layers, and this test holds the line as tests/engines/test_purity.py does for
engines/ (docs/architecture.md; issue 33 item 5).

Lowest first: the helpers, bot/db, the settings, bot/services, bot/presenters, bot/ui, bot/surfaces
(what the bot keeps on Discord, built from what the services return and handed to the sender),
bot/cogs, and the process (bot/client.py, bot/main.py, the command lines). A module may import its own layer and
those below it, never one above; the helpers, the database, the settings and the services import
no discord.

Every import counts, read with ast: at module level, inside a function (where today's cycles hide),
under ``TYPE_CHECKING`` (a service whose signature names ``discord.Interaction`` depends on
Discord all the same) and ``importlib.import_module`` of a written-out name. Only the game tables'
lookup by name (``bot.presenters.{game}``) is not an arrow: it names no module.

It began as a ratchet (``DEBT`` listed the 81 forbidden imports of the day and
``LARGEST_CYCLE`` its 46-module cycle, and both only shrank); both are now empty, so the test is a
plain rule: a forbidden import, or any import cycle in bot/, fails it."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Layer:
    name: str
    paths: tuple[str, ...]
    """Files, or folders ending in ``/``; the longest path that holds a file decides its layer."""
    discord_free: bool


LAYERS = (
    Layer(
        "helpers",
        (
            "bot/__init__.py",
            "bot/text.py",
            "bot/ids.py",
            "bot/i18n.py",
            "bot/spreadsheet.py",
            "bot/log.py",
            "bot/sender/",
        ),
        discord_free=True,
    ),
    Layer("db", ("bot/db/",), discord_free=True),
    Layer("settings", ("bot/settings.py",), discord_free=True),
    Layer("services", ("bot/services/",), discord_free=True),
    Layer("presenters", ("bot/presenters/",), discord_free=False),
    Layer("ui", ("bot/ui/", "bot/mentions.py", "bot/sender/discord_io.py"), discord_free=False),
    Layer("surfaces", ("bot/surfaces/",), discord_free=False),
    Layer("cogs", ("bot/cogs/",), discord_free=False),
    Layer(
        "process",
        (
            "bot/client.py",
            "bot/main.py",
            "bot/startup.py",
            "bot/health.py",
            "bot/translations.py",
            "bot/sandbox.py",
            "bot/cli.py",
            "bot/ops_cli.py",
            "bot/packs_cli.py",
            "bot/puzzles_cli.py",
            "bot/ratings_cli.py",
            "bot/simulate.py",
        ),
        discord_free=False,
    ),
)
"""Lowest first."""

DEBT: dict[str, tuple[str, ...]] = {}
"""Every forbidden import today: module -> what it may not import (a module above it, or discord)."""

LARGEST_CYCLE = 0
"""Modules in the largest import cycle of bot/ today (every import counted, as above)."""


# ----------------------------------------------------------------------------- reading the tree


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of bot/ under ``root``, by dotted name."""
    return {module_name(p, root): p for p in sorted((root / "bot").rglob("*.py"))}


def _literal_import(node: ast.Call) -> str | None:
    """The name in ``importlib.import_module("bot.x")`` or ``__import__("bot.x")``, if written out."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if called not in ("import_module", "__import__") or not node.args:
        return None
    first = node.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def imported(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """What a module imports: a bot module's dotted name (``from bot.x import y`` is ``bot.x.y``
    when that is a module, else ``bot.x``), or the top package of anything else (``discord``)."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        if target.split(".")[0] != "bot":
            found.add(target.split(".")[0])
            return
        parts = target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()  # bot.x.SomeName -> bot.x
        if parts and ".".join(parts) != name:
            found.add(".".join(parts))

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                add(f"{base}.{alias.name}")
        elif isinstance(node, ast.Call) and (literal := _literal_import(node)):
            add(literal)
    return found


def layer_of(name: str, path: Path, root: Path) -> int | None:
    """The index in LAYERS of a module's layer (None: on no layer)."""
    rel = path.relative_to(root).as_posix()
    best: tuple[int, int] | None = None
    for index, layer in enumerate(LAYERS):
        for p in layer.paths:
            if (rel == p or (p.endswith("/") and rel.startswith(p))) and (best is None or len(p) > best[0]):
                best = (len(p), index)
    return None if best is None else best[1]


def violations(root: Path) -> dict[str, tuple[str, ...]]:
    """module -> its forbidden imports: a bot module of a higher layer, or discord in a
    Discord-free layer."""
    mods = modules(root)
    found: dict[str, tuple[str, ...]] = {}
    for name, path in mods.items():
        mine = layer_of(name, path, root)
        assert mine is not None, f"{path.relative_to(root)} is on no layer: add it to LAYERS"
        bad = set()
        for target in imported(name, path, mods):
            if target == "discord" and LAYERS[mine].discord_free:
                bad.add(target)
            elif target in mods:
                theirs = layer_of(target, mods[target], root)
                if theirs is not None and theirs > mine:
                    bad.add(target)
        if bad:
            found[name] = tuple(sorted(bad))
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    mods = modules(root)
    return {name: imported(name, path, mods) & set(mods) for name, path in mods.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module, largest first (Tarjan's
    algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return sorted(found, key=len, reverse=True)


# ----------------------------------------------------------------------------- the ratchet


def test_no_new_forbidden_import_and_none_paid_off_unlisted() -> None:
    found = violations(ROOT)
    new = {m: tuple(sorted(set(v) - set(DEBT.get(m, ())))) for m, v in found.items()}
    new = {m: v for m, v in new.items() if v}
    assert new == {}, (
        "these imports break bot/'s layers (docs/architecture.md): import downward only, and keep "
        f"discord out of the helpers, bot/db and bot/services: {new}"
    )
    gone = {m: tuple(sorted(set(v) - set(found.get(m, ())))) for m, v in DEBT.items()}
    gone = {m: v for m, v in gone.items() if v}
    assert gone == {}, f"well done: these listed imports are gone, strike them from DEBT: {gone}"


def test_the_largest_import_cycle_only_shrinks() -> None:
    largest = cycles(import_graph(ROOT))
    size = len(largest[0]) if largest else 0
    assert size <= LARGEST_CYCLE, f"bot/'s largest import cycle grew to {size} modules: {sorted(largest[0])}"
    assert size == LARGEST_CYCLE, f"bot/'s largest import cycle shrank to {size}: set LARGEST_CYCLE = {size}"


def test_every_listed_module_exists_and_every_module_is_on_a_layer() -> None:
    mods = modules(ROOT)
    assert sorted(set(DEBT) - set(mods)) == []
    assert [p for name, p in mods.items() if layer_of(name, p, ROOT) is None] == []


# ----------------------------------------------------------------------------- the checker checked


def _tree(root: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/db/__init__.py": "",
            "bot/db/store.py": "from ..services import play\n",
            "bot/services/__init__.py": "",
            "bot/services/play.py": (
                "from typing import TYPE_CHECKING\n"
                "import importlib\n"
                "from bot.db.store import Store\n"
                "if TYPE_CHECKING:\n"
                "    import discord\n"
                "def answer():\n"
                "    from bot.ui.views import Panel\n"
                "    return importlib.import_module('bot.cogs.game')\n"
            ),
            "bot/services/clean.py": "from bot.db import store\nfrom bot.text import clip\n",
            "bot/text.py": "",
            "bot/ui/__init__.py": "",
            "bot/ui/views.py": "import discord\nfrom bot.services import play\n",
            "bot/cogs/__init__.py": "",
            "bot/cogs/game.py": "from bot.ui.views import Panel\nfrom bot.client import Bot\n",
            "bot/client.py": "from bot.cogs import game\n",
        },
    )
    assert violations(root) == {
        "bot.db.store": ("bot.services.play",),
        "bot.services.play": ("bot.cogs.game", "bot.ui.views", "discord"),
        "bot.cogs.game": ("bot.client",),
    }
    assert cycles(import_graph(root)) == [
        {"bot.services.play", "bot.ui.views", "bot.cogs.game", "bot.client", "bot.db.store"}
    ]
