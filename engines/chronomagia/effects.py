"""The effect vocabulary at work: one handler per op of ``grammar.OPS``.

A handler starts an effect of a text job. It either finishes it at once, or returns the question
(``Ask``) its controller must answer first (a target, how much damage goes to the Location, how
far Time moves); ``answer`` then finishes it with the answer. Every question has a finite list of
answers (``options``), which is what ``legal_actions`` offers and what ``answer`` accepts.
"""

from __future__ import annotations

from engines.core import Event, seat_label
from engines.core.evolve import evolve

from . import timeflow
from .actions import Bounce, ChronomagiaAction, Done, Hit, Leave, Loc, MoveTime, Pick, ShiftTo, Target
from .board import (
    TRACK_END,
    cdef,
    draw,
    epoch_of_perm,
    gain_conc,
    hurt,
    is_creature,
    location,
    mill,
    name_of,
    opponent,
    perm_of,
    phenomenon,
    put_perm,
    remove_perm,
    renew,
    set_seat,
    to_graveyard,
    warded,
    willpower,
)
from .cards import card
from .grammar import OPS, TIME_OPS, VOCABULARY, Effect
from .state import Ask, ChronomagiaState, Job, Perm
from .triggers import died, emerge, entered

Step = tuple[ChronomagiaState, Job, Ask | None]


def effects_of(job: Job) -> tuple[Effect, ...]:
    c = card(job.card)
    if job.part.startswith("hero"):
        return c.abilities[int(job.part[4:]) - 1].effects
    if job.part == "meditation":
        return c.meditation
    w = c.window(job.epoch)
    if job.part == "spell":
        return w.spell
    if job.part == "tap":
        return w.tap or ()
    return w.trigger(job.part)


def source_name(s: ChronomagiaState, job: Job) -> str:
    return card(job.card).name if job.card else seat_label(job.seat)


# ------------------------------------------------------------------------------ candidates


def creature_targets(s: ChronomagiaState, job: Job, limit: int, exclude: tuple[int, ...] = ()) -> list[int]:
    """Creatures an effect of ``job`` may choose: Willpower at most ``limit`` (0: any), never a
    Location, Phenomenon, Hero or face-down Shadow (KM4-KM6), never the opponent's warded ones."""
    out: list[int] = []
    for q, st in enumerate(s.seats):
        for perm in st.field:
            if perm.obj in exclude or not is_creature(s, perm):
                continue
            if limit and willpower(s, perm) > limit:
                continue
            if q != job.seat and warded(s, perm):
                continue
            out.append(perm.obj)
    return out


def shift_targets(s: ChronomagiaState, job: Job) -> list[tuple[int, int]]:
    """(permanent, epoch) pairs for Time Shift: another permanent, into an epoch next to its
    effective one (KM8)."""
    out: list[tuple[int, int]] = []
    for q, st in enumerate(s.seats):
        for perm in st.field:
            if perm.obj == job.src or (q != job.seat and warded(s, perm)):
                continue
            e = epoch_of_perm(s, perm)
            out.extend((perm.obj, n) for n in (e - 1, e + 1) if 1 <= n <= 3)
    return out


def mass_targets(s: ChronomagiaState, job: Job, limit: int) -> list[int]:
    room = limit - sum(cdef(s, o).willpower for o in job.picks)
    return [o for o in creature_targets(s, job, 0, job.picks) if cdef(s, o).willpower <= room]


def move_range(s: ChronomagiaState, res: str, n: int) -> tuple[int, int]:
    """The movements a player may make with ``n`` units of ``res`` (M29 b): (lowest, highest),
    within the track (a movement past its end is accepted and clipped, M40)."""
    back = 0 if res == "time_future" else -min(n, s.time - 1)
    fwd = 0 if res == "time_past" else min(n, TRACK_END - s.time)
    return back, fwd


def options(s: ChronomagiaState) -> list[ChronomagiaAction]:
    """Every answer to the question ``s.ask``, in the order a player reads them."""
    ask = s.ask
    assert ask is not None
    job = s.jobs[0]
    if ask.kind == "order":
        from .actions import Order

        return [Order(i) for i in range(1, ask.amount + 1)]
    if ask.kind == "loc":
        return [Loc(k) for k in range(ask.limit + 1)]
    if ask.kind == "hit":
        return [Hit(k) for k in range(ask.limit + 1)]
    if ask.kind == "move":
        lo, hi = move_range(s, job.res, job.n)
        return [MoveTime(m) for m in range(lo, hi + 1)]
    if ask.kind == "flip":
        from .actions import Flip, Stay

        return [Flip(ask.obj), Stay(ask.obj)]
    if ask.kind == "bounce":
        return [Bounce(), Leave()]
    if ask.kind == "target":
        eff = effects_of(job)[job.at]
        return [*(Target(o, s.card_of[o]) for o in creature_targets(s, job, eff.amount)), Target(None)]
    if ask.kind == "peek":
        return [*(Target(o) for o in s.seats[opponent(job.seat)].shadows), Target(None)]
    if ask.kind == "shift":
        return [*(ShiftTo(o, s.card_of[o], e) for o, e in shift_targets(s, job)), Target(None)]
    assert ask.kind == "mass"
    return [*(Pick(o, s.card_of[o]) for o in mass_targets(s, job, ask.amount)), Done()]


