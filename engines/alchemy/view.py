"""What one seat (or a spectator) may see of an Alchemy game (AL16, AL21, AL40): the renderer's and
the presenter's only input.

Hidden cards are absent by type, not blanked by convention:

* the opponent's hand is ``SeatView.hand_count``; only the viewer's own cards are in ``hand``;
* a Store slot is a ``StoreSlot`` whose ``card`` is None when it is face down to this viewer (the
  owner always sees their own; everyone sees a slot whose card the opponent has already seen,
  ``face_up``);
* a Magnum Opus shows its card to its owner only, and to everyone once revealed; the four Magnum
  Opus cards left out at set-up (AL2) are not in the view at all;
* deck order is never shown, only ``deck_count``.

Cards are their ids (``"F4"`` Blaze, Fire MG 4; ``"P07"`` a Process; ``"MO03"`` a Magnum Opus).
``engines.alchemy.cards.card(cid)`` gives the name, type, MG, costs and rules text of an id.

Magnitudes are integers in half points (``mg2`` = MG x 2) because a halved blocker can be 1.5
(AL24); ``mg_text(mg2)`` writes one for a player ("1.5", "4").

Fields are only ever added (the renderer and presenter are built on them).
"""

from __future__ import annotations

from dataclasses import dataclass


def mg_text(mg2: int) -> str:
    """A magnitude stored as MG x 2, as a player reads it: 3 -> "1.5", 8 -> "4"."""
    whole, half = divmod(mg2, 2)
    return f"{whole}.5" if half else str(whole)


@dataclass(frozen=True)
class StoreSlot:
    """One occupied Store slot (AL15, AL16), as this viewer sees it."""

    card: str | None
    """The card id, or None when the card is face down to this viewer."""
    face_up: bool
    """The owner's opponent has already seen this card, so it lies face up for everyone (AL16)."""


@dataclass(frozen=True)
class OpusProgress:
    """One clause of a Magnum Opus condition with the owner's current figure (owner's view only)."""

    text: str
    """What is counted, in words ("Battles won")."""
    have: int
    need: int
    at_most: bool = False
    """True when the clause asks for at most ``need`` (a lower figure is better)."""


@dataclass(frozen=True)
class OpusView:
    """A seat's face-down Magnum Opus (AL2, AL40)."""

    card: str | None
    """The card id for its owner, and for everyone once revealed; None otherwise."""
    revealed: bool
    """Revealed and rewarded: used up, it stays face up."""
    met: bool
    """Owner's view only: its condition holds now, so it may be revealed on the owner's turn."""
    progress: tuple[OpusProgress, ...] = ()
    """Owner's view only, while face down: each clause of the condition with its current figure."""


@dataclass(frozen=True)
class SeatView:
    seat: int
    points: int
    ap: int
    hand_count: int
    deck_count: int
    store: tuple[StoreSlot, ...]
    """Occupied slots in the order they were filled (at most ``AlchemyView.store_size``)."""
    recharge: tuple[str, ...]
    """The Recharge pile, public (AL21); oldest first, so the last is on top."""
    exhausted: tuple[str, ...]
    """The Exhausted pile, public; oldest first."""
    opus: OpusView | None
    """None only in scenario positions that give the seat no Magnum Opus."""
    primed2: int = 0
    """MG x 2 that the next element this seat places this turn gets (a "prime" Process)."""
    battles_won: int = 0


@dataclass(frozen=True)
class LinkView:
    """One element on the Field in the current Battle's chain (AL25-AL32), in the order played."""

    seat: int
    role: str
    """"attack" (declared with AP), "block", or "counter" (a free counterattack after a parry)."""
    cards: tuple[str, ...]
    """One basic element, or the two basics of a complex element (AL30)."""
    element: str
    """"Fire", "Air", "Earth", "Water" or a complex name ("Steam", "Plasma", "Magma", "Mist",
    "Mud", "Dust")."""
    mg2: int
    """Printed MG x 2 (the sum of both parts for a complex element)."""
    bonus2: int
    """MG x 2 added (or, negative, taken) by Process cards; never below zero in ``value2``."""
    value2: int
    """The magnitude compared, x 2: a strike's MG plus bonus; a block's after its alignment (AL24)."""
    alignment: str
    """Blocks: "ascendant" (x2), "descendant" (x0.5) or "neutral" (x1); "" for strikes."""
    result: str
    """Blocks: "countered", "parried" or "blocked" once compared (AL28); a strike the defender let
    through: "hit" (AL27); "" otherwise."""


@dataclass(frozen=True)
class BattleView:
    """A Battle: one attack with all of its blocks, parries and counterattacks (the chain)."""

    attacker: int
    """The seat that declared the attack (with AP)."""
    links: tuple[LinkView, ...]
    window: str
    """What the chain waits for: "defend" (``acting`` blocks, takes the hit, or plays a Reaction),
    "press" (``acting``'s element was blocked: a Reaction, or pass to compare), "riposte"
    (``acting`` parried: counterattack for free or pass); "over" for a finished Battle."""
    acting: int | None
    """The seat whose answer the chain waits for (None once over)."""
    processes: tuple[tuple[int, str], ...]
    """(seat, card id) of every Process played during this Battle, in order."""
    winner: int | None
    """The Battle's winner once decided (AL29); None while it goes on or when nobody won."""
    damage2: int
    """The damage recorded when it was decided (AL10), x 2."""
    points: int
    """Points the winner gained (1, or the damage rounded down with ``damage_scoring``)."""
    pass_label: str
    """What ``pass`` means in this window, for a button: "Take the hit", "Compare now",
    "No counterattack" (empty once over)."""
    block_values: tuple[tuple[str, int, str], ...] = ()
    """For the defender's own view while it chooses a block: (action id, value x 2, alignment) of
    every block it may make, its MG after bonuses and the alignment against the strike (AL24), so
    "Block with Stream" can say "6, doubled" before the click. Empty in every other view."""


@dataclass(frozen=True)
class AlchemyView:
    viewer: int | None
    """The seat this view is for; None for a spectator."""
    turn: int
    """1-based turn number (each player's turn counts)."""
    current: int | None
    """Whose turn it is; None once the game is over."""
    acting: int | None
    """Who must act now: the turn's player, or the defender/attacker the Battle waits for."""
    mode: str
    """"main" (the action phase), "store" (inside the Store: move cards, then leave), "refresh"
    (choosing cards to put back), "battle", or "over"."""
    seats: tuple[SeatView, ...]
    battle: BattleView | None
    """The Battle on the Field now, if any."""
    last_battle: BattleView | None
    """The most recent finished Battle (window "over"), kept for the board until the next one."""
    hand: tuple[str, ...]
    """The viewer's own hand (empty for spectators), in the order drawn."""
    hand_seen: tuple[bool, ...]
    """Parallel to ``hand``: the opponent has seen that card (it would go into the Store face up)."""
    marked: tuple[str, ...]
    """While refreshing: the viewer's cards marked to go to the Recharge pile (own view only)."""
    target: int
    """Points to win (10)."""
    ap_cap: int
    """Most AP a player can hold (6)."""
    store_size: int
    """Store slots (3)."""
    damage_scoring: bool
    """Variant: a Battle's winner scores its damage rounded down instead of 1 point (AL10)."""
    alignment_override: str
    """Name of the designer alignment table in use ("" = the component-sum rule of AL24)."""
    ranking: tuple[tuple[int, ...], ...] | None
    """Final ranking when over (best first; one group for a draw), else None."""
    reason: str
    """Why the game ended, in words ("" while it goes on)."""
