"""Drafting in Discord: pod lobbies, packs by DM, pick clocks, seat takeover, restart, sealed starts.

A pod is stored as its config, seed and pick log (``bot/db/drafts.py``); its state is
``engines.draft.pod.replay`` of them, kept in memory (``LivePod``) once loaded. The cards come
through the game's declarations (its ``CardSource`` and ``TableSpec.pack_image``), so nothing here
names a game. Time is read through ``discord.utils.utcnow()``, which the offline test Discord moves
forward. The service is split by what each part holds:

- ``timing``: how long a pick may take (R86), warnings, when a bot takes a seat over.
- ``cards``: the cards as players see them: pick menu lines, names, the pack image.
- ``base``: ``LivePod``, ``Plan``, loading a pod, the pod's thread, ``DraftServiceError``.
- ``clocks``: arming and firing pick clocks, the warning before a pick runs out.
- ``panel``: each drafter's private pack panel by DM (or ephemeral), pings for async pods.
- ``progress``: the public progress message in the pod's thread (never a card, R85).
- ``picking``: planning and committing picks, a player's pick, telling people, the draft's end.
- ``takeover``: a pick that ran out, a bot drafting for a seat, taking the seat back.
- ``lobby``: creating a pod, its lobby buttons, seating and starting it (draft or sealed).
- ``interactions``: the menu, Confirm, Open my pack, Take my seat back, ``/draft status``.
- ``draftlog``: ``/draft log`` for one reader.
- ``restart``: ``restore()`` after a start-up.
- ``service``: ``DraftService``, all of the above on one object.
"""

from bot.services.drafts.base import DEFAULT_SLOTS, DraftServiceError, LivePod, Plan
from bot.services.drafts.cards import card_name, card_option, card_options
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
    "DraftService",
    "DraftServiceError",
    "LivePod",
    "Plan",
    "card_name",
    "card_option",
    "card_options",
    "pick_seconds",
]
