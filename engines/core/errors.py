"""Typed errors whose messages are written for players, not programmers.

The bot shows ``str(error)`` to the player as it is, so every message must read as a sentence a
player understands ("It's not your turn.") and must never reveal hidden information.
"""

from __future__ import annotations


class CardhostError(Exception):
    """Base of every error the bot may show to a player verbatim."""


class InvalidAction(CardhostError):
    """The action id could not be parsed at all (a malformed or unknown id)."""


class IllegalAction(CardhostError):
    """The action is well formed but the rules forbid it in this state."""


class NotYourTurn(IllegalAction):
    """The player is not among those who must act now."""

    def __init__(self, message: str = "It's not your turn.") -> None:
        super().__init__(message)


class GameOver(IllegalAction):
    def __init__(self, message: str = "This game is over.") -> None:
        super().__init__(message)


class ConfigError(CardhostError):
    """A match cannot be set up with these options (player count, decks, ...)."""


class CardDataError(ValueError):
    """A card file is malformed; the message names the file and the card.

    One class for every game's card loader (each game's module still exports the name), so a
    tool that checks every game's card files catches one error. It is a programming error in the
    shipped data, not a player's mistake, hence a ``ValueError`` rather than a ``CardhostError``."""
