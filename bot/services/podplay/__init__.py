"""After the draft (or the sealed opening): deck building in Discord, then rounds of matches.

``start_building(pod_id)`` is called by the drafting code once every seat's pool is in
``pod_seats.pool`` and the pod is 'building'. The service is split by what each part holds:

- ``base``: the pod lock, background tasks, the pod's thread, ``PodError``, ``PHASES``.
- ``deckrules``: the limited deck rules the panel applies (minimum size, basics, legality).
- ``panel``: the deck-building panel's text and menus.
- ``building``: the panels' buttons, Submit, the copy in the player's library.
- ``deadline``: the deck-building time limit, its warning, ``/pod start``.
- ``rounds``: pairing, the tables' matches, results, the end of the pod.
- ``standings``: standings tables and ``/pod status``.
- ``restart``: ``resume()`` after a restart.
- ``service``: ``PodPlayService``, all of the above on one object.
"""

from bot.services.podplay.base import NO_MENTIONS, PHASES, PodError, when
from bot.services.podplay.deadline import (
    ASYNC_BUILD_MINUTES,
    BUILD_MINUTES,
    BUILD_WARN_SECONDS,
    build_seconds,
)
from bot.services.podplay.deckrules import (
    basic_of,
    deck_problems,
    energy_symbols,
    library_deck,
    pool_text,
    suggest_basics,
    with_basics,
)
from bot.services.podplay.panel import panel_spec, panel_text
from bot.services.podplay.service import PodPlayService

__all__ = [
    "ASYNC_BUILD_MINUTES",
    "BUILD_MINUTES",
    "BUILD_WARN_SECONDS",
    "NO_MENTIONS",
    "PHASES",
    "PodError",
    "PodPlayService",
    "basic_of",
    "build_seconds",
    "deck_problems",
    "energy_symbols",
    "library_deck",
    "panel_spec",
    "panel_text",
    "pool_text",
    "suggest_basics",
    "when",
    "with_basics",
]
