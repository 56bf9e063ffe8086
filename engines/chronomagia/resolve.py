"""Resolving: the job queue run until it needs a player (F1: no stack, no priority).

The queue holds card text (triggers, spells, abilities) and the steps of the turn (section 2),
so a question in the middle of a turn's start (TM1: the Goblin's controller chooses how much of
its damage goes to a Location while the other player's turn begins) simply waits, and the turn
goes on when it is answered. Triggers set off while a job resolves wait in ``fresh`` and go first
once it finishes (M50).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.evolve import evolve

from . import effects, timeflow
from .actions import (
    ChronomagiaAction,
    Done,
    Flip,
    Hit,
    Leave,
    Loc,
    MoveTime,
    Order,
    Pass,
    Stay,
    Target,
)
from .board import (
    active_epoch,
    cdef,
    check_life,
    draw,
    finish,
    gain_conc,
    name_of,
    opponent,
    production,
    set_seat,
    to_graveyard,
    trapped,
)
from .refusals import why_not_answer
from .state import Ask, ChronomagiaState, Job, Perm
from .triggers import entered, on_own, queue

TURN_STEPS = ("natural", "untap", "start", "draw", "base", "lifeloss", "stop")
"""Start of turn and Upkeep (section 2, steps 1-2), then the stop at Meditation or Main."""


# ------------------------------------------------------------------------------ the loop


def run(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    """Resolve jobs until one waits on an answer, the queue is empty, or the game is over."""
    for _ in range(10_000):
        s = check_life(s, events)
        if s.ranking is not None or s.ask is not None:
            return s
        if not s.jobs:
            if not s.fresh:
                return s
            s = evolve(s, jobs=s.fresh, fresh=())
            continue
        ask = _order_ask(s)
        if ask is not None:
            return evolve(s, ask=ask)
        job = s.jobs[0]
        rest = s.jobs[1:]
        s, job, ask, extra = _step(evolve(s, jobs=()), job, events)
        if s.ranking is not None:
            return s
        if ask is not None:
            s = evolve(s, jobs=(job, *extra, *s.jobs, *rest), ask=ask)
        else:
            s = evolve(s, jobs=(*s.fresh, *extra, *s.jobs, *rest), fresh=())
    raise AssertionError("the job queue does not empty")


def _run_of(s: ChronomagiaState) -> list[Job]:
    head = s.jobs[0]
    out = []
    for j in s.jobs:
        if j.batch != head.batch or j.seat != head.seat:
            break
        out.append(j)
    return out


def _order_ask(s: ChronomagiaState) -> Ask | None:
    """M50: a player with several triggers of one event not yet begun chooses which goes next."""
    head = s.jobs[0]
    if head.batch == 0 or head.stage or head.at:
        return None
    run_ = _run_of(s)
    if len({(j.kind, j.src, j.part) for j in run_}) < 2:
        return None
    return Ask("order", head.seat, amount=len(run_))


def _step(
    s: ChronomagiaState, job: Job, events: list[Event]
) -> tuple[ChronomagiaState, Job, Ask | None, tuple[Job, ...]]:
    """Run ``job`` as far as it goes: (state, job, question or None, jobs that follow it)."""
    if job.kind == "text":
        effs = effects.effects_of(job)
        if job.at == 0:
            events.append(Event(announce(s, job)))
        while job.at < len(effs):
            s, job, ask = effects.start(s, job, effs[job.at], events)
            if ask is not None or s.ranking is not None:
                return s, job, ask, ()
            job = _advance(job)
        return s, job, None, ()
    if job.kind == "emerge":
        if job.src not in s.seats[job.seat].shadows:
            return s, job, None, ()
        return s, job, Ask("flip", job.seat, obj=job.src), ()
    if job.kind == "time":
        s, job, ask = effects.time_step(s, job, events)
        return s, job, ask, ()
    if job.kind == "split":
        ask = effects.damage_ask(s, job, job.n)
        if ask is None:
            s = effects.deal(s, job.seat, job.n, 0, "Attack Collection", events)
        return s, job, ask, ()
    return _turn_step(s, job, events)


def announce(s: ChronomagiaState, job: Job) -> str:
    """ "Thunder Totem (P1), Time Movement: Deal 1 damage to the opponent." """
    from .cards import card, token_names
    from .grammar import TRIGGER_EN, line_text

    c = card(job.card)
    text = line_text(effects.effects_of(job), token_names(False))
    who = seat_label(job.seat)
    if job.part.startswith("hero"):
        return f"{c.name} ({who}), ability {job.part[4:]}: {text}"
    if job.part == "meditation":
        return f"{c.name} ({who}), Meditation: {text}"
    if job.part == "spell":
        return f"{c.name} ({who}) resolves as a spell of Epoch {job.epoch}: {text}"
    if job.part == "tap":
        return f"{c.name} ({who}), Tap: {text}"
    return f"{c.name} ({who}), {TRIGGER_EN[job.part]}: {text}"


def _advance(job: Job) -> Job:
    return evolve(job, at=job.at + 1, stage="", n=0, picks=(), res="")


# ------------------------------------------------------------------------------ answers


def answer(s: ChronomagiaState, p: int, a: ChronomagiaAction, events: list[Event]) -> ChronomagiaState:
    """Apply ``p``'s answer to the question the head job waits on, then go on resolving."""
    ask = s.ask
    assert ask is not None
    if p != ask.seat:
        raise IllegalAction(f"It's not your turn: {seat_label(ask.seat)} is choosing.")
    allowed = effects.options(s)
    if isinstance(a, Pass):
        a = default_answer(s)
    if a not in allowed and not _overshoot(s, a):
        raise IllegalAction(why_not_answer(s, a))
    job, rest = s.jobs[0], s.jobs[1:]
    if isinstance(a, Order):
        run_ = _run_of(s)
        chosen = run_[a.n - 1]
        others = [j for i, j in enumerate(run_) if i != a.n - 1]
        s = evolve(s, ask=None, jobs=(evolve(chosen, stage="ordered"), *others, *s.jobs[len(run_) :]))
        return run(s, events)
    s = evolve(s, jobs=())
    if job.kind == "emerge":
        s = _emerge(evolve(s, ask=None), job, isinstance(a, Flip), events)
        s = evolve(s, jobs=(*s.fresh, *rest), fresh=())
        return run(s, events)
    if job.kind == "split":
        s = evolve(s, ask=None)
        s = effects.deal(s, job.seat, job.n, getattr(a, "k", 0), "Attack Collection", events)
        s = evolve(s, jobs=(*s.fresh, *rest), fresh=())
        return run(s, events)
    s, job, new_ask = effects.answer(s, job, a, events)
    if new_ask is not None:
        return evolve(s, jobs=(job, *rest), ask=new_ask)
    if job.kind == "text":
        return run(evolve(s, jobs=(_advance(job), *rest)), events)
    return run(evolve(s, jobs=(*s.fresh, *rest), fresh=()), events)


