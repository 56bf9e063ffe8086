"""The Spirit Tactics rules engine (rules digest seed 001; decisions in engines/spirit/DECISIONS.md).

This module declares the game to the duel kernel (``_DUEL``, from which the kernel builds the
engine class) and dispatches moves: starting links is ``moves``, the Sequence ``sequence``, combat
``combat``, the turn ``turns``, effects ``effects``. Every refusal is an ``IllegalAction`` whose
message a player can read; a refused action never changes the state (states are immutable).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.duel import Duel, duel_engine
from engines.core.evolve import evolve

from . import moves
from .actions import (
    Attack,
    Call,
    Cancel,
    Cast,
    Conceal,
    Concede,
    EndTurn,
    First,
    Flip,
    Gather,
    Go,
    Pass,
    Place,
    Reload,
    SpiritAction,
    Target,
    Use,
    decode_action,
)
from .board import empty_zones, finish, name_of, opponent, place
from .legal import legal_actions
from .sequence import designate_trigger, pass_priority, settle
from .setup import begin, position, setup
from .state import SpiritState
from .view import SpiritView
from .viewing import acting, build_view, resample_hidden


def _conceded(s: SpiritState, seat: int) -> SpiritState:
    return finish(s, ((opponent(seat),), (seat,)), "concession")


def _acting(s: SpiritState) -> tuple[int, ...]:
    seat = acting(s)
    return () if seat is None else (seat,)


def _over(s: SpiritState) -> bool:
    return s.mode == "over"


def _move(s: SpiritState, p: int, a: SpiritAction, events: list[Event]) -> SpiritState:
    return _choose(s, p, a, events) if s.mode == "choose" else _act(s, p, a, events)


def _act(s: SpiritState, p: int, a: SpiritAction, events: list[Event]) -> SpiritState:
    if isinstance(a, Pass):
        if s.mode != "sequence":
            raise IllegalAction("There is no Sequence to pass on: act, or move to the next phase.")
        return pass_priority(s, p, events)
    if isinstance(a, Cast):
        _refuse(moves.why_not_cast(s, p, a))
        return moves.cast(s, p, a, events)
    if isinstance(a, Use):
        _refuse(moves.why_not_use(s, p, a))
        return moves.use(s, p, a, events)
    if s.mode == "sequence":
        raise IllegalAction(
            "A Sequence is being built: answer with a Reflex card or a Charged Ability, or pass (S22)."
        )
    if isinstance(a, Call | Conceal):
        _refuse(moves.why_not_call(s, p, a))
        return moves.call(s, p, a, events)
    if isinstance(a, Flip):
        _refuse(moves.why_not_flip(s, p, a))
        return moves.flip(s, p, a, events)
    if isinstance(a, Gather):
        _refuse(moves.why_not_gather(s, p, a))
        return moves.gather(s, p, a, events)
    if isinstance(a, Attack):
        _refuse(moves._open_tp(s, p, ("combat",), "Declaring an attack"))
        return moves.attack(s, p, a, False, events)
    if isinstance(a, Go):
        _refuse(moves.why_not_go(s, p, a.phase))
        return moves.go(s, p, a, events)
    if isinstance(a, Reload):
        _refuse(moves.why_not_reload(s, p))
        return moves.go(s, p, None, events)
    if isinstance(a, EndTurn):
        _refuse(moves.why_not_go(s, p, "next"))
        return moves.end_turn(s, p, events)
    raise IllegalAction(_not_now(a))


def _choose(s: SpiritState, p: int, a: SpiritAction, events: list[Event]) -> SpiritState:
    ch = s.choice
    assert ch is not None
    if ch.kind == "first":
        if not isinstance(a, First):
            raise IllegalAction("Choose who takes the first turn first: 'first' or 'second'.")
        first = p if a.me else opponent(p)
        events.append(Event(f"{seat_label(p)} chooses: {seat_label(first)} goes first."))
        return begin(evolve(s, choice=None), first, events)
    if ch.kind == "rewind":
        if isinstance(a, Cancel):
            events.append(Event(f"{seat_label(p)} cancels the Rewound attack; it stays used (B15)."))
            return settle(evolve(s, rewind=-1, choice=None, mode="open"), events)
        if isinstance(a, Attack):
            u = s.board[a.attacker]
            if u is None or u.obj != ch.obj:
                raise IllegalAction("A Rewind re-targets the same attacker: pick its new target, or cancel.")
            return moves.attack(s, p, a, True, events)
        raise IllegalAction("The attack was Rewound: declare its new target, or cancel it (B15).")
    if ch.kind == "target":
        if not isinstance(a, Target):
            raise IllegalAction("Designate the targets of your triggered ability first.")
        return designate_trigger(s, p, a.targets, events)
    assert ch.kind == "unending"
    if not isinstance(a, Place):
        raise IllegalAction("Choose the empty zone your Unending Spirit returns to first (B22).")
    if a.zone not in empty_zones(s, p):
        raise IllegalAction("Choose an empty zone of your own Battleground.")
    st = s.seats[p]
    gy = tuple(o for o in st.graveyard if o != ch.obj)
    seats = list(s.seats)
    seats[p] = evolve(st, graveyard=gy)
    s = evolve(s, seats=tuple(seats), choice=None, mode="open")
    events.append(Event(f"Unending: {name_of(s, ch.obj)} returns to the Battleground (B22)."))
    s = place(s, a.zone, ch.obj, p, True, events)
    return settle(s, events)


def _refuse(why: str) -> None:
    if why:
        raise IllegalAction(why)


def _not_now(a: SpiritAction) -> str:
    if isinstance(a, First):
        return "Who goes first has already been decided."
    if isinstance(a, Cancel):
        return "There is no Rewound attack to cancel."
    if isinstance(a, Target):
        return "No triggered ability is waiting for targets."
    if isinstance(a, Place):
        return "No Unending Spirit is returning now."
    return "That is not a Spirit Tactics move now."


def _turn_marker(s: SpiritState) -> int:
    """A new board message per turn; Sequences and phases edit it."""
    return s.turn


_DUEL: Duel[SpiritState, SpiritAction, SpiritView] = Duel(
    setup=setup,
    position=position,
    acting=_acting,
    legal=legal_actions,
    decode=decode_action,
    build_view=build_view,
    resample=resample_hidden,
    over=_over,
    concede=Concede,
    conceded=_conceded,
    move=_move,
    turn_marker=_turn_marker,
)

SpiritEngine = duel_engine(
    "SpiritEngine",
    __name__,
    name="spirit",
    title="Chronicle: Spirit Tactics",
    state_type=SpiritState,
    duel=_DUEL,
)
"""The Chronicle: Spirit Tactics engine class, built by the duel kernel from ``_DUEL`` (``ENGINE`` is its instance)."""
