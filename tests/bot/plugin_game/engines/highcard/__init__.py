"""High Card: the smallest game that follows docs/adding-a-game.md (a test fixture, not a product).

Each of two players is dealt three cards from nine (1-9); they take turns laying one face up;
after six cards the higher total wins, a tie is a draw. Hands and the rest of the deck are
hidden, so the view and ``resample_hidden`` have something to hide.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from engines.core import (
    CONCEDE,
    ConfigError,
    Event,
    GameOver,
    IllegalAction,
    InvalidAction,
    MatchConfig,
    NotYourTurn,
    Outcome,
    PlayerId,
    Rng,
    Transition,
    seat_label,
)
from engines.core.game import GameSpec, HiddenProbes


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    current: int
    conceded: int = -1


@dataclass(frozen=True)
class View:
    viewer: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    table: tuple[tuple[int, ...], ...]
    current: int
    turn: int


@dataclass(frozen=True)
class Lay:
    card: int

    def to_id(self) -> str:
        return f"lay:{self.card}"

    @property
    def label(self) -> str:
        return f"Lay {self.card}"


@dataclass(frozen=True)
class Concede:
    def to_id(self) -> str:
        return CONCEDE

    @property
    def label(self) -> str:
        return "Concede"


Action = Lay | Concede


class HighCardEngine:
    name: ClassVar[str] = "highcard"
    title: ClassVar[str] = "High Card"
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[Any]] = State

    def setup(self, cfg: MatchConfig, seed: int) -> State:
        if cfg.players != 2:
            raise ConfigError("High Card is played by 2 players.")
        deck = Rng.from_seed(seed).shuffled(list(range(1, 10)))
        return State(
            hands=(tuple(sorted(deck[:3])), tuple(sorted(deck[3:6]))),
            deck=deck[6:],
            table=((), ()),
            current=0,
        )

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> State:
        hands = tuple(tuple(sorted(int(c) for c in h)) for h in data["hands"])
        return State(
            hands=hands, deck=tuple(data.get("deck", ())), table=((), ()), current=int(data.get("current", 0))
        )

    def current_players(self, s: State) -> frozenset[PlayerId]:
        return frozenset() if self.outcome(s) else frozenset({PlayerId(s.current)})

    def legal_actions(self, s: State, p: PlayerId) -> Sequence[Action]:
        return [Lay(c) for c in s.hands[p]] if p in self.current_players(s) else []

    def apply(self, s: State, p: PlayerId, a: Action) -> Transition[State]:
        if self.outcome(s) is not None:
            raise GameOver()
        if isinstance(a, Concede):
            return Transition(replace(s, conceded=int(p)), (Event(f"{seat_label(p)} concedes."),))
        if p != s.current:
            raise NotYourTurn()
        if a.card not in s.hands[p]:
            raise IllegalAction(f"You don't hold a {a.card}.")
        hands = list(s.hands)
        hands[p] = tuple(c for c in s.hands[p] if c != a.card)
        table = list(s.table)
        table[p] = (*s.table[p], a.card)
        state = State(tuple(hands), s.deck, tuple(table), 1 - s.current)
        return Transition(state, (Event(f"{seat_label(p)} lays a {a.card}."),))

    def view(self, s: State, viewer: PlayerId | None) -> View:
        return View(
            viewer=None if viewer is None else int(viewer),
            hand=() if viewer is None else s.hands[viewer],
            hand_counts=tuple(len(h) for h in s.hands),
            deck_count=len(s.deck),
            table=s.table,
            current=s.current,
            turn=sum(len(t) for t in s.table) + 1,
        )

    def outcome(self, s: State) -> Outcome | None:
        if s.conceded >= 0:
            return Outcome(((1 - s.conceded,), (s.conceded,)), "concession")
        if any(s.hands):
            return None
        a, b = (sum(t) for t in s.table)
        if a == b:
            return Outcome(((0, 1),), f"a tie at {a}")
        win = 0 if a > b else 1
        return Outcome(((win,), (1 - win,)), f"{seat_label(win)} has the higher total")

    def decode_action(self, action_id: str) -> Action:
        if action_id == CONCEDE:
            return Concede()
        if action_id.startswith("lay:") and action_id[4:].isdigit():
            return Lay(int(action_id[4:]))
        raise InvalidAction(f"'{action_id[:40]}' is not a High Card move: moves look like 'lay:7'.")

    def turn_marker(self, s: State) -> Hashable:
        return sum(len(t) for t in s.table)

    def resample_hidden(self, s: State, viewer: PlayerId | None, rng: Rng) -> State:
        hidden = [c for p, h in enumerate(s.hands) if p != viewer for c in h] + list(s.deck)
        rng.shuffle(hidden)
        hands = []
        for p, h in enumerate(s.hands):
            if p == viewer:
                hands.append(h)
            else:
                hands.append(tuple(sorted(hidden[: len(h)])))
                del hidden[: len(h)]
        return replace(s, hands=tuple(hands), deck=tuple(hidden))


def policy(engine: Any, state: State, player: PlayerId, rng: Rng) -> Action:
    """Lay the highest card (an AI that moves legally is all the declaration needs)."""
    return max(engine.legal_actions(state, player), key=lambda a: a.card)


def aimed(s: State, seat: int) -> list[str]:
    """Moves at cards the seat cannot see (the other hand, the deck) and at cards that do not exist."""
    return [f"lay:{c}" for c in range(12) if c not in s.hands[seat]]


PROBES = HiddenProbes(aimed=aimed, card_name=lambda text: None)  # cards are numbers, not names

PLUGIN = Path(__file__).resolve().parents[2]
"""The folder this game lives in, outside the repository's engines/, docs/ and tests/scenarios/."""

GAME: GameSpec[State, Action, View] = GameSpec(
    engine=HighCardEngine(),
    ai=policy,
    hidden_probes=PROBES,
    # the game's own words in Russian (docs/adding-a-game.md: bot/translations.py lists no game)
    command_names={"ru": "старшая_карта"},
    translations={
        "ru": {"title": "Старшая карта", "description": "Старшая карта: открыть лобби на 2 игроков"}
    },
    # a game outside the repository declares where its files are (docs/adding-a-game.md)
    scenarios=PLUGIN / "scenarios" / "highcard",
    rules_page=PLUGIN / "rules" / "highcard.md",
)
