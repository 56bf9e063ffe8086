"""The commonest moves made without the general machinery: passes that only move the game on.

About two moves in three are passes, and most of them only give priority to the next player:
``perform``'s ``do_pass`` adds one to ``passes`` and, while not every player still in the game has
passed, hands priority to the next seat (with teams, a teammate who has not passed yet in this
run, R128: ``timing.after_pass``, which reads ``pass_from``, the seat that began the run);
``settle`` then runs the state checks (which change nothing when the state is quiet,
``state.is_quiet``, and nothing they read changed: nothing did) and places pending triggers (there
are none in a settled state where someone holds priority). So the next state is the same state
with those three numbers changed and no events. It is made here
without thawing, performing, settling and freezing, and equals what the general path makes
(tests/engines/afrika/test_fast_paths.py plays every move both ways).

A charge (an energy ability) is the next commonest: with the move in the legal list, the source
becomes charged (an uncharged source: no trigger) and its controller's pool gains the energy;
state checks do not read whether a card is charged, so a quiet state stays quiet, and nothing else
happens but the log line.

The last pass of a step with an empty stack ends it (``end_step``: the energy pools empty, and
after the Aftermath combat is cleared) and ``settle`` enters the next step; when that step does
nothing on entry but give the active player priority (``_PLAIN_NEXT``), the same reasoning holds.
"""

from __future__ import annotations

from ..core import Event, Transition
from . import fast
from .actions import AfrikaAction
from .cards import ENERGY_NAMES, card
from .kinds import Step
from .rules import card_sets, seat_ref
from .state import (
    AfrikaState,
    charged_copy,
    evolve,
    is_quiet,
    keep_charged,
    keep_evolved,
    mark_quiet,
    note_sorted,
    player_with,
    without_pools,
)
from .timing import after_pass


def quiet_pass(s: AfrikaState, p: int) -> AfrikaState | None:
    """The state after ``p`` passes in ``s`` if that pass does nothing else, else None (the caller
    then takes the general path). The caller has checked that ``p`` may move in ``s``."""
    if not fast.ON or s.over or s.choice is not None or s.priority != p or s.triggers or not is_quiet(s):
        return None
    players = s.players
    alive = sum(1 for q in players if not q.lost)
    if s.passes + 1 >= alive:
        return None  # everyone passed: the top of the stack resolves or the step ends
    start = p if s.passes == 0 else s.pass_from  # perform.do_pass
    nxt = after_pass(players, s.teams, start, p)
    after = evolve(s, passes=s.passes + 1, priority=nxt, pass_from=start)
    mark_quiet(after)
    keep_evolved(s, after, passes=after.passes, priority=nxt, pass_from=start)
    return after


_PLAIN_NEXT: dict[Step, Step] = {
    "insight": "explore1",
    "explore1": "dawn",
    "clash": "aftermath",
    "aftermath": "explore2",
}
"""Steps whose end leads into a step that ``steps.enter`` only gives to the active player: its
default branch (explore1, dawn, aftermath and explore2 have no entry action)."""


def quiet_step_end(s: AfrikaState, p: int) -> AfrikaState | None:
    """The state after ``p``'s pass ends the step in ``s``, if that is all it does, else None."""
    if not fast.ON or s.over or s.choice is not None or s.priority != p or s.triggers or s.stack:
        return None
    nxt = _PLAIN_NEXT.get(s.step)
    if nxt is None or not is_quiet(s) or (nxt == "explore1" and s.schemes):
        return None  # (the Overlord's first Exploration phase sets a scheme in motion, R154)
    if s.passes + 1 < sum(1 for q in s.players if not q.lost):
        return None  # not the last pass: quiet_pass's case
    changes: dict[str, object] = {"step": nxt, "passes": 0, "priority": s.active}
    emptied = any(q.pool for q in s.players)
    frozen = dict(changes)
    if emptied:
        frozen["players"] = without_pools(s.players)
    if s.step == "aftermath":  # end_step clears the combat
        frozen.update(attackers={}, blockers={}, order={}, assign={}, first_dealt=(), clash_first=False)
        changes.update(attackers={}, blockers={}, order={}, assign={}, first_dealt=[], clash_first=False)
    after = evolve(s, **frozen)
    mark_quiet(after)
    keep_evolved(s, after, emptied, **changes)
    return after


def quiet_charge(
    s: AfrikaState, p: int, a: AfrikaAction, listed: list[AfrikaAction] | None
) -> Transition[AfrikaState] | None:
    """``perform``'s charge branch and ``settle`` for a listed charge in a quiet state, else None."""
    if (
        not fast.ON
        or listed is None
        or s.over
        or s.choice is not None
        or s.priority != p
        or s.triggers
        or not is_quiet(s)
        or a not in listed
    ):
        return None
    oid = a.num
    f = s.objs[oid]
    code = a.energy or card_sets().produces[f.card][0]
    if f.charged or f.controller != p or code not in card_sets().produces[f.card]:
        return None  # not what the legal list offers: let the general path say so
    objs = dict(s.objs)
    objs[oid] = charged_copy(f)
    pool = dict(s.players[p].pool)
    pool[code] = pool.get(code, 0) + 1
    new_pool = tuple(sorted((k, v) for k, v in pool.items() if v > 0))
    players = list(s.players)
    players[p] = player_with(players[p], pool=new_pool)
    after = evolve(s, objs=objs, players=tuple(players))
    note_sorted(objs, s.objs)
    mark_quiet(after)
    keep_charged(s, after, p, new_pool)
    text = f"{seat_ref(p)} charges {card(f.card).name} for {ENERGY_NAMES[code]} energy."
    return Transition(after, (Event(text),))
