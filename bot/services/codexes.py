"""Which cards a player brings to a match: a saved deck from their library, or a starter Codex."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engines.core import CardhostError, ConfigError
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.client import CardhostBot

STARTER_PREFIX = "Starter: "


def starters(game: str) -> dict[str, list[str]]:
    return game_spec(game).starter_decks()


def check(game: str, cards: list[str], fmt: str = "constructed") -> str:
    """An empty string when the deck is legal for the format, else the reason in words."""
    return game_spec(game).check_deck(cards, fmt)


async def resolve_codex(bot: CardhostBot, user_id: int, game: str, name: str | None) -> tuple[str, list[str]]:
    """(label, card ids) for the deck a player named; the first starter when they named none."""
    options = starters(game)
    if not options:
        raise ConfigError("This game is played with a shared set: there are no decks to choose.")
    if not name:
        label, cards = next(iter(options.items()))
        return f"{STARTER_PREFIX}{label}", cards
    plain = name.removeprefix(STARTER_PREFIX).strip()
    for label, cards in options.items():
        if label.casefold() == plain.casefold():
            return f"{STARTER_PREFIX}{label}", cards
    cards = await bot.db.decks.get_for_play(user_id, game, name)
    problem = check(game, cards)
    if problem:
        raise CardhostError(f"Your deck {name!r} can't be played: {problem}")
    return name, cards


def ai_codex(game: str, player_label: str) -> tuple[str, list[str]]:
    """The AI plays the starter the player did not pick (the first one otherwise)."""
    options = starters(game)
    for label, cards in options.items():
        if f"{STARTER_PREFIX}{label}" != player_label:
            return f"{STARTER_PREFIX}{label}", cards
    label, cards = next(iter(options.items()))
    return f"{STARTER_PREFIX}{label}", cards
