"""High Card: the smallest game that follows docs/adding-a-game.md (a test fixture, not a product).

Each of two players is dealt three cards from nine (1-9). Three tricks: the leader lays a card
face up, the other answers with any card of theirs, the higher card takes the trick and its
winner leads the next. After three tricks the player with more tricks wins. Hands and the rest
of the deck are hidden, so the view and ``resample_hidden`` have something to hide; the order
in which one lays one's cards decides the game, so a position can be a puzzle (point 12).
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

CARDS = tuple(range(1, 10))
TRICKS = 3
"""Tricks a game has: three cards each."""


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    """The cards each seat has laid face up, in order."""
    current: int
    tricks: tuple[int, ...] = (0, 0)
    """Tricks each seat has taken."""
    led: int = 0
    """The card the leader laid in the trick under way (0: no trick is under way)."""
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
    tricks: tuple[int, ...]
    led: int


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
    version: ClassVar[str] = "2"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[Any]] = State

    def setup(self, cfg: MatchConfig, seed: int) -> State:
        if cfg.players != 2:
            raise ConfigError("High Card is played by 2 players.")
        deck = Rng.from_seed(seed).shuffled(list(CARDS))
        return State(
            hands=(tuple(sorted(deck[:3])), tuple(sorted(deck[3:6]))),
            deck=tuple(deck[6:]),
            table=((), ()),
            current=0,
        )

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> State:
        """A start from a scenario or puzzle file: ``hands``, ``deck``, ``current`` (the seat to
        move), ``tricks`` taken so far, ``led`` (the card the other seat led, when ``current``
        answers; it lies face up on the leader's side) and ``table`` (cards laid before, for the
        board)."""
        hands = tuple(tuple(sorted(int(c) for c in h)) for h in data["hands"])
        current = int(data.get("current", 0))
        led = int(data.get("led", 0))
        tricks = tuple(int(t) for t in data.get("tricks", (0, 0)))
        table = tuple(tuple(int(c) for c in t) for t in data.get("table", ((), ())))
        deck = tuple(int(c) for c in data.get("deck", ()))
        if len(hands) != 2 or len(tricks) != 2 or len(table) != 2 or current not in (0, 1):
            raise ConfigError("A High Card position has two hands, two trick counts and two tables.")
        if led and led not in table[1 - current]:  # the led card lies face up on the leader's side
            table = tuple((*t, led) if seat == 1 - current else t for seat, t in enumerate(table))
        cards = [c for h in hands for c in h] + [c for t in table for c in t] + list(deck)
        if len(set(cards)) != len(cards) or not set(cards) <= set(CARDS):
            raise ConfigError("Each card 1-9 is in one place at most.")
        leader_short = 1 if led else 0
        if (
            len(hands[1 - current]) + leader_short != len(hands[current])
            or sum(tricks) + len(hands[current]) != TRICKS
        ):
            raise ConfigError("The hands and the tricks taken must add up to three tricks.")
        return State(hands=hands, deck=deck, table=table, current=current, tricks=tricks, led=led)

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
        laid = replace(s, hands=tuple(hands), table=tuple(table))
        events = [Event(f"{seat_label(p)} lays a {a.card}.")]
        if not s.led:
            return Transition(replace(laid, current=1 - p, led=a.card), tuple(events))
        winner = p if a.card > s.led else 1 - p
        tricks = list(s.tricks)
        tricks[winner] += 1
        high, low = max(a.card, s.led), min(a.card, s.led)
        events.append(Event(f"{seat_label(winner)} takes the trick, {high} over {low}."))
        return Transition(replace(laid, current=winner, led=0, tricks=tuple(tricks)), tuple(events))

    def view(self, s: State, viewer: PlayerId | None) -> View:
        return View(
            viewer=None if viewer is None else int(viewer),
            hand=() if viewer is None else s.hands[viewer],
            hand_counts=tuple(len(h) for h in s.hands),
            deck_count=len(s.deck),
            table=s.table,
            current=s.current,
            turn=sum(len(t) for t in s.table) + 1,
            tricks=s.tricks,
            led=s.led,
        )

    def outcome(self, s: State) -> Outcome | None:
        if s.conceded >= 0:
            return Outcome(((1 - s.conceded,), (s.conceded,)), "concession")
        if any(s.hands) or s.led:
            return None
        win = 0 if s.tricks[0] > s.tricks[1] else 1
        return Outcome(((win,), (1 - win,)), f"{seat_label(win)} takes {s.tricks[win]} tricks of {TRICKS}")

    def decode_action(self, action_id: str) -> Action:
        if action_id == CONCEDE:
            return Concede()
        if action_id.startswith("lay:") and action_id[4:].isdigit():
            return Lay(int(action_id[4:]))
        raise InvalidAction(f"'{action_id[:40]}' is not a High Card move: moves look like 'lay:7'.")

    def turn_marker(self, s: State) -> Hashable:
        """Each lay is a turn (the trick's winner may lay twice in a row: to end it, then to lead)."""
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
    """Lead the highest card; answer with the lowest card that takes the trick, else the lowest
    (the puzzles' opponent plays this, so it is deterministic)."""
    hand = state.hands[player]
    if not state.led:
        return Lay(max(hand))
    return Lay(min((c for c in hand if c > state.led), default=min(hand)))


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
    puzzles=PLUGIN / "puzzles" / "highcard",
)
