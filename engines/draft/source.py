"""What a booster draft needs from a game: its card source.

The draft code (boosters, the pod, bots, the AI's deck build, the draft log, the limited deck
rules) knows no game: a game that has boosters declares ``GameSpec.draft``, a function returning
its ``CardSource``. The source describes its cards in the few terms a draft reasons in
(``DraftCard``: rarity, the energies a card needs or produces, its cost, a coarse kind) and keeps
what only the game can judge: how good a card is, which card is the basic land of an energy,
whether a finished deck is legal.

``draft_source(game=None)`` finds a source through the game declarations (``engines.games``), so
nothing here imports a particular game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from engines.core.errors import ConfigError

if TYPE_CHECKING:
    from .boosters import BoosterSet, SlotTable

Kind = Literal["creature", "spell", "land", "other"]
"""What a card is to a deck builder: a creature (the curve wants enough of them), a one-shot
spell, a land (mana, not a spell slot) or another permanent."""

ANY_ENERGY = "any"
"""In ``DraftCard.produces``: a land that makes any energy."""


@dataclass(frozen=True, slots=True)
class DraftCard:
    """One card as the draft sees it."""

    id: str
    name: str
    rarity: str
    """"C", "U", "R" or "M" (``boosters.RARITY_ORDER``)."""
    set: str
    kind: Kind
    cost: int
    """Total cost (0 for a land)."""
    symbols: tuple[tuple[str, int], ...]
    """Typed cost symbols per energy, e.g. (("R", 2),): what the deck's lands must make."""
    energies: frozenset[str]
    """The energies a card needs (a land: the ones it makes); empty for a colourless card."""
    produces: tuple[str, ...] = ()
    """What a land (or a mana creature) makes; may hold ``ANY_ENERGY``."""
    basic: bool = False
    token: bool = False
    type_line: str = ""
    """The game's own words for the card's type, for menus (spelled out: "Terrain — Space Rifts")."""
    group: str = ""
    """The game's plural for the card's type in a deck summary ("Entities", "Tech")."""


@dataclass(frozen=True)
class PoolGroup:
    """A panel of a pool as players see it: cards of one kind (an energy, multi, terrains ...)."""

    key: str
    title: str
    cards: tuple[tuple[str, int], ...]
    """(card id, copies) in display order."""

    @property
    def count(self) -> int:
        return sum(n for _, n in self.cards)


class CardSource(Protocol):
    """A game's cards as a booster draft, its bots, the AI's deck build, the draft log and the
    limited deck rules need them."""

    game: str
    """The game's name in ``engines.games.GAMES`` (decks saved from a pool are of this game)."""
    title: str
    """The game's name for players ("Chronicles of Afrika")."""
    energies: tuple[str, ...]
    """The energies (colours) a pool commits to, in the game's order."""
    default_set: str
    """The set a pod opens when nobody chose one."""
    deck_min: int
    """The fewest cards a limited deck may have."""
    lands: int
    """Lands a limited deck of ``deck_min`` cards usually runs."""
    deck_format: str
    """The deck format a pool's deck is saved and checked in ("limited")."""

    def cards(self) -> Mapping[str, DraftCard]:
        """Every card of the game by id (basics and tokens included)."""
        ...

    def booster_set(self, code: str, slots: SlotTable) -> BoosterSet:
        """The cards of set ``code`` that boosters may hold, laid out by ``slots``; raises
        ``BoosterError`` for a set without cards."""
        ...

    def rating(self, card_id: str) -> float:
        """How good a card is in the AI's hands (0 is a plain card for its cost)."""
        ...

    def basic(self, energy: str) -> str:
        """The id of the basic land that makes ``energy`` (any number may be added to a deck)."""
        ...

    def deck_problem(self, deck: Sequence[str]) -> str:
        """'' if ``deck`` is legal in ``deck_format`` by the game's own deck rules, else a sentence."""
        ...

    def describe(self, card_id: str) -> str:
        """A short line about the card for a menu ("Entity — Beast · 2R · 3/2")."""
        ...

    def pool_groups(self, cards: Sequence[str]) -> list[PoolGroup]:
        """``cards`` grouped and ordered as the game shows a pool (deck-building menus and the
        pool image list cards in this order)."""
        ...

    def menu_line(self, card_id: str) -> str:
        """The line under a card's name in a pick menu: its rarity and ``describe`` with the type
        line in the game's words ("Rare · Entity — Beast · 2R · 3/2")."""
        ...


def draft_source(game: str | None = None) -> CardSource:
    """The card source of ``game``, or of the one declared game that has boosters when ``game``
    is None; ``ConfigError`` in words when there is none (or several and no name)."""
    from engines.games import all_games, game_spec

    if game is not None:
        spec = game_spec(game)
        if spec.draft is None:
            raise ConfigError(f"{game} has no boosters to draft.")
        return spec.draft()
    drafting = [spec for spec in all_games() if spec.draft is not None]
    if len(drafting) != 1:
        raise ConfigError(
            "Say which game to draft: "
            + (", ".join(s.engine.name for s in drafting) or "none has boosters")
            + "."
        )
    draft = drafting[0].draft
    assert draft is not None
    return draft()


__all__ = ["ANY_ENERGY", "CardSource", "DraftCard", "Kind", "PoolGroup", "draft_source"]
