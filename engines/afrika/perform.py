"""Doing one action on the working copy: ``perform(g, p, a)`` checks it against the legal list
(refusing with a player-facing sentence) and carries it out; ``settle`` (steps.py) then runs the
game forward. Conceding is the one action accepted outside the list (D21).
"""

from __future__ import annotations

from ..core import IllegalAction
from .actions import AfrikaAction
from .cards import ENERGY_NAMES
from .checks import concede
from .combat import auto_assign, finish_attackers, finish_blockers, next_order
from .cosmic_die import roll
from .effects import start_discards, start_look
from .legal import cast_need, equivalent, has_cast_target, legal, max_x
from .lord_return import answer_lord
from .refusals import why_not
from .rules import cd, charge_source, draw, move, name, produces, seat_ref, shuffle
from .stack import finish_cast, place_trigger, resolve_top
from .state import Choice, Game
from .steps import discard_or_cleanup, end_step, start_turn
from .teams import next_turn_seat
from .timing import EQUIP, TRAVEL, after_pass, alive_players


def perform(g: Game, p: int, a: AfrikaAction, listed: list[AfrikaAction] | None = None) -> None:
    """``listed``: ``legal(g, p)`` if the caller already has it (made from the same state)."""
    k = a.kind
    if k == "concede":
        concede(g, p)
        return
    if listed is None:
        listed = legal(g, p)
    if a not in listed and not equivalent(g, p, a, listed):
        raise IllegalAction(why_not(g, p, a))
    ch = g.choice
    if ch is not None:
        _perform_choice(g, p, a, ch)
        return
    if k == "pass":
        do_pass(g, p)
    elif k == "roll":
        roll(g, p)
    elif k == "terrain":
        o = g.objs[a.num]
        dest = a.zone
        g.terrain_played = True
        if g.teams:
            g.terrains_by.append(p)
        g.passes = 0
        if dest is None:
            move(g, o.id, "terrain", controller=p)
            g.log(f"{seat_ref(p)} plays {cd(o).name} to the Terrain Stack.")
        else:
            move(g, o.id, "active", slot=dest, controller=p)
            g.log(f"{seat_ref(p)} plays {cd(o).name} as the active terrain of Zone {dest}.")
    elif k == "cast":
        o = g.objs[a.num]
        slot = a.zone or 0
        nc = Choice("cast", p, item="spell", obj=o.id, slot=slot, card=o.card)
        _continue_cast(g, nc)
    elif k == "act":
        o = g.objs[a.num]
        key = a.n if a.n is not None else EQUIP if a.b == "equip" else TRAVEL
        nc = Choice("cast", p, item="ability", obj=o.id, ability=key, card=o.card)
        _continue_cast(g, nc)
    elif k == "charge":
        o = g.objs[a.num]
        code = a.energy or produces(o)[0]
        charge_source(g, o, code)
        g.log(f"{seat_ref(p)} charges {cd(o).name} for {ENERGY_NAMES[code]} energy.")


def _continue_cast(g: Game, ch: Choice) -> None:
    g.choice = ch
    need = cast_need(g, ch)
    if need == "x" and max_x(g, ch) == 0:
        ch.x = 0
        need = cast_need(g, ch)
    if need == "target" and not has_cast_target(g, ch):
        raise IllegalAction("There is no legal target for that.")
    if not need:
        finish_cast(g, ch)


def do_pass(g: Game, p: int) -> None:
    g.passes += 1
    if g.passes >= len(alive_players(g)):
        g.passes = 0
        if g.stack:
            resolve_top(g)
        else:
            end_step(g)
    else:
        if g.passes == 1:
            g.pass_from = p  # the first pass of a run (R128: who of a team has passed)
        g.priority = after_pass(g.players, g.teams, g.pass_from, p)


