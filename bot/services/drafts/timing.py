"""How long a pick may take (R86), and when a bot takes a slow seat over.

A leaf of the package: ``LivePod`` (``base``), the lobby's words and the clocks all read it, and
``bot/cogs/draft.py`` offers ``TIMER_PRESETS`` as the ``timer`` choices.
"""

from __future__ import annotations

TIMER_PRESETS: dict[str, float] = {"fast": 75.0, "normal": 90.0, "slow": 120.0}
"""Seconds for a full pack; the time shrinks as the pack empties (``pick_seconds``)."""
DEFAULT_TIMER = "normal"
LAST_PICK_SHARE = 0.10
"""The last card of a pack gets this share of a full pack's time."""
MIN_PICK_SECONDS = 5.0
ASYNC_PICK_SECONDS = 12 * 3600.0
"""Async pods: every pick may take half a day; nobody is replaced for being slow."""
WARN_SECONDS = 10.0
"""A warning this long before a pick runs out (when the pick has at least twice as long)."""
TAKEOVER_AFTER = 3
"""Missed picks in a row after which a bot drafts for the seat (not in async pods)."""


def pick_seconds(full: float, cards_left: int, pack_size: int = 18) -> float:
    """R86: ``full`` seconds for a full pack, shrinking linearly to 10% of it at the last card."""
    if pack_size <= 1:
        return full
    share = LAST_PICK_SHARE + (1 - LAST_PICK_SHARE) * (max(1, cards_left) - 1) / (pack_size - 1)
    return max(MIN_PICK_SECONDS, full * min(1.0, share))
