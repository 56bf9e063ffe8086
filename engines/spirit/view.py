"""What one seat (or a spectator) may see of a Spirit Tactics Duel: the renderer's and the
presenter's only input. Fields are only ever added (the renderer and presenter are built on them).

Hidden cards are absent by type, not blanked by convention:

* the opponent's hand is ``SeatView.hand_count``; only the viewer's own cards are in
  ``SpiritView.hand`` (and their own Side Deck in ``SpiritView.side``);
* a Concealed Spirit is a ``UnitView`` with ``face_up`` False whose ``card`` is None for everyone
  but its controller (S11: its controller may look at it at any time); its S, R and keywords are
  0 / empty for everyone (a Concealed Spirit has none for game purposes);
* a Conceal on the Sequence names its card only to its controller (``LinkView.card``);
* deck order is never shown, only ``deck_count``; the Reload pile and Graveyard are public (B5).

Cards are their ids (``"S12"`` a Spirit, ``"C03"`` a Commander, ``"A04"`` an Arcana, ``"R02"`` a
Reflex, ``"E1"`` Flame Essence); ``engines.spirit.cards.card(cid)`` gives name, affinity, S, R,
Indicator, keywords, abilities and rules text. Zones are named "A1".."F4" (``engines.spirit.grid``):
column A-F as seat 0 sees the board, row 1 = seat 0's Back Row, 2 = seat 0's Front Row, 3 = seat
1's Front Row, 4 = seat 1's Back Row. S and R are whole numbers (usually multiples of 100, B25).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UnitView:
    """A Spirit on the Battleground."""

    owner: int
    """Its controller's seat (there is no change of control)."""
    card: str | None
    """The card id; None when it is Concealed and the viewer is not its controller."""
    face_up: bool
    strength: int
    """Current S with every modifier (auras, effects until end of turn); 0 while Concealed."""
    base_strength: int
    """Printed S (0 while Concealed and hidden from the viewer)."""
    resilience: int
    """Current R (printed R minus damage, plus bonuses); 0 while Concealed."""
    base_resilience: int
    """Printed R (0 while Concealed and hidden from the viewer)."""
    essence: tuple[str, ...]
    """Essence card ids attached to it, oldest first (public)."""
    keywords: tuple[str, ...]
    """Its keywords now ("Aegis", "Ravage", ...), printed and granted; empty while Concealed."""
    attacks_used: int
    """Attacks it declared this turn (S31)."""
    attacks_left: int
    """Attacks it may still declare this turn if it is in a row it can attack from (Twinstrike,
    Ravage counted); 0 while Concealed or on the opponent's turn."""
    can_flip: bool
    """Its controller may flip it now-ish: Concealed during an earlier turn (S15). Only true in the
    controller's view."""
    concealed_this_turn: bool
    """Concealed during the current turn (so it cannot be flipped yet). Public: everyone saw it."""


@dataclass(frozen=True)
class ZoneView:
    """One of the 24 zones of the grid."""

    name: str
    """ "A1".."F4"."""
    seat: int
    """Whose Battleground it belongs to."""
    row: str
    """ "front" or "back" (of ``seat``'s Battleground)."""
    col: int
    """Column 1-6 as seat 0 sees the board (seat 1 sees 6 on its left)."""
    unit: UnitView | None
    reserved: bool
    """A Call or Conceal on the Sequence has reserved this empty zone (B24)."""


@dataclass(frozen=True)
class CommanderView:
    card: str | None
    """None while it is face down to this viewer: both Commanders are placed face down and turned
    face up once the starting player is decided (setup steps 1-3), in every Duel of a Match; until
    then only its owner reads it."""
    face_up: bool
    """Turned face up (the starting player is decided)."""
    resilience: int | None
    """Current R: the life total (S1); None while the card is hidden (R tells Commanders apart)."""
    base_resilience: int | None
    """Printed R: the most it can be restored to (B21); None while the card is hidden."""
    essence: tuple[str, ...]
    """Essence card ids attached to it, oldest first."""


@dataclass(frozen=True)
class SeatView:
    seat: int
    commander: CommanderView
    hand_count: int
    deck_count: int
    reload: tuple[str, ...]
    """The Reload pile, public (B5), oldest first."""
    graveyard: tuple[str, ...]
    """The Graveyard, public, oldest first."""
    side_count: int
    """Cards in the Side Deck (used only between Duels, S3)."""
    spirits: int
    """Spirits on this seat's Battleground, face up or Concealed."""


