"""Alchemy state as plain frozen values (JSON round trip through the codec).

Every physical card of a match is an object: an integer index into ``AlchemyState.card_of`` (its
card id). Zones hold object ids, so a card keeps its identity from deck to hand to Store to Field,
and AL16's "an opponent has already seen it" is a set of object ids (``seen``). Object ids never
reach a view (views show card ids only), so they cannot reveal anything about hidden cards.

Magnitudes are kept as MG x 2 so a halved blocker (1.5) stays an integer (AL24: never rounded).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tally:
    """Per seat, counts of what has happened: public facts the Magnum Opus conditions read (AL40)."""

    battles_won: int = 0
    hits: int = 0
    """Battles won because the defender let the element through (AL27)."""
    blocked_wins: int = 0
    """Battles won through a lower block (AL28 "Blocked")."""
    parries: int = 0
    """Blocks of yours that came out higher (AL28 "Parried")."""
    counters: int = 0
    """Blocks of yours that came out equal (AL28 "Countered")."""
    counterattack_wins: int = 0
    complex_wins: int = 0
    complex_played: int = 0
    processes_played: int = 0
    reactions_played: int = 0
    damage2: int = 0
    """Damage dealt in Battles won, x 2."""
    store_accesses: int = 0
    cards_drawn: int = 0
    refreshes: int = 0
    types_won: int = 0
    """Bit set of the basic types (Fire 1, Air 2, Earth 4, Water 8) in elements that won a Battle."""
    longest_win: int = 0
    """Most elements in the chain of a Battle this seat won."""
    big_wins: int = 0
    """Battles won dealing 4 or more damage."""


@dataclass(frozen=True)
class Seat:
    deck: tuple[int, ...]
    """Top card first."""
    hand: tuple[int, ...]
    store: tuple[int, ...]
    """At most ``store_size`` cards, in the order they went in."""
    recharge: tuple[int, ...]
    """Oldest first: the last is the top of the pile."""
    exhausted: tuple[int, ...]
    opus: int | None
    """The face-down Magnum Opus (AL2); None only in scenario positions without one."""
    opus_revealed: bool
    set_aside: tuple[int, ...]
    """The other Magnum Opus cards, out of the game and shown to nobody (C7)."""
    ap: int
    points: int
    primed2: int
    """MG x 2 added to the next element this seat places this turn (the "prime" effect)."""
    tally: Tally


@dataclass(frozen=True)
class Link:
    """One element placed in a Battle (AL25-AL31)."""

    seat: int
    role: str
    """"attack", "block" or "counter"."""
    cards: tuple[int, ...]
    """Object ids: one basic element, or two of different types (a complex element)."""
    bonus2: int = 0
    """MG x 2 from Process cards (may be negative; the value used is never below 0)."""
    alignment: str = ""
    """Blocks, once placed: "ascendant", "descendant" or "neutral" (AL24)."""
    value2: int = 0
    """The MG x 2 compared: strikes MG + bonus; blocks after alignment. Set when compared."""
    result: str = ""
    """Blocks: "countered", "parried", "blocked"; a strike let through: "hit"."""
    card_ids: tuple[str, ...] = ()
    """Set when the Battle ends: the card ids of ``cards``, so a finished Battle shown on the board
    keeps naming its cards after they move on (into a deck, a hand) without reading those objects."""


@dataclass(frozen=True)
class Battle:
    attacker: int
    links: tuple[Link, ...]
    window: str
    """"defend", "press", "riposte" while it goes on; "over" once finished."""
    acting: int
    """The seat the chain waits for (the window's player)."""
    align_mode: str = ""
    """"", "neutral" or "invert": set by a Reaction for the exchange not yet compared."""
    pending2: tuple[int, int] = (0, 0)
    """Per seat, MG x 2 for the next element that seat places in this Battle (a Reaction played
    before its element was on the Field)."""
    processes: tuple[int, ...] = ()
    """Object ids of the Process cards played during this Battle (already Exhausted)."""
    reclaim: tuple[int, ...] = ()
    """Seats whose elements return to hand when the Battle ends (the "reclaim" effect)."""
    stakes: tuple[int, int] = (0, 0)
    """Per seat, extra points if that seat wins this Battle (the "stakes" effect)."""
    winner: int | None = None
    damage2: int = 0
    points: int = 0


@dataclass(frozen=True)
class AlchemyState:
    card_of: tuple[str, ...]
    """Object id -> card id, for every card of the match (both Element Decks and Magnum Opus Decks)."""
    seats: tuple[Seat, ...]
    seen: tuple[int, ...]
    """Sorted object ids the owner's opponent has seen (AL16): set when a card is revealed or has been
    on the Field or in a public pile, cleared when it is shuffled into a deck."""
    current: int
    """Whose turn it is."""
    first: int
    turn: int
    mode: str
    """"main", "store", "refresh", "battle" or "over"."""
    battle: Battle | None
    last_battle: Battle | None
    marked: tuple[int, ...]
    """Refreshing: the current player's hand cards marked to go back."""
    damage_scoring: bool
    alignment_override: str
    ranking: tuple[tuple[int, ...], ...] | None
    reason: str
    rng: int
