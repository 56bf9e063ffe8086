"""The switch between the engine's fast paths and the plain ones each of them must equal.

Issue #23 item 3 made the engine several times faster with paths that are easy to get subtly
wrong: a Game thawed lazily (only the card objects a move reads become mutable copies), the legal
list ``legal_actions`` computed reused by ``apply``, values derived from a Game that is not
changing (characteristics, energy sources) remembered on it. Each keeps its plain counterpart,
and ``plain()`` turns the fast ones off inside a with-block: tests/engines/afrika/test_fast_paths.py
plays seeded random and AI games both ways and compares states, events, legal lists, views and
the AI's choices after every move. Nothing in production turns them off.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ON = True
"""Read as ``fast.ON`` at every use (never imported by value), so ``plain()`` reaches every module."""


@contextmanager
def plain() -> Iterator[None]:
    """Run the block on the plain (reference) paths only."""
    global ON
    old = ON
    ON = False
    try:
        yield
    finally:
        ON = old
