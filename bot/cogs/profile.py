"""/profile: games played, wins, losses and places, overall and per game; on a server also the
player's rating per game with its trend, their favourite decks and their recent matches there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.mentions import NO_PINGS
from bot.services.profile import profile_fields
from engines.core import get_engine

if TYPE_CHECKING:
    from bot.ui.host import Host


class ProfileCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="profile", description="Your results (or another player's)")
    @app_commands.describe(player="Whose profile (you if not set)")
    async def profile(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        user = player or interaction.user
        prof = await self.bot.db.players.profile(user.id)
        extra = await profile_fields(self.bot.db, user.id, interaction.guild_id)
        embed = discord.Embed(title=f"{user.display_name}'s results", colour=discord.Colour.gold())
        if not prof.games_played:
            embed.description = "No finished games yet. Start one with /play."
        else:
            avg = f"{prof.average_place:.2f}" if prof.average_place is not None else "-"
            embed.description = (
                f"Games played: **{prof.games_played}** · wins: **{prof.wins}** · "
                f"losses: **{prof.losses}** · average place: **{avg}**"
            )
        for game in sorted({*prof.per_game, *extra.ratings}):
            try:
                title = get_engine(game).title
            except Exception:
                title = game
            lines = []
            stats = prof.per_game.get(game)
            if stats is not None:
                gavg = f"{stats.average_place:.2f}" if stats.average_place is not None else "-"
                lines.append(
                    f"{stats.played} played · {stats.wins} won · {stats.losses} lost · avg place {gavg}"
                )
            if game in extra.ratings:
                lines.append(extra.ratings[game])
            embed.add_field(name=title, value="\n".join(lines), inline=False)
        for name, value in extra.fields:
            embed.add_field(name=name, value=value, inline=False)
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)


async def setup(bot: Host) -> None:
    await bot.add_cog(ProfileCog(bot))
