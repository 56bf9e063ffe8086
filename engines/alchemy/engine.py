"""The Alchemy rules engine (rules digest seed 002; docs in engines/alchemy/DECISIONS.md).

This module declares the game to the duel kernel (``_DUEL``, from which the kernel builds the
engine class) and dispatches moves: each action goes to the module that holds its rule (``turns`` for
the game processes and turn flow, ``battle`` for the chain, ``effects`` for Process cards,
``opus`` for the Magnum Opus). Every refusal is an ``IllegalAction`` whose message a player can
read; a refused action never changes the state (states are immutable values).
"""

from __future__ import annotations

from engines.core import Event, IllegalAction
from engines.core.duel import Duel, duel_engine

from . import battle as chain
from . import turns
from .actions import (
    AlchemyAction,
    Attack,
    Back,
    Block,
    Concede,
    Counter,
    Done,
    Draw,
    End,
    Leave,
    OpenStore,
    Pass,
    Play,
    Put,
    Refresh,
    Reveal,
    Take,
    decode_action,
)
from .effects import play_process
from .legal import legal_actions
from .opus import reveal
from .setup import position, setup
from .state import AlchemyState
from .view import AlchemyView
from .viewing import acting, build_view, resample_hidden
from .zones import finish, opponent

_MODE_WORDS = {
    "store": "You are in your Store: put cards in, take cards out, or leave it first.",
    "refresh": "You are refreshing your hand: put cards back, then press Done.",
}


def _conceded(s: AlchemyState, seat: int) -> AlchemyState:
    if s.battle is not None:  # the elements on the Field are put away, nobody scores
        s = chain.end_battle(s, s.battle, None, 0, [])
    return finish(s, ((opponent(seat),), (seat,)), "concession")


def _acting(s: AlchemyState) -> tuple[int, ...]:
    seat = acting(s)
    return () if seat is None else (seat,)


def _over(s: AlchemyState) -> bool:
    return s.mode == "over"


def _dispatch(s: AlchemyState, p: int, a: AlchemyAction, events: list[Event]) -> AlchemyState:
    if s.mode == "battle":
        return _battle_move(s, p, a, events)
    if isinstance(a, Play):
        _main_only(s, a)
        return play_process(s, p, a.card, a.pay, events)
    if s.mode == "store":
        if isinstance(a, Put):
            return turns.put(s, p, a.card, events)
        if isinstance(a, Take):
            return turns.take(s, p, a.card, events)
        if isinstance(a, Leave):
            return turns.leave_store(s, p, events)
        raise IllegalAction(_MODE_WORDS["store"])
    if s.mode == "refresh":
        if isinstance(a, Back):
            return turns.mark(s, p, a.card)
        if isinstance(a, Done):
            return turns.finish_refresh(s, p, events)
        raise IllegalAction(_MODE_WORDS["refresh"])
    if isinstance(a, Attack):
        return chain.declare_attack(s, p, a.cards, events)
    if isinstance(a, Draw):
        return turns.draw_action(s, p, events)
    if isinstance(a, Refresh):
        return turns.open_refresh(s, p, events)
    if isinstance(a, OpenStore):
        return turns.open_store(s, p, events)
    if isinstance(a, Reveal):
        return reveal(s, p, events)
    if isinstance(a, End):
        return turns.end_turn(s, p, events)
    raise IllegalAction(_not_now(a))


def _main_only(s: AlchemyState, a: Play) -> None:
    if s.mode in _MODE_WORDS:
        raise IllegalAction(_MODE_WORDS[s.mode])


def _battle_move(s: AlchemyState, p: int, a: AlchemyAction, events: list[Event]) -> AlchemyState:
    b = s.battle
    assert b is not None
    if isinstance(a, Play):
        return play_process(s, p, a.card, a.pay, events)
    if isinstance(a, Pass):
        return chain.pass_window(s, p, events, s.alignment_override)
    if isinstance(a, Block):
        if b.window != "defend":
            raise IllegalAction("There is no element to block right now.")
        return chain.block(s, p, a.cards, events)
    if isinstance(a, Counter):
        if b.window != "riposte":
            raise IllegalAction("You can counterattack only right after your block parried (AL28).")
        return chain.counterattack(s, p, a.cards, events)
    if isinstance(a, Attack):
        raise IllegalAction("A Battle is going on: finish it before declaring another attack.")
    raise IllegalAction("A Battle is going on: answer it first (block, counterattack, a Reaction, or pass).")


def _not_now(a: AlchemyAction) -> str:
    if isinstance(a, Pass | Block | Counter):
        return "There is no Battle going on."
    if isinstance(a, Put | Take | Leave):
        return "You are not in your Store: entering it costs 1 AP (store)."
    if isinstance(a, Back | Done):
        return "You are not refreshing your hand: that costs 1 AP (refresh)."
    return "That is not an Alchemy move now."


def _turn_marker(s: AlchemyState) -> int:
    """A new board message per turn; Battles and Store visits edit it."""
    return s.turn


_DUEL: Duel[AlchemyState, AlchemyAction, AlchemyView] = Duel(
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
    move=_dispatch,
    turn_marker=_turn_marker,
)

AlchemyEngine = duel_engine(
    "AlchemyEngine", __name__, name="alchemy", title="Alchemy", state_type=AlchemyState, duel=_DUEL
)
"""The Alchemy engine class, built by the duel kernel from ``_DUEL`` (``ENGINE`` is its instance)."""