def _perform_choice(g: Game, p: int, a: AfrikaAction, ch: Choice) -> None:
    k = a.kind
    if ch.kind == "first":
        g.first = p if a.a == "1st" else next_turn_seat(g, p)
        g.log(
            f"{seat_ref(p)} chooses to go first."
            if g.first == p
            else f"{seat_ref(p)} lets {seat_ref(g.first)} go first."
        )
        for q in g.players:
            draw(g, q.seat, 7)
        g.choice = Choice("mulligan", g.first)
        return
    if ch.kind == "mulligan":
        g.players[p].mull = k
        g.log(f"{seat_ref(p)} {'keeps' if k == 'keep' else 'mulligans'}.")
        _next_mulligan(g)
        return
    if ch.kind == "cast":
        if k == "cancel":
            g.choice = None
            return
        if k == "x":
            ch.x = a.num
        elif k == "mode":
            ch.mode = a.num
        elif k == "target":
            ch.targets.append(a.a)
        _continue_cast(g, ch)
        return
    if ch.kind == "attackers":
        if k == "atk":
            ch.obj = a.num
        elif k == "at":
            g.attackers[ch.obj] = a.a
            ch.obj = 0
        elif ch.nums:
            # R129: the teammate declares next, in the same declaration (nobody blocks in between)
            d = ch.nums.pop(0)
            g.choice = Choice("attackers", d, nums=ch.nums)
        else:
            finish_attackers(g)
        return
    if ch.kind == "blockers":
        if k == "blk":
            ch.obj = a.num
        elif k == "on":
            g.blockers[ch.obj] = a.num
            ch.obj = 0
        elif ch.nums:
            d = ch.nums.pop(0)
            g.choice = Choice("blockers", d, nums=ch.nums)
        else:
            finish_blockers(g)
        return
    if ch.kind == "order":
        g.order[ch.obj].append(a.num)
        rest = [b for b in ch.ids if b not in g.order[ch.obj]]
        if len(rest) == 1:
            g.order[ch.obj].append(rest[0])
            g.log(
                f"{seat_ref(p)} orders the blockers of {name(g, ch.obj)}: "
                f"{', '.join(name(g, b) for b in g.order[ch.obj])}."
            )
            g.assign[ch.obj] = []
            g.choice = None
            next_order(g)
        return
    if ch.kind == "assign":
        ch.nums.append(a.num)
        auto_assign(g)
        return
    if ch.kind == "discard":
        g.log(f"{seat_ref(p)} discards {name(g, a.num)}.")
        move(g, a.num, "void")
        ch.nums[0] -= 1
        if ch.nums[0] <= 0:
            g.choice = None
            if ch.item == "effect":
                start_discards(g, list(ch.ids), ch.nums[1])
            else:
                discard_or_cleanup(g)
        return
    if ch.kind == "legend":
        g.choice = None
        for oid in ch.ids:
            if oid != a.num and oid in g.objs:
                g.log(f"{name(g, oid)} goes to the Void (legend rule).")
                move(g, oid, "void")
        return
    if ch.kind == "pick":
        _perform_pick(g, p, a, ch)
        return
    if ch.kind == "trigger_order":
        g.choice = None
        place_trigger(g, a.num)
    if ch.kind == "lord":
        answer_lord(g, p, a, ch)


def _perform_pick(g: Game, p: int, a: AfrikaAction, ch: Choice) -> None:
    pl = g.players[p]
    if ch.stage == "gaze":
        if a.a == "yes":
            start_look(g, ch)
        else:  # "you may look": declined, nothing is seen and nothing moves (D7)
            g.log(f"{seat_ref(p)} does not look at the top of their Codex.")
            g.choice = None
        return
    if ch.stage == "bottom":
        pl.codex.remove(a.num)
        pl.codex.append(a.num)
        ch.ids.remove(a.num)
        if len(ch.ids) == 1:
            pl.codex.remove(ch.ids[0])
            pl.codex.append(ch.ids[0])
            ch.ids = []
        if not ch.ids:
            g.log(f"{seat_ref(p)} puts the rest on the bottom of their Codex.")
            g.choice = None
        return
    if ch.item == "look":
        flt, rest_mode = ch.card.split("|")[:2]
        if a.a != "none":
            looked = len(ch.ids)
            ch.ids.remove(a.num)
            if flt == "any":
                # an unrestricted pick proves nothing: the card stays hidden (D27)
                what = "it" if looked == 1 else "one of them"
                g.log(f"{seat_ref(p)} puts {what} into their hand.")
            else:
                g.log(f"{seat_ref(p)} reveals {name(g, a.num)} and puts it into their hand.")
            move(g, a.num, "hand")
        if rest_mode == "void":
            for i in list(ch.ids):
                move(g, i, "void")
            ch.ids = []
        if len(ch.ids) > 1:
            ch.stage = "bottom"
            return
        for i in ch.ids:
            pl.codex.remove(i)
            pl.codex.append(i)
        g.choice = None
        return
    if a.a != "none":
        where = "Codex" if ch.item == "search" else "Void"
        g.log(f"{seat_ref(p)} takes {name(g, a.num)} from their {where} into their hand.")
        move(g, a.num, "hand")
    if ch.item == "search":
        shuffle(g, pl.codex)
    g.choice = None


def _next_mulligan(g: Game) -> None:
    order = [(g.first + i) % len(g.players) for i in range(len(g.players))]
    for q in order:
        pl = g.players[q]
        if not pl.kept and not pl.mull:
            g.choice = Choice("mulligan", q)
            return
    for q in order:
        pl = g.players[q]
        if pl.kept:
            continue
        if pl.mull == "keep":
            pl.kept = True
        else:
            for oid in list(pl.hand):
                move(g, oid, "codex")
            shuffle(g, pl.codex)
            pl.hand_size -= 1
            draw(g, q, pl.hand_size)
            g.log(f"{seat_ref(q)} shuffles their hand away and draws {pl.hand_size}.")
            if pl.hand_size <= 0:
                pl.kept = True
        pl.mull = ""
    if all(pl.kept for pl in g.players):
        g.choice = None
        start_turn(g, g.first)
        return
    _next_mulligan(g)