@dataclass(frozen=True)
class LinkView:
    """One link of the Sequence (S20-S22), in the order added (``index`` 1 = Link 1)."""

    index: int
    seat: int
    """Who added it."""
    kind: str
    """ "call", "conceal", "flip", "gather", "arcana", "reflex", "ability", "attack", "phase",
    "trigger"."""
    card: str | None
    """The card played or whose ability it is (the Spirit, the Commander, the Essence gathered);
    None for a Conceal the viewer may not see, and for a phase move."""
    source: str
    """Where the ability or action comes from: a zone name ("C2"), "Commander", or ""."""
    ability: int
    """1 or 2 for a Charged Ability; 0 otherwise."""
    text: str
    """What it does, in words ("Attack D3 with Cinder Wolf (C2)", "Go to the Main Phase")."""
    targets: tuple[str, ...]
    """Designated zones ("D3"), or "Commander" for a Direct Attack / Gather onto the Commander."""
    paid: tuple[str, ...]
    """Essence card ids detached to pay for it (S48)."""
    negated: bool
    """Its Primary effect has been nullified; its Aftermath will not resolve (S27)."""


@dataclass(frozen=True)
class ChoiceView:
    """A decision outside a Sequence that one seat must make."""

    kind: str
    """ "first" (the chooser picks who goes first, B6), "rewind" (the attacker picks a new target
    or cancels, B15), "target" (designate the targets of a triggered ability, S28), "unending"
    (pick the zone a Spirit returns to, B22)."""
    seat: int
    text: str
    """What is being decided, in words."""
    card: str | None
    """The card the decision is about (the attacker, the triggering Spirit), if any."""


@dataclass(frozen=True)
class LimitsView:
    """The turn player's once-per-turn limits, shared by Main and Sub-Main (B7)."""

    called: bool
    """A Spirit has been Called this turn (S10)."""
    concealed: bool
    """A Spirit has been Concealed this turn (S11)."""
    gathers: int
    """Gathers used this turn."""
    gather_limit: int
    """Gathers allowed per turn (2, S46)."""
    reloaded: bool
    """The turn player Reloaded in this turn's Reload Phase (the Draw Phase draws 1, S43)."""


@dataclass(frozen=True)
class SpiritView:
    viewer: int | None
    """The seat this view is for; None for a spectator."""
    turn: int
    """1-based turn number (each player's turn counts)."""
    current: int | None
    """The turn player; None once the Duel is over or before the first player is chosen."""
    first: int | None
    """Who took the first turn (None before it is chosen)."""
    phase: str
    """ "reload", "draw", "calm", "main", "combat", "submain", "end" ("start" before the first
    turn, "over" at the end)."""
    mode: str
    """ "open" (the turn player may start a Sequence or move on), "sequence" (a Sequence is being
    built: ``priority`` may add a link or pass), "choose" (``choice`` waits), "over"."""
    acting: int | None
    """Who must act now."""
    priority: int | None
    """While a Sequence is built: who may add a link or pass."""
    zones: tuple[ZoneView, ...]
    """All 24 zones, index = (row - 1) * 6 + column - 1: A1..F1, A2..F2, A3..F3, A4..F4."""
    seats: tuple[SeatView, ...]
    sequence: tuple[LinkView, ...]
    """The Sequence being built, Link 1 first (empty when none)."""
    last_sequence: tuple[LinkView, ...]
    """The most recently resolved Sequence, Link 1 first (for the board until the next one)."""
    choice: ChoiceView | None
    limits: LimitsView
    hand: tuple[str, ...]
    """The viewer's own hand (empty for spectators), in the order drawn."""
    side: tuple[str, ...]
    """The viewer's own Side Deck (empty for spectators)."""
    turn_limit: int
    """The Duel ends after this turn on the Commanders' R (an engine decision, DECISIONS.md)."""
    ranking: tuple[tuple[int, ...], ...] | None
    """Final ranking when over (best first; one group for a draw), else None."""
    reason: str
    """Why the Duel ended, in words ("" while it goes on)."""
