"""The registry of engines by name. Games register themselves when their package is imported."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import ConfigError

REGISTRY: dict[str, Any] = {}
"""name -> engine instance. Use ``get_engine`` to load lazily."""

KNOWN_GAMES: tuple[str, ...] = ("chrono", "afrika", "spirit", "alchemy", "chronomagia")


def register(engine: Any) -> Any:
    REGISTRY[engine.name] = engine
    return engine


def load_all() -> dict[str, Any]:
    """Import every game package that exists, so REGISTRY holds every available engine."""
    for name in KNOWN_GAMES:
        try:
            importlib.import_module(f"engines.{name}")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"engines.{name}",):
                raise
    return REGISTRY


def get_engine(name: str) -> Any:
    if name not in REGISTRY:
        load_all()
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY)) or "none"
        raise ConfigError(f"Unknown game {name!r}. Games available: {known}.") from None
