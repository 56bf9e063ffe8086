"""The games cardhost hosts: one line per game. Everything that lists games reads this.

Each name is a package ``engines.<name>`` whose ``GAME`` is its ``GameSpec``: the one place a game
is found by its name (``declaration``), once per game. The bot joins each declaration to its table
side once, in its game registry (``bot/presenters/registry.py``), which hears of every change
here (``on_change``); this module stays pure and imports nothing above the engines. A test checks
every declared game has an engine, an AI, a renderer, a presenter, scenario files and (when it
has decks) a starter deck.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from engines.core.errors import ConfigError
from engines.core.game import GameSpec

GAMES: tuple[str, ...] = (
    "chrono",
    "afrika",
    "alchemy",
    "spirit",
    "chronomagia",
)

_declared: dict[str, GameSpec[Any, Any, Any]] = {}
"""Each declaration loaded so far, by name (``game_spec`` fills it; tests change it only through
``register``, ``unregister`` and ``override``)."""
_listeners: list[Callable[[str], None]] = []
"""Who holds something joined to a game's declaration (the bot's registry), told when it changes."""


def declaration(name: str) -> GameSpec[Any, Any, Any]:
    """The ``GAME`` of package ``engines.<name>``, declared in ``GAMES`` or not (the scenario
    runner proves a game's rules before it is declared). ``ModuleNotFoundError`` when there is no
    such package, ``TypeError`` when its ``GAME`` is no ``GameSpec`` of that name."""
    module = importlib.import_module(f"engines.{name}")
    spec = getattr(module, "GAME", None)
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"engines.{name}.GAME is not the GameSpec of {name!r}")
    return spec


def game_spec(name: str) -> GameSpec[Any, Any, Any]:
    """The declaration of game ``name``; ``ConfigError`` in words for an unknown one."""
    spec = _declared.get(name)
    if spec is None:
        if name not in GAMES:
            known = ", ".join(GAMES)
            raise ConfigError(f"Unknown game {name!r}. Games available: {known}.")
        spec = _declared[name] = declaration(name)
    return spec


def all_games() -> list[GameSpec[Any, Any, Any]]:
    """Every declared game, in declaration order."""
    return [game_spec(name) for name in GAMES]


def register(name: str, spec: GameSpec[Any, Any, Any] | None = None) -> GameSpec[Any, Any, Any]:
    """Declare one more game while the process runs, as its line in ``GAMES`` would (a game kept
    outside the repository, the High Card test game): its declaration (``spec``, else its
    package's ``GAME``) is loaded and checked now."""
    global GAMES
    added = name not in GAMES
    if added:
        GAMES = (*GAMES, name)
    try:
        if spec is not None:
            _set(name, spec)
        return game_spec(name)
    except BaseException:
        if added:
            unregister(name)
        raise


def unregister(name: str) -> None:
    """Take a registered game away again, with everything joined to it (the bot's registry entry:
    its table, renderers and describer)."""
    global GAMES
    GAMES = tuple(g for g in GAMES if g != name)
    _set(name, None)


@contextmanager
def override(name: str, spec: GameSpec[Any, Any, Any]) -> Iterator[GameSpec[Any, Any, Any]]:
    """Game ``name`` is declared as ``spec`` while the block runs (a test's changed declaration),
    then as before; a game not declared before is declared for the block only."""
    global GAMES
    before, declared = _declared.get(name), name in GAMES
    if not declared:
        GAMES = (*GAMES, name)
    _set(name, spec)
    try:
        yield spec
    finally:
        if not declared:
            GAMES = tuple(g for g in GAMES if g != name)
        _set(name, before)


def on_change(listener: Callable[[str], None]) -> None:
    """Have ``listener(name)`` called whenever game ``name``'s declaration changes (unregistered,
    overridden, restored): what joins a declaration to more (the bot's registry) registers here,
    since the engines never import it."""
    _listeners.append(listener)


def _set(name: str, spec: GameSpec[Any, Any, Any] | None) -> None:
    if spec is not None and spec.name != name:
        raise TypeError(f"the declaration of {spec.name!r} cannot be game {name!r}")
    if spec is None:
        _declared.pop(name, None)
    else:
        _declared[name] = spec
    for listener in _listeners:
        listener(name)
