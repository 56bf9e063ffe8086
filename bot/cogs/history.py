"""/history [player] [game] [export]: a player's matches on this server, paged, or their own
records as files.

The pages (``bot.ui.history``) list each match with its opponents, the result, the date and the
rating change, five to a page with Prev/Next buttons that survive a restart. ``export: True``
sends the player's own records (every server) as a CSV and a JSON file, to them alone.

Discord does not let a command that has subcommands run by itself, so the export is an option of
``/history`` rather than a ``/history export`` subcommand: ``/history export: True``.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.mentions import NO_PINGS
from bot.services.history import export
from bot.ui.history import history_page
from engines.core import CardhostError
from engines.games import all_games

if TYPE_CHECKING:
    from bot.ui.host import Host


class HistoryCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="history", description="Matches played on this server, or export your own records"
    )
    @app_commands.describe(
        player="Whose matches (yours if not set)",
        game="Only this game's matches",
        export="Send me my own match records as CSV and JSON files (only you see them)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=g.title, value=g.name) for g in all_games()])
    @app_commands.guild_only()
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
        export: bool = False,
    ) -> None:
        if export:
            if player is not None and player.id != interaction.user.id:
                raise CardhostError("You can export only your own match records: leave out player.")
            await self._export(interaction)
            return
        if interaction.guild_id is None:
            raise CardhostError("Match history is kept per server: use /history in a server's channel.")
        await interaction.response.defer(thinking=True)
        whose = player or interaction.user
        content, view = await history_page(
            self.bot, interaction.guild_id, interaction.user.id, whose.id, game, 0, whose.display_name
        )
        if view is None:
            await interaction.followup.send(content, allowed_mentions=NO_PINGS)
        else:
            await interaction.followup.send(content, view=view, allowed_mentions=NO_PINGS)

    async def _export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        done = await export(self.bot.db, user.id)
        if not done.matches and not done.left_out:
            await interaction.followup.send(
                "You have no ended matches to export yet.", ephemeral=True, allowed_mentions=NO_PINGS
            )
            return
        files = [
            discord.File(io.BytesIO(done.csv), filename=f"cardhost-matches-{user.id}.csv"),
            discord.File(io.BytesIO(done.json), filename=f"cardhost-matches-{user.id}.json"),
        ]
        matches = "1 match" if done.matches == 1 else f"{done.matches} matches"
        text = f"Your match records ({matches}, every server) as CSV and JSON."
        if done.left_out:
            text += f" The {done.left_out} oldest were left out so the files fit in a message."
        await interaction.followup.send(text, files=files, ephemeral=True, allowed_mentions=NO_PINGS)


async def setup(bot: Host) -> None:
    await bot.add_cog(HistoryCog(bot))
