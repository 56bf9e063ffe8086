"""The game registry is built once and holds each game whole (issue 36, item 4).

``bot/presenters/registry.py`` joins each declaration (``engines.games``) to its table, renderers
and describer in one entry; a game registered while the process runs (the High Card test game)
leaves with its entry; tests change a game only through ``override``, never a private cache.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from PIL import Image

import bot.presenters
import engines
import engines.games
import render
from bot.presenters.alt import GENERIC
from bot.presenters.registry import (
    REGISTRY,
    GameRegistry,
    drawing_modules,
    entries,
    entry,
    entry_of,
    override,
)
from engines.core.errors import ConfigError
from engines.decks import DeckError, available_pools, get_pool

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = Path(__file__).parent / "bot" / "plugin_game"


def test_an_entry_holds_the_declaration_the_table_its_renderers_and_its_describer() -> None:
    for found in entries():
        table = found.table
        assert found.spec is engines.games.game_spec(found.name) and table.game is found.spec
        assert (found.board, found.hand, found.describer) == (table.board, table.hand, table.describer)
        assert found.describer is not GENERIC, f"{found.name} declares how its pictures read aloud"
        assert entry(found.name) is found and entry_of(found.spec) is found
    assert [e.name for e in entries()] == list(engines.games.GAMES)


def test_the_registry_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every entry is joined the first time any is asked for; later lookups join nothing."""
    fresh = GameRegistry()
    joined: list[str] = []
    join = GameRegistry._join

    def counting(name: str) -> object:
        joined.append(name)
        return join(name)

    monkeypatch.setattr(GameRegistry, "_join", staticmethod(counting))
    fresh.entry("alchemy")
    assert joined == list(engines.games.GAMES), "the whole game list, at the first lookup"
    for _ in range(3):
        fresh.entries()
        fresh.entry("chrono")
    assert joined == list(engines.games.GAMES), "and never again"


def test_override_hosts_a_changed_game_for_the_block_only() -> None:
    before = entry("alchemy")
    spied = dataclasses.replace(before.table, pack_image=None, palette={})
    with override("alchemy", table=spied) as changed:
        assert entry("alchemy") is changed and changed.table.palette == {}
        assert entry_of(before.spec) is changed, "a live match of the game reads the changed table"
    assert entry("alchemy").table is before.table
    declared = dataclasses.replace(before.spec, deck_word="grimoire")
    with override("alchemy", spec=declared) as changed:
        assert engines.games.game_spec("alchemy") is declared
        assert changed.table.game is declared and changed.table.presenter is before.presenter
        assert entry_of(declared) is changed
    assert engines.games.game_spec("alchemy") is before.spec
    assert entry("alchemy").spec is before.spec and entry("alchemy").table is before.table


def test_unregister_takes_the_games_entry_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "__path__", [*engines.__path__, str(PLUGIN / "engines")])
    monkeypatch.setattr(render, "__path__", [*render.__path__, str(PLUGIN / "render")])
    monkeypatch.setattr(
        bot.presenters, "__path__", [*bot.presenters.__path__, str(PLUGIN / "bot" / "presenters")]
    )
    before = engines.games.GAMES
    spec = engines.games.register("highcard")
    try:
        assert (*before, "highcard") == engines.games.GAMES
        hosted = entry("highcard")
        assert hosted.spec is spec and hosted.table.game is spec and hosted.board is not None
        assert hosted.describer is GENERIC, "High Card declares no describer: the generic words"
        assert entries()[-1] is hosted
    finally:
        engines.games.unregister("highcard")
    assert before == engines.games.GAMES
    with pytest.raises(ConfigError):
        entry("highcard")
    with pytest.raises(ConfigError):
        engines.games.game_spec("highcard")
    assert all(e.name != "highcard" for e in entries())


def test_a_failed_registration_leaves_the_declared_games_alone() -> None:
    before = engines.games.GAMES
    with pytest.raises(ModuleNotFoundError):
        engines.games.register("nosuchgame")
    assert before == engines.games.GAMES
    engines.games.register("alchemy")  # already declared: nothing changes
    assert before == engines.games.GAMES
    assert REGISTRY.entry("alchemy").spec is engines.games.game_spec("alchemy")