def _overshoot(s: ChronomagiaState, a: ChronomagiaAction) -> bool:
    """A movement past the end of the track within the units collected: accepted, and the rest
    is lost (M40, TM18). Only the movements that end somewhere different are listed."""
    if not isinstance(a, MoveTime) or s.ask is None or s.ask.kind != "move":
        return False
    job = s.jobs[0]
    wrong_way = (a.m < 0 and job.res == "time_future") or (a.m > 0 and job.res == "time_past")
    return abs(a.m) <= job.n and not wrong_way


def default_answer(s: ChronomagiaState) -> ChronomagiaAction:
    """What ``pass`` means for the question asked: the answer that does the least."""
    ask = s.ask
    assert ask is not None
    defaults: dict[str, ChronomagiaAction] = {
        "flip": Stay(ask.obj),
        "loc": Loc(0),
        "hit": Hit(0),
        "move": MoveTime(0),
        "mass": Done(),
        "bounce": Leave(),
        "order": Order(1),
    }
    return defaults.get(ask.kind, Target(None))


def _emerge(s: ChronomagiaState, job: Job, flip: bool, events: list[Event]) -> ChronomagiaState:
    """M37: a flipped Shadow's Summon resolves; it stays as a creature if it has a resource
    window in the active Epoch (with Embodiment Sickness), else it goes to the graveyard."""
    p, obj = job.seat, job.src
    if not flip:
        events.append(Event(f"{seat_label(p)} keeps a Shadow face down."))
        return s
    st = s.seats[p]
    s = set_seat(s, p, shadows=tuple(o for o in st.shadows if o != obj))
    s = evolve(s, known=tuple(k for k in s.known if k[1] != obj))
    e = active_epoch(s)
    w = cdef(s, obj).window(e)
    events.append(Event(f"{seat_label(p)} flips a Shadow: {name_of(s, obj)} emerges from the Shadows."))
    if w.res is not None:
        perm = Perm(obj, entered=s.turn)
        s = set_seat(s, p, field=(*s.seats[p].field, perm))
        return entered(s, p, perm)
    s = to_graveyard(s, p, obj)
    if w.trigger("summon"):
        s = queue(s, [Job("text", p, src=obj, card=s.card_of[obj], epoch=e, part="summon")])
    return s


# ------------------------------------------------------------------------------ the turn


def turn_jobs(s: ChronomagiaState) -> tuple[Job, ...]:
    return tuple(Job(k, s.active) for k in TURN_STEPS)


