"""One conformance test over every registered engine: the contract of design.md, checked by play.

For each engine x seed x player count a random legal playout must end; replaying its log from the
seed must give the same final state; every state must round-trip JSON; the same seed must give the
same game; every legal action must survive its text codec; a player who is not to act is refused;
and no view may depend on what that viewer cannot see (checked by re-dealing the hidden cards with
the engine's ``resample_hidden`` and comparing views, which catches any leak of a hand or deck).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import (
    MAX_ACTION_ID,
    IllegalAction,
    MatchConfig,
    PlayerId,
    Rng,
    from_data,
    load_all,
    replay,
    to_data,
)

SEEDS = range(50)
MAX_STEPS = 20_000


def _engines() -> list[Any]:
    return sorted(load_all().values(), key=lambda e: e.name)


def _player_counts(engine: Any) -> list[int]:
    counts = getattr(engine, "conformance_players", None)
    if counts:
        return list(counts)
    return sorted({engine.min_players, engine.max_players})


CASES = [
    pytest.param(engine, n, id=f"{engine.name}-{n}p") for engine in _engines() for n in _player_counts(engine)
]


def _config(engine: Any, n: int) -> MatchConfig:
    options = dict(getattr(engine, "conformance_options", {}) or {})
    return MatchConfig(players=n, options=options)


def _check_views(engine: Any, state: Any, n: int, rng: Rng) -> None:
    viewers: list[int | None] = [None, *range(n)]
    resample = getattr(engine, "resample_hidden", None)
    for viewer in viewers:
        view = engine.view(state, None if viewer is None else PlayerId(viewer))
        assert from_data(type(view), to_data(view)) == view
        if resample is not None:
            other = resample(state, None if viewer is None else PlayerId(viewer), rng)
            assert engine.view(other, None if viewer is None else PlayerId(viewer)) == view, (
                f"the view of {viewer} changed when only cards hidden from it changed"
            )


def _playout(engine: Any, cfg: MatchConfig, seed: int) -> tuple[Any, list[tuple[int, str]]]:
    state = engine.setup(cfg, seed)
    rng = Rng.from_seed(seed * 7919 + cfg.players)
    log: list[tuple[int, str]] = []
    check_every = max(1, int(getattr(engine, "conformance_view_every", 1)))
    for i in range(MAX_STEPS):
        if engine.outcome(state) is not None:
            return state, log
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
        action = rng.choice(legal)
        state = engine.apply(state, PlayerId(player), action).state
        log.append((player, action.to_id()))
    raise AssertionError(f"{engine.name} seed {seed}: no result after {MAX_STEPS} actions")


@pytest.mark.parametrize(("engine", "n"), CASES)
def test_random_playouts_keep_the_contract(engine: Any, n: int) -> None:
    cfg = _config(engine, n)
    seeds = list(SEEDS)[: int(getattr(engine, "conformance_seeds", len(SEEDS)))]
    first_setups = set()
    for seed in seeds:
        final, log = _playout(engine, cfg, seed)
        outcome = engine.outcome(final)
        seats = sorted(p for group in outcome.ranking for p in group)
        assert seats == list(range(n)), f"the ranking must place every seat once: {outcome.ranking}"
        assert not engine.current_players(final)
        assert replay(engine, cfg, seed, log) == final, "replaying the log gave another state"
        assert engine.setup(cfg, seed) == engine.setup(cfg, seed)
        first_setups.add(repr(to_data(engine.setup(cfg, seed))))
    assert len(first_setups) > 1, "different seeds must give different games"


def test_every_known_engine_is_checked() -> None:
    assert "chrono" in {e.name for e in _engines()}
