"""The Chronomagia rules engine (rules digest seed 004; decisions in engines/chronomagia/DECISIONS.md).

This module declares the game to the duel kernel (``_DUEL``, from which the kernel builds the
engine class) and dispatches moves: a player's own moves are ``moves``, answers to a question and the
job queue ``resolve``, effects ``effects``, the Time track ``timeflow``. Every refusal is an
``IllegalAction`` whose message a player can read; a refused action never changes the state
(states are immutable).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction, seat_label
from engines.core.duel import Duel, duel_engine

from . import moves, resolve
from .actions import (
    AttackPhase,
    ChronomagiaAction,
    Collect,
    Concede,
    EndTurn,
    FirstChoice,
    GoMain,
    HeroUse,
    Keep,
    Meditate,
    Pass,
    PlaceShadow,
    Play,
    Redeal,
    Sacrifice,
    TapUse,
    decode_action,
)
from .board import finish, opponent
from .legal import legal_actions
from .setup import deal, position, setup
from .state import ChronomagiaState
from .view import ChronomagiaView
from .viewing import acting, build_view, resample_hidden


def _conceded(s: ChronomagiaState, seat: int) -> ChronomagiaState:
    return finish(s, ((opponent(seat),), (seat,)), "concession")


def _over(s: ChronomagiaState) -> bool:
    return s.ranking is not None


def _waiting(s: ChronomagiaState, seat: int, who: tuple[int, ...]) -> str:
    if s.step == "redeal" and s.seats[seat].redealt:
        return "You have made your Redeal decision; your opponent is still deciding."
    return f"It's not your turn: {' and '.join(seat_label(w) for w in who)} to act."


def _move(s: ChronomagiaState, p: int, a: ChronomagiaAction, events: list[Event]) -> ChronomagiaState:
    if s.ask is not None:
        return resolve.answer(s, p, a, events)
    return _act(s, p, a, events)


def _act(s: ChronomagiaState, p: int, a: ChronomagiaAction, events: list[Event]) -> ChronomagiaState:
    if isinstance(a, FirstChoice):
        if s.step != "choose":
            raise IllegalAction("Who goes first has already been decided.")
        first = p if a.me else opponent(p)
        events.append(Event(f"{seat_label(p)} chooses: {seat_label(first)} goes first (M3)."))
        return deal(s, first, events)
    if s.step == "choose":
        raise IllegalAction("Choose who takes the first turn first: 'first' or 'second' (M3).")
    if isinstance(a, Keep | Redeal):
        cards = a.cards if isinstance(a, Redeal) else ()
        _refuse(moves.why_not_redeal(s, p, cards))
        return moves.redeal(s, p, cards, events)
    if s.step == "redeal":
        raise IllegalAction("First decide on your Redeal: keep your hand, or set cards aside (M6).")
    if isinstance(a, Collect):
        _refuse(moves.why_not_collect(s, p, a.res))
        return moves.collect(s, p, a.res, events)
    if isinstance(a, Meditate):
        _refuse(moves.why_not_meditate(s, p, a.card))
        return moves.meditate(s, p, a.card, events)
    if isinstance(a, GoMain):
        _refuse(moves.why_not_go_main(s, p))
        return moves.go_main(s)
    if s.step == "meditation":
        raise IllegalAction(
            "This is your Meditation step: Meditate, collect Concentration, or go to the Main phase."
        )
    if isinstance(a, Play):
        _refuse(moves.why_not_play(s, p, a.card))
        return moves.play(s, p, a.card, events)
    if isinstance(a, PlaceShadow):
        _refuse(moves.why_not_shadow(s, p, a.card))
        return moves.place_shadow(s, p, a.card, events)
    if isinstance(a, TapUse):
        _refuse(moves.why_not_tap(s, p, a.obj, a.card))
        return moves.tap(s, p, a.obj, events)
    if isinstance(a, HeroUse):
        _refuse(moves.why_not_hero(s, p, a.n))
        return moves.hero(s, p, a.n, events)
    if isinstance(a, Sacrifice):
        _refuse(moves.why_not_sacrifice(s, p, a.obj, a.card))
        return moves.sacrifice(s, p, a.obj, events)
    if isinstance(a, AttackPhase):
        _refuse(moves.why_not_attack(s, p))
        return moves.attack(s, events)
    if isinstance(a, EndTurn):
        _refuse(moves.why_not_end(s, p))
        return moves.end_turn(s, p, events)
    if isinstance(a, Pass):
        raise IllegalAction("There is no question to pass on: make your move, or end the turn.")
    raise IllegalAction("Nothing is waiting for that answer now.")


def _refuse(why: str) -> None:
    if why:
        raise IllegalAction(why)


def _turn_marker(s: ChronomagiaState) -> int:
    """A new board message per turn (the Redeal is turn 0)."""
    return s.turn


_DUEL: Duel[ChronomagiaState, ChronomagiaAction, ChronomagiaView] = Duel(
    setup=setup,
    position=position,
    acting=acting,
    legal=legal_actions,
    decode=decode_action,
    build_view=build_view,
    resample=resample_hidden,
    over=_over,
    concede=Concede,
    conceded=_conceded,
    move=_move,
    turn_marker=_turn_marker,
    waiting=_waiting,
)

ChronomagiaEngine = duel_engine(
    "ChronomagiaEngine",
    __name__,
    name="chronomagia",
    title="Chronomagia",
    state_type=ChronomagiaState,
    duel=_DUEL,
)
"""The Chronomagia engine class, built by the duel kernel from ``_DUEL`` (``ENGINE`` is its instance)."""
