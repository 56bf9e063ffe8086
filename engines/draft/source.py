"""What a booster draft needs from a game: its card source (filled in by the draft refactor)."""

from __future__ import annotations

from typing import Protocol


class CardSource(Protocol):
    """A game's cards as a draft sees them. Placeholder: the draft refactor defines the members."""

    game: str
