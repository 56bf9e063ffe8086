"""Combat (S30-S39): who may attack what, and an attack link's resolution step by step (S34).

An attack is a link like any other (S30): declaring it uses the attack at once; its Primary effect
is ``resolve_attack``, which runs the checks of S34 in order: the attacker is still able to
attack, the Rewind when the number of Spirits on the Battleground changed (B15), a target Moved out
of range, a Direct Attack blocked by a Spirit moved into the column (B16), the flip of a Concealed
defender, then damage, Defeat and Runoff with Dauntless (B20), Invigorate and Ravage (B17).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Event, seat_label
from engines.core.evolve import evolve

from . import grid
from .board import (
    check_commanders,
    column_empty,
    damage_commander,
    defeat,
    flip_up,
    keywords,
    mend_commander,
    opponent,
    resilience,
    set_unit,
    spirit_count,
    strength,
    unit_words,
    zone_of,
)
from .cards import rules
from .state import Link, SpiritState, Unit


@dataclass(frozen=True)
class AttackOption:
    attacker: int
    target: int | None
    """The attacked Spirit's zone, or None for a Direct Attack."""
    twin: bool
    """Declared as the Twinstrike attack (S37)."""
    longshot: bool
    """Declared from the Back Row with Longshot (B19)."""


def attack_kind(s: SpiritState, z: int) -> str:
    """What the Spirit at ``z`` may still declare this turn: "any" (a first, Ravage or extra
    attack), "spirit" (its Twinstrike attack, on a Spirit only), or "" (none left, S31)."""
    u = s.board[z]
    if u is None or not u.face_up:
        return ""
    plain_used = u.attacks - (1 if u.twin_used else 0)
    if plain_used < 1 + u.bonus:
        return "any"
    if "Twinstrike" in keywords(s, z) and not u.twin_used:
        return "spirit"
    return ""


def can_attack_from(s: SpiritState, z: int) -> bool:
    """Front Row, or the Back Row with Longshot (S31, KW6)."""
    return grid.is_front(z) or "Longshot" in keywords(s, z)


def targets_for(s: SpiritState, z: int, kind: str) -> list[AttackOption]:
    """Every attack the Spirit at ``z`` could declare with an attack of ``kind``."""
    u = s.board[z]
    if u is None or not kind or not can_attack_from(s, z):
        return []
    defender = opponent(u.owner)
    longshot = grid.is_back(z)
    twin = kind == "spirit"
    out = [
        AttackOption(z, t, twin, longshot)
        for t in (grid.front(defender, c) for c in range(grid.COLS))
        if s.board[t] is not None
    ]
    if not longshot and not twin and column_empty(s, defender, grid.col_of(z)):
        out.append(AttackOption(z, None, False, False))  # S32 (b), B3
    return out


def attack_options(s: SpiritState, p: int) -> list[AttackOption]:
    out: list[AttackOption] = []
    for z in grid.own_zones(p):
        u = s.board[z]
        if u is not None and u.owner == p:
            out.extend(targets_for(s, z, attack_kind(s, z)))
    return out


def why_not_attack(s: SpiritState, p: int, attacker: int, target: int | None, kind: str) -> str:
    """'' when the attack is legal for an attack of ``kind``, else why not, in words."""
    u = s.board[attacker]
    if u is None or u.owner != p:
        return f"You have no Spirit at {grid.label(attacker)} to attack with."
    if not u.face_up:
        return "A Concealed Spirit cannot declare attacks (S13): flip it first."
    if not can_attack_from(s, attacker):
        return "Only Spirits in your Front Row can attack (S31); Longshot lets a Back-Row Spirit attack."
    if not kind:
        return f"{unit_words(s, attacker)} has no attacks left this turn (S31)."
    defender = opponent(p)
    if target is None:
        if grid.is_back(attacker):
            return "A Longshot attack from the Back Row cannot be a Direct Attack (B19)."
        if kind == "spirit":
            return "A Twinstrike Spirit's second attack must be on a Spirit, not a Direct Attack (S37)."
        if not column_empty(s, defender, grid.col_of(attacker)):
            return "A Direct Attack needs the opposing column to be empty, Front and Back (S32, B3)."
        return ""
    t = s.board[target]
    if t is None or t.owner != defender:
        return f"There is no opposing Spirit at {grid.label(target)}."
    if not grid.is_front(target):
        return "Back-Row Spirits cannot be attacked (S32)."
    return ""


