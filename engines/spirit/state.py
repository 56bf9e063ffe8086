"""Spirit Tactics state as plain frozen values (JSON round trip through the codec).

Every physical card of a Duel is an object: an integer index into ``SpiritState.card_of`` (its
card id). Zones hold object ids, so a card keeps its identity from deck to hand to the Sequence to
the Battleground, and a designated Spirit is followed by its object id even when it is Moved.
Object ids never reach a view (views show card ids only), so they cannot reveal hidden cards.

The Battleground is ``board``: 24 cells (``engines.spirit.grid``), each empty or a ``Unit``.
A card on the Sequence (a Spirit being Called or Concealed, an Essence being Gathered, a spell)
is in no zone: its ``Link`` holds it until it resolves.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """A Spirit on the Battleground."""

    obj: int
    owner: int
    face_up: bool
    damage: int = 0
    """R lost; negative when an effect raised R above its base ("gets +N R")."""
    essence: tuple[int, ...] = ()
    """Attached Essence objects, oldest first (S46, S48)."""
    s_mod: int = 0
    """S added by effects until end of turn (may be negative)."""
    granted: tuple[str, ...] = ()
    """Keywords granted until end of turn."""
    attacks: int = 0
    """Attacks declared this turn (S31)."""
    bonus: int = 0
    """Extra attacks this turn: one per Defeat for Ravage (B17), or from effects."""
    twin_used: bool = False
    """Its Twinstrike attack (the one that must be on a Spirit, S37) has been declared."""
    concealed_turn: int = 0
    """The turn it was Concealed (face down) in; it may be flipped on a later turn (S15)."""


@dataclass(frozen=True)
class Commander:
    obj: int
    damage: int = 0
    """R lost (never below 0: restoring stops at the printed R, B21)."""
    essence: tuple[int, ...] = ()


@dataclass(frozen=True)
class Seat:
    commander: Commander
    deck: tuple[int, ...]
    """Top card first."""
    hand: tuple[int, ...]
    reload: tuple[int, ...]
    """The Reload pile, oldest first (public, B5)."""
    graveyard: tuple[int, ...]
    """Oldest first (public)."""
    side: tuple[int, ...] = ()
    """The Side Deck: out of the Duel, hidden, counted on the board (S3)."""


@dataclass(frozen=True)
class Link:
    """One link of a Sequence (S20)."""

    seat: int
    kind: str
    """ "call", "conceal", "flip", "gather", "arcana", "reflex", "ability", "attack", "phase",
    "trigger"."""
    obj: int = -1
    """The card on the Sequence (a Spirit being Called or Concealed, the Essence gathered, the
    spell), or the source of an ability or attack (a Spirit, a Commander); -1 for a phase move."""
    n: int = 0
    """Charged Ability 1 or 2; for a trigger, its index in the card's ``triggers``."""
    at: int = -1
    """The zone the source stood in when the link was added (range is measured from the
    source's zone at resolution, or from here if it has left the Battleground); for a Call or
    Conceal the reserved zone (B24); for a flip the Concealed Spirit's zone."""
    target: int = -1
    """The designated Spirit object (S23), the attacked Spirit, or the Spirit a Gather attaches
    to; -1 for none (a Direct Attack, a Gather onto the Commander)."""
    zone: int = -1
    """The designated destination zone of a Move (S56); -1 for none."""
    phase: str = ""
    """A phase move's destination: "reload" (Reload then draw), "draw", "main", "combat",
    "submain", "end", or "next" (end the turn)."""
    paid: tuple[int, ...] = ()
    """Essence objects detached to pay for it (already in the Reload pile, S48)."""
    negated: bool = False
    count: int = 0
    """An attack: Spirits on the Battleground when it was declared (S34 step 2, Rewind)."""
    rewind: bool = False
    """An attack declared through a Rewind (it did not use up another attack, B15)."""
    longshot: bool = False
    """An attack declared from the Back Row with Longshot (-100 S, B19)."""
    twin: bool = False
    """An attack declared as the Twinstrike attack (on a Spirit only, S37)."""


@dataclass(frozen=True)
class Pending:
    """A triggered ability waiting to start its own Sequence (S28)."""

    seat: int
    obj: int
    index: int
    """Its index in the card's ``triggers``."""
    at: int
    """The Spirit's zone when it triggered (range for a Spirit that has left the Battleground)."""


@dataclass(frozen=True)
class Choice:
    """A decision outside a Sequence."""

    kind: str
    """ "first", "rewind", "target", "unending"."""
    seat: int
    obj: int = -1
    """The attacker (rewind), the Spirit whose trigger it is (target), the Spirit returning
    (unending)."""
    pending: Pending | None = None
    """The trigger being designated (kind "target")."""


@dataclass(frozen=True)
class SpiritState:
    card_of: tuple[str, ...]
    """Object id -> card id, for every card of the Duel (Commanders and Side Decks included)."""
    seats: tuple[Seat, ...]
    board: tuple[Unit | None, ...]
    """24 cells, index = row * 6 + column (``engines.spirit.grid``)."""
    turn: int
    current: int
    """The turn player."""
    first: int
    """Who took the first turn (-1 until it is chosen)."""
    phase: str
    """ "start" (before the first turn), "reload", "draw", "calm", "main", "combat", "submain",
    "end", "over"."""
    mode: str
    """ "open", "sequence", "choose", "over"."""
    seq: tuple[Link, ...] = ()
    priority: int = -1
    """Who may add a link or pass while a Sequence is built."""
    passes: int = 0
    """Passes in a row; two complete the Sequence (S21)."""
    last_seq: tuple[Link, ...] = ()
    pending: tuple[Pending, ...] = ()
    choice: Choice | None = None
    rewind: int = -1
    """An attacker whose attack was Rewound: its new target is asked once the Sequence is over."""
    rewind_twin: bool = False
    """The Rewound attack was a Twinstrike attack (its new target must be a Spirit too)."""
    unending: tuple[int, ...] = ()
    """Spirit objects with Unending Defeated this turn (B22), in order."""
    called: bool = False
    concealed: bool = False
    gathers: int = 0
    reloaded: bool = False
    once: tuple[str, ...] = ()
    """ "seat:card id" of every once-per-turn ability used this turn (S29)."""
    chooser: int = -1
    """The seat choosing who goes first (B6), while ``choice`` asks it."""
    ranking: tuple[tuple[int, ...], ...] | None = None
    reason: str = ""
    rng: int = 0
