"""Scenario files: a start, a list of actions, and what must be true afterwards (docs/scenarios.md).

The runner is generic so every game shares one format and one CLI (``cardhost scenario run``).
It reaches a game only through the engine protocol, plus the optional ``engine.position(cfg,
seed, data)`` for explicit start positions. Expectations are dotted paths into the JSON form of a
view or of the state, because that form already exists for every game (the codec) and is what a
rules author sees in a snapshot, so no game needs scenario-specific code beyond ``position``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .codec import to_data
from .engine import Engine
from .errors import CardhostError, ConfigError, IllegalAction, InvalidAction
from .registry import get_engine
from .types import Event, MatchConfig, PlayerId, seat_label

TOP_KEYS = frozenset(
    {"game", "description", "rules", "players", "seed", "options", "position", "step", "expect"}
    | {"setup_error"}
)
STEP_KEYS = frozenset({"player", "action", "error", "expect"})
BUILTINS = frozenset(
    {"current", "outcome", "events_include", "events_exclude", "legal", "legal_includes", "legal_excludes"}
)
_MISSING = object()


class ScenarioFailure(Exception):
    """The first mismatch in a file; ``str()`` is the readable report."""


@dataclass(frozen=True)
class ScenarioResult:
    path: str
    ok: bool
    detail: str = ""
    steps: int = 0


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested TOML tables become dotted keys, so ``[expect.view.1]`` and ``"view.1.x"`` agree.

    A consequence worth knowing: an expected table checks only the keys it names.
    """
    flat: dict[str, Any] = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and value:
            flat.update(_flatten(value, path + "."))
        else:
            flat[path] = value
    return flat


def _resolve(data: Any, parts: Sequence[str]) -> Any:
    for i, part in enumerate(parts):
        here = ".".join(parts[:i]) or "(top)"
        if isinstance(data, Mapping):
            if part not in data:
                raise ScenarioFailure(f"no key {part!r} at {here}; keys are {sorted(data)}")
            data = data[part]
        elif isinstance(data, list):
            try:
                data = data[int(part)]
            except (ValueError, IndexError):
                raise ScenarioFailure(f"no index {part!r} at {here} (a list of {len(data)})") from None
        else:
            raise ScenarioFailure(f"cannot go into {here} with {part!r}: it is {data!r}")
    return data


