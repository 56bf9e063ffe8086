"""One conformance test over every registered engine: the contract of design.md, checked by play.

For each engine x seed x player count a random legal playout must end; replaying its log from the
seed must give the same final state; every state must round-trip JSON; the same seed must give the
same game; every legal action must survive its text codec; a player who is not to act is refused;
and no view may depend on what that viewer cannot see (checked by re-dealing the hidden cards with
the engine's ``resample_hidden`` and comparing views, which catches any leak of a hand or deck).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from engines.core import (
    CONCEDE,
    MAX_ACTION_ID,
    GameOver,
    IllegalAction,
    MatchConfig,
    PlayerId,
    Rng,
    from_data,
    replay,
    to_data,
)
from engines.core.game import GameSpec
from engines.games import GAMES, all_games

SEEDS = range(50)
MAX_STEPS = 20_000
ENGINES = Path(__file__).resolve().parents[2] / "engines"


def built_not_declared() -> list[GameSpec[Any, Any, Any]]:
    """Game packages with a ``GAME`` that ``engines.games`` does not list yet: an engine is finished
    before its Discord side lets it be registered, and it keeps the contract from the start."""
    out = []
    for path in sorted(ENGINES.iterdir()):
        if path.name in GAMES or not (path / "__init__.py").exists():
            continue
        spec = getattr(importlib.import_module(f"engines.{path.name}"), "GAME", None)
        if isinstance(spec, GameSpec):
            out.append(spec)
    return out


CASES = [
    pytest.param(spec, n, id=f"{spec.name}-{n}p")
    for spec in (*all_games(), *built_not_declared())
    for n in spec.seat_counts_for_tests
]


def _check_views(engine: Any, state: Any, n: int, rng: Rng) -> None:
    """Every engine hides cards, so every engine must say how to re-deal them: no skipping."""
    viewers: list[int | None] = [None, *range(n)]
    for viewer in viewers:
        view = engine.view(state, None if viewer is None else PlayerId(viewer))
        assert from_data(type(view), to_data(view)) == view
        other = engine.resample_hidden(state, None if viewer is None else PlayerId(viewer), rng)
        assert engine.view(other, None if viewer is None else PlayerId(viewer)) == view, (
            f"the view of {viewer} changed when only cards hidden from it changed"
        )


def _playout(
    spec: GameSpec[Any, Any, Any], cfg: MatchConfig, seed: int
) -> tuple[Any, list[tuple[int, str]], list[Any]]:
    engine = spec.engine
    state = engine.setup(cfg, seed)
    rng = Rng.from_seed(seed * 7919 + cfg.players)
    log: list[tuple[int, str]] = []
    states = [state]
    check_every = max(1, spec.test_view_every)
    for i in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return state, log, states
        assert from_data(engine.state_type, to_data(state)) == state, "state does not round-trip JSON"
        current = sorted(engine.current_players(state))
        assert current, "nobody can act but the game is not over"
        if i % check_every == 0:
            _check_views(engine, state, cfg.players, rng)
            idle = [p for p in range(cfg.players) if p not in current]
            if idle:
                probe = engine.legal_actions(state, PlayerId(current[0]))[0]
                with pytest.raises(IllegalAction):
                    engine.apply(state, PlayerId(idle[0]), probe)
        player = rng.choice(current)
        legal = list(engine.legal_actions(state, PlayerId(player)))
        assert legal, f"P{player + 1} must act but has no legal action"
        for action in legal:
            action_id = action.to_id()
            assert len(action_id) <= MAX_ACTION_ID, action_id
            assert engine.decode_action(action_id) == action, action_id
            assert action.label
            assert action_id != CONCEDE, "concede is a command, never a listed move"
        action = rng.choice(legal)
        state = engine.apply(state, PlayerId(player), action).state
        states.append(state)
        log.append((player, action.to_id()))
    raise AssertionError(f"{engine.name} seed {seed}: no result after {MAX_STEPS} actions")


def _check_concede(
    spec: GameSpec[Any, Any, Any], cfg: MatchConfig, seed: int, log: list[tuple[int, str]]
) -> None:
    """A seat concedes at a random point, on anyone's turn: the log ends the game, the conceder
    is last, the log replays to the same state, and nothing can be played after it."""
    engine = spec.engine
    rng = Rng.from_seed(seed + 104729)
    cut = rng.below(max(1, len(log)))
    before = replay(engine, cfg, seed, log[:cut])
    order = rng.shuffled(list(range(cfg.players)))
    for seat in order:  # a seat already out of the game (Chrono) may not concede; someone may
        try:
            t = engine.apply(before, PlayerId(seat), engine.decode_action(CONCEDE))
            break
        except IllegalAction:
            continue
    else:
        raise AssertionError("no seat could concede in a game that is not over")
    assert any("concede" in e.text for e in t.events), "a concession is announced"
    if cfg.players == 2:
        outcome = engine.outcome(t.state)
        assert outcome is not None, "a conceded duel is over"
        assert outcome.losers == (seat,) and seat not in outcome.winners
        with pytest.raises(GameOver):
            engine.apply(t.state, PlayerId(seat), engine.decode_action(CONCEDE))
    again = replay(engine, cfg, seed, [*log[:cut], (seat, CONCEDE)])
    assert again == t.state, "a replay with the concession gives another state"


@pytest.mark.parametrize(("spec", "n"), CASES)
def test_random_playouts_keep_the_contract(spec: GameSpec[Any, Any, Any], n: int) -> None:
    engine = spec.engine
    cfg = MatchConfig(players=n)
    seeds = list(SEEDS)[: spec.test_seeds]
    first_setups = set()
    for seed in seeds:
        final, log, _ = _playout(spec, cfg, seed)
        outcome = engine.outcome(final)
        seats = sorted(p for group in outcome.ranking for p in group)
        assert seats == list(range(n)), f"the ranking must place every seat once: {outcome.ranking}"
        assert not engine.current_players(final)
        assert replay(engine, cfg, seed, log) == final, "replaying the log gave another state"
        assert engine.setup(cfg, seed) == engine.setup(cfg, seed)
        first_setups.add(repr(to_data(engine.setup(cfg, seed))))
        _check_concede(spec, cfg, seed, log)
    assert len(first_setups) > 1, "different seeds must give different games"


def test_every_declared_game_is_checked() -> None:
    checked = {p.values[0].name for p in CASES}
    assert checked == set(GAMES) | {spec.name for spec in built_not_declared()}
    assert set(GAMES) <= checked
