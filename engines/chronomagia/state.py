"""Chronomagia state as plain frozen values (JSON round trip through the codec).

Every physical card of a game is an object: an integer index into ``ChronomagiaState.card_of`` (its card
id). Zones hold object ids. Object ids are dealt after the decks are shuffled, so an id says
nothing about the card; a card that goes back to a hand gets a new id (``board.renew``), so a
Shadow placed again cannot be recognised by its old id.

Nothing waits on a stack (F1): what is being resolved is a queue of ``Job`` values, each a piece of
card text (a trigger, a spell, an ability) or a step of the turn, run in order until one needs a
player's answer (``Ask``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Perm:
    """A permanent on the battlefield: a creature (Thoughtform, flipped Shadow, token), a Location
    or a Phenomenon."""

    obj: int
    tapped: bool = False
    entered: int = 0
    """The turn number it entered the battlefield (Embodiment Sickness while it equals the turn)."""
    trapped_until: int = 0
    """Trapped while the turn number is below this (KM6, F25: until its Trapper's next turn)."""
    counters: int = 0
    """Life counters of a Location, time counters of a Phenomenon."""
    epoch: int = 0
    """Its personal epoch after a Time Shift (KM8); 0 while it follows the active Epoch."""


@dataclass(frozen=True)
class Seat:
    hero: int
    """The Hero's object, in the Throne."""
    life: int = 30
    counters: int = 0
    """Counters on the Hero (M62)."""
    armor: int = 0
    """Armor counters on the Hero (M23, M27)."""
    deck: tuple[int, ...] = ()
    """The Main Deck, top card first."""
    hand: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    """The Concentration Pool, oldest first: face down, seen by nobody (M11)."""
    hero_deck: tuple[int, ...] = ()
    graveyard: tuple[int, ...] = ()
    """Oldest first (public)."""
    field: tuple[Perm, ...] = ()
    """Permanents, in the order they entered."""
    shadows: tuple[int, ...] = ()
    """Face-down Shadows, in the order placed (M37)."""
    redealt: bool = False
    """The Redeal decision is made (M6)."""
    set_aside: int = 0
    """How many cards the Redeal set aside: secret until both players have decided (M6)."""


@dataclass(frozen=True)
class Job:
    """One thing to resolve: a card's text (``kind`` "text") or a step of the turn.

    Card text: ``card`` and ``epoch`` say which window, ``part`` which text ("summon", "spell",
    "tap", "hero2", ...), ``at`` the next effect. ``n``, ``picks`` and ``stage`` hold the progress
    of an effect that asks questions (units of Time left, creatures picked for a Mass effect)."""

    kind: str
    seat: int
    src: int = -1
    card: str = ""
    epoch: int = 0
    part: str = ""
    at: int = 0
    batch: int = 0
    """Triggers of one event share a batch: their controller orders them (M50)."""
    n: int = 0
    picks: tuple[int, ...] = ()
    stage: str = ""
    res: str = ""
    """The resource of a collection (Time of one kind) or of a spend."""


@dataclass(frozen=True)
class Ask:
    """The question the head job waits on, and who answers it."""

    kind: str
    """ "target", "mass", "shift", "peek", "loc", "hit", "move", "flip", "order"."""
    seat: int
    amount: int = 0
    """Damage to split (loc), Time units (hit, move), the Mass limit (mass)."""
    limit: int = 0
    """Most that may go to a Location (loc), to the Phenomenon (hit)."""
    obj: int = -1
    """The Shadow that may emerge (flip) or was looked at (peek)."""


@dataclass(frozen=True)
class ChronomagiaState:
    card_of: tuple[str, ...]
    seats: tuple[Seat, ...]
    time: int = 1
    """The Time marker, 1-30 (section 0)."""
    turn: int = 0
    """1-based; each player's turn counts. The first player's first turn is 1."""
    active: int = 0
    first: int = -1
    step: str = "redeal"
    """ "choose", "redeal", "start", "meditation", "main", "attack", "end", "over"."""
    jobs: tuple[Job, ...] = ()
    fresh: tuple[Job, ...] = ()
    """Triggers waiting for the job being resolved to finish (then they go first, M50)."""
    ask: Ask | None = None
    collected: tuple[str, ...] = ()
    """Resources collected this turn (M20: once each per turn)."""
    gained: tuple[tuple[str, int], ...] = ()
    """What was collected this turn and how much (for the board)."""
    meditated: bool = False
    hero_used: bool = False
    known: tuple[tuple[int, int], ...] = ()
    """(viewer, Shadow object): face-down Shadows a player has looked at with Intuition."""
    batches: int = 0
    last_attack: tuple[int, int, int, int] = (0, 0, 0, 0)
    """The last Attack Collection: (Attack, Defense, Net, Damage)."""
    end_of_time: bool = False
    """The optional "End of Time" variant (F3)."""
    chooser: int = -1
    ranking: tuple[tuple[int, ...], ...] | None = None
    reason: str = ""
    rng: int = 0
