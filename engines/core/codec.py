"""JSON round-trip of engine states and views.

States are frozen dataclasses of primitives, tuples and mappings. pydantic's TypeAdapter already
knows how to turn such a tree into JSON-safe data and back (including int keys and nested
tuples), so we lean on it rather than maintain a reflective codec of our own.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def to_data(obj: Any, cls: type[Any] | None = None) -> Any:
    """JSON-safe data (dicts, lists, str, int, float, bool, None) for a state or view."""
    return _adapter(cls or type(obj)).dump_python(obj, mode="json")


def from_data(cls: type[T], data: Any) -> T:
    result: T = _adapter(cls).validate_python(data)
    return result


def dumps(obj: Any, cls: type[Any] | None = None) -> str:
    """JSON text keeping every dict in its own order: engines list moves in dict order, so a state
    read back from a snapshot must iterate exactly as the state that was written (sorted keys put
    "10" before "2" and made a restored match offer its blockers in another order)."""
    return json.dumps(to_data(obj, cls), separators=(",", ":"))


def loads(cls: type[T], text: str) -> T:
    return from_data(cls, json.loads(text))
