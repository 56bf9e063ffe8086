"""What one seat (or a spectator) may see of an Epochs Chrono game (rule E25).

The renderer and the bot read only this type. Other players' hands and the deck order are not
fields here, so they cannot leak by mistake: only counts are.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatView:
    seat: int
    hand_count: int
    out_place: int | None
    """1-based order of going out (E20); None while the seat still holds cards."""
    lost: bool
    """True for the seat(s) the outcome names as losers (E23/E24)."""


@dataclass(frozen=True)
class ChronoView:
    viewer: int | None
    """The seat this view is for; None for a spectator."""
    suits: tuple[str, ...]
    """Suit keys in row order, e.g. ("H", "W", "O") or with "N" (Hand) for the 4-suit set."""
    suit_names: tuple[str, ...]
    """Display names in row order, e.g. ("Heroes", "Weapons", "Objects")."""
    epochs: int
    """Number of epochs (columns), 10: I..X."""
    piles: tuple[tuple[int, ...], ...]
    """piles[row][epoch - 1] = number of cards in that cell (0 = empty cell)."""
    spans: tuple[tuple[int, int], ...]
    """(lo, hi) epochs of each row."""
    seats: tuple[SeatView, ...]
    deck_count: int
    current: int | None
    """Seat whose turn it is; None when the game is over."""
    phase: str
    """"opening" (nobody has entered yet: E21 draws), "play", or "over"."""
    turn: int
    """1-based turn number (skipped turns count)."""
    dealer: int
    rows_extended: tuple[int, ...]
    """Rows already extended in the current turn (E12)."""
    placed_this_turn: int
    must_play: str | None
    """Card code the current player drew and must play now (E17), else None."""
    hand: tuple[str, ...]
    """The viewer's own cards as codes ("H5"), sorted; empty for spectators."""
    playable: tuple[str, ...]
    """Which of ``hand`` can be played right now (empty when it's not the viewer's turn)."""
    ranking: tuple[tuple[int, ...], ...] | None
    """Final ranking when over (best first), else None."""