def declare(
    s: SpiritState, p: int, opt: AttackOption, rewind: bool, events: list[Event]
) -> tuple[SpiritState, Link]:
    """Use the attack (unless it is a Rewind's new target, B15) and build its link."""
    u = s.board[opt.attacker]
    assert u is not None
    if not rewind:
        u = evolve(u, attacks=u.attacks + 1, twin_used=u.twin_used or opt.twin)
        s = set_unit(s, opt.attacker, u)
    target = -1
    if opt.target is not None:
        t = s.board[opt.target]
        assert t is not None
        target = t.obj
        what = unit_words(s, opt.target)
    else:
        what = f"{seat_label(opponent(p))}'s Commander (a Direct Attack)"
    again = " again (Rewind)" if rewind else ""
    events.append(Event(f"{seat_label(p)} attacks {what} with {unit_words(s, opt.attacker)}{again}."))
    link = Link(
        seat=p,
        kind="attack",
        obj=u.obj,
        at=opt.attacker,
        target=target,
        count=spirit_count(s),
        rewind=rewind,
        longshot=opt.longshot,
        twin=opt.twin,
    )
    return s, link


def _nullified(events: list[Event], why: str) -> None:
    events.append(Event(f"The attack is nullified: {why}."))


def resolve_attack(s: SpiritState, link: Link, events: list[Event]) -> SpiritState:
    """The attack's Primary effect: S34 steps 1-8."""
    a_z = zone_of(s, link.obj)
    attacker = None if a_z < 0 else s.board[a_z]
    # 1. the attacker must still be able to attack
    if attacker is None or not attacker.face_up:
        _nullified(events, "the attacker is no longer a face-up Spirit on the Battleground")
        return s
    if not can_attack_from(s, a_z):
        _nullified(events, "the attacker is no longer in a row it can attack from")
        return s
    # 2. Rewind (B15)
    if spirit_count(s) != link.count:
        events.append(
            Event(
                f"The number of Spirits on the Battleground changed: {unit_words(s, a_z)} gets a Rewind "
                "(a new target, or cancel)."
            )
        )
        return evolve(s, rewind=link.obj, rewind_twin=link.twin)
    defender = opponent(link.seat)
    col = grid.col_of(a_z)
    target_z: int | None = None
    if link.target >= 0:
        t_z = zone_of(s, link.target)
        if t_z >= 0 and grid.is_front(t_z) and grid.owner_of(t_z) == defender:
            target_z = t_z
        else:  # 3. Moved out of range
            if grid.is_front(a_z) and not link.twin and column_empty(s, defender, col):
                events.append(Event("Its target was Moved out of range: the attack becomes a Direct Attack."))
            else:
                _nullified(events, "its target was Moved out of range")
                return s
    else:  # 4. a Direct Attack into a column that is no longer empty
        front, back = grid.column_zones(defender, col)
        if s.board[front] is not None:
            target_z = front
            events.append(
                Event(f"{unit_words(s, front)} was moved into the column: it blocks the Direct Attack.")
            )
        elif s.board[back] is not None:
            _nullified(events, "a Spirit was moved into the Back Row of its column")
            return s
    power = strength(s, a_z)
    if grid.is_back(a_z):
        power = max(0, power - rules().longshot_penalty)
    if target_z is None:
        events.append(
            Event(f"{unit_words(s, a_z)} deals {power} damage to {seat_label(defender)}'s Commander.")
        )
        return check_commanders(damage_commander(s, defender, power), events)
    # 5. a Concealed defender is flipped face up first (S16)
    t = s.board[target_z]
    assert t is not None
    if not t.face_up:
        s = flip_up(s, target_z, events)
        t2 = s.board[target_z]
        if t2 is None or t2.obj != t.obj:
            _nullified(events, "the defender left the Battleground as it was flipped")
            return s
        t = t2
    # 6-8. damage, Defeat, Runoff, Invigorate, Ravage
    before = resilience(s, t)
    dauntless = "Dauntless" in keywords(s, target_z)
    words = unit_words(s, target_z)
    if dauntless and before - power < 1:
        lowered = max(0, before - 1)
        s = set_unit(s, target_z, Unit(**{**t.__dict__, "damage": t.damage + lowered}))
        events.append(
            Event(f"{unit_words(s, a_z)} deals {power} damage to {words}; Dauntless holds it at 1 R.")
        )
        return s
    s = set_unit(s, target_z, Unit(**{**t.__dict__, "damage": t.damage + power}))
    events.append(Event(f"{unit_words(s, a_z)} deals {power} damage to {words}."))
    if before - power > 0:
        return s
    ravage = "Ravage" in keywords(s, a_z)
    invigorate = "Invigorate" in keywords(s, a_z)
    runoff = power - before
    s = defeat(s, target_z, events)
    if ravage:
        a = s.board[a_z]
        assert a is not None
        s = set_unit(s, a_z, evolve(a, bonus=a.bonus + 1))
        events.append(Event("Ravage: it may declare one more attack this Combat Phase."))
    if runoff > 0 and not dauntless:
        events.append(Event(f"Runoff: {seat_label(defender)}'s Commander takes {runoff} damage."))
        s = damage_commander(s, defender, runoff)
        if invigorate:
            s, gained = mend_commander(s, link.seat, runoff)
            events.append(Event(f"Invigorate: {seat_label(link.seat)}'s Commander regains {gained} R."))
    return check_commanders(s, events)
