"""Where an Afrika random legal action spends its time: microseconds per action per hot spot.

    python -m bench.afrika_hotspots [seconds=4] [seed=1] [--plain]

Random play as ``bench/engine_speed.py`` measures it (``legal_actions`` + ``apply`` of a uniformly
random legal action, the lowest current seat moving), first unwrapped (wall and process CPU time
per action: on a shared machine the CPU figure is the steadier one), then once per hot spot with a
timing wrapper around that function alone (issue #23 item 3's profile): the state conversion
(``thaw`` / ``freeze`` and, inside ``freeze``, the ``_unchanged`` checks; ``keep`` handing the
result to the shared read-only copy), the legal-move list, ``perform`` and ``settle`` (state checks
``sba`` inside), ``rules.stats`` and the card lookups ``cd`` / ``card``; and the fast paths that
replaced some of them (the passes and charges made without the general path, the state checks
known to change nothing). A figure is inclusive (``freeze`` includes its ``_unchanged`` calls), per
action, and the timer's own cost, calibrated on an empty function, is taken off. A hot spot the
engine does not have prints as absent, so the same script measures an older tree (run it with that
tree first on ``PYTHONPATH``). ``--plain`` measures the engine's plain (reference) paths
(``engines/afrika/fast.py``). No timing is asserted anywhere: this script only prints.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from bench.engine_speed import random_actions, reference_step_seconds
from engines.afrika import ENGINE

_NAMES = (
    "ai",
    "cards",
    "checks",
    "combat",
    "effects",
    "engine",
    "legal",
    "passing",
    "perform",
    "refusals",
    "rules",
    "scripts",
    "stack",
    "state",
    "steps",
    "timing",
    "view",
)
HOT: tuple[tuple[str, str], ...] = (
    ("state", "thaw"),
    ("state", "freeze"),
    ("state", "_unchanged"),
    ("state", "keep"),
    ("legal", "legal"),
    ("perform", "perform"),
    ("steps", "settle"),
    ("checks", "sba"),
    ("checks", "state_checks_unchanged"),
    ("rules", "stats"),
    ("rules", "cd"),
    ("cards", "card"),
    ("passing", "quiet_pass"),
    ("passing", "quiet_step_end"),
    ("passing", "quiet_charge"),
)


def _modules() -> dict[str, ModuleType]:
    out = {}
    for name in _NAMES:
        with contextlib.suppress(ImportError):
            out[name] = importlib.import_module(f"engines.afrika.{name}")
    return out


class Timer:
    """Time inside one wrapped function, minus what timing an empty function reads (calibrated)."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.calls = 0
        self.ns = 0
        self.inner_ns = 0.0
        self.fn = fn
        self.wrapped = self._wrap(fn)

    def _wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        clock = time.perf_counter_ns
        timer = self

        def wrapped(*args: Any, **kw: Any) -> Any:
            t0 = clock()
            try:
                return fn(*args, **kw)
            finally:
                timer.ns += clock() - t0
                timer.calls += 1

        return wrapped

    def calibrate(self) -> None:
        def noop() -> None:
            return None

        probe = Timer(noop)
        for _ in range(200_000):
            probe.wrapped()
        self.inner_ns = probe.ns / probe.calls

    @property
    def net_ns(self) -> float:
        return self.ns - self.calls * self.inner_ns


def measure(home: str, fname: str, seconds: float, seed: int) -> tuple[int, Timer] | None:
    """Random play with only ``home.fname`` wrapped (wherever it was imported by name)."""
    mods = _modules()
    fn = getattr(mods.get(home), fname, None)
    if fn is None:
        return None
    timer = Timer(fn)
    timer.calibrate()
    undo = [m for m in mods.values() if getattr(m, fname, None) is fn]
    for m in undo:
        setattr(m, fname, timer.wrapped)
    try:
        n, _dt = random_actions(ENGINE, seconds, seed)
    finally:
        for m in undo:
            setattr(m, fname, fn)
    return n, timer


@contextlib.contextmanager
def _paths(plain: bool) -> Iterator[None]:
    try:
        fast = importlib.import_module("engines.afrika.fast")
    except ImportError:  # a tree from before the fast paths: everything is plain
        fast = None
    if plain and fast is not None:
        with fast.plain():
            yield
    else:
        yield


def main(seconds: float = 4.0, seed: int = 1, plain: bool = False) -> None:
    ref = reference_step_seconds()
    with _paths(plain):
        c0 = time.process_time()
        n, dt = random_actions(ENGINE, seconds, seed)
        cpu = time.process_time() - c0
        print(
            f"{'plain paths' if plain else 'engine'}: {dt / n * 1e6:.1f} us wall, {cpu / n * 1e6:.1f} us CPU "
            f"per random legal action over {n} actions (floor dataclasses.replace {ref * 1e6:.2f} us)"
        )
        print(
            f"{'hot spot':<24} {'calls/action':>13} {'us/action':>10}  (inclusive; one spot wrapped per run)"
        )
        for home, fname in HOT:
            got = measure(home, fname, seconds / 2, seed)
            if got is None:
                print(f"{fname:<24} {'(absent)':>13}")
                continue
            n, timer = got
            print(f"{fname:<24} {timer.calls / n:>13.2f} {timer.net_ns / n / 1e3:>10.1f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(float(args[0]) if args else 4.0, int(args[1]) if len(args) > 1 else 1, "--plain" in sys.argv)
