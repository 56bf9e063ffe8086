"""Moves aimed at cards a seat cannot see, for the conformance test (issue 32, item 2).

Alchemy names cards only by card id: the ids of the cards hidden from the sender (the opponent's
hand, deck and unseen Store cards, a face-down Magnum Opus, the Magnum Opus set aside, one's own
deck) that the sender does not hold, in every shape that names a card. The engine must refuse
them without naming any other hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.game import HiddenProbes

from .cards import card, card_ids
from .state import AlchemyState
from .viewing import hidden_groups


def aimed(s: AlchemyState, seat: int) -> Iterator[str]:
    me = s.seats[seat]
    mine = {s.card_of[o] for o in (*me.hand, *me.store)}
    hidden = sorted({s.card_of[o] for group in hidden_groups(s, seat) for o in group} - mine)
    hidden = hidden[:: max(1, len(hidden) // 8)]  # eight or so, of every kind: each code path
    process = next((c for c in sorted(card_ids()) if c.startswith("P")), "P01")
    for cid in hidden:
        for verb in ("attack", "block", "counter", "back", "put", "take", "play"):
            yield f"{verb}:{cid}"
        yield f"play:{process}:{cid}"
        yield f"play:{cid}:{process}"
        for other in ("F1", "A2", "E3", "W4"):
            if other[0] != cid[0]:
                yield f"attack:{cid}+{other}"
                yield f"block:{other}+{cid}"
    yield "take:P99"
    yield "attack:F9"


def _name(text: str) -> str | None:
    return card(text).name if text in card_ids() else None


PROBES = HiddenProbes(aimed=aimed, card_name=_name)
