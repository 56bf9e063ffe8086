"""The Time track in motion: natural and non-natural movement (M33, M34, M40), the epoch-change
procedure (M32) and Time Shift (KM8)."""

from __future__ import annotations

from engines.core import Event, seat_label
from engines.core.evolve import evolve

from .board import (
    TRACK_END,
    active_epoch,
    cdef,
    century_of,
    epoch_of,
    epoch_of_perm,
    is_creature,
    name_of,
    put_perm,
    remove_perm,
    to_graveyard,
)
from .state import ChronomagiaState, Job, Perm
from .triggers import died, emerge, on_all, queue, text_job


def where(pos: int) -> str:
    return f"position {pos} (Epoch {epoch_of(pos)}, Century {century_of(pos)})"


def _change(
    s: ChronomagiaState, perms: list[tuple[int, Perm]], new: int, events: list[Event]
) -> ChronomagiaState:
    """M32 for ``perms`` (controller, permanent), all entering epoch ``new``: creatures without a
    resource window there die together, then their new text resolves as a spell; then the
    survivors' Manifest triggers. Locations and Phenomena always stay (M32.3, F18)."""
    dead = [
        (p, perm) for p, perm in perms if is_creature(s, perm) and cdef(s, perm.obj).window(new).res is None
    ]
    for p, perm in dead:
        s, _ = remove_perm(s, perm.obj)
        s = to_graveyard(s, p, perm.obj)
        events.append(Event(f"{name_of(s, perm.obj)} has no place in Epoch {new} and dies (M32)."))
    spells = [
        Job("text", p, src=perm.obj, card=s.card_of[perm.obj], epoch=new, part="spell")
        for p, perm in dead
        if cdef(s, perm.obj).window(new).spell
    ]
    s = queue(s, spells)
    for p, _perm in dead:
        s = died(s, p, _perm.obj, new, fury=False)
    gone = {perm.obj for _, perm in dead}
    manifests = [
        j
        for p, perm in perms
        if perm.obj not in gone and (j := text_job(s, p, _current(s, perm), "manifest")) is not None
    ]
    return queue(s, manifests)


def _current(s: ChronomagiaState, perm: Perm) -> Perm:
    from .board import perm_of

    return perm_of(s, perm.obj) or perm


def epoch_changed(s: ChronomagiaState, old: int, events: list[Event]) -> ChronomagiaState:
    """The active Epoch changed from ``old``: M32 for every permanent that follows it."""
    new = active_epoch(s)
    if new == old:
        return s
    events.append(Event(f"The active Epoch changes from {old} to {new}."))
    perms = [(p, perm) for p in _order(s) for perm in s.seats[p].field if perm.epoch == 0]
    s = _change(s, perms, new, events)
    return emerge(s, "epoch")


def _order(s: ChronomagiaState) -> tuple[int, int]:
    return (s.active, 1 - s.active)


def natural(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    """The natural course of time: +1, not past 30 (M40); it may change the Epoch (M32) but
    triggers no Time Movement ability (M33)."""
    if s.time >= TRACK_END:
        events.append(Event("Time stands at the end of the track: there is no natural movement (M40)."))
        return s
    old = active_epoch(s)
    s = evolve(s, time=s.time + 1)
    events.append(Event(f"Time moves on to {where(s.time)}."))
    return epoch_changed(s, old, events)


def move(s: ChronomagiaState, mover: int, delta: int, events: list[Event]) -> ChronomagiaState:
    """A non-natural movement by ``delta`` Centuries (M33): clipped at 1 and 30 (M40); a movement
    that moves nothing triggers nothing (M34)."""
    target = min(TRACK_END, max(1, s.time + delta))
    k = target - s.time
    if k == 0:
        if delta:
            events.append(Event("Time cannot move any further that way: nothing happens (M34)."))
        return s
    old = active_epoch(s)
    lost = abs(delta) - abs(k)
    s = evolve(s, time=target)
    way = "into the Future" if k > 0 else "into the Past"
    extra = f"; {lost} more {'is' if lost == 1 else 'are'} lost at the end of the track" if lost else ""
    events.append(Event(f"{seat_label(mover)} moves Time {abs(k)} {way}, to {where(target)}{extra}."))
    s = epoch_changed(s, old, events)
    s = on_all(s, ("on_time", "on_future" if k > 0 else "on_past"))
    s = emerge(s, "time_move")
    if k < 0:
        s = emerge(s, "time_past")
    return s


def shift(s: ChronomagiaState, obj: int, new: int, events: list[Event]) -> ChronomagiaState:
    """Time Shift (KM8): ``obj`` takes the personal epoch ``new``, then M32 for it alone."""
    from .board import find

    at = find(s, obj)
    assert at is not None
    p, i = at
    perm = s.seats[p].field[i]
    old = epoch_of_perm(s, perm)
    perm = evolve(perm, epoch=new)
    s = put_perm(s, perm)
    events.append(Event(f"{name_of(s, obj)} is shifted from Epoch {old} into Epoch {new} (Time Shift)."))
    return _change(s, [(p, perm)], new, events)
