"""/draft create|leave|reclaim|resume|status|log and /sealed create: Cosmic Draft and Unleashed Armada pods.

Who may read the draft log (/draft log, item 8): nobody may see another drafter's picks while it
matters (R85; sealed pools are private too, R81). So during the draft nobody gets a log, not even
the host or a moderator; once the draft is over each drafter gets their own picks (every pack they
held and what they took: nothing they did not see already); once the pod is finished (or was
cancelled after the draft), everyone gets the whole pod's log.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.drafts import DEFAULT_TIMER, TIMER_PRESETS
from bot.services.drafts.progress import progress_text
from bot.surfaces.draft import lobby_embed
from bot.ui.draft import check_dm, pod_lobby_view, send_panel
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.ui.host import Host


async def _refuse(interaction: discord.Interaction, exc: CardhostError) -> None:
    """A refusal is a sentence only the caller sees (answered here, so it is not an error)."""
    if interaction.response.is_done():
        await interaction.followup.send(str(exc), ephemeral=True)
    else:
        await interaction.response.send_message(str(exc), ephemeral=True)


BEST_OF_HELP = "Games per match in the rounds after the draft: best of 1 (default) or best of 3"
BEST_OF_CHOICES = [
    app_commands.Choice(name="best of 1", value=1),
    app_commands.Choice(name="best of 3 (side deck: the rest of your pool)", value=3),
]

ACTIVE = ("lobby", "drafting", "building", "playing")
OVER = ("finished", "cancelled")


async def create_pod(
    bot: Host, interaction: discord.Interaction, kind: str, seats: int, **options: Any
) -> None:
    """A pod in its lobby: the lobby message answers the command, then the host's DMs are checked."""
    user = interaction.user
    row = await bot.drafts.lobby.create(
        kind, seats, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        user_id=user.id, name=user.display_name, **options,
    )  # fmt: skip
    await interaction.response.send_message(embed=lobby_embed(row), view=pod_lobby_view(row.id))
    msg = await interaction.original_response()
    await bot.drafts.lobby.posted(row.id, msg.id)
    await check_dm(interaction)


async def pod_for(
    bot: Host, interaction: discord.Interaction, pod: int | None, statuses: tuple[str, ...]
) -> int:
    return await bot.drafts.pod_for(pod, interaction.channel_id, interaction.user.id, statuses)


class DraftCog(commands.GroupCog, group_name="draft", group_description="Cosmic Draft pods"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="create", description="Open a Cosmic Draft pod (3 packs of 18) in this channel"
    )
    @app_commands.describe(
        seats="How many drafters (4-8)",
        timer="Pick timer: seconds for a full pack, shrinking as the pack empties",
        bots="Let bots fill the empty seats when the host starts",
        async_="Async pod: up to 12 hours per pick and a DM when a pack waits",
        best_of=BEST_OF_HELP,
    )
    @app_commands.rename(async_="async")
    # Two decorators (discord.py merges them): one call's choices must share one value type.
    @app_commands.choices(best_of=BEST_OF_CHOICES)
    @app_commands.choices(
        timer=[
            app_commands.Choice(name=f"{name} ({int(sec)} s for a full pack)", value=name)
            for name, sec in TIMER_PRESETS.items()
        ],
    )
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 4, 8] = 8,
        timer: str = DEFAULT_TIMER,
        bots: bool = True,
        async_: bool = False,
        best_of: int = 1,
    ) -> None:
        try:
            await create_pod(
                self.bot, interaction, "draft", seats, timer=timer, bots=bots, async_=async_, best_of=best_of
            )
        except CardhostError as exc:
            await _refuse(interaction, exc)

    @app_commands.command(name="leave", description="Leave the draft you're in: a bot drafts for your seat")
    @app_commands.describe(pod="The pod's number (yours if not set)")
    async def leave(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        try:
            pod_id = await pod_for(self.bot, interaction, pod, ("drafting",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await self.bot.drafts.leave(pod_id, interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
        except CardhostError as exc:
            await _refuse(interaction, exc)

    @app_commands.command(name="reclaim", description="Take your draft seat back from the bot")
    @app_commands.describe(pod="The pod's number (yours if not set)")
    async def reclaim(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        try:
            pod_id = await pod_for(self.bot, interaction, pod, ("drafting",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await self.bot.drafts.reclaim(pod_id, interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
        except CardhostError as exc:
            await _refuse(interaction, exc)

    @app_commands.command(name="resume", description="Carry on a paused draft: your seat is yours again")
    @app_commands.describe(pod="The pod's number (yours, or this thread's, if not set)")
    async def resume(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        try:
            pod_id = await pod_for(self.bot, interaction, pod, ("drafting",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await self.bot.drafts.resume(pod_id, interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
        except CardhostError as exc:
            await _refuse(interaction, exc)

    @app_commands.command(name="status", description="The pod's progress, and your pack if you're drafting")
    @app_commands.describe(pod="The pod's number (yours, or this thread's, if not set)")
    async def status(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        try:
            pod_id = await pod_for(self.bot, interaction, pod, ACTIVE)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._send_status(interaction, pod_id)
        except CardhostError as exc:
            await _refuse(interaction, exc)

    async def _send_status(self, interaction: discord.Interaction, pod_id: int) -> None:
        """The public progress, plus the caller's own pack panel while drafting."""
        live = await self.bot.drafts.current(pod_id)
        if live.row.status == "lobby" or live.state is None:
            row = await self.bot.drafts.store.get(pod_id)
            await interaction.followup.send(embed=lobby_embed(row), ephemeral=True)
            return
        await interaction.followup.send(progress_text(live), ephemeral=True)
        seat = live.seat_of(interaction.user.id)
        if seat is not None and live.drafting:
            await send_panel(interaction, live, seat.seat)

    @app_commands.command(name="log", description="The draft log: every pick with its pack, as JSON and text")
    @app_commands.describe(pod="The pod's number (your latest if not set)")
    async def log(self, interaction: discord.Interaction, pod: int | None = None) -> None:
        try:
            pod_id = await pod_for(self.bot, interaction, pod, ACTIVE + OVER)
            await interaction.response.defer(ephemeral=True, thinking=True)
            name, data, text, note = await self.bot.drafts.draft_log(pod_id, interaction.user.id)
            files = [
                discord.File(io.BytesIO(json.dumps(data, indent=1).encode()), filename=f"{name}.json"),
                discord.File(io.BytesIO(text.encode()), filename=f"{name}.txt"),
            ]
            await interaction.followup.send(note, files=files, ephemeral=True)
        except CardhostError as exc:
            await _refuse(interaction, exc)


class SealedCog(commands.GroupCog, group_name="sealed", group_description="Unleashed Armada sealed pods"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Open an Unleashed Armada sealed pod: six boosters each")
    @app_commands.describe(
        seats="How many players (2-8)",
        bots="Let bots fill the empty seats at the start",
        best_of=BEST_OF_HELP,
    )
    @app_commands.choices(best_of=BEST_OF_CHOICES)
    @app_commands.guild_only()
    async def create(
        self,
        interaction: discord.Interaction,
        seats: app_commands.Range[int, 2, 8] = 8,
        bots: bool = True,
        best_of: int = 1,
    ) -> None:
        try:
            await create_pod(self.bot, interaction, "sealed", seats, bots=bots, best_of=best_of)
        except CardhostError as exc:
            await _refuse(interaction, exc)


async def setup(bot: Host) -> None:
    await bot.add_cog(DraftCog(bot))
    await bot.add_cog(SealedCog(bot))
