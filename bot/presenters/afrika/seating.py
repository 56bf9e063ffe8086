"""Chronicles of Afrika's tables of more than two, as a lobby seats them (R120-R160).

The engine's variants (``engines.afrika.variants``) say how many play and how the seat order makes
the teams: in Allied Kingdoms seats 0-1 play seats 2-3; against the Galactic Overlord seat 0 is
the Overlord and every other seat its rivals. Star Lords Codices are 100 singleton cards led by a
Star Lord (the ``lords`` engine option, one per seat); the other variants take ordinary Codices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.services.seating import SeatDeck, Seating, Team
from engines.afrika import decks
from engines.afrika.variants import VARIANTS


def _codex_starters() -> dict[str, SeatDeck]:
    return {name: SeatDeck(name, decks.expand(counts)) for name, counts in decks.STARTERS.items()}


def _lords_starters() -> dict[str, SeatDeck]:
    return {name: SeatDeck(name, cards, lord) for name, (lord, cards) in decks.starlords_starters().items()}


def _check_codex(cards: Sequence[str], leader: str) -> str:
    return decks.check_deck(list(cards), "constructed")


def _check_lords(cards: Sequence[str], leader: str) -> str:
    if not leader:
        return "it has no Star Lord: a Star Lords Codex lists one Legendary Entity under 'Star Lord'."
    return decks.check_starlords(list(cards), leader)


_TEAMS: dict[str, tuple[Team, ...]] = {
    "allied": (Team("Team 1", "Join team 1", 2), Team("Team 2", "Join team 2", 2)),
    "overlord": (
        Team("the Galactic Overlord", "Join as the Overlord", 1),
        Team("the Allied team", "Join the team"),
    ),
}


def seating(options: Mapping[str, Any]) -> Seating | None:
    """The lobby of a variant of more than two (None for a duel: /play starts it as before)."""
    name = str(options.get("variant", "duel"))
    variant = VARIANTS.get(name)
    if variant is None or name == "duel":
        return None
    if name == "starlords":
        return Seating(
            title=variant.title,
            min_players=variant.min_players,
            max_players=variant.max_players,
            deck_format="starlords",
            format_title="Star Lords Codex (a Star Lord and 99 cards)",
            starters=_lords_starters,
            check=_check_lords,
            leader_section="commander",
            leader_option="lords",
        )
    return Seating(
        title=variant.title,
        min_players=variant.min_players,
        max_players=variant.max_players,
        deck_format="constructed",
        format_title=f"Constructed Codex (at least {decks.CONSTRUCTED_MIN} cards)",
        starters=_codex_starters,
        check=_check_codex,
        teams=_TEAMS.get(name, ()),
    )
