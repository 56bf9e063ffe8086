"""The loaded card data of the four card games as canonical JSON, and its SHA-256 per game.

Issue 36 item 1 moved every card loader onto one shared vocabulary mechanism
(``engines/core/carddata.py``); the cards it loads must be exactly the cards the old loaders
loaded. ``card_data_hashes.json`` holds the hashes taken on the old loaders; a deliberate change
of a card file changes its game's hash: write the new hashes with
``python -m tests.engines.card_snapshot --write`` and commit them with the card change.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HASHES = Path(__file__).with_name("card_data_hashes.json")


def plain(value: Any) -> Any:
    """A loaded value as JSON data: a dataclass by its class name and its fields, in order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"__class__": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = plain(getattr(value, f.name))
        return out
    if isinstance(value, dict):
        return {"__dict__": [[plain(k), plain(v)] for k, v in value.items()]}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return {"__set__": sorted(json.dumps(plain(v), ensure_ascii=False) for v in value)}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot write {type(value).__name__} as card data")


def _afrika() -> Any:
    from engines.afrika.cards import load_cards

    return load_cards()


def _spirit() -> Any:
    from engines.spirit.cards import load

    return load()


def _chronomagia() -> Any:
    from engines.chronomagia.cards import load

    return load()


def _alchemy() -> Any:
    from engines.alchemy.cards import load

    return load()


LOADERS: dict[str, Callable[[], Any]] = {
    "afrika": _afrika,
    "spirit": _spirit,
    "chronomagia": _chronomagia,
    "alchemy": _alchemy,
}


def dump(game: str) -> str:
    """Every card (and the rules data the loader returns with them) of ``game``, freshly loaded."""
    return json.dumps(plain(LOADERS[game]()), ensure_ascii=False, indent=1)


def digest(game: str) -> str:
    return hashlib.sha256(dump(game).encode("utf-8")).hexdigest()


if __name__ == "__main__":
    hashes = {game: digest(game) for game in LOADERS}
    if "--write" in sys.argv:
        HASHES.write_text(json.dumps(hashes, indent=2) + "\n", encoding="utf-8")
    if "--dump" in sys.argv:
        folder = Path(sys.argv[sys.argv.index("--dump") + 1])
        folder.mkdir(parents=True, exist_ok=True)
        for game in LOADERS:
            (folder / f"{game}.json").write_text(dump(game), encoding="utf-8")
    print(json.dumps(hashes, indent=2))
