"""The two-seat duel kernel: what every duel engine's wrapper and move check have in common.

Alchemy, Spirit Tactics and Chronomagia once each carried the same ~50 lines: turning a
``PlayerId`` into a seat, an outcome out of ``ranking``/``reason``, who acts as a frozenset, and
the preamble of ``apply`` (a finished game refuses, an unknown seat refuses, a concession ends
the game from any seat at any moment, a seat not to act is told whose move it is). A copy that
drifts is a rule that differs between games by accident, so they live here once.

An engine keeps its own class (its name, title and the ``Engine`` protocol's methods) and holds a
``Duel``: the game's own functions, which the kernel calls (its move rules are passed to
``Duel.apply``). It is composition, not a base class:
what differs per game (who acts, what a concession does to the board, how a waiting seat is
told) is a function the game passes in, and the rest of the engine reads as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from .engine import Action
from .errors import GameOver, IllegalAction, NotYourTurn
from .rng import Rng
from .types import Event, MatchConfig, Outcome, PlayerId, Transition, seat_label

SEATS = (0, 1)
"""A duel has two seats."""


class DuelState(Protocol):
    """What the kernel reads from a duel state: the final ranking once the game has ended."""

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...] | None: ...

    @property
    def reason(self) -> str: ...


S = TypeVar("S", bound=DuelState)
A = TypeVar("A", bound=Action)
V = TypeVar("V")


def is_to_act(s: object, seat: int, who: tuple[int, ...]) -> str:
    """The usual answer to a seat that is not to act: whose move it is."""
    return f"It's not your turn: {' and '.join(seat_label(w) for w in who)} is to act."


@dataclass(frozen=True, slots=True)
class Duel(Generic[S, A, V]):
    """One duel game's own functions; the methods are the parts every duel engine shares."""

    setup: Callable[[MatchConfig, int], S]
    position: Callable[[MatchConfig, int, Mapping[str, Any]], S]
    acting: Callable[[S], tuple[int, ...]]
    """The seats that must act now; empty once the game is over."""
    legal: Callable[[S, int], Sequence[A]]
    decode: Callable[[str], A]
    build_view: Callable[[S, int | None], V]
    resample: Callable[[S, int | None, Rng], S]
    over: Callable[[S], bool]
    """Whether the game has ended (every move is then refused with ``GameOver``)."""
    concede: type[A]
    """The game's concession action."""
    conceded: Callable[[S, int], S]
    """The state after ``seat`` concedes (the game over, the other seat first)."""
    waiting: Callable[[S, int, tuple[int, ...]], str] = is_to_act
    """What a seat that is not to act is told (``who`` are the seats to act)."""

    def current_players(self, s: S) -> frozenset[PlayerId]:
        # A PlayerId is an int at run time: no per-seat conversion on this hot path.
        return cast("frozenset[PlayerId]", frozenset(self.acting(s)))

    def legal_actions(self, s: S, p: PlayerId) -> Sequence[A]:
        return self.legal(s, int(p))

    def outcome(self, s: S) -> Outcome | None:
        if s.ranking is None:
            return None
        return Outcome(ranking=s.ranking, reason=s.reason)

    def view(self, s: S, viewer: PlayerId | None) -> V:
        return self.build_view(s, None if viewer is None else int(viewer))

    def resample_hidden(self, s: S, viewer: PlayerId | None, rng: Rng) -> S:
        return self.resample(s, None if viewer is None else int(viewer), rng)

    def apply(self, s: S, p: PlayerId, a: A, act: Callable[[S, int, A, list[Event]], S]) -> Transition[S]:
        """Check that ``p`` may move now, then hand the move to ``act``, the game's own move rules.

        The order of the checks is part of every game's behaviour (a replay depends on which
        error a move gets): game over, then the seat, then a concession (from any seat, at any
        moment), then whether the seat is to act."""
        if self.over(s):
            raise GameOver()
        seat = int(p)
        if seat not in SEATS:
            raise IllegalAction(f"There is no seat {seat_label(seat)} in this game.")
        events: list[Event] = []
        if isinstance(a, self.concede):
            events.append(Event(f"{seat_label(seat)} concedes."))
            return Transition(self.conceded(s, seat), tuple(events))
        who = self.acting(s)
        if seat not in who:
            raise NotYourTurn(self.waiting(s, seat, who))
        s = act(s, seat, a, events)
        return Transition(s, tuple(events))