# ------------------------------------------------------------------------------ damage


def damage_ask(s: ChronomagiaState, job: Job, amount: int) -> Ask | None:
    """M28: the dealer may send part of damage to the victim's Location (at most its counters)."""
    victim = opponent(job.seat)
    loc = location(s, victim)
    if amount <= 0 or loc is None or loc.counters <= 0:
        return None
    return Ask("loc", job.seat, amount=amount, limit=min(amount, loc.counters))


def deal(
    s: ChronomagiaState, dealer: int, amount: int, to_loc: int, source: str, events: list[Event]
) -> ChronomagiaState:
    """``amount`` damage from ``dealer`` to the opponent, ``to_loc`` of it on their Location."""
    victim = opponent(dealer)
    if to_loc:
        loc = location(s, victim)
        assert loc is not None and to_loc <= loc.counters
        left = loc.counters - to_loc
        events.append(
            Event(
                f"{source} deals {to_loc} damage to {name_of(s, loc.obj)} ({left} counter{'s' * (left != 1)} left)."
            )
        )
        if left:
            s = put_perm(s, evolve(loc, counters=left))
        else:
            s, _ = remove_perm(s, loc.obj)
            s = to_graveyard(s, victim, loc.obj)
            events.append(Event(f"{name_of(s, loc.obj)} has no counters left and goes to the graveyard."))
    rest = amount - to_loc
    if rest > 0:
        s = hurt(s, victim, rest, events, source)
        s = emerge(s, "my_damage", victim)
    return s


# ------------------------------------------------------------------------------ Time


def time_step(s: ChronomagiaState, job: Job, events: list[Event]) -> Step:
    """Using ``job.n`` units of Time of kind ``job.res`` (M29): first what goes to the opponent's
    Phenomenon, then one movement in one direction. Questions with one answer are not asked."""
    if job.stage == "hit":
        phen = phenomenon(s, opponent(job.seat))
        if phen is not None and phen.counters > 0 and job.n > 0:
            return s, job, Ask("hit", job.seat, amount=job.n, limit=min(job.n, phen.counters))
        job = evolve(job, stage="move")
    lo, hi = move_range(s, job.res, job.n)
    if lo == hi == 0:
        if job.n:
            events.append(Event(f"{seat_label(job.seat)} cannot use {job.n} Time that way; it is lost."))
        return s, evolve(job, stage="done"), None
    return s, job, Ask("move", job.seat, amount=job.n)


def hit_phenomenon(s: ChronomagiaState, job: Job, k: int, events: list[Event]) -> ChronomagiaState:
    if k == 0:
        return s
    victim = opponent(job.seat)
    phen = phenomenon(s, victim)
    assert phen is not None
    left = phen.counters - k
    events.append(
        Event(
            f"{seat_label(job.seat)} spends {k} Time on {name_of(s, phen.obj)} ({left} counter{'s' * (left != 1)} left)."
        )
    )
    if left:
        return put_perm(s, evolve(phen, counters=left))
    s, _ = remove_perm(s, phen.obj)
    events.append(Event(f"{name_of(s, phen.obj)} has no time counters left and goes to the graveyard (M36)."))
    return to_graveyard(s, victim, phen.obj)


# ------------------------------------------------------------------------------ removal


def trapper_next_turn(s: ChronomagiaState, trapper: int) -> int:
    """The turn number of the Trapper's next turn (F25)."""
    return s.turn + (2 if trapper == s.active else 1)


def disembody(s: ChronomagiaState, obj: int, why: str, events: list[Event]) -> ChronomagiaState:
    perm = perm_of(s, obj)
    assert perm is not None
    e = epoch_of_perm(s, perm)
    s, p = remove_perm(s, obj)
    s = to_graveyard(s, p, obj)
    events.append(Event(f"{name_of(s, obj)} {why} and dies."))
    return died(s, p, obj, e, fury=True)


