"""One conformance test over every registered engine: the contract of engines/core/engine.py,
checked by play.

For each engine x seed x player count a random legal playout must end; replaying its log from the
seed must give the same final state; every state must round-trip JSON; the same seed must give the
same game; every legal action must survive its text codec; a player who is not to act is refused;
and no view may depend on what that viewer cannot see (checked by re-dealing the hidden cards with
the engine's ``resample_hidden`` and comparing views, which catches any leak of a hand or deck).
A move aimed at a card its sender cannot see (or at no object at all) is refused in words that
name no hidden card and do not change when the hidden cards are dealt anew (issue 32, item 2).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.core import (
    CONCEDE,
    MAX_ACTION_ID,
    GameOver,
    IllegalAction,
    InvalidAction,
    MatchConfig,
    PlayerId,
    Rng,
    from_data,
    replay,
    to_data,
)
from engines.core.game import GameSpec, HiddenProbes
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
    unprobed = [spec.name for spec in (*all_games(), *built_not_declared()) if spec.hidden_probes is None]
    assert not unprobed, f"games without hidden_probes (moves aimed at hidden cards): {unprobed}"


def _strings(data: Any) -> Iterator[str]:
    """Every text in a JSON-like value (keys too: a view may key something by card id)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from _strings(v)


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def hidden_names(probes: HiddenProbes, engine: Any, state: Any, seat: int) -> set[str]:
    """Names of the cards in ``state`` that the view of ``seat`` neither holds by id nor spells."""
    held = {n for t in _strings(to_data(state)) if (n := probes.card_name(t))}
    texts = list(_strings(to_data(engine.view(state, PlayerId(seat)))))
    shown = {n for t in texts if (n := probes.card_name(t))}
    return {n for n in held - shown if not any(_named(n, t) for t in texts)}


def _refusal(engine: Any, state: Any, seat: int, action: Any) -> str:
    """The words of the refusal of ``action``; anything but a refusal fails the test."""
    try:
        engine.apply(state, PlayerId(seat), action)
    except IllegalAction as e:
        return str(e)
    raise AssertionError(f"{action.to_id()!r}, aimed at a hidden or unknown object, was accepted")


def check_hidden_refusals(spec: GameSpec[Any, Any, Any], state: Any, seat: int, seed: int) -> int:
    """Every probe of the game aimed at what ``seat`` cannot see is refused (an ``IllegalAction``
    or ``InvalidAction``, never a ``KeyError``) in words that name no hidden card (other than one
    the sender named in the move itself) and that stay the same when the hidden cards are dealt
    anew. Returns how many probes were refused."""
    probes = spec.hidden_probes
    assert probes is not None
    engine = spec.engine
    hidden = hidden_names(probes, engine, state, seat)
    legal = {a.to_id() for a in engine.legal_actions(state, PlayerId(seat))}
    other = engine.resample_hidden(state, PlayerId(seat), Rng.from_seed(seed))
    refused = 0
    for action_id in probes.aimed(state, seat):
        # a card the move itself names may be said back ("You don't hold Heroes V."): the sender
        # wrote it, and the invariance below shows the words do not depend on where it is
        words = re.split(r"[^0-9A-Za-z]+", action_id)
        echo = {n for w in (*words, *(w.upper() for w in words)) if (n := probes.card_name(w))}
        try:
            action = engine.decode_action(action_id)
        except InvalidAction as e:
            message = str(e)
        else:
            if action.to_id() in legal:
                continue  # a face-down card some effect may choose (Intuition): a move, not a probe
            echo |= {n for n in hidden if _named(n, action.label)}
            message = _refusal(engine, state, seat, action)
            again = _refusal(engine, other, seat, action)
            assert again == message, (
                f"{engine.name}: the refusal of {action_id!r} to P{seat + 1} depends on hidden cards: "
                f"{message!r}, then {again!r} with them dealt anew"
            )
        leaked = sorted(n for n in hidden - echo if _named(n, message))
        assert not leaked, (
            f"{engine.name}: {action_id!r} from P{seat + 1} refused as {message!r}: names {leaked}"
        )
        assert message.strip(), f"{engine.name}: {action_id!r} refused without words"
        refused += 1
    return refused


