"""The turn's steps (§2): ``settle`` runs the game forward through turn-based actions, state checks
and triggers until somebody must decide something; ``enter`` does what each step does on entry.
"""

from __future__ import annotations

from . import fast
from .checks import sba, state_checks_unchanged
from .combat import (
    attacker_alive,
    blockable,
    blocker_alive,
    clear_combat,
    defender_of,
    finish_attackers,
    finish_blockers,
    possible_attackers,
    start_damage,
)
from .cosmic_die import rift_step
from .kinds import STEPS, Step
from .lord_return import ask_lord
from .restoration import wear_off
from .rules import (
    HAND_MAX,
    active_perms,
    active_perms_ro,
    active_perms_with,
    card_sets,
    cd,
    draw,
    empty_pools,
    entities_ro,
    has_kw,
    seat_ref,
    set_charged,
    stats,
)
from .scheming import ongoing_step, set_in_motion
from .stack import place_triggers
from .state import Choice, Game, Trig, look
from .teams import SHARED_BLOCKS, actives, next_turn_seat, priority_seat, team_of


def settle(g: Game) -> bool:
    """Run the game forward until somebody must decide. True if it stopped right after state
    checks that changed nothing (the state is then "quiet": ``apply`` marks it, and the next
    move's checks are skipped while nothing they read has changed, which they would find so)."""
    for _ in range(10_000):
        if g.over:
            g.priority = -1
            g.choice = None
            return False
        if g.choice is not None or ask_lord(g):
            return False
        if g.priority >= 0:
            quiet = True if fast.ON and state_checks_unchanged(g) else sba(g)
            if g.over or g.choice is not None or g.priority < 0:
                continue  # (no priority: the active player left the game, R122; the turn moves on)
            if g.triggers:
                place_triggers(g)
                continue
            return quiet
        advance(g)
    raise RuntimeError("the game did not settle")  # pragma: no cover


def advance(g: Game) -> None:
    if g.step == "restoration":
        start_turn(g, next_turn_seat(g, g.active))
        return
    i = STEPS.index(g.step)
    enter(g, STEPS[i + 1])


def start_turn(g: Game, p: int) -> None:
    g.turn += 1
    g.active = p
    g.terrain_played = False
    g.terrains_by = []
    g.die, g.die_rolls = "", 0
    seats = actives(g)
    for q in seats:
        g.players[q].turn_started = g.turn
    if len(seats) > 1:
        names = [seat_ref(q) for q in seats]
        g.log(f"Turn {g.turn}: the turn of {', '.join(names[:-1])} and {names[-1]}.")
    else:
        g.log(f"Turn {g.turn}: {seat_ref(p)}'s turn.")
    enter(g, "recharge")


def enter(g: Game, step: Step) -> None:
    g.step = step
    g.passes = 0
    g.priority = -1
    ap = g.active
    if step == "recharge":
        if g.teams:
            for seat in actives(g):  # R126: each turn-based action happens for both teammates
                _recharge_plain(g, seat)
            return
        if not fast.ON:
            _recharge_plain(g, ap)
            return
        # K1: phasing happens before uncharging; attachments phase with their entity
        pl = g.players[ap]
        objs = g.objs  # read with ``look``: only what changes is thawed
        for oid in list(pl.field):
            if "Phasewalk" in stats(g, look(objs, oid)).kws:
                o = objs[oid]
                o.phased_out = not o.phased_out
                g.log(f"{cd(o).name} phases {'out' if o.phased_out else 'in'}.")
                for q in g.players:
                    for aid in q.field:
                        if look(objs, aid).attached_to == o.id:
                            objs[aid].phased_out = o.phased_out
        for r in active_perms_ro(g, ap):
            if r.charged:
                set_charged(g, objs[r.id], False)
        return
    if step in ("sustenance", "dusk"):
        for seat in actives(g):
            perms = (
                active_perms_with(g, seat, card_sets().triggers_on[step])
                if fast.ON
                else active_perms_ro(g, seat)
            )
            for r in perms:
                for i, ab in enumerate(cd(r).abilities):
                    if ab.kind == "triggered" and ab.on == step:
                        g.triggers.append(Trig(seat, r.id, r.card, i))
        ongoing_step(g, step)
        rift_step(g, step, actives(g))
        g.priority = ap
        return
    if step == "explore1" and g.schemes:
        set_in_motion(g)
    if step == "insight":
        for seat in actives(g):
            # R16: the starting player skips the first draw (R126: the starting team both)
            if g.turn > 1 or (seat != g.first and not g.teams):
                draw(g, seat)
        g.priority = ap
        return
    if step == "mobilize":
        declaring = [q for q in actives(g) if possible_attackers(g, q)]
        if declaring:
            g.choice = Choice("attackers", declaring[0], nums=declaring[1:])
        else:
            finish_attackers(g)
        return
    if step == "defenses":
        if not g.attackers:
            return
        defenders = sorted({defender_of(g, r) for r in g.attackers.values()} - {-1})
        if g.variant in SHARED_BLOCKS:
            # R129: either defending teammate may block any attacker
            defenders = sorted({q for d in defenders for q in team_of(g, d) if not g.players[q].lost})
        for d in defenders:
            if any(blockable(g, o) for o in entities_ro(g, d)):
                g.choice = Choice("blockers", d, nums=[x for x in defenders if x > d])
                return
        finish_blockers(g)
        return
    if step == "clash1":
        if not g.attackers:
            return
        g.clash_first = any(
            has_kw(g, g.objs[i], "First Attack")
            for i in [a for a in g.attackers if attacker_alive(g, a)]
            + [b for b in g.blockers if blocker_alive(g, b)]
        )
        if g.clash_first:
            start_damage(g, True)
        return
    if step == "clash":
        if not g.attackers:
            return
        start_damage(g, False)
        return
    if step == "restoration":
        discard_or_cleanup(g)
        return
    g.priority = ap


def _recharge_plain(g: Game, ap: int) -> None:
    """The Recharge step as it was before the fast paths (issue #23 item 3): the reference."""
    pl = g.players[ap]
    for oid in list(pl.field):
        o = g.objs[oid]
        if "Phasewalk" in stats(g, o).kws:
            o.phased_out = not o.phased_out
            g.log(f"{cd(o).name} phases {'out' if o.phased_out else 'in'}.")
            for q in g.players:
                for aid in q.field:
                    if g.objs[aid].attached_to == o.id:
                        g.objs[aid].phased_out = o.phased_out
    for o in active_perms(g, ap):
        if o.charged:
            set_charged(g, o, False)


def discard_or_cleanup(g: Game) -> None:
    """Restoration (a), then (b): each active player down to the hand size (R126: both
    teammates, one after the other), then the cleanup."""
    for q in actives(g):
        n = len(g.players[q].hand) - HAND_MAX
        if n > 0:
            g.choice = Choice("discard", q, nums=[n])
            return
    cleanup(g)


def cleanup(g: Game) -> None:
    """Restoration (b): remove all damage and end every "this turn" effect at the same time (A29)."""
    wear_off(g)
    sba(g)
    if g.triggers and not g.over:
        g.priority = priority_seat(g)


def end_step(g: Game) -> None:
    """Every player passed with an empty stack (R38): the pools empty (R29) and the step ends."""
    empty_pools(g)
    if g.step == "aftermath":
        clear_combat(g)
    g.priority = -1
    g.passes = 0
    if g.step == "restoration":
        # §2 5.2: after a priority round caused by a check or a trigger, another Restoration step
        enter(g, "restoration")
