"""The one contract every game engine keeps (docs/adding-a-game.md shows it in use).

An engine is a stateless object; all of a match lives in the state value it returns. The bot,
the CLI, the scenario runner, the AI and the conformance test talk to every game only through
this protocol, which is what lets a new game plug in without touching them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from .rng import Rng
from .types import MatchConfig, Outcome, PlayerId, Transition

MAX_ACTION_ID = 60
"""Action ids ride inside Discord custom_ids (100 chars) next to a match id and a sequence number."""

CONCEDE = "concede"
"""The action id of a concession. Every engine decodes it and accepts it from any seat still in
the game at any moment (not only from ``current_players``), so a concession is a move in the log
like any other and a replay ends the same way. It is never listed by ``legal_actions``: it is a
command, not a button."""


@runtime_checkable
class Action(Protocol):
    """A move as a value. ``to_id()`` is its stable text form; ``label`` is what a button says."""

    def to_id(self) -> str: ...

    @property
    def label(self) -> str: ...


S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", covariant=True)


class Engine(Protocol[S, A, V]):
    name: ClassVar[str]
    """Registry key: "chrono", "afrika", ..."""
    title: ClassVar[str]
    """Human name of the game."""
    version: ClassVar[str]
    """Bumped when a rules change would make old logs replay differently."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[Any]]

    def setup(self, cfg: MatchConfig, seed: int) -> S: ...

    def current_players(self, s: S) -> frozenset[PlayerId]:
        """Who must act now (several for simultaneous steps); empty once the game is over."""
        ...

    def legal_actions(self, s: S, p: PlayerId) -> Sequence[A]: ...

    def apply(self, s: S, p: PlayerId, a: A) -> Transition[S]:
        """The only way to change state. Raises IllegalAction (or NotYourTurn, GameOver)."""
        ...

    def view(self, s: S, viewer: PlayerId | None) -> V:
        """What ``viewer`` may see (None = spectator). Hidden cards are absent by construction."""
        ...

    def outcome(self, s: S) -> Outcome | None: ...

    def decode_action(self, action_id: str) -> A:
        """Parse an action id; raises InvalidAction with a readable message."""
        ...

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> S:
        """An explicit position for scenario files (docs/scenarios.md), checked like a setup."""
        ...

    def turn_marker(self, s: S) -> Hashable:
        """Changes exactly when a new turn begins: the bot posts a new board (and mentions the
        player) then, and edits the board in between."""
        ...

    def resample_hidden(self, s: S, viewer: PlayerId | None, rng: Rng) -> S:
        """``s`` with every card ``viewer`` cannot see dealt anew (hands, decks, face-down cards).

        The conformance test compares ``view(s, viewer)`` with the view of the resampled state:
        any difference is a leak. An engine without hidden cards returns ``s``."""
        ...