def _same(expected: Any, actual: Any) -> bool:
    """TOML has no null, so the string "none" stands for JSON null; a table checks only its keys."""
    if expected == "none" and actual is None:
        return True
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and all(
            k in actual and _same(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list) and isinstance(actual, list | tuple):
        if len(expected) != len(actual):
            return False
        return all(_same(e, a) for e, a in zip(expected, actual, strict=True))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


def _mismatch(path: str, expected: Any, actual: Any) -> ScenarioFailure:
    return ScenarioFailure(f"{path}\n    expected: {expected!r}\n    actual:   {actual!r}")


def _seat(text: str, players: int) -> PlayerId | None:
    if text in ("spectator", "none"):
        return None
    try:
        seat = int(text)
    except ValueError:
        raise ScenarioFailure(f"{text!r} is not a seat number (0-based) or 'spectator'") from None
    if not 0 <= seat < players:
        raise ScenarioFailure(f"seat {seat} does not exist in a {players}-player game")
    return PlayerId(seat)


def check_expectations(
    engine: Engine[Any, Any, Any],
    state: Any,
    events: Sequence[Event],
    expect: Mapping[str, Any],
    players: int,
) -> None:
    """Raise ScenarioFailure on the first expectation that does not hold."""
    state_data: Any = _MISSING
    views: dict[PlayerId | None, Any] = {}
    for key, expected in _flatten(expect).items():
        head, _, rest = key.partition(".")
        if head == "current":
            actual: Any = sorted(engine.current_players(state))
            if not _same(expected, actual):
                raise _mismatch(key, expected, actual)
        elif head == "outcome":
            outcome = engine.outcome(state)
            actual = None if outcome is None else [list(g) for g in outcome.ranking]
            if not _same(expected, actual):
                raise _mismatch(key, expected, actual)
        elif head in ("events_include", "events_exclude"):
            texts = [e.text for e in events]
            for needle in expected:
                found = any(str(needle).casefold() in t.casefold() for t in texts)
                if found != (head == "events_include"):
                    verb = "no event contains" if head == "events_include" else "an event contains"
                    raise ScenarioFailure(f"{key}: {verb} {needle!r}\n    events: {texts!r}")
        elif head in ("legal", "legal_includes", "legal_excludes"):
            seat = _seat(rest, players)
            if seat is None:
                raise ScenarioFailure(f"{key}: legal actions need a seat number")
            ids = sorted(a.to_id() for a in engine.legal_actions(state, seat))
            want = sorted(str(x) for x in expected)
            if head == "legal" and ids != want:
                raise _mismatch(key, want, ids)
            if head == "legal_includes" and not set(want) <= set(ids):
                raise _mismatch(key, f"to include {sorted(set(want) - set(ids))}", ids)
            if head == "legal_excludes" and set(want) & set(ids):
                raise _mismatch(key, f"not to include {sorted(set(want) & set(ids))}", ids)
        elif head == "state":
            if state_data is _MISSING:
                state_data = to_data(state)
            actual = _resolve(state_data, rest.split(".") if rest else [])
            if not _same(expected, actual):
                raise _mismatch(key, expected, actual)
        elif head == "view":
            seat_text, _, path = rest.partition(".")
            seat = _seat(seat_text, players)
            if seat not in views:
                views[seat] = to_data(engine.view(state, seat))
            actual = _resolve(views[seat], path.split(".") if path else [])
            if not _same(expected, actual):
                raise _mismatch(key, expected, actual)
        else:
            raise ScenarioFailure(
                f"unknown expectation {key!r}: use state.<path>, view.<seat>.<path> or one of "
                f"{', '.join(sorted(BUILTINS))}"
            )


def scenario_engine(game: str) -> Engine[Any, Any, Any]:
    """The engine of a declared game, or of a game package built but not declared yet.

    A new game's engine is finished before its Discord side (renderer, presenter) lets it be
    listed in ``engines.games``; its package's ``GAME`` still runs its scenario files, so its rules
    are proven before it is registered. Anything else is refused as an unknown game."""
    try:
        return get_engine(game)
    except ConfigError as unknown:
        from engines.games import declaration

        if not game.isidentifier():
            raise unknown from None
        try:
            return declaration(game).engine
        except ModuleNotFoundError as exc:
            if exc.name != f"engines.{game}":
                raise
        except TypeError:
            pass
        raise unknown from None


def _describe_step(i: int, player: int, action: str) -> str:
    return f"step {i} ({seat_label(player)} {action})"


def run_scenario(data: Mapping[str, Any], name: str = "<scenario>") -> ScenarioResult:
    """Run one decoded scenario; never raises for a scenario problem, it reports it."""
    where = "setup"
    steps_done = 0
    try:
        unknown = sorted(set(data) - TOP_KEYS)
        if unknown:
            raise ScenarioFailure(f"unknown top-level keys {unknown}")
        for required in ("game", "players", "seed"):
            if required not in data:
                raise ScenarioFailure(f"missing top-level key {required!r}")
        rules = data.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise ScenarioFailure("rules must be a list of rule ids such as ['E10']")
        engine = scenario_engine(str(data["game"]))
        players = int(data["players"])
        seed = int(data["seed"])
        cfg = MatchConfig(players=players, options=dict(data.get("options", {})))
        position = data.get("position")
        setup_error = data.get("setup_error")
        try:
            state = engine.position(cfg, seed, position) if position is not None else engine.setup(cfg, seed)
        except ConfigError as exc:
            if setup_error is not None and str(setup_error).casefold() in str(exc).casefold():
                return ScenarioResult(name, True)
            raise ScenarioFailure(f"set-up refused: {exc}") from None
        if setup_error is not None:
            raise ScenarioFailure(f"set-up should have been refused with {setup_error!r} but was accepted")

        events: tuple[Event, ...] = ()
        for i, st in enumerate(data.get("step", []), 1):
            where = f"step {i}"
            bad = sorted(set(st) - STEP_KEYS)
            if bad:
                raise ScenarioFailure(f"unknown step keys {bad}")
            if "player" not in st or "action" not in st:
                raise ScenarioFailure("each step needs player and action")
            player, action_id = int(st["player"]), str(st["action"])
            where = _describe_step(i, player, action_id)
            before = to_data(state)
            try:
                action = engine.decode_action(action_id)
                transition = engine.apply(state, PlayerId(player), action)
            except (IllegalAction, InvalidAction) as exc:
                if "error" not in st:
                    raise ScenarioFailure(f"refused: {exc}") from None
                if str(st["error"]).casefold() not in str(exc).casefold():
                    raise _mismatch("error", st["error"], str(exc)) from None
                if to_data(state) != before:
                    raise ScenarioFailure("a refused action changed the state") from None
            else:
                if "error" in st:
                    raise ScenarioFailure(f"should have been refused with {st['error']!r} but was accepted")
                state, events = transition.state, transition.events
            steps_done = i
            if "expect" in st:
                check_expectations(engine, state, events, st["expect"], players)
        where = "final [expect]"
        check_expectations(engine, state, events, data.get("expect", {}), players)
    except ScenarioFailure as exc:
        return ScenarioResult(name, False, f"{where}: {exc}", steps_done)
    except CardhostError as exc:
        return ScenarioResult(name, False, f"{where}: {type(exc).__name__}: {exc}", steps_done)
    except (TypeError, ValueError, KeyError) as exc:
        return ScenarioResult(name, False, f"{where}: malformed scenario: {exc!r}", steps_done)
    return ScenarioResult(name, True, steps=steps_done)


def run_file(path: str | Path) -> ScenarioResult:
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return ScenarioResult(str(p), False, f"cannot read: {exc}")
    return run_scenario(data, str(p))


def expand(paths: Sequence[str | Path]) -> list[Path]:
    """Files as given; folders become every ``*.toml`` below them, sorted."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        out.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return out


def main(paths: list[str]) -> int:
    """Print one PASS/FAIL line per file (with the first mismatch); 0 only if every file passes."""
    files = expand(paths)
    if not files:
        print("no scenario files given")
        return 2
    failed = 0
    for f in files:
        result = run_file(f)
        if result.ok:
            print(f"PASS {f}")
        else:
            failed += 1
            print(f"FAIL {f}")
            print("  " + result.detail.replace("\n", "\n  "))
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0
