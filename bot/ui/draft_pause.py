"""The **Resume** button under a paused pod's notice in its thread (``drp:<pod>``).

A pod pauses when nobody picks any more (``bot.services.drafts.base.pauses``); any drafter of the
pod clicks it (or uses ``/draft resume``, or picks in their DM panel) to take their seat back, with
its picks so far, and the draft goes on. The host is told the same, and resumes it the same way.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ids import ROW_ID
from bot.ui.components import bot_of
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError


class ResumeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"drp:(?P<pod>{ROW_ID})"):
    def __init__(self, pod_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Resume: take my seat back",
                emoji="▶️",
                style=discord.ButtonStyle.success,
                custom_id=f"drp:{pod_id}",
            )
        )
        self.pod_id = pod_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResumeButton:
        return cls(int(match["pod"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await on_resume(interaction, self.pod_id)


def resume_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResumeButton(pod_id))
    return view


async def on_resume(interaction: discord.Interaction, pod_id: int) -> None:
    """The clicker's seat is theirs again and the pod goes on; a refusal is a sentence to them."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        text = await bot_of(interaction).drafts.resume(pod_id, interaction.user.id)
    except CardhostError as exc:
        text = str(exc)
    await interaction.followup.send(text, ephemeral=True)
