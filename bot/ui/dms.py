"""The greeting that tests a player's direct messages when they join a lobby or a pod, so they
learn at once how to play without DMs rather than when their first private message fails. It
answers an interaction, so it lives with the ui; the error code it reads is
``bot.services.dms.DM_CLOSED``."""

from __future__ import annotations

import discord

from bot.services.dms import DM_CLOSED


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
        # tries again) whether they are open; the join itself goes on (issue #33 item 1).
        return True
