"""Deck names: short, printable, one line, safe to show in chat and in autocomplete."""

from __future__ import annotations

import unicodedata

from .pool import DeckError
from .text import clean_line

MAX_NAME = 40
_ALLOWED_PUNCT = set(" -_'.,!?&()+:/")


def check_deck_name(name: str) -> str:
    """The cleaned name, or ``DeckError`` saying what to change.

    1-40 characters of letters, digits, spaces and ``- _ ' . , ! ? & ( ) + : /``; it must contain a
    letter or digit. Case is kept for display; uniqueness ignores case (the store's job).
    """
    cleaned = clean_line(name)
    if not cleaned:
        raise DeckError("Give the deck a name.")
    if len(cleaned) > MAX_NAME:
        raise DeckError(f"A deck name can have at most {MAX_NAME} characters.")
    bad = sorted({c for c in cleaned if not (c.isalnum() or c in _ALLOWED_PUNCT)})
    if bad:
        shown = " ".join(repr(c) if unicodedata.category(c)[0] != "C" else f"U+{ord(c):04X}" for c in bad)
        raise DeckError(
            f"A deck name can't contain {shown}. Use letters, digits, spaces and - _ ' . , ! ? & ( ) + : /"
        )
    if not any(c.isalnum() for c in cleaned):
        raise DeckError("A deck name needs at least one letter or digit.")
    return cleaned
