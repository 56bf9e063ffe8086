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


def has_turn_effects(o: ObjS) -> bool:
    """Whether ``wear_off`` changes this frozen object (the ones it would not are left frozen)."""
    return bool(o.damage or o.eot_power or o.eot_health or o.eot_keywords)
