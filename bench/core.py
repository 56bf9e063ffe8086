"""The harness's small core: figures, the registry of benches, timing helpers.

A bench is a function ``run(ctx) -> list[Figure]`` registered with ``@bench(...)``. A figure is one
number with its unit and, for speed figures, the floor it is divided by: a cheap reference
operation timed in the same run on the same machine (shared machines drift; ratios hold).
"""

from __future__ import annotations

import importlib
import math
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


class NotAvailable(Exception):
    """Raised by a bench whose subject does not exist yet; the harness prints a 'skipped' row."""


@dataclass
class Figure:
    key: str
    """Stable id, e.g. ``latency.click.first_response.p99@200``."""
    label: str
    value: float
    unit: str
    floor: float | None = None
    """The reference measured in the same run (same unit), when the figure is a speed."""
    floor_label: str = ""
    target: float | None = None
    """The ratio (or, with ``target_on='value'``, the value) the issue asks for, at most."""
    target_on: str = "ratio"
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.floor is None or self.floor <= 0:
            return None
        return self.value / self.floor

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        measured = self.ratio if self.target_on == "ratio" else self.value
        return None if measured is None else measured <= self.target

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ratio"] = self.ratio
        data["met"] = self.met
        return data


@dataclass
class Context:
    quick: bool
    workdir: Path
    seed: int = 1
    log: Callable[[str], None] = print
    extra: dict[str, Any] = field(default_factory=dict)

    def n(self, full: int, quick: int) -> int:
        """A count: ``full`` normally, ``quick`` in quick mode."""
        return quick if self.quick else full

    def tmp(self, prefix: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=prefix, dir=self.workdir))


@dataclass
class Bench:
    name: str
    item: int
    title: str
    module: str
    """Module holding ``run(ctx)``; imported only when the bench runs."""
    figures: tuple[str, ...] = ()
    """Keys of the figures the bench must report (checked by the quick-mode test)."""

    def load(self) -> Callable[[Context], list[Figure]]:
        mod = importlib.import_module(self.module)
        fn: Callable[[Context], list[Figure]] = mod.run
        return fn


REGISTRY: dict[str, Bench] = {}


def register(b: Bench) -> Bench:
    REGISTRY[b.name] = b
    return b


# --------------------------------------------------------------------------------------------
# statistics and timing


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def median(values: Iterable[float]) -> float:
    vals = list(values)
    return statistics.median(vals) if vals else math.nan


def time_each(fn: Callable[[], object], repeat: int, warmup: int = 1) -> list[float]:
    """Seconds per call of ``fn``, ``repeat`` times after ``warmup`` untimed calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def ms(seconds: float) -> float:
    return seconds * 1000.0


def us(seconds: float) -> float:
    return seconds * 1_000_000.0
