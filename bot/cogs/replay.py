"""/replay match: an ended match's boards again, as an animation and step by step.

The cog parses the command and hands it to ``bot.ui.replay.send_replay``, which the "Watch the
replay" button also uses; the replay itself is ``bot.services.replays`` (rebuilt from the seed
and the action log, drawn from the spectator's view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.replay import send_replay

if TYPE_CHECKING:
    from bot.ui.host import Host

DISCORD_MAX_INT = 2**53 - 1
"""The largest integer a slash-command option may carry (below SQLite's largest row id)."""


@app_commands.guild_only()
class ReplayCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="replay", description="Watch an ended game again: an animation, then step by step"
    )
    @app_commands.describe(match="The game's number (its board says 'game #N')")
    async def replay(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1, DISCORD_MAX_INT],
    ) -> None:
        await send_replay(interaction, match, public=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(ReplayCog(bot))
