"""``DraftService``: drafting in Discord, put together from its parts."""

from __future__ import annotations

from bot.services.drafts.draftlog import DraftLog
from bot.services.drafts.interactions import Interactions
from bot.services.drafts.restart import Restart


class DraftService(Interactions, DraftLog, Restart):
    """One per bot (``bot.drafts``): lobbies, picking, clocks and takeover, the DM panels, the
    progress message, the draft log, restart. The parts share ``DraftBase``'s state (store, pods
    in memory, clock handles)."""
