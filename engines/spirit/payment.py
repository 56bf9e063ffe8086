"""Paying Charged Abilities and spells with attached Essence (S47-S49, B18).

A payment names, per Essence detached, its source (``s``: the Spirit whose ability it is, ``c``:
the Commander) and its type (1-7): ``("c4", "s1", "s1")``, always sorted. A Spirit's ability may
use its Commander's Essence only when their Affinities match (S48); a Commander's abilities and
spells (an engine decision: DECISIONS.md) are paid from the Commander alone (S49).
"""

from __future__ import annotations

from collections import Counter

from engines.core import IllegalAction

from .board import cdef, set_seat, set_unit
from .cards import essence_name
from .state import Commander, Seat, SpiritState, Unit

MAX_OPTIONS = 12
"""Payments listed per ability: an "Any" cost over many types could list hundreds."""


def available(s: SpiritState, p: int, z: int | None) -> Counter[str]:
    """Essence ``p`` may pay with for the ability of the Spirit at ``z`` (None: the Commander or
    a spell), as counts of "s<type>" / "c<type>"."""
    out: Counter[str] = Counter()
    cmd = s.seats[p].commander
    commander_ok = True
    if z is not None:
        u = s.board[z]
        assert u is not None
        for o in u.essence:
            out[f"s{cdef(s, o).essence}"] += 1
        commander_ok = cdef(s, u.obj).affinity == cdef(s, cmd.obj).affinity
    if commander_ok:
        for o in cmd.essence:
            out[f"c{cdef(s, o).essence}"] += 1
    return out


def options(cost: tuple[int, ...], have: Counter[str], limit: int = MAX_OPTIONS) -> list[tuple[str, ...]]:
    """Every distinct way to pay ``cost`` (type indexes, 0 = Any) from ``have``, the Spirit's own
    Essence first; at most ``limit``."""
    found: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    keys = sorted(have, key=lambda k: (k[0] != "s", k))

    def walk(i: int, left: Counter[str], chosen: list[str]) -> None:
        if len(found) >= limit:
            return
        if i == len(cost):
            key = tuple(sorted(chosen))
            if key not in seen:
                seen.add(key)
                found.append(key)
            return
        want = cost[i]
        for k in keys:
            if left[k] <= 0 or (want and int(k[1]) != want):
                continue
            left[k] -= 1
            chosen.append(k)
            walk(i + 1, left, chosen)
            chosen.pop()
            left[k] += 1

    walk(0, Counter(have), [])
    return found


def check(cost: tuple[int, ...], pay: tuple[str, ...], have: Counter[str]) -> str:
    """'' when ``pay`` pays ``cost`` from ``have``, else why not, in words."""
    if not cost:
        return "" if not pay else "It costs no Essence: pay nothing."
    if len(pay) != len(cost):
        return f"It costs {len(cost)} Essence; that payment names {len(pay)}."
    if Counter(pay) - have:
        short = sorted((Counter(pay) - have).elements())[0]
        where = (
            "the Spirit"
            if short[0] == "s"
            else "your Commander (its Essence can pay only for itself, spells and Spirits of its Affinity)"
        )
        return f"There is not enough {essence_name(int(short[1]))} Essence on {where}."
    types = Counter(int(k[1]) for k in pay)
    for t in cost:
        if t:
            if types[t] <= 0:
                return f"The cost needs {essence_name(t)} Essence."
            types[t] -= 1
    return ""


def detach(
    s: SpiritState, p: int, z: int | None, pay: tuple[str, ...]
) -> tuple[SpiritState, tuple[int, ...]]:
    """Detach the Essence of ``pay`` (oldest first of each type) to ``p``'s Reload pile (S48)."""
    if not pay:
        return s, ()
    paid: list[int] = []
    unit = None if z is None else s.board[z]
    spirit_ess = list(unit.essence) if unit is not None else []
    cmd = s.seats[p].commander
    cmd_ess = list(cmd.essence)
    for k in pay:
        pool = spirit_ess if k[0] == "s" else cmd_ess
        for o in pool:
            if cdef(s, o).essence == int(k[1]):
                pool.remove(o)
                paid.append(o)
                break
        else:
            raise IllegalAction("That Essence is no longer there to pay with.")
    if unit is not None and z is not None:
        s = set_unit(s, z, Unit(**{**unit.__dict__, "essence": tuple(spirit_ess)}))
    st = s.seats[p]
    s = set_seat(
        s,
        p,
        Seat(
            Commander(cmd.obj, cmd.damage, tuple(cmd_ess)),
            st.deck,
            st.hand,
            (*st.reload, *paid),
            st.graveyard,
            st.side,
        ),
    )
    return s, tuple(paid)
