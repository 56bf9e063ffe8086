"""After the draft (or the sealed opening): deck building in Discord, then rounds of matches.

``start_building(pod_id)`` is called by the drafting code once every seat's pool is in
``pod_seats.pool`` and the pod is 'building'. Nothing here imports Discord: what people are told
and the matches' threads go through ``PodNotices`` (``notices``; ``bot/surfaces/pod.py``
implements it), the clicks are read in ``bot/ui/deckbuild.py`` and ``bot/cogs/pod.py``. The
service is made of parts:

- ``base``: ``PodKit`` (the pod lock, background tasks), ``PodError``, ``PHASES``, seat names.
- ``notices``: the ``Protocol`` of what the service tells Discord.
- ``deckrules``: the limited deck rules the panel applies (minimum size, basics, legality).
- ``panel``: what the deck-building panel shows (its text, ``PanelSpec``).
- ``building``: sending the panels, the builder's clicks, Submit, the copy in the player's library.
- ``deadline``: the deck-building time limit, its warning, ``/pod start``.
- ``pairing``: round robin or Swiss, how many rounds, the results so far.
- ``rounds``: pairing, the tables' matches, results, the end of the pod.
- ``standings``: standings tables and ``/pod status``.
- ``restart``: ``resume()`` after a restart.
- ``service``: ``PodPlayService``, the parts held together.
"""

from bot.services.podplay.base import PHASES, PodError, when
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
from bot.services.podplay.panel import Option, PanelSpec, panel_spec, panel_text
from bot.services.podplay.service import PodPlayService

__all__ = [
    "ASYNC_BUILD_MINUTES",
    "BUILD_MINUTES",
    "BUILD_WARN_SECONDS",
    "PHASES",
    "Option",
    "PanelSpec",
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
