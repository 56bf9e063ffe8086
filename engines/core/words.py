"""Counted nouns in the words every engine writes (its log, its refusals, its card texts).

"1 card", "2 cards": one rule for all games, so no player reads "1 pts" or "card(s)"."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, the noun in the plural unless ``n`` is 1 (``many``: an irregular plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
