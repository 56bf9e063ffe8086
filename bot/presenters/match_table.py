"""A live match's table (``TableSpec``), found once per game declaration and then read by identity.

A ``LiveMatch`` (``bot/services``) carries its game's pure declaration (``live.spec``, found when the
match is built), but services may not import the bot's presenters, so the table side is joined
here, above them, for the surfaces and the views: the first time a declaration is seen its table
is looked up by the game's name, and every later move of every match of that game reads it by the
declaration's identity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import engines.games
from bot.presenters import TableSpec, table_spec

if TYPE_CHECKING:
    from bot.services.matches import LiveMatch

_TABLES: dict[int, TableSpec] = {}
"""``id(GameSpec)`` -> its table. A declaration lives as long as the process (the game registry
holds it), so its id is never reused while this entry stands."""


def _forget(game: str) -> None:
    for key in [k for k, table in _TABLES.items() if table.name == game]:
        del _TABLES[key]


engines.games.on_unregister(_forget)  # an unregistered game's table goes with it


def table_of(live: LiveMatch) -> TableSpec:
    """The table of the match's game: the one whose ``game`` is the match's own declaration."""
    table = _TABLES.get(id(live.spec))
    if table is None or table.game is not live.spec:
        table = table_spec(live.spec.name)
        if table.game is not live.spec:
            raise TypeError(f"the table of {live.spec.name!r} declares another game than the match's")
        _TABLES[id(live.spec)] = table
    return table
