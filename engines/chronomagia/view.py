"""What one seat (or a spectator) may see of a Chronomagia game: the renderer's and the
presenter's only input. Fields are only ever added.

Hidden cards are absent by type, not blanked by convention:

* a hand is ``SeatView.hand_count``; only the viewer's own cards are in ``ChronomagiaView.hand``;
* the Main Deck and the **Pool** are counts only, for everyone, their owner included (M11: nobody
  may look at the Pool);
* the Hero Deck is a count; its owner sees its cards in ``ChronomagiaView.hero_deck`` (F14);
* a face-down Shadow is a ``ShadowView`` whose ``card`` is None for everyone but its controller
  and a player who has looked at it with Intuition (KM10).

Cards are their ids (``T012`` a Thoughtform, ``H01`` a Hero, ``L01`` a Location, ``P01`` a
Phenomenon, ``S01`` a Shadow, ``K01`` a token); ``engines.chronomagia.cards.card(cid)`` gives names
(English and Russian), windows and rules text. Permanents and Shadows carry their object id
(``obj``), which moves name (``tap:41:T012``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PermView:
    obj: int
    card: str
    kind: str
    """ "thoughtform", "shadow" (flipped), "token", "location", "phenomenon"."""
    epoch: int
    """Its effective epoch (KM8)."""
    shifted: bool
    """It has a personal epoch from a Time Shift."""
    tapped: bool
    trapped: bool
    sick: bool
    """Embodiment Sickness: it entered this turn (and has no Acceleration)."""
    counters: int
    """Life counters of a Location, time counters of a Phenomenon."""
    resources: tuple[tuple[str, int], ...] | None
    """The resource window of its effective epoch (None: it has none there)."""
    producing: bool
    """It would add its resources to a collection now (M20)."""
    willpower: int
    can_tap: bool
    """It has a Tap ability it could use now (in its controller's Main phase)."""


@dataclass(frozen=True)
class ShadowView:
    obj: int
    card: str | None
    """Its card for its controller and for a player who looked at it; else None."""
    seen: bool
    """The viewer looked at it with Intuition (it is not the viewer's)."""


@dataclass(frozen=True)
class HeroView:
    card: str
    counters: int
    armor: int


@dataclass(frozen=True)
class SeatView:
    seat: int
    life: int
    hero: HeroView
    hand_count: int
    deck_count: int
    pool_count: int
    hero_deck_count: int
    graveyard: tuple[str, ...]
    """Oldest first (public)."""
    field: tuple[PermView, ...]
    shadows: tuple[ShadowView, ...]
    redealt: bool
    production: tuple[tuple[str, int], ...]
    """What this seat would collect of each resource now (public: every window is face up)."""


@dataclass(frozen=True)
class AskView:
    kind: str
    """ "target", "mass", "shift", "peek", "bounce", "loc", "hit", "move", "flip", "order"."""
    seat: int
    text: str
    """The question in words."""
    card: str | None
    """The card whose text asks (None for a face-down Shadow the viewer may not see)."""
    amount: int
    limit: int


@dataclass(frozen=True)
class ChronomagiaView:
    viewer: int | None
    turn: int
    active: int | None
    first: int | None
    step: str
    """ "choose", "redeal", "start", "meditation", "main", "attack", "end", "over"."""
    acting: tuple[int, ...]
    """Who must act now (both during the Redeal)."""
    time: int
    """The Time marker, 1-30."""
    epoch: int
    century: int
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]
    """The viewer's own hand, in the order drawn."""
    hero_deck: tuple[str, ...]
    """The viewer's own Hero Deck, sorted (F14)."""
    ask: AskView | None
    collected: tuple[str, ...]
    """Resources the active player has collected this turn."""
    gained: tuple[tuple[str, int], ...]
    """What the active player collected this turn, and how much."""
    meditated: bool
    hero_used: bool
    last_attack: tuple[int, int, int, int]
    """The last Attack Collection: (Attack, Defense, Net, Damage)."""
    end_of_time: bool
    ranking: tuple[tuple[int, ...], ...] | None
    reason: str
