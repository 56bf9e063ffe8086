"""Draft components that survive a restart: every custom_id carries what its callback needs.

- ``PodLobbyButton`` ``drl:<pod>:<op>``: Join / Leave / Start / Cancel under a pod's lobby.
- ``PickSelect`` ``drs:<pod>:<ref>``: the cards of the pack a seat holds; ``ref`` is the
  ``PickRef`` text ("s3r1p7") of the pick it is for, so a select from an earlier pick is refused.
- ``PickConfirm`` ``drc:<pod>:<ref>:<card>``: Confirm, enabled once a card is chosen (the select
  rewrites the message's view with the card in the button's custom_id, so no choice is kept in
  memory and a restart between select and Confirm changes nothing). A second click, or a Confirm
  from an older message, meets a pick that no longer matches and stores nothing.
- ``OpenPackButton`` ``dro:<pod>``: on the progress message: the clicking player's pack panel,
  shown to them alone (closed DMs, async pods).
- ``ReclaimButton`` ``drr:<pod>``: on the DM panel of a seat a bot took over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.ids import ROW_ID
from bot.ui.components import bot_of, selected_values
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals

NO_CARD = "-"


POD_LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class PodLobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"drl:(?P<pod>{ROW_ID}):(?P<op>join|leave|start|cancel)",
):
    def __init__(self, pod_id: int, op: str) -> None:
        label, style = POD_LOBBY_OPS[op]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"drl:{pod_id}:{op}"))
        self.pod_id, self.op = pod_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PodLobbyButton:
        return cls(int(match["pod"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, ("drl",), str(self.pod_id))
        await bot_of(interaction).drafts.on_lobby_button(interaction, self.pod_id, self.op)


@dataclass(frozen=True)
class CardOption:
    card: str
    label: str
    description: str


PICK_PANEL = ("drs", "drc")
"""A pick panel's select and Confirm, both about one pod and one pack (``pod:ref``): a pick click
edits the panel it is on, so only one of the same pack's (``bot.ui.provenance``)."""


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"drs:(?P<pod>{ROW_ID}):(?P<ref>s[0-9]+r[0-9]+p[0-9]+)",
):
    def __init__(
        self,
        pod_id: int,
        ref: str,
        options: Sequence[CardOption] = (),
        selected: str | None = None,
    ) -> None:
        opts = [
            discord.SelectOption(
                label=o.label[:100], value=o.card, description=o.description[:100] or None,
                default=o.card == selected,
            )
            for o in list(options)[:25]
        ]  # fmt: skip
        super().__init__(
            discord.ui.Select(
                custom_id=f"drs:{pod_id}:{ref}",
                placeholder="Choose a card, then Confirm",
                min_values=1,
                max_values=1,
                options=opts or [discord.SelectOption(label="-", value=NO_CARD)],
            )
        )
        self.pod_id, self.ref = pod_id, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        return cls(int(match["pod"]), match["ref"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, PICK_PANEL, f"{self.pod_id}:{self.ref}")
        values = selected_values(interaction)
        await bot_of(interaction).drafts.on_select(
            interaction, self.pod_id, self.ref, values[0] if values else ""
        )


class PickConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"drc:(?P<pod>{ROW_ID}):(?P<ref>s[0-9]+r[0-9]+p[0-9]+):(?P<card>[^:]+)",
):
    def __init__(self, pod_id: int, ref: str, card: str = NO_CARD, label: str = "Confirm") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=f"drc:{pod_id}:{ref}:{card}",
                disabled=card == NO_CARD,
            )
        )
        self.pod_id, self.ref, self.card = pod_id, ref, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickConfirm:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["pod"]), match["ref"], match["card"], label or "Confirm")

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, PICK_PANEL, f"{self.pod_id}:{self.ref}")
        await bot_of(interaction).drafts.on_confirm(interaction, self.pod_id, self.ref, self.card)


class OpenPackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"dro:(?P<pod>{ROW_ID})"):
    def __init__(self, pod_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Open my pack", emoji="📦", style=discord.ButtonStyle.primary, custom_id=f"dro:{pod_id}"
            )
        )
        self.pod_id = pod_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenPackButton:
        return cls(int(match["pod"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).drafts.on_open_pack(interaction, self.pod_id)


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"drr:(?P<pod>{ROW_ID})"):
    def __init__(self, pod_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take my seat back", style=discord.ButtonStyle.primary, custom_id=f"drr:{pod_id}"
            )
        )
        self.pod_id = pod_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReclaimButton:
        return cls(int(match["pod"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).drafts.on_reclaim(interaction, self.pod_id)


def pod_lobby_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in POD_LOBBY_OPS:
        view.add_item(PodLobbyButton(pod_id, op))
    return view


def pick_view(
    pod_id: int, ref: str, options: Sequence[CardOption], selected: str | None = None
) -> discord.ui.View:
    """The select of the pack's cards (row 0) and Confirm (row 1), enabled once a card is chosen."""
    view = discord.ui.View(timeout=None)
    select = PickSelect(pod_id, ref, options, selected)
    select.item.row = 0
    view.add_item(select)
    chosen = next((o for o in options if o.card == selected), None)
    label = f"Confirm: {chosen.label}" if chosen else "Confirm"
    confirm = PickConfirm(pod_id, ref, chosen.card if chosen else NO_CARD, label)
    confirm.item.row = 1
    view.add_item(confirm)
    return view


def progress_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPackButton(pod_id))
    return view


def reclaim_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReclaimButton(pod_id))
    return view