REFUSAL_SEEDS = 4
REFUSAL_STEPS = 400


def _probe_cases() -> list[Any]:
    out = []
    for spec in (*all_games(), *built_not_declared()):
        cfgs = [MatchConfig(players=n) for n in spec.seat_counts_for_tests]
        cfgs += list(spec.hidden_probes.variants if spec.hidden_probes else ())
        for cfg in cfgs:
            variant = "".join(f"-{v}" for v in cfg.options.values())
            out.append(pytest.param(spec, cfg, id=f"{spec.name}-{cfg.players}p{variant}"))
    return out


@pytest.mark.parametrize(("spec", "cfg"), _probe_cases())
def test_refusals_name_no_hidden_card(spec: GameSpec[Any, Any, Any], cfg: MatchConfig) -> None:
    """Random positions of random games: every current player sends the game's probes."""
    engine = spec.engine
    refused = 0
    every = max(5, spec.test_view_every)
    for seed in range(REFUSAL_SEEDS):
        state = engine.setup(cfg, seed)
        rng = Rng.from_seed(seed * 31 + cfg.players)
        for i in range(REFUSAL_STEPS):
            if engine.outcome(state) is not None:
                break
            current = sorted(engine.current_players(state))
            if i % every == 0:
                for seat in current:
                    refused += check_hidden_refusals(spec, state, seat, seed * 1000 + i)
            player = rng.choice(current)
            action = rng.choice(list(engine.legal_actions(state, PlayerId(player))))
            state = engine.apply(state, PlayerId(player), action).state
    assert refused, f"{spec.name}: no probe was refused: the game's hidden_probes aims at nothing"


OTHER_DIGITS = ("²", "٣", "¹²")
"""Digits ``str.isdigit`` accepts and ``int`` refuses or reads: a forged custom_id may hold them."""


def _in_other_digits(action_id: str) -> Iterator[str]:
    """``action_id`` with one run of ASCII digits (each in turn) written in other digits."""
    for m in re.finditer(r"[0-9]+", action_id):
        for d in OTHER_DIGITS:
            yield action_id[: m.start()] + d + action_id[m.end() :]


@pytest.mark.parametrize("spec", [*all_games(), *built_not_declared()], ids=lambda s: s.name)
def test_ids_in_other_digits_are_refused_in_words(spec: GameSpec[Any, Any, Any]) -> None:
    """Issue 32, item 6: every legal move's id with a number written in other digits ("flip:²")
    is an ``InvalidAction`` (or a move refused as an ``IllegalAction``), never a ValueError that
    the bot answers with "Something went wrong" and an ERROR log."""
    engine = spec.engine
    sent = 0
    for seed in range(2):
        state = engine.setup(MatchConfig(players=spec.seat_counts_for_tests[0]), seed)
        rng = Rng.from_seed(seed)
        for i in range(200):
            if engine.outcome(state) is not None:
                break
            current = sorted(engine.current_players(state))
            seat = current[0]
            legal = list(engine.legal_actions(state, PlayerId(seat)))
            if i % 10 == 0:
                for forged in {f for a in legal for f in _in_other_digits(a.to_id())}:
                    try:
                        engine.apply(state, PlayerId(seat), engine.decode_action(forged))
                    except (InvalidAction, IllegalAction) as e:
                        assert str(e).strip(), f"{engine.name}: {forged!r} refused without words"
                        sent += 1
                    else:
                        raise AssertionError(f"{engine.name}: {forged!r} was accepted as a move")
            player = rng.choice(current)
            state = engine.apply(
                state, PlayerId(player), rng.choice(list(engine.legal_actions(state, PlayerId(player))))
            ).state
    assert sent, f"{spec.name}: no move id holds a number"
