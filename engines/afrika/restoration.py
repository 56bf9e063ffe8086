"""What ends with a turn: the damage marked on entities and every "until end of turn" effect.

Both end together in the Restoration step (R54, A29), and also when a turn ends because its player
left the game in it (R122): the turn ends as if its Restoration step had come, so a curse cast in
it or damage dealt in it does not last into the next player's turn.
"""

from __future__ import annotations

from .state import Game, ObjS, touched


def wear_off(g: Game) -> None:
    """Remove all damage and end every "this turn" effect at the same time (A29)."""
    for o in touched(g.objs, has_turn_effects):
        o.damage = 0
        o.eot_power = 0
        o.eot_health = 0
        o.eot_keywords = []
    if g.eot_by:
        g.eot_by = []


def end_effects_of(g: Game, p: int) -> None:
    """R122: the "until end of turn" effects ``p`` made end now, as ``p`` leaves the game (the
    others' on the same entity stay; a keyword stays if another's effect also grants it)."""
    mine = [e for e in g.eot_by if e[0] == p]
    if not mine:
        return
    g.eot_by = [e for e in g.eot_by if e[0] != p]
    for oid in dict.fromkeys(e[1] for e in mine):
        o = g.objs.get(oid)
        if o is None:
            continue  # it left the battlefield (a new object) or the game: nothing to end
        o.eot_power -= sum(e[2] for e in mine if e[1] == oid)
        o.eot_health -= sum(e[3] for e in mine if e[1] == oid)
        kept = {k for e in g.eot_by if e[1] == oid for k in e[4]}
        gone = {k for e in mine if e[1] == oid for k in e[4]} - kept
        o.eot_keywords = [k for k in o.eot_keywords if k not in gone]


def has_turn_effects(o: ObjS) -> bool:
    """Whether ``wear_off`` changes this frozen object (the ones it would not are left frozen)."""
    return bool(o.damage or o.eot_power or o.eot_health or o.eot_keywords)
