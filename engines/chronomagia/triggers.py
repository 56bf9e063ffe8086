"""What an event sets off: triggered abilities of permanents and Shadows allowed to emerge.

Triggered effects resolve one after another as soon as their event is over (M50): they are queued
in ``ChronomagiaState.fresh`` and go to the front of the queue when the job being resolved finishes.
The triggers of one event share a batch; the active player's come first, and a player with two or
more in one batch chooses their order (``Ask("order")``).
"""

from __future__ import annotations

from engines.core.evolve import evolve

from .board import cdef, epoch_of_perm, is_creature, window
from .state import ChronomagiaState, Job, Perm


def queue(s: ChronomagiaState, jobs: list[Job]) -> ChronomagiaState:
    """Add the jobs of one event as one batch, the active player's first (M50)."""
    if not jobs:
        return s
    b = s.batches + 1
    ordered = sorted(jobs, key=lambda j: j.seat != s.active)
    return evolve(s, fresh=(*s.fresh, *(evolve(j, batch=b) for j in ordered)), batches=b)


def text_job(s: ChronomagiaState, seat: int, perm: Perm, part: str) -> Job | None:
    """The job for ``part`` of ``perm``'s text in its effective epoch, if it prints one."""
    e = epoch_of_perm(s, perm)
    if not window(s, perm).trigger(part):
        return None
    return Job("text", seat, src=perm.obj, card=s.card_of[perm.obj], epoch=e, part=part)


def entered(s: ChronomagiaState, seat: int, perm: Perm, summon: bool = True) -> ChronomagiaState:
    """A permanent entered the battlefield: its Summon and Manifest trigger (KM1, KM2, M31), and
    the opponent's Shadows waiting for a creature may emerge."""
    jobs = [
        j
        for part in (("summon", "manifest") if summon else ("manifest",))
        if (j := text_job(s, seat, perm, part))
    ]
    s = queue(s, jobs)
    if is_creature(s, perm):
        s = emerge(s, "opp_creature", seat)
    return s


def emerge(s: ChronomagiaState, event: str, actor: int = -1) -> ChronomagiaState:
    """The Shadows whose Emerge from the Shadows event this is (KM15, M37), each asking its
    controller whether to flip it. ``actor`` is the player the event is about: events named
    ``opp_*`` wake the other player's Shadows, ``my_*`` the actor's own, others everyone's."""
    jobs: list[Job] = []
    for q, st in enumerate(s.seats):
        if event.startswith("opp_") and q == actor:
            continue
        if event.startswith("my_") and q != actor:
            continue
        for obj in st.shadows:
            if cdef(s, obj).emerge == event:
                jobs.append(Job("emerge", q, src=obj))
    return queue(s, jobs)


def on_all(s: ChronomagiaState, parts: tuple[str, ...]) -> ChronomagiaState:
    """Every permanent of both players that prints one of ``parts`` triggers (M33: the text the
    permanents have after the move)."""
    jobs: list[Job] = []
    for q, st in enumerate(s.seats):
        for perm in st.field:
            for part in parts:
                j = text_job(s, q, perm, part)
                if j is not None:
                    jobs.append(j)
    return queue(s, jobs)


def on_own(s: ChronomagiaState, p: int, part: str) -> ChronomagiaState:
    """``part`` ("on_start", "on_end") of every permanent ``p`` controls."""
    jobs = [j for perm in s.seats[p].field if (j := text_job(s, p, perm, part))]
    return queue(s, jobs)


def died(s: ChronomagiaState, p: int, obj: int, epoch: int, fury: bool) -> ChronomagiaState:
    """A creature of ``p`` died (M38): its Fury in the window it died in (not after an epoch
    change, F17), and ``p``'s Shadows waiting for a death."""
    if fury:
        w = cdef(s, obj).window(epoch)
        if w.trigger("fury"):
            s = queue(s, [Job("text", p, src=obj, card=s.card_of[obj], epoch=epoch, part="fury")])
    return emerge(s, "my_death", p)
