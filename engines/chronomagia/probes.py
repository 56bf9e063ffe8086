"""Moves aimed at cards a seat cannot see, for the conformance test (issue 32, item 2).

A forged action id can name any object: the opponent's face-down Shadows, hand, Hero Deck or
deck, one's own deck or Pool (hidden from their owner too, M11), or a number that is no object at
all. ``aimed`` writes such ids in every shape that names an object or a card; the engine must
refuse each without naming a hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.game import HiddenProbes

from .cards import card, card_ids
from .state import ChronomagiaState


def _hidden_objects(s: ChronomagiaState, seat: int) -> list[int]:
    me, them = s.seats[seat], s.seats[1 - seat]
    known = {o for v, o in s.known if v == seat}
    zones = (
        them.hand,
        them.deck,
        them.hero_deck,
        them.pool,
        tuple(o for o in them.shadows if o not in known),
        me.deck,
        me.pool,
    )
    out: list[int] = []
    for zone in zones:
        out.extend(dict.fromkeys((*zone[:1], *zone[-1:])))  # the first and the last of each zone
    return out


def aimed(s: ChronomagiaState, seat: int) -> Iterator[str]:
    """Object ids hidden from ``seat`` (and unknown ones) in every shape, with the right card id
    and a wrong one; card ids only the hidden objects hold in the shapes that name a card."""
    me = s.seats[seat]
    others = sorted(card_ids())
    unknown = (len(s.card_of), len(s.card_of) + 17, 999_999)
    objects = [*_hidden_objects(s, seat), *unknown]
    for obj in objects:
        right = s.card_of[obj] if obj < len(s.card_of) else others[0]
        wrong = next(c for c in others if c != right)
        yield f"target:{obj}"
        yield f"flip:{obj}"
        yield f"stay:{obj}"
        for cid in (right, wrong):
            yield f"target:{obj}:{cid}"
            yield f"pick:{obj}:{cid}"
            yield f"tap:{obj}:{cid}"
            yield f"sac:{obj}:{cid}"
            for epoch in (1, 2, 3):
                yield f"shift:{obj}:{cid}:{epoch}"
    mine = {s.card_of[o] for o in (*me.hand, *me.hero_deck)}
    for obj in _hidden_objects(s, seat):
        cid = s.card_of[obj]
        if cid in mine:
            continue
        yield f"play:{cid}"
        yield f"shadow:{cid}"
        yield f"meditate:{cid}"
        yield f"redeal:{cid}"


def _name(text: str) -> str | None:
    return card(text).name if text in card_ids() else None


PROBES = HiddenProbes(aimed=aimed, card_name=_name)
