"""Direct messages: the error code that means "this user's DMs are closed", and the greeting that
tests them when someone joins a lobby or a pod (so they learn at once how to play without DMs,
rather than when their first private message fails)."""

from __future__ import annotations

import discord

DM_CLOSED = 50007
"""Discord's "Cannot send messages to this user" (DMs closed, or no shared server)."""


async def greet_by_dm(interaction: discord.Interaction, greeting: str, help_text: str) -> bool:
    """DM ``greeting`` to the user; if their DMs are closed, answer ``help_text`` to them alone (a
    followup: the interaction is already acknowledged). Returns whether the DM went through."""
    try:
        await interaction.user.send(greeting)
        return True
    except discord.Forbidden as exc:
        if exc.code != DM_CLOSED:
            raise
        await interaction.followup.send(help_text, ephemeral=True)
        return False
    except (discord.DiscordServerError, discord.RateLimited, TimeoutError, OSError):
        # Discord failed this once (a 5xx, a timeout, a long rate limit): the greeting is only a
        # test of the DMs, and the first panel of the game finds out (through the sender, which
        # tries again) whether they are open; the join itself goes on.
        return True