def bounce_creature(s: ChronomagiaState, obj: int, events: list[Event]) -> ChronomagiaState:
    """Return: to its owner's hand under a new object id; a token stops existing (M39)."""
    s, p = remove_perm(s, obj)
    if cdef(s, obj).kind == "token":
        events.append(Event(f"{name_of(s, obj)} is returned and stops existing (M39)."))
        return s
    s, new = renew(s, obj)
    events.append(Event(f"{name_of(s, obj)} returns to {seat_label(p)}'s hand."))
    return set_seat(s, p, hand=(*s.seats[p].hand, new))


def trap(s: ChronomagiaState, trapper: int, obj: int, events: list[Event]) -> ChronomagiaState:
    perm = perm_of(s, obj)
    assert perm is not None
    until = trapper_next_turn(s, trapper)
    s = put_perm(s, evolve(perm, tapped=True, trapped_until=max(until, perm.trapped_until)))
    events.append(
        Event(f"{name_of(s, obj)} is Trapped until the start of {seat_label(trapper)}'s next turn (KM6).")
    )
    return s


# ------------------------------------------------------------------------------ handlers


def _simple(s: ChronomagiaState, job: Job, e: Effect, events: list[Event]) -> ChronomagiaState:
    """The effects that need no answer."""
    me = job.seat
    who = opponent(me) if e.who == "opp" else me
    src = source_name(s, job)
    match e.op:
        case "damage":
            s = hurt(s, me, e.amount, events, src)
            return emerge(s, "my_damage", me)
        case "lose":
            st = s.seats[who]
            events.append(
                Event(f"{seat_label(who)} loses {e.amount} Life ({src}): {st.life - e.amount} left.")
            )
            return set_seat(s, who, life=st.life - e.amount)
        case "life":
            events.append(Event(f"{seat_label(me)} gains {e.amount} Life ({src})."))
            return set_seat(s, me, life=s.seats[me].life + e.amount)
        case "armor":
            events.append(Event(f"{seat_label(me)} puts {e.amount} Armor on their Hero ({src})."))
            return set_seat(s, me, armor=s.seats[me].armor + e.amount)
        case "draw":
            return draw(s, who, e.amount, events)
        case "conc":
            return gain_conc(s, me, e.amount, events, f" ({src})")
        case "hero":
            events.append(
                Event(f"{seat_label(me)}'s Hero gets {e.amount} counter{'s' * (e.amount != 1)} ({src}).")
            )
            return set_seat(s, me, counters=s.seats[me].counters + e.amount)
        case "mend":
            loc = location(s, me)
            if loc is None:
                return s
            events.append(
                Event(f"{name_of(s, loc.obj)} gets {e.amount} counter{'s' * (e.amount != 1)} ({src}).")
            )
            return put_perm(s, evolve(loc, counters=loc.counters + e.amount))
        case "mill":
            return mill(s, who, e.amount, events)
        case "untap":
            from .board import trapped

            for perm in s.seats[me].field:
                if perm.obj != job.src and perm.tapped and not trapped(s, perm) and is_creature(s, perm):
                    s = put_perm(s, evolve(perm, tapped=False))
            events.append(Event(f"{seat_label(me)} untaps their other creatures ({src})."))
            return s
        case "token":
            for _ in range(e.amount):
                obj = len(s.card_of)
                s = evolve(s, card_of=(*s.card_of, e.arg))
                perm = Perm(obj, entered=s.turn)
                s = set_seat(s, me, field=(*s.seats[me].field, perm))
                events.append(Event(f"{seat_label(me)} creates a {card(e.arg).name} token."))
                s = entered(s, me, perm)
            return s
    raise AssertionError(e.op)


def start(s: ChronomagiaState, job: Job, e: Effect, events: list[Event]) -> Step:
    """Begin effect ``e`` of ``job``: done (ask None, job ready for the next effect) or a question."""
    spec = OPS[e.op]
    if e.op == "damage" and e.who == "opp":
        ask = damage_ask(s, job, e.amount)
        if ask is None:
            return deal(s, job.seat, e.amount, 0, source_name(s, job), events), job, None
        return s, job, ask
    if e.op in TIME_OPS:
        return time_step(s, evolve(job, n=e.amount, res=TIME_OPS[e.op], stage="hit"), events)
    if spec.target == "creature":
        if not creature_targets(s, job, e.amount):
            events.append(Event(f"{source_name(s, job)}: there is no creature to choose."))
            return s, job, None
        return s, job, Ask("target", job.seat, amount=e.amount)
    if spec.target == "creatures":
        if not mass_targets(s, job, e.amount):
            events.append(Event(f"{source_name(s, job)}: there is no creature to choose."))
            return s, job, None
        return s, job, Ask("mass", job.seat, amount=e.amount)
    if spec.target == "permanent":
        if not shift_targets(s, job):
            return s, job, None
        return s, job, Ask("shift", job.seat)
    if spec.target == "shadow":
        if not s.seats[opponent(job.seat)].shadows:
            events.append(Event(f"{source_name(s, job)}: the opponent has no face-down Shadow."))
            return s, job, None
        return s, job, Ask("peek", job.seat)
    return _simple(s, job, e, events), job, None


