"""Which cards a player brings to a match: a saved deck from their library, or a starter Codex."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from engines.core import CardhostError, ConfigError
from engines.decks.pool import get_pool, play_cards
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.db import Database
    from bot.db.decks import StoredDeck


class SeatDeckLike(Protocol):
    @property
    def cards(self) -> list[str]: ...

    @property
    def leader(self) -> str: ...


class Seating(Protocol):
    """What the codexes read of a variant's seating (``bot.services.seating.Seating``)."""

    @property
    def title(self) -> str: ...

    @property
    def deck_format(self) -> str: ...

    @property
    def format_title(self) -> str: ...

    @property
    def leader_section(self) -> str: ...

    @property
    def starters(self) -> Callable[[], Mapping[str, SeatDeckLike]]: ...

    @property
    def check(self) -> Callable[[Sequence[str], str], str]: ...


STARTER_PREFIX = "Starter: "


def starters(game: str) -> dict[str, list[str]]:
    return game_spec(game).starter_decks()


def check(game: str, cards: list[str], fmt: str = "constructed") -> str:
    """An empty string when the deck is legal for the format, else the reason in words."""
    return game_spec(game).check_deck(cards, fmt)


class Codex(NamedTuple):
    """What one seat brings: the deck's label, the cards the match takes (one id per copy) and
    the side deck (empty for a game without one)."""

    label: str
    cards: list[str]
    side: list[str]
    leader: str = ""
    """The card the deck is led by, for a variant whose engine takes it apart (an Afrika Star
    Lord, ``Seating.leader_option``); '' otherwise."""


def _starter(game: str, label: str, cards: list[str]) -> Codex:
    return Codex(f"{STARTER_PREFIX}{label}", cards, game_spec(game).starter_side(label))


async def resolve_codex(db: Database, user_id: int, game: str, name: str | None) -> Codex:
    """The deck a player named (a saved deck or a starter); the first starter when they named none."""
    options = starters(game)
    if not options:
        raise ConfigError("This game is played with a shared set: there are no decks to choose.")
    if not name:
        label, cards = next(iter(options.items()))
        return _starter(game, label, cards)
    plain = name.removeprefix(STARTER_PREFIX).strip()
    for label, cards in options.items():
        if label.casefold() == plain.casefold():
            return _starter(game, label, cards)
    stored = await db.decks.get_named(user_id, game, name)
    cards = play_cards(stored.deck)
    problem = check(game, cards)
    if problem:
        raise CardhostError(f"Your deck {name!r} can't be played: {problem}")
    series = game_spec(game).series
    side: list[str] = []
    if series.sideboard or series.side_option:
        # The format names its side section: a sideboard, or a deck the engine uses in play
        # (Chronomagia's Hero Deck, handed to the engine's side_option).
        side = stored.deck.cards(get_pool(game).format(stored.deck.format).side)
        problem = series.side_check(cards, side) if series.side_check else ""
        if problem:
            raise CardhostError(f"Your deck {name!r} can't be played: {problem}")
    return Codex(name, cards, side)


def ai_codex(game: str, player_label: str) -> Codex:
    """The AI plays the starter the player did not pick (the first one otherwise)."""
    options = starters(game)
    for label, cards in options.items():
        if f"{STARTER_PREFIX}{label}" != player_label:
            return _starter(game, label, cards)
    label, cards = next(iter(options.items()))
    return _starter(game, label, cards)


# ------------------------------------------------------------------ the seats of a variant's lobby


def seat_starter(seating: Seating, name: str) -> Codex | None:
    """The variant's starter called ``name`` ("Starter: Comet Fire" or "Comet Fire"), if any."""
    plain = name.removeprefix(STARTER_PREFIX).strip().casefold()
    for label, deck in seating.starters().items():
        if label.casefold() == plain:
            return Codex(f"{STARTER_PREFIX}{label}", list(deck.cards), [], deck.leader)
    return None


def stored_seat_codex(seating: Seating, stored: StoredDeck, whose: str = "Your") -> Codex:
    """A saved deck as a seat of the variant brings it, or ``CardhostError`` saying in a sentence
    why it can't be (another format, or not legal for the variant); ``whose`` deck it is, in the
    sentence ("Your", "bob's")."""
    name, deck = stored.row.name, stored.deck
    if deck.format != seating.deck_format:
        fmt = get_pool(deck.game).format(deck.format).title
        raise CardhostError(
            f"{whose} deck {name!r} is a {fmt} deck, and {seating.title} is played with a "
            f"{seating.format_title}: choose another deck or a starter."
        )
    cards = play_cards(deck)
    leaders = deck.cards(seating.leader_section) if seating.leader_section else []
    leader = leaders[0] if leaders else ""
    problem = seating.check(cards, leader)
    if problem:
        raise CardhostError(f"{whose} deck {name!r} can't be played in {seating.title}: {problem}")
    return Codex(name, cards, [], leader)


async def seat_codex(
    db: Database, user_id: int, game: str, seating: Seating, name: str, whose: str = "Your"
) -> Codex:
    """The deck a seated player chose for a variant's lobby: a starter of the variant's kind or
    one of their saved decks, checked for the variant."""
    starter = seat_starter(seating, name)
    if starter is not None:
        return starter
    return stored_seat_codex(seating, await db.decks.get_named(user_id, game, name), whose)


def default_seat_decks(seating: Seating, count: int) -> list[str]:
    """The starters seats bring when nobody chose, seat after seat round the starters (so that a
    table of four Star Lords meets four different Star Lords)."""
    labels = list(seating.starters())
    return [f"{STARTER_PREFIX}{labels[i % len(labels)]}" for i in range(count)] if labels else []
