"""Row ids read from outside (a custom_id, a "#12" deck value): ASCII digits that fit SQLite.

Python's ``int`` reads "٣" as 3 and grows without bound, while SQLite's INTEGER stops at 2**63-1
and raises OverflowError past it; ``str.isdigit`` accepts "²", which ``int`` then refuses. A
forged or mistyped id must name nothing (and get a sentence), never reach either failure.
"""

from __future__ import annotations

import re

SQLITE_MAX_INT = 2**63 - 1

ROW_ID = r"[0-9]{1,18}"
"""A custom_id template's number: ASCII only, and 18 digits stay below SQLITE_MAX_INT (19 digits
may not). Autoincrement ids, sequence numbers and pages never come near 10**18; a longer number
does not match the template, so the catch-all component (``bot.ui.stale``) answers it."""

USER_ID = r"[0-9]{1,20}"
"""A Discord snowflake (19 digits today): only ever compared with the clicker's own id."""

_ROW_ID = re.compile(ROW_ID)


def parse_row_id(text: str) -> int | None:
    """The id ``text`` spells, or None when it can't be one of our rows."""
    return int(text) if _ROW_ID.fullmatch(text) else None


def parse_index(text: str, limit: int) -> int | None:
    """The number ``text`` spells when it is ASCII digits naming one of ``limit`` things (a menu
    value that counts groups, a page), else None. ``str.isdigit`` is not the test: it accepts "²",
    which ``int`` then refuses with a ValueError the player would meet as "Something went wrong"."""
    found = _ROW_ID.fullmatch(text)
    return int(text) if found is not None and int(text) < limit else None
