"""/game concede, /game end, /game reclaim, /game status: acting on the match of this thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.presenters import ranking_text
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.services.matches import LiveMatch
    from bot.ui.host import Host


REASON_LIMIT = 300
"""Characters of a /game end reason: it is shown in the thread with the final ranking."""


class NoGameHere(CardhostError):
    def __init__(self) -> None:
        super().__init__("There's no running game here. Use this command in a game's thread.")


class PlayerMayNotVoid(CardhostError):
    def __init__(self) -> None:
        super().__init__(
            "You play in this rated game, so you cannot end it without a result: use `/game concede` "
            "to give it up, or ask a moderator who is not playing to end it."
        )


class GameCog(commands.GroupCog, group_name="game", group_description="The game in this thread"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    async def _match_here(self, interaction: discord.Interaction, *, active_only: bool = True) -> LiveMatch:
        store = self.bot.db.matches
        channel_id = interaction.channel_id
        assert channel_id is not None
        row = await store.by_thread(channel_id)
        if row is None:
            # In the parent channel: the caller's most recent running game there.
            for candidate in reversed(await store.active_in_channel(channel_id)):
                live = await self.bot.matches.current(candidate.id)
                if live.seat_of(interaction.user.id) is not None:
                    return live
            raise NoGameHere()
        live = await self.bot.matches.current(row.id)
        if active_only and not live.active:
            raise CardhostError("This game is already over.")
        return live

    @app_commands.command(name="concede", description="Give up the game in this thread")
    async def concede(self, interaction: discord.Interaction) -> None:
        live = await self._match_here(interaction)
        await interaction.response.defer(ephemeral=True)
        report = await self.bot.matches.concede(live.id, interaction.user.id)
        await self.bot.table.after_report(report)
        await interaction.followup.send("You conceded.", ephemeral=True)

    @app_commands.command(name="end", description="End the game in this thread (host or moderators)")
    @app_commands.describe(
        reason=f"Why the game is ended (shown in the thread; at most {REASON_LIMIT} characters)"
    )
    async def end(self, interaction: discord.Interaction, reason: str | None = None) -> None:
        live = await self._match_here(interaction, active_only=False)
        perms = getattr(interaction.user, "guild_permissions", None)
        if interaction.user.id != live.host_id and not (perms and perms.manage_messages):
            raise CardhostError("Only the host or someone with Manage Messages can end this game.")
        if reason and len(reason) > REASON_LIMIT:
            # Refused before anything ends: the reason rides in the end message, the final ranking
            # and the match of several games' summary, each of which must still fit.
            raise CardhostError(
                f"A reason can have at most {REASON_LIMIT} characters (yours has {len(reason)}): "
                "the game goes on."
            )
        if live.active and live.seat_of(interaction.user.id) is not None and await self._rated(live):
            # Ending without a result voids the game for the ladder: a player about to lose would
            # void their loss. As with a pod's tables, only a moderator outside the match may.
            raise PlayerMayNotVoid()
        await interaction.response.defer(ephemeral=True)
        text = f"ended by {interaction.user.display_name}" + (f": {reason}" if reason else "")
        if not live.active:
            # Between two games of a best-of-N: the match of several games ends.
            if await self.bot.series.end_between_games(live.id, text):
                await interaction.followup.send("The match was ended.", ephemeral=True)
                return
            raise CardhostError("This game is already over.")
        live = await self.bot.matches.end(live.id, text)
        await self.bot.table.post_board(live, new_message=True)
        await self.bot.table.announce_end(live)
        await interaction.followup.send("The game was ended.", ephemeral=True)

    async def _rated(self, live: LiveMatch) -> bool:
        return bool(await self.bot.ratings.would_rate(live))

    @app_commands.command(name="reclaim", description="Take your seat back from the AI that played it")
    async def reclaim(self, interaction: discord.Interaction) -> None:
        live = await self._match_here(interaction)
        await interaction.response.defer(ephemeral=True)
        live = await self.bot.matches.reclaim(live.id, interaction.user.id)
        await self.bot.table.seat_reclaimed(live, interaction.user.id)
        await interaction.followup.send(
            "Your seat is yours again: you decide from the next decision on.", ephemeral=True
        )

    @app_commands.command(name="status", description="See the board and whose turn it is (only you see it)")
    async def status(self, interaction: discord.Interaction) -> None:
        # Defer before touching the database: the first response must never wait on storage.
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self._match_here(interaction, active_only=False)
        file = await self.bot.table.board_file(live)
        content = self.bot.table.board_content(live, mention=False)
        if live.status != "active":
            row = await self.bot.db.matches.get(live.id)
            if row.outcome:
                content += "\n" + ranking_text(row.outcome["ranking"], live.names, row.end_reason or "")
        series = await self.bot.series.status_line(live.id)
        if series:
            content += "\n" + series
        await interaction.followup.send(content, file=file, ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(GameCog(bot))