def can_meditate(s: ChronomagiaState, p: int) -> bool:
    """M60: never in the game's first turn (F21), with a card in the Hero Deck and the cost
    payable (Concentration still to collect counts)."""
    st = s.seats[p]
    if s.turn <= 1 or not st.hero_deck or s.meditated:
        return False
    cost = cdef(s, st.hero).meditation_cost
    more = 0 if "concentration" in s.collected else min(production(s, p, "concentration"), len(st.deck))
    return len(st.pool) + more >= cost


def _turn_step(
    s: ChronomagiaState, job: Job, events: list[Event]
) -> tuple[ChronomagiaState, Job, Ask | None, tuple[Job, ...]]:
    p = s.active
    kind = job.kind
    if kind == "natural":
        if s.turn > 1:
            if s.time >= 30 and s.end_of_time:
                return _end_of_time(s, events), job, None, ()
            s = timeflow.natural(s, events)
    elif kind == "untap":
        field = tuple(
            perm if trapped(s, perm) or not perm.tapped else evolve(perm, tapped=False)
            for perm in s.seats[p].field
        )
        s = set_seat(s, p, field=field)
    elif kind == "start":
        s = on_own(s, p, "on_start")
    elif kind == "draw":
        if s.turn > 1:
            s = draw(s, p, 1, events)
    elif kind == "base":
        s = _base(s, p, events)
    elif kind == "lifeloss":
        n = production(s, p, "life_loss")
        if n:
            life = s.seats[p].life - n
            events.append(Event(f"{seat_label(p)} loses {n} Life to Life Loss (F9): {life} left."))
            s = set_seat(s, p, life=life)
    elif kind == "stop":
        s = evolve(s, step="meditation" if can_meditate(s, p) else "main")
    elif kind == "end":
        s = on_own(s, p, "on_end")
    elif kind == "next":
        return _next_turn(s, events), job, None, ()
    else:
        raise AssertionError(kind)
    return s, job, None, ()


def _base(s: ChronomagiaState, p: int, events: list[Event]) -> ChronomagiaState:
    """M12: the Hero's base resources, collected automatically in the Upkeep step."""
    for res, n in cdef(s, s.seats[p].hero).base:
        if res == "concentration":
            s = gain_conc(s, p, n, events, " from the Hero")
        elif res == "life":
            s = set_seat(s, p, life=s.seats[p].life + n)
            events.append(Event(f"{seat_label(p)} gains {n} Life from the Hero."))
        else:
            s = set_seat(s, p, armor=s.seats[p].armor + n)
            events.append(Event(f"{seat_label(p)} puts {n} Armor on their Hero."))
    return s


def _end_of_time(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    """F3's optional variant: time would run past 30, so the player with more Life wins."""
    a, b = s.seats[0].life, s.seats[1].life
    events.append(Event(f"End of Time: the marker cannot move past 30. Life: P1 {a}, P2 {b}."))
    if a == b:
        return finish(s, ((0, 1),), "End of Time with equal Life")
    win = 0 if a > b else 1
    return finish(s, ((win,), (opponent(win),)), f"End of Time: {seat_label(win)} has more Life")


def _next_turn(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    nxt = s.first if s.turn == 0 else opponent(s.active)
    s = evolve(
        s,
        turn=s.turn + 1,
        active=nxt,
        step="start",
        collected=(),
        gained=(),
        meditated=False,
        hero_used=False,
    )
    events.append(Event(f"Turn {s.turn}: {seat_label(nxt)}'s turn."))
    return evolve(s, jobs=(*turn_jobs(s), *s.jobs))


def end_turn_jobs(s: ChronomagiaState) -> tuple[Job, ...]:
    return (Job("end", s.active), Job("next", s.active))


def attack(s: ChronomagiaState, events: list[Event]) -> ChronomagiaState:
    """Attack Collection (M24-M26): Attack and Damage collected, the opponent's Defense counted at
    the same moment, the opponent's Shadows waiting for it may emerge, then the split."""
    p = s.active
    o = opponent(p)
    atk = production(s, p, "attack")
    dmg = production(s, p, "damage")
    dfn = production(s, o, "defense")
    net = max(0, atk - dfn)
    events.append(
        Event(
            f"{seat_label(p)} collects {atk} Attack and {dmg} Damage; {seat_label(o)} has {dfn} Defense: {net + dmg} to deal."
        )
    )
    gained = (*s.gained, ("attack", atk), ("damage", dmg))
    s = evolve(
        s,
        step="attack",
        collected=(*s.collected, "attack", "damage"),
        gained=gained,
        last_attack=(atk, dfn, net, dmg),
    )
    from .triggers import emerge

    s = emerge(s, "opp_attack", p)
    return evolve(s, jobs=(*s.fresh, Job("split", p, n=net + dmg), *end_turn_jobs(s)), fresh=())
