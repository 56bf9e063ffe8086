"""Cosmic Rifts in play (R160, DECISION A26): the shared Rift deck and the cosmic die.

``g.rifts`` is the Rift deck with the face-up rift first. Its anthems reach every entity
(``rules.variant_anthems``); its step abilities trigger for the player whose step it is, its
``ally_enters`` ability for the entering entity's controller. In their own Exploration phase with
an empty stack an active player may roll the cosmic die: the first roll of a turn is free, each
later one costs {1} more than the one before. One face in six is Rift (the face-up rift goes to the
bottom and the next one turns up), one is Chaos (the face-up rift's chaos ability triggers,
controlled by the roller), four are blank.
"""

from __future__ import annotations

from .cards import Cost
from .rules import can_pay, pay, rng_below, seat_ref
from .schemes import CHAOS, rift, triggers_on
from .state import Game, Trig
from .timing import sorcery_time

FACES = ("rift", "chaos", "blank", "blank", "blank", "blank")


def roll_cost(g: Game) -> int:
    """The generic energy the next roll of this turn costs (R160: free, then {1}, {2}, ...)."""
    return g.die_rolls


def may_roll(g: Game, p: int) -> str:
    """'' if ``p`` may roll the cosmic die now, else why not (a sentence)."""
    if not g.rifts:
        return "This game is played without Cosmic Rifts."
    if not sorcery_time(g, p):
        return "You can roll the cosmic die only in your own Exploration phase while the stack is empty."
    n = roll_cost(g)
    if n and not can_pay(g, p, Cost(generic=n), 0):
        return f"Your next roll of the cosmic die this turn costs {{{n}}}, and you can't pay it."
    return ""


def roll(g: Game, p: int) -> None:
    n = roll_cost(g)
    if n:
        pay(g, p, Cost(generic=n), 0, "the cosmic die")
    g.die_rolls += 1
    face = FACES[rng_below(g, len(FACES))]
    g.die = face
    g.passes = 0
    g.log(f"{seat_ref(p)} rolls the cosmic die{f' (paying {{{n}}})' if n else ''}: {face.capitalize()}.")
    if face == "rift":
        old = g.rifts.pop(0)
        g.rifts.append(old)
        g.log(f"{rift(old).name} goes to the bottom of the Rift deck; {rift(g.rifts[0]).name} is face up.")
    elif face == "chaos":
        g.triggers.append(Trig(p, 0, g.rifts[0], CHAOS))


def rift_step(g: Game, step: str, seats: list[int]) -> None:
    """Each active player's Sustenance or Dusk step begins: the face-up rift's abilities of that
    step trigger for that player."""
    if not g.rifts:
        return
    for cid, i in triggers_on(step, (), g.rifts[0]):
        for p in seats:
            g.triggers.append(Trig(p, 0, cid, i))
