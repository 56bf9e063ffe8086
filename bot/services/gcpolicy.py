"""Garbage collection tuned for many live matches: fewer full collections, none of start-up data.

A full (generation 2) collection walks every object the process keeps, and a live match keeps
its state: about 120 objects per Afrika position, so 1,000 live Afrika matches are ~320,000
objects and one full collection held the event loop for 0.1-0.25 s (bench/capacity.py, 2 cores).
CPython starts one when generation 1 has been collected ``threshold2`` (10) times and the
long-lived objects grew by a quarter; every move's new state counts as that growth, so at 100
moves a second that was every few seconds, and each one was a click answered late.

- Start-up data (modules, card pools, renderers' tables, discord.py's) is frozen once per process:
  full collections skip it. It is never garbage (a frozen object is still freed when nothing
  refers to it; only cycles among frozen objects would stay).
- ``CARDHOST_FULL_GC_EVERY`` (default 100) replaces CPython's 10: generations 0 and 1 are
  collected as before (young cycles go at once), full collections ten times less often.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def tune(full_every: int) -> None:
    """Apply the policy: freeze what exists now (first call in a process only) and collect the
    oldest generation only every ``full_every`` collections of the middle one."""
    if gc.get_freeze_count() == 0:
        gc.collect()  # what is garbage already must not be frozen
        gc.freeze()
    first, second, _ = gc.get_threshold()
    gc.set_threshold(first, second, max(1, full_every))
    log.debug("gc tuned", extra={"ctx": {"frozen": gc.get_freeze_count(), "threshold": gc.get_threshold()}})
