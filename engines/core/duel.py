"""The two-seat duel kernel: what every duel engine's wrapper and move check have in common.

Alchemy, Spirit Tactics and Chronomagia once each carried the same ~50 lines: turning a
``PlayerId`` into a seat, an outcome out of ``ranking``/``reason``, who acts as a frozenset, and
the preamble of ``apply`` (a finished game refuses, an unknown seat refuses, a concession ends
the game from any seat at any moment, a seat not to act is told whose move it is). A copy that
drifts is a rule that differs between games by accident, so they live here once.

A game declares a ``Duel``: its own functions, which the kernel calls (its move rules, who acts,
what a concession does to the board, how a waiting seat is told, when a new turn begins). The
kernel builds the game's engine class from that declaration (``duel_engine``): the ``Engine``
protocol's methods are written once, in ``DuelEngine``, instead of some twenty one-line forwards
in each game's engine module. What differs per game is a function the game passes in; the game
writes no engine methods at all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

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
    """One duel game's own functions, and the move check every duel engine shares (``apply``)."""

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
    move: Callable[[S, int, A, list[Event]], S]
    """The game's own move rules, once the kernel has checked that the seat may move now."""
    turn_marker: Callable[[S], Hashable]
    """Changes exactly when a new turn begins (the bot posts a new board then)."""
    waiting: Callable[[S, int, tuple[int, ...]], str] = is_to_act
    """What a seat that is not to act is told (``who`` are the seats to act)."""

    def apply(self, s: S, p: PlayerId, a: A) -> Transition[S]:
        """Check that ``p`` may move now, then hand the move to ``move``, the game's own move rules.

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
        s = self.move(s, seat, a, events)
        return Transition(s, tuple(events))


class DuelEngine(Generic[S, A, V]):
    """The ``Engine`` protocol of a duel game, written once: each method asks the game's ``Duel``.

    A game does not subclass this by hand: ``duel_engine`` builds its engine class from its
    declaration (its names and its ``Duel``), so the class a game exports (``AlchemyEngine``) is
    a class of its own, and a test may still patch one game's ``setup`` without touching another's."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    min_players: ClassVar[int] = len(SEATS)
    max_players: ClassVar[int] = len(SEATS)
    state_type: ClassVar[type[Any]]
    duel: ClassVar[Duel[Any, Any, Any]]

    def setup(self, cfg: MatchConfig, seed: int) -> S:
        state: S = self.duel.setup(cfg, seed)
        return state

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> S:
        state: S = self.duel.position(cfg, seed, data)
        return state

    def current_players(self, s: S) -> frozenset[PlayerId]:
        # A PlayerId is an int at run time: no per-seat conversion on this hot path.
        return cast("frozenset[PlayerId]", frozenset(self.duel.acting(s)))

    def legal_actions(self, s: S, p: PlayerId) -> Sequence[A]:
        return self.duel.legal(s, int(p))

    def apply(self, s: S, p: PlayerId, a: A) -> Transition[S]:
        """The kernel checks the move (game over, seat, concession, turn); the game's ``move`` rules it."""
        return self.duel.apply(s, p, a)

    def view(self, s: S, viewer: PlayerId | None) -> V:
        view: V = self.duel.build_view(s, None if viewer is None else int(viewer))
        return view

    def outcome(self, s: S) -> Outcome | None:
        if s.ranking is None:
            return None
        return Outcome(ranking=s.ranking, reason=s.reason)

    def decode_action(self, action_id: str) -> A:
        action: A = self.duel.decode(action_id)
        return action

    def turn_marker(self, s: S) -> Hashable:
        return self.duel.turn_marker(s)

    def resample_hidden(self, s: S, viewer: PlayerId | None, rng: Rng) -> S:
        state: S = self.duel.resample(s, None if viewer is None else int(viewer), rng)
        return state


def duel_engine(
    class_name: str,
    module: str,
    *,
    name: str,
    title: str,
    state_type: type[S],
    duel: Duel[S, A, V],
    version: str = "1",
    doc: str = "",
) -> type[DuelEngine[S, A, V]]:
    """The engine class of a duel game, built from its declaration.

    ``class_name`` and ``module`` are where the game exports it (``AlchemyEngine`` in
    ``engines.alchemy.engine``), so the class is named, documented and found as if written there."""
    namespace: dict[str, Any] = {
        "__module__": module,
        "__qualname__": class_name,
        "__doc__": doc or f"The {title} rules engine (built by the duel kernel from its ``Duel``).",
        "name": name,
        "title": title,
        "version": version,
        "state_type": state_type,
        "duel": duel,
    }
    return cast("type[DuelEngine[S, A, V]]", type(class_name, (DuelEngine,), namespace))