PRIVATE = re.compile(
    r"\b(_SPECS|_TABLES|_DESCRIBERS|_declared|_by_name|_by_spec|_listeners|BOARDS|HANDS)\b"
    r"|\b(games|registry|REGISTRY|GameRegistry|presenters|alt|match_table)\._[A-Za-z]"
)
"""The registries' private names, and any private attribute of the modules that hold them."""


def test_no_test_touches_a_registry_cache() -> None:
    """Tests change a game through ``register``/``unregister``/``override`` (engines.games and the
    bot's registry), never by editing the caches behind them: a cache's shape may change freely."""
    offenders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PRIVATE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_nothing_finds_a_game_part_by_a_naming_convention_but_the_registries() -> None:
    """A game's declaration (``engines.<game>``) and its table (``bot.presenters.<game>``) are each
    found by name in one place; its renderers and describer are declared by its table, its deck
    pool by its declaration (``GameSpec.deck_pool``, read by ``engines.decks.get_pool``)."""
    found = []
    for top in ("bot", "engines", "render"):
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if re.search(r"import_module\(|__import__\(", text):
                found.append(path.relative_to(ROOT).as_posix())
    assert found == ["bot/presenters/registry.py", "engines/games.py"]


def test_no_module_name_is_made_of_a_games_name_but_by_the_registries() -> None:
    """Nothing builds a game part's module name from the game's name (``f"render.{game}"``) but
    the two registries, and the scenario runner telling a missing ``engines.<game>`` from a
    broken one (``declaration``'s own error): the render workers' fork server, for one, imports
    the modules the registry's entries name (``drawing_modules``)."""
    made = re.compile(r"""f["'](?:engines|render|bot)[\w.]*\.\{""")
    found = []
    for top in ("bot", "engines", "render"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if made.search(path.read_text(encoding="utf-8")):
                found.append(path.relative_to(ROOT).as_posix())
    assert found == ["bot/presenters/registry.py", "engines/core/scenario.py", "engines/games.py"]


def _drawn_here(view: object, names: list[str], **options: object) -> Image.Image:
    raise AssertionError("never drawn: only its module is read")


def test_the_drawing_modules_are_the_ones_the_entries_name() -> None:
    """What the render workers import ahead: each game's engine and the modules of the renderers
    its entry holds, wherever they live (Chronomagia's table wraps its renderers), and a changed
    table's renderer as soon as it is hosted."""
    modules = drawing_modules()
    for found in entries():
        for module in (type(found.spec.engine).__module__, found.board.__module__, found.hand.__module__):
            assert module in modules, (found.name, module)
    assert "bot.presenters.chronomagia" in modules and len(modules) == len(set(modules))
    assert __name__ not in modules
    changed = dataclasses.replace(entry("alchemy").table, board=_drawn_here)
    with override("alchemy", table=changed):
        assert __name__ in drawing_modules()
    assert __name__ not in drawing_modules()


@pytest.mark.parametrize("game", [g for g in engines.games.GAMES if engines.games.game_spec(g).deck_pool])
def test_a_games_deck_pool_is_the_one_its_declaration_names_built_once(game: str) -> None:
    """The deck library reads a game's pool through its declaration, and the pool is built once:
    every lookup, by name or through the declaration, gets the same object."""
    make = engines.games.game_spec(game).deck_pool
    assert make is not None
    first = make()
    assert first.game == game
    assert get_pool(game) is first and make() is first and available_pools()[game] is first


def test_the_deck_library_follows_a_changed_declaration() -> None:
    """A game declared with another deck pool (a test's override, a game kept outside the
    repository) has that pool in the deck library for as long as the declaration stands."""
    spec = engines.games.game_spec("alchemy")
    real = get_pool("alchemy")
    toy = dataclasses.replace(real, title="Toy Alchemy", cards={})
    with engines.games.override("alchemy", dataclasses.replace(spec, deck_pool=lambda: toy)):
        assert get_pool("alchemy") is toy and available_pools()["alchemy"] is toy
    assert get_pool("alchemy") is real
    without = dataclasses.replace(engines.games.game_spec("spirit"), deck_pool=None)
    with engines.games.override("spirit", without), pytest.raises(DeckError, match="no deck building"):
        get_pool("spirit")
