"""Which card a move played, for card statistics (``GameSpec.played_card``).

An Afrika move names a card by its object id ("cast:57", "terrain:12:s"), and object ids say
nothing outside their match: ids are handed out per match, and a card that changes zone becomes a
new object with a new id (R3), so the 57 in "cast:57" is a card drawn this game, not a deck
position. Only the state at the time can say which card it was. And the move that names the card
is not always the one that plays it: "cast:57" may open a choice (X, a mode, targets) that the
player can still cancel, and the spell is cast by the answer that completes it.

So a card counts as played by the move after which it has left its owner's hand for the stack (a
spell, cast) or the battlefield (a terrain played, or a permanent put there straight from the
hand): one of the hand's objects is gone, and a new object of the same card, owned by the same
seat, now stands on the stack or the battlefield. Discards, mulligans and cards put back into the
Codex leave the hand for other zones and do not count.
"""

from __future__ import annotations

from .state import BATTLEFIELD, AfrikaState

_PLAYED_TO = frozenset({"stack", *BATTLEFIELD})


def played_card(before: AfrikaState, after: AfrikaState, seat: int) -> str | None:
    """The card ``seat`` played with the move from ``before`` to ``after``, or None.

    Cheap enough for every stored move: the hands are compared as tuples (usually equal: most
    moves touch no hand), and only objects created by this move (ids from ``before.next_id``) are
    looked at.
    """
    if not 0 <= seat < len(before.players) or seat >= len(after.players):
        return None
    hand_before, hand_after = before.players[seat].hand, after.players[seat].hand
    if hand_before == hand_after:
        return None
    left = {before.objs[oid].card for oid in hand_before if oid not in hand_after and oid in before.objs}
    if not left:
        return None
    for oid in range(before.next_id, after.next_id):
        o = after.objs.get(oid)
        if o is not None and o.owner == seat and not o.token and o.zone in _PLAYED_TO and o.card in left:
            return o.card
    return None


__all__ = ["played_card"]
