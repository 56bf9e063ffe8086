"""Why an answer to a question (``ChronomagiaState.ask``) was refused, as a sentence a player reads.

A refusal goes to the player who sent the answer, and an action id can name any object: the
opponent's face-down Shadows, a hand, a deck, the Pool, or a number that is no object at all. So
a refusal names a card only when it is face up where both players see it (a permanent on the
battlefield, a Hero); any other object gets the same nameless sentence, whatever card it is
(issue 32, item 2).
"""

from __future__ import annotations

from engines.core import seat_label

from . import effects
from .actions import ChronomagiaAction, ShiftTo, Target
from .board import cdef, epoch_of_perm, find, perm_of, warded
from .cards import CardDef
from .grammar import RES_EN
from .state import ChronomagiaState

UNSEEN = "That card cannot be chosen now."
"""The refusal of an object that is not face up in play (or does not exist)."""


def _face_up(s: ChronomagiaState, a: ChronomagiaAction) -> tuple[int, CardDef] | None:
    """The object ``a`` names and its card, when both players see that card: a permanent on the
    battlefield or a Hero, named with its own card id when the id names one."""
    obj = getattr(a, "obj", None)
    if obj is None or not 0 <= obj < len(s.card_of):
        return None
    if find(s, obj) is None and all(st.hero != obj for st in s.seats):
        return None
    cid = getattr(a, "card", "")
    if cid and s.card_of[obj] != cid:
        return None
    return obj, cdef(s, obj)


def why_not_answer(s: ChronomagiaState, a: ChronomagiaAction) -> str:
    ask = s.ask
    assert ask is not None
    if ask.kind == "loc":
        return (
            f"The Location can take at most {ask.limit} of the {ask.amount} damage "
            f"(it has only that many counters left, F5): choose loc:0 to loc:{ask.limit}."
        )
    if ask.kind == "hit":
        return f"At most {ask.limit} Time can go to the Phenomenon now: choose hit:0 to hit:{ask.limit}."
    if ask.kind == "move":
        job = s.jobs[0]
        lo, hi = effects.move_range(s, job.res, job.n)
        which = {
            "time_past": " (Time into the Past only goes back)",
            "time_future": " (Time into the Future only goes forward)",
        }
        return (
            f"With {job.n} {RES_EN.get(job.res, job.res)} you may move Time from {lo:+d} to {hi:+d}"
            f"{which.get(job.res, '')}."
        )
    if ask.kind == "mass":
        return _mass_refusal(s, a)
    if ask.kind == "shift":
        return _shift_refusal(s, a)
    if ask.kind == "target":
        return _target_refusal(s, a)
    if ask.kind == "peek":
        return "Intuition chooses one of your opponent's face-down Shadows, or nothing."
    if ask.kind == "flip":
        return "A Shadow may emerge: flip it or keep it face down first."
    if ask.kind == "bounce":
        return "Intuition: return the Shadow to its owner's hand, or leave it."
    return f"Choose which of your triggers resolves next: order:1 to order:{ask.amount}."


def _target_refusal(s: ChronomagiaState, a: ChronomagiaAction) -> str:
    if not isinstance(a, Target) or a.obj is None:
        return "Choose a creature for this effect, or nothing."
    seen = _face_up(s, a)
    if seen is None:
        return UNSEEN
    _, c = seen
    if c.kind in ("location", "phenomenon"):
        return f"{c.name} is a {c.kind.capitalize()}: it cannot be chosen for Disembody, Return or Trap (M35, M36)."
    if c.kind == "hero":
        return "A Hero cannot be chosen (M63)."
    job = s.jobs[0]
    eff = effects.effects_of(job)[job.at]
    if eff.amount and c.willpower > eff.amount:
        return f"{c.name} has Willpower {c.willpower}, more than {eff.amount}."
    return f"{c.name} cannot be chosen now."


def _mass_refusal(s: ChronomagiaState, a: ChronomagiaAction) -> str:
    ask = s.ask
    assert ask is not None
    seen = _face_up(s, a)
    if seen is None:
        return (
            UNSEEN
            if getattr(a, "obj", None) is not None
            else "Choose one more creature, or say you are done."
        )
    obj, c = seen
    if c.kind in ("location", "phenomenon", "hero"):
        return f"{c.name} is not a creature: Mass effects choose creatures only (KM7, M35)."
    job = s.jobs[0]
    if obj in job.picks:
        return f"{c.name} is already chosen."
    total = sum(cdef(s, o).willpower for o in job.picks) + c.willpower
    return f"The combined Willpower would be {total}, more than {ask.amount} (KM7)."


def _shift_refusal(s: ChronomagiaState, a: ChronomagiaAction) -> str:
    """Time Shift (KM8): another permanent, into an Epoch next to its effective one."""
    if not isinstance(a, ShiftTo):
        return "Choose a permanent and an Epoch next to its own for the Time Shift, or nothing."
    seen = _face_up(s, a)
    if seen is None:
        return UNSEEN
    obj, c = seen
    perm = perm_of(s, obj)
    if perm is None:
        return "A Hero cannot be chosen: Time Shift moves a permanent on the battlefield (KM8, M63)."
    job = s.jobs[0]
    if obj == job.src:
        return f"{c.name} cannot Time Shift itself: Time Shift moves another permanent (KM8)."
    owner = find(s, obj)
    if owner is not None and owner[0] != job.seat and warded(s, perm):
        return f"{c.name} has Ward: {seat_label(job.seat)}'s abilities cannot choose it."
    e = epoch_of_perm(s, perm)
    next_to = " or ".join(f"Epoch {n}" for n in (e - 1, e + 1) if 1 <= n <= 3)
    return (
        f"{c.name} is in Epoch {e}: Time Shift moves a permanent only into an Epoch next to its own, "
        f"so {next_to} (KM8)."
    )
