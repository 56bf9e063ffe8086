"""Values every engine shares: players, configuration, outcomes, transitions, events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NewType, TypeVar

PlayerId = NewType("PlayerId", int)
"""A seat index, 0-based. Seat 0 sits to the left of seat n-1 (clockwise order is increasing)."""


def seat_label(p: PlayerId | int) -> str:
    """The neutral name engines use in events ("P1" for seat 0); the bot substitutes display names."""
    return f"P{int(p) + 1}"


@dataclass(frozen=True)
class MatchConfig:
    """What a match is set up with. ``options`` are per-game (suits, decks, variants) and JSON-safe."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def opt(self, key: str, default: Any) -> Any:
        return self.options.get(key, default)


@dataclass(frozen=True)
class Event:
    """A public fact about what just happened. Never contains hidden information.

    ``text`` uses seat labels ("P2 plays Heroes V"); the bot's game log shows it with the labels
    swapped for names (``bot.text.with_names``).
    """

    text: str


S = TypeVar("S")


@dataclass(frozen=True)
class Transition(Generic[S]):
    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``ranking`` lists groups of tied seats from best to worst place: ``((2,), (0,), (1,))`` means P3
    first, P1 second, P2 last. Two-player games have two groups (or one for a draw).
    """

    ranking: tuple[tuple[int, ...], ...]
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    @property
    def losers(self) -> tuple[int, ...]:
        return self.ranking[-1] if len(self.ranking) > 1 else ()

    def place_of(self, p: int) -> int:
        """1-based place; tied seats share the better place."""
        place = 1
        for group in self.ranking:
            if p in group:
                return place
            place += len(group)
        raise KeyError(p)
