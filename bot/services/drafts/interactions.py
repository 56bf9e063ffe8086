"""The draft's buttons and selects (``bot/ui/draft.py``) and ``/draft status``: each parses the
click, calls the service and answers; refusals are sentences sent to the clicker alone."""

from __future__ import annotations

from typing import Any

import discord

from bot.services.drafts.base import DraftServiceError, LivePod
from bot.services.drafts.cards import card_options
from bot.services.drafts.lobby import Lobby
from bot.services.drafts.takeover import Takeover
from bot.ui.draft import pick_view
from engines.core import CardhostError
from engines.draft import pod as engine


class Interactions(Lobby, Takeover):
    """A card chosen in the menu, Confirm, Open my pack, Take my seat back, ``/draft status``."""

    async def on_select(
        self, interaction: discord.Interaction, pod_id: int, ref_text: str, card: str
    ) -> None:
        try:
            live = await self.current(pod_id)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise DraftServiceError("You're not drafting in this pod.")
            if not live.drafting:
                raise DraftServiceError("The draft is over: there are no packs left to pick from.")
            assert live.state is not None
            ref = engine.current_ref(live.state, seat.seat)
            if ref is None or ref.text() != ref_text:
                raise engine.StalePick()
            pack = engine.current_pack(live.state, seat.seat)
            assert pack is not None
            if card not in pack.cards:
                raise engine.NotInPack()
        except CardhostError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        options = card_options(pack.cards)
        await interaction.response.edit_message(view=pick_view(pod_id, ref_text, options, selected=card))

    async def on_confirm(
        self, interaction: discord.Interaction, pod_id: int, ref_text: str, card: str
    ) -> None:
        await interaction.response.defer()
        try:
            live, plan = await self.submit(pod_id, interaction.user.id, ref_text, card)
        except CardhostError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        seat = live.seat_of(interaction.user.id)
        assert seat is not None
        clicked = interaction.message.id if interaction.message is not None else None
        if clicked is not None and clicked != seat.dm_message_id:
            # An ephemeral panel (closed DMs, "Open my pack"): show the next pack in it.
            content, file, view = await self.panel(live, seat.seat)
            await interaction.edit_original_response(
                content=content, attachments=[file] if file else [], view=view
            )
        await self._after_change(live, plan, first=seat.seat)

    async def on_open_pack(self, interaction: discord.Interaction, pod_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.current(pod_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await interaction.followup.send(
                "You're watching this pod: only its drafters have packs (and nobody sees another's picks).",
                ephemeral=True,
            )
            return
        await self._send_panel(interaction, live, seat.seat)

    async def _send_panel(self, interaction: discord.Interaction, live: LivePod, seat: int) -> None:
        content, file, view = await self.panel(live, seat)
        kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)

    async def on_reclaim(self, interaction: discord.Interaction, pod_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = await self.reclaim(pod_id, interaction.user.id)
        except CardhostError as exc:
            text = str(exc)
        await interaction.followup.send(text, ephemeral=True)

    async def send_status(self, interaction: discord.Interaction, pod_id: int) -> None:
        """/draft status: the public progress, plus the caller's own pack panel while drafting."""
        live = await self.current(pod_id)
        if live.row.status == "lobby" or live.state is None:
            row = await self.store.get(pod_id)
            await interaction.followup.send(embed=self.lobby_embed(row), ephemeral=True)
            return
        await interaction.followup.send(self.progress_text(live), ephemeral=True)
        seat = live.seat_of(interaction.user.id)
        if seat is not None and live.drafting:
            await self._send_panel(interaction, live, seat.seat)
