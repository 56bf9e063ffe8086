"""Direct messages: the error code that means "this user's DMs are closed". The greeting that
tests them answers an interaction, so it is ``bot.ui.dms.greet_by_dm``."""

from __future__ import annotations

DM_CLOSED = 50007
"""Discord's "Cannot send messages to this user" (DMs closed, or no shared server)."""
