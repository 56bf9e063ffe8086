"""Why a move was refused: player-facing sentences that never name a hidden card."""

from __future__ import annotations

from .actions import AfrikaAction
from .cosmic_die import may_roll
from .rules import cd, is_active, is_entity, sick, stats
from .state import Game, Obj
from .teams import on_turn, same_team
from .timing import EQUIP, TRAVEL, can_activate, can_cast, terrain_done

_NAMES_OBJECT = frozenset({"terrain", "cast", "act", "charge", "atk", "blk", "first", "discard", "bottom"})
"""Moves whose first part is an object id (``target``, ``at``, ``on`` and ``pick`` already answer
without a name; ``pick:none`` is no object)."""


def _why_no_attack(g: Game, o: Obj) -> str:
    c = cd(o)
    if not on_turn(g, o.controller) or not is_entity(g, o):
        return "Only your own entities can attack."
    if o.id in g.attackers:
        return f"{c.name} is already attacking."
    if o.charged:
        return f"{c.name} is charged and can't attack."
    st = stats(g, o)
    if "Guardianship" in st.kws:
        return f"{c.name} has Guardianship and can't attack."
    if st.cant_attack:
        return f"{c.name} can't attack."
    if sick(g, o) and not {"Swift", "Rush"} & st.kws:
        return f"{c.name} has not been under your control since the start of this turn."
    return f"{c.name} has nothing it can attack."


def unseen(g: Game, p: int, oid: int | None) -> bool:
    """Whether the object id ``oid`` names nothing ``p`` may see: no object, a card in a Codex
    (its order is hidden from its owner too), or in the hand of a player not on ``p``'s team
    (R124). A refusal never names such a card, and says the same whatever card it is."""
    if oid is None or oid not in g.objs:
        return True
    o = g.objs[oid]
    return o.zone == "codex" or (o.zone == "hand" and not same_team(g, p, o.owner))


def why_not(g: Game, p: int, a: AfrikaAction) -> str:
    """A sentence for a refused move (never naming a hidden card)."""
    ch = g.choice
    k = a.kind
    if k in _NAMES_OBJECT and unseen(g, p, a.obj):
        return "That card can't be chosen now."
    if k == "roll" and ch is None:
        return may_roll(g, p) or "You can't roll the cosmic die now."
    if ch is not None:
        if k == "atk" and ch.kind == "attackers" and a.obj in g.objs:
            return _why_no_attack(g, g.objs[a.obj])
        if k == "blk" and ch.kind == "blockers" and a.obj in g.objs:
            o = g.objs[a.obj]
            if o.controller != p or not is_entity(g, o):
                return "You can block only with your own entities."
            if o.charged:
                return f"{cd(o).name} is charged and can't block."
            return f"{cd(o).name} can't block any of the attackers."
        if k == "at":
            return "That entity can't attack that."
        if k == "on":
            return "That blocker can't block that attacker."
        if k == "dmg":
            return (
                "Each blocker in the damage order must be assigned lethal damage before the next one, "
                "and all the damage must be assigned."
            )
        if k == "target":
            return "That is not a legal target."
        if ch.kind == "pick" and ch.stage == "gaze" and ch.player == p:
            return "First choose whether to look at the top of your Codex."
        if k == "pick" and a.a == "none" and ch.kind == "pick" and ch.stage == "pick":
            return "The card says to put one into your hand, so you must take one of them."
        return "That move is not possible right now: another decision is pending."
    if g.priority != p:
        return "It's not your turn to act."
    pl = g.players[p]
    if k in ("cast", "terrain", "act", "charge") and a.obj in g.objs:
        o = g.objs[a.obj]
        if k == "cast":
            why = can_cast(g, p, o)
            if not why and cd(o).chooses_zone and not a.b:
                return f"Choose a zone as you cast {cd(o).name}: Zone 1 or Zone 2."
            return why or "You can't cast that now."
        if k == "terrain":
            if o.zone != "hand" or o.owner != p or cd(o).type != "terrain":
                return "That is not a terrain card in your hand."
            if terrain_done(g, p):
                return "You have already played a terrain this turn."
            return "You can play a terrain only in your own Exploration phase while the stack is empty."
        if k == "act":
            key = a.n if a.n is not None else EQUIP if a.b == "equip" else TRAVEL
            return can_activate(g, p, o, key) or "You can't activate that now."
        if k == "charge":
            if o.controller != p:
                return "You don't control that."
            if o.charged:
                return f"{cd(o).name} is already charged."
            if not cd(o).produces:
                return f"{cd(o).name} has no energy ability."
            if not is_active(g, o):
                return f"{cd(o).name} is not active."
            return f"{cd(o).name} can't be charged for energy yet."
    del pl
    return "That move is not possible right now."
