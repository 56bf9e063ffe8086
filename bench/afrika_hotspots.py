"""Where an Afrika random legal action spends its time: microseconds per action per hot spot.

    python -m bench.afrika_hotspots [seconds=4] [seed=1]

Random play as ``bench/engine_speed.py`` measures it (``legal_actions`` + ``apply`` of a uniformly
random legal action, the lowest current seat moving), first plain (the figure the bench reports),
then with a timing wrapper around each hot spot of the engine's profile (issue #23 item 3): the
state conversion (``thaw`` / ``freeze`` and, inside ``freeze``, the ``_unchanged`` checks), the
legal-move list, ``perform`` and ``settle`` (state checks ``sba`` inside), ``rules.stats`` and the
card lookups ``cd`` / ``card``. A figure is inclusive (``freeze`` includes its ``_unchanged``
calls) and the wrappers' own cost, calibrated in the same run, is taken off, so the figures add up
to roughly the plain time. A hot spot the engine no longer has prints as absent. No timing is
asserted anywhere: this script only prints.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from bench.engine_speed import random_actions, reference_step_seconds
from engines.afrika import (
    ENGINE,
    ai,
    checks,
    combat,
    effects,
    engine,
    legal,
    perform,
    refusals,
    rules,
    scripts,
    stack,
    state,
    steps,
    timing,
    view,
)
from engines.afrika import cards as cards_mod

MODULES: tuple[ModuleType, ...] = (
    ai,
    cards_mod,
    checks,
    combat,
    effects,
    engine,
    legal,
    perform,
    refusals,
    rules,
    scripts,
    stack,
    state,
    steps,
    timing,
    view,
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
    ("rules", "stats"),
    ("rules", "cd"),
    ("cards", "card"),
)


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


def _homes() -> dict[str, ModuleType]:
    return {m.__name__.rsplit(".", 1)[-1]: m for m in MODULES}


def measure(home: str, fname: str, seconds: float, seed: int) -> tuple[int, Timer] | None:
    """Random play with only ``home.fname`` wrapped (wherever it was imported by name)."""
    fn = getattr(_homes()[home], fname, None)
    if fn is None:
        return None
    timer = Timer(fn)
    timer.calibrate()
    undo = [m for m in MODULES if getattr(m, fname, None) is fn]
    for m in undo:
        setattr(m, fname, timer.wrapped)
    try:
        n, _dt = random_actions(ENGINE, seconds, seed)
    finally:
        for m in undo:
            setattr(m, fname, fn)
    return n, timer


def main(seconds: float = 4.0, seed: int = 1) -> None:
    ref = reference_step_seconds()
    n, dt = random_actions(ENGINE, seconds, seed)
    print(f"plain: {dt / n * 1e6:.1f} us per random legal action over {n} actions (floor {ref * 1e6:.2f} us)")
    print(f"{'hot spot':<12} {'calls/action':>13} {'us/action':>10}  (inclusive; one spot wrapped per run)")
    for home, fname in HOT:
        got = measure(home, fname, seconds / 2, seed)
        if got is None:
            print(f"{fname:<12} {'(absent)':>13}")
            continue
        n, timer = got
        print(f"{fname:<12} {timer.calls / n:>13.2f} {timer.net_ns / n / 1e3:>10.1f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(float(args[0]) if args else 4.0, int(args[1]) if len(args) > 1 else 1)
