"""What the ``hard`` AI needs from Spirit Tactics besides the game AI (``GameSpec.search``,
``.playout``): where its search is spent and what its playouts play.

A Spirit Tactics turn is some twenty decisions, most of them a pass in a Sequence or a step to the
next phase, and a playout of two turns is a few hundred moves of the game AI, whose spell and
response decisions each try several moves on a copy of the state. So:

* ``focus``: the search compares moves only where the turn is shaped: the Main Phases (Calls,
  Conceals, Gathers, spells and abilities, when to go to Combat) and the attacks. Passing or
  responding in a Sequence and the Reload, Calm and End steps are the game AI's (it already tries
  each response on a copy of the state).
* ``playout``: the game AI without its look-ahead: Spirits are Called, Concealed, Gathered and
  attack as the game AI does, but nobody casts or responds in the playouts. Several times cheaper
  a move, the same for both sides and for every candidate, so the comparison stays fair; a spell
  or ability a candidate itself plays is still played out in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core import PlayerId, Rng

from .actions import Attack, Call, Cast, Conceal, Gather, Go, Pass, SpiritAction, Use
from .ai import _attack_gain, _gather_choice, _main_placement, _zone_score, spirit_policy
from .cards import card
from .state import SpiritState

SEARCHED_PHASES = frozenset({"main", "submain", "combat"})


def focus(
    s: SpiritState, me: int, legal: Sequence[SpiritAction], usual: SpiritAction
) -> Sequence[SpiritAction]:
    """The moves worth playing out in ``s`` (a deal from ``me``'s view): none outside the open
    Main and Combat Phases (the game AI's move is played there with no search); in them, one move
    of each idea rather than every zone of it: each Spirit in hand Called or Concealed in its best
    zone, the best Gather, every Flip, spell and ability, each attacker on its best target, and
    moving on."""
    if s.mode == "sequence":
        return _responses(s, me, legal, usual)
    if s.mode != "open" or s.phase not in SEARCHED_PHASES:
        return ()
    out: list[SpiritAction] = [usual]
    best_zone: dict[tuple[str, str], tuple[float, SpiritAction]] = {}
    best_attack: dict[int, tuple[float, SpiritAction]] = {}
    spells: set[str] = set()
    gathers: list[Gather] = []
    for a in legal:
        if isinstance(a, Call | Conceal):
            c = card(a.card)
            value = _zone_score(s, me, c, a.zone, isinstance(a, Call))
            key = (a.kind, a.card)
            if key not in best_zone or value > best_zone[key][0]:
                best_zone[key] = (value, a)
        elif isinstance(a, Attack):
            gain = _attack_gain(s, me, a)
            if a.attacker not in best_attack or gain > best_attack[a.attacker][0]:
                best_attack[a.attacker] = (gain, a)
        elif isinstance(a, Gather):
            gathers.append(a)
        elif isinstance(a, Cast | Use):
            what = a.to_id().split("$")[0]
            if what not in spells:
                spells.add(what)
                out.append(a)
        else:
            out.append(a)  # Flip, Go
    gather = _gather_choice(s, me, gathers)
    if gather is not None:
        out.append(gather)
    out.extend(a for _v, a in best_zone.values())
    out.extend(a for _v, a in best_attack.values())
    return out


def _responses(
    s: SpiritState, me: int, legal: Sequence[SpiritAction], usual: SpiritAction
) -> Sequence[SpiritAction]:
    """In a Sequence: passing and each spell or ability (one payment of each), when the other
    player's link is on top; passing on one's own link is the game AI's."""
    if not s.seq or s.seq[-1].seat == me:
        return ()
    out: list[SpiritAction] = [usual]
    seen: set[str] = set()
    for a in legal:
        what = a.to_id().split("$")[0]
        if what not in seen:
            seen.add(what)
            out.append(a)
    return out if len(out) > 2 else ()


def playout(engine: Any, s: SpiritState, p: PlayerId, rng: Rng) -> SpiritAction:
    """The game AI with no spells, abilities or responses (see the module's docstring)."""
    legal: list[SpiritAction] = list(engine.legal_actions(s, p))
    if len(legal) == 1:
        return legal[0]
    if s.mode == "sequence":
        return Pass() if Pass() in legal else legal[0]
    if s.mode == "open" and s.phase in ("main", "submain"):
        a = _main_placement(s, int(p), legal)
        if a is not None:
            return a
        return Go("combat") if Go("combat") in legal else Go("end") if Go("end") in legal else legal[0]
    if s.mode == "choose" and s.choice is not None and s.choice.kind == "target":
        return legal[0]
    return spirit_policy(engine, s, p, rng)
