"""Item 6, draft: an 8-seat pod of draft bots makes all 432 picks (8 seats x 3 packs x 18) and builds
finished decks; the figure is the server CPU time (``time.process_time``), with a floor of opening
the same 24 boosters.

Not yet available: ``engines.draft`` has boosters and the AI deck builder, but no pod (pick
passing) engine. When ``engines.draft.pod`` exists, implement ``_run_pod`` below against it; the
harness already lists this bench, so nothing else needs to change.
"""

from __future__ import annotations

import importlib.util

from bench.core import Context, Figure, NotAvailable

SEATS, PACKS, PICKS = 8, 3, 18


def run(ctx: Context) -> list[Figure]:
    if (
        importlib.util.find_spec("engines.draft") is None
        or importlib.util.find_spec("engines.draft.pod") is None
    ):
        raise NotAvailable("no draft pod engine yet (engines.draft.pod); boosters and autobuild exist")
    return _run_pod(ctx)  # pragma: no cover - waits for the pod engine


def _run_pod(ctx: Context) -> list[Figure]:  # pragma: no cover
    raise NotAvailable("engines.draft.pod exists but bench/draft.py does not drive it yet")
