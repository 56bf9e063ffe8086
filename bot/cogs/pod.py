"""/pod status | deck | pool | start | result: a draft or sealed pod after its draft (bot.services.podplay).

Which pod: the ``pod`` option when given; else the pod whose thread this is; else the caller's
newest pod that is building decks or playing (then the newest finished one).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.podplay import PodRow
from bot.services.podplay import PHASES, PodError
from bot.ui.deckbuild import open_panel, send_pool_text

if TYPE_CHECKING:
    from bot.ui.host import Host

log = logging.getLogger(__name__)


def _is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


class PodCog(
    commands.GroupCog, group_name="pod", group_description="Your draft or sealed pod: decks, pairings"
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._resume_task: asyncio.Task[None] | None = None
        super().__init__()

    async def cog_load(self) -> None:
        self._resume_task = asyncio.ensure_future(self._resume())

    async def _resume(self) -> None:
        await self.bot.wait_until_ready()
        await self.bot.podplay.resume()

    async def _pod(self, interaction: discord.Interaction, pod_id: int | None) -> PodRow:
        store = self.bot.podplay.store
        if pod_id is not None:
            pod = await store.pod(pod_id)
            if pod is None:
                raise PodError(f"There is no pod #{pod_id}.")
            return pod
        if interaction.channel_id is not None:
            pod = await store.pod_of_thread(interaction.channel_id)
            if pod is not None:
                return pod
        for statuses in (("building", "playing"), ("finished",)):
            mine = await store.pods_of_user(interaction.user.id, statuses)
            if mine:
                return mine[0]
        raise PodError("You're in no pod with decks or pairings. Use this in a pod's thread, or give `pod:`.")

    @app_commands.command(name="status", description="Pairings and standings of a pod so far")
    @app_commands.describe(pod="The pod number (default: this thread's pod, or your latest)")
    async def status(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        row = await self._pod(interaction, pod)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.podplay.status_text(row)
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="deck", description="Open your deck-building panel again")
    @app_commands.describe(pod="The pod number (default: this thread's pod, or your latest)")
    async def deck(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        row = await self._pod(interaction, pod)
        await open_panel(interaction, row.id)

    @app_commands.command(name="pool", description="Your pool as a text file for /deck import")
    @app_commands.describe(pod="The pod number (default: this thread's pod, or your latest)")
    async def pool(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        row = await self._pod(interaction, pod)
        await send_pool_text(interaction, row.id)

    @app_commands.command(
        name="start", description="Host or moderators: end deck building now; the AI builds missing decks"
    )
    @app_commands.describe(pod="The pod number (default: this thread's pod, or your latest)")
    async def start(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        """What the deck-building deadline does, at once: for a pod waiting on a player who left."""
        row = await self._pod(interaction, pod)
        if not (_is_moderator(interaction) or interaction.user.id == row.host_id):
            raise PodError("Only the pod's host or a moderator can end deck building.")
        if row.status != "building":
            raise PodError(f"{row.title} is not building decks: it is {PHASES[row.status]}.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        built = await self.bot.podplay.close_building(row.id, by=interaction.user.display_name)
        text = f"Deck building for {row.title} is closed and the rounds are starting."
        if built:
            text += f" The AI built decks for {', '.join(built)}."
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="result", description="Moderators: give a result to a pod table that play did not decide"
    )
    @app_commands.describe(
        round="The round",
        table="The table number",
        winner="The winner (leave out for a draw)",
        pod="The pod number (default: this thread's pod)",
    )
    async def result(
        self,
        interaction: discord.Interaction,
        round: int,
        table: int,
        winner: discord.Member | None = None,
        pod: int | None = None,
    ) -> None:
        row = await self._pod(interaction, pod)
        if not _is_moderator(interaction):
            raise PodError("Only a moderator (Manage Messages) who is not in the match can set a pod result.")
        seats = await self.bot.podplay.store.seats(row.id)
        seat = None
        if winner is not None:
            seat = next((s.seat for s in seats if s.user_id == winner.id), None)
            if seat is None:
                raise PodError(f"{winner.display_name} is not playing in {row.title}.")
        await self.bot.podplay.set_result(
            row.id, round, table, seat, by=interaction.user.id, by_name=interaction.user.display_name
        )
        who = f"{winner.display_name} wins" if winner else "a draw"
        await interaction.response.send_message(
            f"Round {round}, table {table} of {row.title}: {who} (result set by "
            f"{interaction.user.display_name}).",
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(PodCog(bot))
