"""Which card a move played, for card statistics (``GameSpec.played_card``).

A Spirit Tactics move names cards by id (``call:S12:c2``), but several copies may be in hand and
the engine picks one; the state says which object left the hand. A card counts as played by the
move that takes it from its owner's hand onto the Sequence as a Call, a Gather or a spell (Arcana
or Reflex). A Conceal is not counted: the card stays hidden from the opponent, and a statistic
must not name it.
"""

from __future__ import annotations

from .state import SpiritState

_COUNTED = frozenset({"call", "gather", "arcana", "reflex"})


def played_card(before: SpiritState, after: SpiritState, seat: int) -> str | None:
    """The card ``seat`` played with the move from ``before`` to ``after``, or None."""
    if seat not in (0, 1) or before.seats[seat].hand == after.seats[seat].hand or not after.seq:
        return None
    link = after.seq[-1]
    if link.seat != seat or link.kind not in _COUNTED or link.obj not in before.seats[seat].hand:
        return None
    return after.card_of[link.obj]
