"""The game registry: each declared game's pure declaration and its table side, in one entry.

A ``GameEntry`` holds everything the bot needs of one game: its ``GameSpec`` (``engines.games``),
its ``TableSpec`` (``bot/presenters/<game>.py``'s ``TABLE``) and, declared by the table, its board
and hand renderers and its alt-text describer. The entries are built once, the first time any is
asked for, from the game list (``engines.games.GAMES``); a game registered later is joined the
first time it is asked for, and an entry goes as soon as its declaration changes (unregistered,
overridden: ``engines.games.on_change``), so nothing else in the bot keeps a game by its name.

Finding a table by a game's name happens here only (``bot.presenters.<game>``, the one naming
convention of the bot side, beside the engines' ``engines.<game>``). A live match reads its entry
by its declaration's identity (``entry_of(live.spec)``, ``bot/presenters/match_table.py``); a name
from a command or a stored row is looked up once with ``entry(name)`` and the entry passed on.
Tests change a game's entry with ``override`` (never a private dict).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import engines.games
from bot.presenters import Presenter, TableSpec
from bot.presenters.alt import Describer
from bot.services.seating import Seating
from engines.core.game import GameSpec
from render import BoardRenderer, HandRenderer


@dataclass(frozen=True)
class GameEntry:
    """One game as the bot hosts it: its declaration and its table, joined once."""

    spec: GameSpec[Any, Any, Any]
    table: TableSpec

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def presenter(self) -> Presenter:
        return self.table.presenter

    @property
    def board(self) -> BoardRenderer:
        return self.table.board

    @property
    def hand(self) -> HandRenderer:
        return self.table.hand

    @property
    def describer(self) -> Describer:
        return self.table.describer


class GameRegistry:
    """Every declared game's entry, by name and by its declaration's identity."""

    def __init__(self) -> None:
        self._by_name: dict[str, GameEntry] = {}
        self._by_spec: dict[int, GameEntry] = {}
        """``id(GameSpec)`` -> its entry: a declaration an entry holds lives as long as the entry,
        so its id is not reused while the entry stands."""
        self._built = False

    def entry(self, name: str) -> GameEntry:
        """The entry of declared game ``name`` (``ConfigError`` in words for an unknown one)."""
        self._build()
        found = self._by_name.get(name)
        if found is None:
            found = self._add(self._join(name))
        return found

    def entry_of(self, spec: GameSpec[Any, Any, Any]) -> GameEntry:
        """The entry whose declaration is ``spec`` itself (a live match's)."""
        found = self._by_spec.get(id(spec))
        if found is None or found.spec is not spec:
            found = self.entry(spec.name)
            if found.spec is not spec:
                raise TypeError(f"{spec.name!r} is declared by another GameSpec than this one")
        return found

    def entries(self) -> list[GameEntry]:
        """Every declared game's entry, in declaration order."""
        return [self.entry(name) for name in engines.games.GAMES]

    def forget(self, name: str) -> None:
        """Drop ``name``'s entry: its declaration changed (``engines.games.on_change``)."""
        gone = self._by_name.pop(name, None)
        if gone is not None:
            self._by_spec.pop(id(gone.spec), None)

    @contextmanager
    def override(
        self, name: str, *, spec: GameSpec[Any, Any, Any] | None = None, table: TableSpec | None = None
    ) -> Iterator[GameEntry]:
        """Game ``name`` is hosted with ``spec`` and/or ``table`` in place of its own while the
        block runs (a test's changed declaration or table), then as before. A table given alone
        serves the game's declaration; a declaration given alone is served by the game's table."""
        with ExitStack() as stack:
            if spec is not None:
                stack.enter_context(engines.games.override(name, spec))
            declared = engines.games.game_spec(name)
            chosen = table if table is not None else self.entry(name).table
            if chosen.name != name:
                raise TypeError(f"the table of {chosen.name!r} cannot be game {name!r}")
            self.forget(name)
            stack.callback(self.forget, name)
            yield self._add(GameEntry(declared, _serving(chosen, declared)))

    def _build(self) -> None:
        """Join every declared game once, the first time any entry is asked for."""
        if not self._built:
            self._built = True
            for name in engines.games.GAMES:
                if name not in self._by_name:
                    self._add(self._join(name))

    def _add(self, found: GameEntry) -> GameEntry:
        self._by_name[found.name] = found
        self._by_spec[id(found.spec)] = found
        return found

    @staticmethod
    def _join(name: str) -> GameEntry:
        spec = engines.games.game_spec(name)  # an unknown name is refused here, in words
        table = getattr(importlib.import_module(f"bot.presenters.{name}"), "TABLE", None)
        if not isinstance(table, TableSpec) or table.name != name:
            raise TypeError(f"bot.presenters.{name}.TABLE is not the TableSpec of {name!r}")
        return GameEntry(spec, _serving(table, spec))


def _serving(table: TableSpec, spec: GameSpec[Any, Any, Any]) -> TableSpec:
    """``table`` for declaration ``spec``: itself, or a copy naming ``spec`` when the game's
    declaration was changed (``override``) after the table was written."""
    return table if table.game is spec else dataclasses.replace(table, game=spec)


REGISTRY = GameRegistry()
"""The bot's one game registry."""

engines.games.on_change(REGISTRY.forget)  # a changed or unregistered declaration takes its entry


def entry(name: str) -> GameEntry:
    """The entry of declared game ``name`` (``ConfigError`` in words for an unknown one): for a
    name read from a command, a button or a stored row. Look it up once and pass the entry on."""
    return REGISTRY.entry(name)


def entry_of(spec: GameSpec[Any, Any, Any]) -> GameEntry:
    """The entry of a declaration the caller holds (a live match's ``spec``)."""
    return REGISTRY.entry_of(spec)


def entries() -> list[GameEntry]:
    """Every declared game's entry, in declaration order."""
    return REGISTRY.entries()


def override(
    name: str, *, spec: GameSpec[Any, Any, Any] | None = None, table: TableSpec | None = None
) -> AbstractContextManager[GameEntry]:
    """``REGISTRY.override``: a context manager hosting game ``name`` with ``spec``/``table``."""
    return REGISTRY.override(name, spec=spec, table=table)


def seating_for(game: str, options: Mapping[str, Any]) -> Seating | None:
    """The lobby a variant of ``game`` with ``options`` needs (``TableSpec.seating``), or None for
    the table's usual start. Given to the lobby service (below this layer) by ``bot/client.py``."""
    table = entry(game).table
    return table.seating(options) if table.seating is not None else None


def drawing_modules() -> list[str]:
    """The modules a process drawing the declared games' images needs, each once: every game's
    engine (its views arrive pickled) and the modules of the board and hand renderers its entry
    holds (a job names its renderer by reference: a table's own wrapper, not always ``render/``).
    Given to the render workers' fork server, which imports them ahead, by ``bot/surfaces/table.py``
    (the services sit below this layer)."""
    found: list[str] = []
    for game in entries():
        found += [type(game.spec.engine).__module__, game.board.__module__, game.hand.__module__]
    return list(dict.fromkeys(found))


__all__ = [
    "REGISTRY",
    "GameEntry",
    "GameRegistry",
    "drawing_modules",
    "entries",
    "entry",
    "entry_of",
    "override",
    "seating_for",
]
