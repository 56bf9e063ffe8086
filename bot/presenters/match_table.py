"""A live match's table (``TableSpec``), read from its game's registry entry by identity.

A ``LiveMatch`` (``bot/services``) carries its game's pure declaration (``live.spec``, found when the
match is built), but services may not import the bot's presenters, so the table side is joined
here, above them, for the surfaces and the views: the match's declaration itself names its entry
in the game registry (``bot/presenters/registry.py``), so no move looks its game up by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.presenters import TableSpec
from bot.presenters.registry import GameEntry, entry_of

if TYPE_CHECKING:
    from bot.services.matches import LiveMatch


def entry_for(live: LiveMatch) -> GameEntry:
    """The registry entry of the match's game: the one whose declaration is the match's own."""
    return entry_of(live.spec)


def table_of(live: LiveMatch) -> TableSpec:
    """The table of the match's game (its entry's)."""
    return entry_of(live.spec).table