def answer(s: ChronomagiaState, job: Job, a: ChronomagiaAction, events: list[Event]) -> Step:
    """Finish the effect ``job`` waits on with the answer ``a`` (already one of ``options``)."""
    ask = s.ask
    assert ask is not None
    s = evolve(s, ask=None)
    src = source_name(s, job)
    if ask.kind == "loc":
        assert isinstance(a, Loc)
        return deal(s, job.seat, ask.amount, a.k, src, events), job, None
    if ask.kind == "hit":
        assert isinstance(a, Hit)
        s = hit_phenomenon(s, job, a.k, events)
        return time_step(s, evolve(job, n=job.n - a.k, stage="move"), events)
    if ask.kind == "move":
        assert isinstance(a, MoveTime)
        if a.m == 0 and job.n:
            events.append(Event(f"{seat_label(job.seat)} leaves Time where it is; {job.n} Time is lost."))
        s = timeflow.move(s, job.seat, a.m, events)
        return s, evolve(job, stage="done"), None
    if ask.kind == "target":
        assert isinstance(a, Target)
        if a.obj is None:
            events.append(Event(f"{src}: {seat_label(job.seat)} chooses no creature."))
            return s, job, None
        op = effects_of(job)[job.at].op
        if op == "disembody":
            return disembody(s, a.obj, f"is Disembodied by {src}", events), job, None
        if op == "return":
            return bounce_creature(s, a.obj, events), job, None
        return trap(s, job.seat, a.obj, events), job, None
    if ask.kind == "mass":
        eff = effects_of(job)[job.at]
        if isinstance(a, Pick):
            job = evolve(job, picks=(*job.picks, a.obj))
            if mass_targets(s, job, eff.amount):
                return s, job, Ask("mass", job.seat, amount=eff.amount)
        for obj in job.picks:
            if eff.op == "mass_disembody":
                s = disembody(s, obj, f"is Disembodied by {src} (Mass)", events)
            else:
                s = bounce_creature(s, obj, events)
        if not job.picks:
            events.append(Event(f"{src}: {seat_label(job.seat)} chooses no creature."))
        return s, evolve(job, picks=()), None
    if ask.kind == "shift":
        if isinstance(a, Target):
            events.append(Event(f"{src}: {seat_label(job.seat)} shifts nothing."))
            return s, job, None
        assert isinstance(a, ShiftTo)
        return timeflow.shift(s, a.obj, a.epoch, events), job, None
    if ask.kind == "peek":
        assert isinstance(a, Target)
        if a.obj is None:
            return s, job, None
        owner = opponent(job.seat)
        n = s.seats[owner].shadows.index(a.obj) + 1
        events.append(
            Event(f"{seat_label(job.seat)} looks at {seat_label(owner)}'s face-down Shadow #{n} (Intuition).")
        )
        known = (*[k for k in s.known if k != (job.seat, a.obj)], (job.seat, a.obj))
        return evolve(s, known=known), job, Ask("bounce", job.seat, obj=a.obj)
    assert ask.kind == "bounce"
    owner = opponent(job.seat)
    if isinstance(a, Leave):
        events.append(Event(f"{seat_label(job.seat)} leaves the Shadow where it is."))
        return s, job, None
    st = s.seats[owner]
    s = set_seat(s, owner, shadows=tuple(o for o in st.shadows if o != ask.obj))
    s, new = renew(s, ask.obj)
    s = set_seat(s, owner, hand=(*s.seats[owner].hand, new))
    events.append(
        Event(f"{seat_label(job.seat)} returns the Shadow to {seat_label(owner)}'s hand (Intuition).")
    )
    return s, job, None


SIMPLE_OPS = frozenset(
    {"damage", "lose", "life", "armor", "draw", "conc", "hero", "mend", "mill", "untap", "token"}
)
"""The ops ``_simple`` handles (the cases of its ``match``)."""
ASKING = ("creature", "creatures", "permanent", "shadow")
"""The ``OpSpec.target`` kinds ``start`` opens a question for (``answer`` finishes them)."""
HANDLED: frozenset[str] = frozenset(
    {*SIMPLE_OPS, *TIME_OPS, *(op for op, spec in OPS.items() if spec.target in ASKING)}
)
"""Every op with its handling above, registered with the declared vocabulary (which refuses, at
import, a declared op without a handling or a handled op not declared; a test checks it too)."""
VOCABULARY.check_handlers(HANDLED)

__all__ = ["HANDLED", "answer", "effects_of", "options", "start"]
