"""Drafting in Discord: pod lobbies, packs by DM, pick clocks, seat takeover, restart, sealed starts.

A pod is stored as its config, seed and pick log (``bot/db/drafts.py``); its state is
``engines.draft.pod.replay`` of them, kept in memory (``LivePod``) once loaded. The cards come
through the game's declarations (its ``CardSource`` and ``TableSpec.pack_image``), so nothing here
names a game. Time is read through ``bot.services.clock.now()``, which the offline test Discord
moves forward. Nothing here imports Discord: what people are told goes through ``DraftNotices``
(``notices``; ``bot/surfaces/draft.py`` implements it) and the clicks are read in
``bot/ui/draft.py`` and ``bot/cogs/draft.py``. The service is made of parts:

- ``timing``: how long a pick may take (R86), warnings, when a bot takes a seat over.
- ``cards``: the cards as players see them: pick menu lines (``CardOption``), names.
- ``base``: ``LivePod``, ``Plan``, ``DraftPods`` (the pods in memory), ``DraftServiceError``.
- ``notices``: the ``Protocol`` of what the service tells Discord.
- ``clocks``: arming and firing pick clocks, the warning before a pick runs out.
- ``panel``: what a drafter's private pack panel shows.
- ``progress``: the public progress in the pod's thread (never a card, R85).
- ``picking``: planning and committing picks, a player's pick, telling people, the draft's end.
- ``takeover``: a pick that ran out, a bot drafting for a seat, taking the seat back.
- ``lobby``: creating a pod, its lobby buttons, seating and starting it (draft or sealed).
- ``draftlog``: ``/draft log`` for one reader.
- ``service``: ``DraftService``, the parts held together (and ``restore()`` after a start-up).
"""

from bot.services.drafts.base import DEFAULT_SLOTS, DraftServiceError, LivePod, Plan
from bot.services.drafts.cards import CardOption, card_name, card_option, card_options
from bot.services.drafts.lobby import (
    DM_HELP,
    DRAFT_SEATS,
    KIND_TITLE,
    POD_BEST_OF,
    SEALED_BOOSTERS,
    SEALED_SEATS,
    SEATING_SALT,
)
from bot.services.drafts.service import DraftService
from bot.services.drafts.timing import (
    ASYNC_PICK_SECONDS,
    DEFAULT_TIMER,
    LAST_PICK_SHARE,
    MIN_PICK_SECONDS,
    TAKEOVER_AFTER,
    TIMER_PRESETS,
    WARN_SECONDS,
    pick_seconds,
)

__all__ = [
    "ASYNC_PICK_SECONDS",
    "DEFAULT_SLOTS",
    "DEFAULT_TIMER",
    "DM_HELP",
    "DRAFT_SEATS",
    "KIND_TITLE",
    "LAST_PICK_SHARE",
    "MIN_PICK_SECONDS",
    "POD_BEST_OF",
    "SEALED_BOOSTERS",
    "SEALED_SEATS",
    "SEATING_SALT",
    "TAKEOVER_AFTER",
    "TIMER_PRESETS",
    "WARN_SECONDS",
    "CardOption",
    "DraftService",
    "DraftServiceError",
    "LivePod",
    "Plan",
    "card_name",
    "card_option",
    "card_options",
    "pick_seconds",
]
