"""Epochs Chrono state and actions as plain values.

Cards are their codes ("H5" = Heroes V) because for the rules a card is only (suit, epoch)
(digest §0): two copies of a cell are interchangeable, so no per-card ids are needed, and codes
keep the JSON snapshots small and readable.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import CONCEDE, InvalidAction

from .carddata import EPOCHS, roman

ALL_SUITS = ("H", "W", "O", "N")
"""Every suit key in board-row order; the 3-suit set is the first three (D2)."""
SUIT_NAMES = {"H": "Heroes", "W": "Weapons", "O": "Objects", "N": "Hand"}
"""Fallback names; the engine takes the real names from the card file."""

CODE_INFO: dict[str, tuple[int, int]] = {
    f"{suit}{epoch}": (row, epoch) for row, suit in enumerate(ALL_SUITS) for epoch in range(1, EPOCHS + 1)
}
"""code -> (row, epoch); rows are the same in the 3- and 4-suit sets because "N" comes last."""


def card_key(code: str) -> tuple[int, int]:
    """Sort key: board row, then epoch (so "H10" sorts after "H9", unlike plain text)."""
    return CODE_INFO[code]


def card_name(code: str) -> str:
    row, epoch = CODE_INFO[code]
    return f"{SUIT_NAMES[ALL_SUITS[row]]} {roman(epoch)}"


@dataclass(frozen=True)
class ChronoState:
    """A whole match. Every field is public except ``hands`` (private) and ``deck`` (hidden)."""

    players: int
    suits: tuple[str, ...]
    copies: int
    """copies_per_cell of the set (D3)."""
    missing: tuple[str, ...]
    """Cells removed from the set (all copies), e.g. ("H3",) for the TE14 deadlock set."""
    hand_size: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    """Per seat, card codes sorted by (row, epoch)."""
    deck: tuple[str, ...]
    """Face-down draw pile, top card first."""
    piles: tuple[tuple[int, ...], ...]
    """piles[row][epoch - 1] = cards on that cell; a row's non-empty cells are contiguous."""
    current: int | None
    phase: str
    """"opening" until the first move's turn ends (E21/E22), then "play"; "over" at the end."""
    turn: int
    rows_extended: tuple[int, ...]
    """Rows extended in the current turn (E12)."""
    placed_this_turn: int
    must_play: str | None
    """The drawn card the current player must play now (E17)."""
    out_order: tuple[int, ...]
    """Seats that went out, first out first (E20)."""
    empty_skips: int
    """Consecutive turns skipped with an empty deck; a full round of them is a deadlock (E24)."""
    ranking: tuple[tuple[int, ...], ...] | None
    losers: tuple[int, ...]
    reason: str
    rng: int


@dataclass(frozen=True)
class Play:
    """Place one card; the engine works out whether it stacks or extends (E10)."""

    code: str

    def to_id(self) -> str:
        return f"play:{self.code}"

    @property
    def label(self) -> str:
        return f"Play {card_name(self.code)}"


@dataclass(frozen=True)
class Draw:
    def to_id(self) -> str:
        return "draw"

    @property
    def label(self) -> str:
        return "Draw a card"


@dataclass(frozen=True)
class End:
    def to_id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End turn"


@dataclass(frozen=True)
class Concede:
    """Give up (decision C11): accepted from any seat still holding cards, on anyone's turn."""

    def to_id(self) -> str:
        return CONCEDE

    @property
    def label(self) -> str:
        return "Concede"


ChronoAction = Play | Draw | End | Concede

_HELP = "Moves look like 'play:H5' (suit letter H, W, O or N, then epoch 1-10), 'draw' or 'end'."


def decode_action(action_id: str) -> ChronoAction:
    text = action_id.strip()
    low = text.lower()
    if low == "draw":
        return Draw()
    if low == "end":
        return End()
    if low == CONCEDE:
        return Concede()
    if low.startswith("play:"):
        code = text[5:].strip().upper()
        if code in CODE_INFO:
            return Play(code)
        raise InvalidAction(f"'{text[5:].strip()}' is not an Epochs Chrono card. {_HELP}")
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise InvalidAction(f"'{shown}' is not an Epochs Chrono move. {_HELP}")
