"""Issue 36 item 1: the duel engines share one kernel (engines/core/duel.py) and one CardDataError.

The kernel's move check (game over, seat, concession, turn) is the same in every duel engine
because it is the same code; these tests hold each engine to it, and keep a copy from coming back.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import pytest

from engines.core import CONCEDE, GameOver, IllegalAction, MatchConfig, NotYourTurn, PlayerId, seat_label
from engines.core.duel import Duel, DuelEngine
from engines.core.errors import CardDataError

DUELS = {
    "alchemy": "engines.alchemy.engine",
    "spirit": "engines.spirit.engine",
    "chronomagia": "engines.chronomagia.engine",
}
CARD_LOADERS = (
    "engines.chrono.carddata",
    "engines.afrika.cards",
    "engines.alchemy.cards",
    "engines.spirit.grammar",
    "engines.chronomagia.grammar",
)


def _engine(game: str) -> Any:
    module = importlib.import_module(DUELS[game])
    (cls,) = (
        v
        for v in vars(module).values()
        if inspect.isclass(v) and v.__module__ == module.__name__ and v.__name__.endswith("Engine")
    )
    return cls()


@pytest.mark.parametrize("game", sorted(DUELS))
def test_every_duel_engine_holds_the_kernel(game: str) -> None:
    module = importlib.import_module(DUELS[game])
    assert isinstance(module._DUEL, Duel)
    source = inspect.getsource(module)
    # The preamble lives in the kernel only: a copy in an engine would drift from the others.
    assert "raise GameOver" not in source
    assert "There is no seat" not in source


TITLES = {"alchemy": "Alchemy", "spirit": "Chronicle: Spirit Tactics", "chronomagia": "Chronomagia"}


@pytest.mark.parametrize("game", sorted(DUELS))
def test_every_duel_engine_class_is_built_by_the_kernel_from_its_declaration(game: str) -> None:
    """The protocol's methods are written once in the kernel, not forwarded one by one per game."""
    module = importlib.import_module(DUELS[game])
    cls = type(_engine(game))
    assert issubclass(cls, DuelEngine) and cls.duel is module._DUEL
    assert (cls.__module__, cls.__qualname__) == (module.__name__, f"{game.title()}Engine")
    assert (cls.name, cls.title, cls.version, cls.min_players, cls.max_players) == (
        game,
        TITLES[game],
        "1",
        2,
        2,
    )
    assert isinstance(importlib.import_module(f"engines.{game}").ENGINE, cls)
    source = inspect.getsource(module)
    for method in ("def setup", "def legal_actions", "def current_players", "def view", "def apply"):
        assert method not in source
    # each game has a class of its own: patching one game's setup leaves the other duels alone
    others = [type(_engine(g)) for g in DUELS if g != game]
    assert all(o is not cls and not issubclass(o, cls) for o in others)


@pytest.mark.parametrize("game", sorted(DUELS))
def test_the_kernel_checks_every_move_in_the_same_order(game: str) -> None:
    engine = _engine(game)
    s = engine.setup(MatchConfig(players=2), 11)
    while len(engine.current_players(s)) != 1:  # Chronomagia's Redeal: both seats decide at once
        p = min(engine.current_players(s))
        s = engine.apply(s, p, engine.legal_actions(s, p)[0]).state
    (acting,) = engine.current_players(s)
    idle = PlayerId(1 - int(acting))
    some_move = engine.legal_actions(s, acting)[0]
    with pytest.raises(IllegalAction, match="There is no seat P3 in this game"):
        engine.apply(s, PlayerId(2), some_move)
    with pytest.raises(NotYourTurn):
        engine.apply(s, idle, some_move)
    # A concession is taken from any seat at any moment, the idle one included.
    t = engine.apply(s, idle, engine.decode_action(CONCEDE))
    assert t.events[0].text == f"{seat_label(idle)} concedes."
    out = engine.outcome(t.state)
    assert out is not None and out.ranking == ((int(acting),), (int(idle),)) and out.reason == "concession"
    assert engine.current_players(t.state) == frozenset()
    with pytest.raises(GameOver):
        engine.apply(t.state, acting, some_move)


@pytest.mark.parametrize("module", CARD_LOADERS)
def test_one_card_data_error_for_every_game(module: str) -> None:
    assert importlib.import_module(module).CardDataError is CardDataError


def test_every_game_names_its_own_state_and_view_types() -> None:
    """Issue 36 item 2: Chronomagia once reused Chrono's ChronoState/ChronoView/ChronoAction
    names, so a type in a traceback or a scenario doc could mean either game."""
    import engines.chronomagia as chronomagia
    from engines.games import all_games

    engines = [spec.engine for spec in all_games()]
    state_names = [e.state_type.__name__ for e in engines]
    assert len(set(state_names)) == len(state_names), state_names
    view_names = [type(e.view(e.setup(MatchConfig(players=2), 1), None)).__name__ for e in engines]
    assert len(set(view_names)) == len(view_names), view_names
    assert {"ChronomagiaState", "ChronomagiaView", "ChronomagiaAction"} <= set(chronomagia.__all__)
