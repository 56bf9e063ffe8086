"""The Galactic Overlord's schemes in play (R153-R155): set in motion, Ongoing, abandoned.

The Scheme deck is ``g.schemes`` (top first), outside every zone a card effect can reach (R153:
it is not a Codex, nothing draws from it); the face-up Ongoing schemes are ``g.ongoing`` (the
Overlord's Command zone, R154). A scheme has no object on the battlefield, so nothing can target,
destroy or negate it (R155): its abilities go on the stack as triggered abilities with no source
(``Trig.source`` 0), resolved like any card's from the scheme's card (``cards.card``).
"""

from __future__ import annotations

from .rules import overlord_seat, seat_ref
from .schemes import MOTION, abandon_due, scheme, triggers_on
from .state import Game, Trig


def set_in_motion(g: Game) -> None:
    """R154: as the Overlord's first Exploration Phase of the turn begins, the top scheme is
    revealed and its effect goes on the stack; a one-shot scheme goes to the bottom, an Ongoing
    one stays face up."""
    ov = overlord_seat(g)
    if ov < 0 or g.active != ov or not g.schemes or g.players[ov].lost:
        return
    cid = g.schemes.pop(0)
    s = scheme(cid)
    g.scheme = cid
    g.log(f"{seat_ref(ov)} sets a scheme in motion: {s.name}{' (Ongoing)' if s.ongoing else ''}.")
    g.triggers.append(Trig(ov, 0, cid, MOTION))
    if s.ongoing:
        g.ongoing.append(cid)
    else:
        g.schemes.append(cid)


def ongoing_step(g: Game, step: str) -> None:
    """The Overlord's Sustenance or Dusk step begins: each Ongoing scheme whose abandon condition
    holds goes to the bottom of the Scheme deck first (R154), then the others' abilities of that
    step trigger."""
    ov = overlord_seat(g)
    if ov < 0 or g.active != ov or not g.ongoing:
        return
    for cid in list(g.ongoing):
        if abandon_due(g, scheme(cid), ov, step):
            g.ongoing.remove(cid)
            g.schemes.append(cid)
            g.log(f"{seat_ref(ov)} abandons {scheme(cid).name}.")
    for cid, i in triggers_on(step, g.ongoing):
        g.triggers.append(Trig(ov, 0, cid, i))
