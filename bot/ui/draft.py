"""Draft components that survive a restart: every custom_id carries what its callback needs.

- ``PodLobbyButton`` ``drl:<pod>:<op>``: Join / Leave / Start / Cancel under a pod's lobby.
- ``PickSelect`` ``drs:<pod>:<ref>``: the cards of the pack a seat holds; ``ref`` is the
  ``PickRef`` text ("s3r1p7") of the pick it is for, so a select from an earlier pick is refused.
  Choosing a card picks it (issue #35 item 4: two clicks, open the menu and choose, where it took
  three with Confirm); a second choice on the same menu (a double click), or a choice on an older
  message, meets a pick that no longer matches and stores nothing.
- ``UndoButton`` ``dru:<pod>:<ref>``: takes that pick back (``bot/services/drafts/undo.py``) while
  the pack it passed on has not reached another person; refused in a sentence after.
- ``PickConfirm`` ``drc:<pod>:<ref>:<card>``: the Confirm of panels sent before picks took one
  choice; no panel shows it any more, but one still on Discord picks its card as it did.
- ``OpenPackButton`` ``dro:<pod>``: on the progress message: the clicking player's pack panel,
  shown to them alone (closed DMs, async pods).
- ``ReclaimButton`` ``drr:<pod>``: on the DM panel of a seat a bot took over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot.db.drafts import PodRow
from bot.ids import ROW_ID
from bot.services.drafts import DM_HELP, LivePod, Plan
from bot.services.drafts.cards import CardOption
from bot.ui.components import bot_of, selected_values
from bot.ui.dms import greet_by_dm
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError
from engines.draft import pod as engine

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
        await on_lobby_button(interaction, self.pod_id, self.op)


PICK_PANEL = ("drs", "drc")
"""A pick panel's select (and the Confirm of older panels), about one pod and one pack
(``pod:ref``): a pick click edits the panel it is on, so only one of the same pack's
(``bot.ui.provenance``). Beside them the panel may hold **Undo** (``dru``) of the pick before."""

UNDO = "dru"


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
                placeholder="Choose a card to pick it",
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
        require_own_message(interaction, PICK_PANEL, f"{self.pod_id}:{self.ref}", also=(UNDO,))
        values = selected_values(interaction)
        await on_confirm(interaction, self.pod_id, self.ref, values[0] if values else "")


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
        await on_confirm(interaction, self.pod_id, self.ref, self.card)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"dru:(?P<pod>{ROW_ID}):(?P<ref>s[0-9]+r[0-9]+p[0-9]+)",
):
    def __init__(self, pod_id: int, ref: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Undo my last pick", emoji="↩️", style=discord.ButtonStyle.secondary,
                custom_id=f"{UNDO}:{pod_id}:{ref}",
            )
        )  # fmt: skip
        self.pod_id, self.ref = pod_id, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["pod"]), match["ref"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, (UNDO,), f"{self.pod_id}:{self.ref}", also=PICK_PANEL)
        await on_undo(interaction, self.pod_id, self.ref)


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
        await on_open_pack(interaction, self.pod_id)


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
        await on_reclaim(interaction, self.pod_id)


def pod_lobby_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in POD_LOBBY_OPS:
        view.add_item(PodLobbyButton(pod_id, op))
    return view


def pick_view(
    pod_id: int, ref: str, options: Sequence[CardOption], *, undo: str | None = None
) -> discord.ui.View:
    """The select of the pack's cards (row 0: choosing one picks it) and, while the pick before
    may still be taken back, **Undo** for it (row 1)."""
    view = discord.ui.View(timeout=None)
    select = PickSelect(pod_id, ref, options)
    select.item.row = 0
    view.add_item(select)
    if undo is not None:
        button = UndoButton(pod_id, undo)
        button.item.row = 1
        view.add_item(button)
    return view


def undo_view(pod_id: int, undo: str) -> discord.ui.View:
    """**Undo** alone: the panel of a seat waiting for its next pack after a pick."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(pod_id, undo))
    return view


def progress_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPackButton(pod_id))
    return view


def reclaim_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReclaimButton(pod_id))
    return view


# ----------------------------------------------------------------------------- the clicks, read here
# Each reads the interaction, calls the draft service with ids (``bot.drafts``) and has the draft's
# surfaces (``bot.draft_surfaces``) show the result; refusals are sentences to the clicker alone.


class DraftScreens(Protocol):
    """What the draft's clicks have ``bot/surfaces/draft.py`` build (``DraftSurfaces``): the
    surfaces sit above the ui, so the ui reaches them on the bot at run time and types them here."""

    def lobby_embed(self, row: PodRow) -> discord.Embed: ...

    async def open_thread(self, lobby: discord.Message, row: PodRow) -> tuple[int, int | None]: ...

    async def panel(
        self, live: LivePod, seat_no: int, *, note: str | None = None, with_image: bool = True
    ) -> tuple[str, discord.File | None, discord.ui.View | None]: ...


def screens(interaction: discord.Interaction) -> DraftScreens:
    """The bot's draft surfaces (``bot.draft_surfaces``, built in ``bot/client.py``)."""
    found = getattr(interaction.client, "draft_surfaces", None)
    if found is None:
        raise TypeError("the draft's clicks run under a bot with draft surfaces")
    return cast(DraftScreens, found)


def is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


async def check_dm(interaction: discord.Interaction) -> bool:
    return await greet_by_dm(
        interaction,
        "You're in a cardhost pod. When it starts I'll send your packs (or your pool) here.",
        DM_HELP,
    )


async def on_lobby_button(interaction: discord.Interaction, pod_id: int, op: str) -> None:
    bot = bot_of(interaction)
    await interaction.response.defer()
    user = interaction.user
    try:
        click = await bot.drafts.lobby.click(
            pod_id, op, user.id, user.display_name, moderator=is_moderator(interaction)
        )
        embed = screens(interaction).lobby_embed(click.row)
        if click.started:
            await interaction.edit_original_response(embed=embed, view=None)
            lobby = await interaction.original_response()
            thread_id, progress_id = await screens(interaction).open_thread(lobby, click.row)
            await bot.drafts.lobby.opened(click.row, thread_id, progress_id)
            return
        view = pod_lobby_view(pod_id) if click.row.status == "lobby" else None
        await interaction.edit_original_response(embed=embed, view=view)
        if click.joined:
            await check_dm(interaction)
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)


async def on_confirm(interaction: discord.Interaction, pod_id: int, ref_text: str, card: str) -> None:
    """A card chosen in the pack menu (or an older panel's Confirm): the pick, made at once."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    try:
        if card == NO_CARD:
            raise engine.NotInPack()
        live, plan = await bot.drafts.submit(pod_id, interaction.user.id, ref_text, card)
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    await show_change(interaction, live, plan)


async def on_undo(interaction: discord.Interaction, pod_id: int, ref_text: str) -> None:
    """**Undo**: the pick taken back, or why it can't be, in a sentence to the clicker alone."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    try:
        live, plan, text = await bot.drafts.picking.undo(pod_id, interaction.user.id, ref_text)
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    await show_change(interaction, live, plan)
    await interaction.followup.send(text, ephemeral=True)


async def show_change(interaction: discord.Interaction, live: LivePod, plan: Plan) -> None:
    """After a pick or an undo: the clicked panel (an ephemeral one: closed DMs, "Open my pack")
    shows the seat's pack now; the DM panels and the progress follow (``after_change``)."""
    bot = bot_of(interaction)
    seat = live.seat_of(interaction.user.id)
    assert seat is not None
    clicked = interaction.message.id if interaction.message is not None else None
    if clicked is not None and clicked != seat.dm_message_id:
        # An ephemeral panel (closed DMs, "Open my pack"): show the next pack in it.
        content, file, view = await screens(interaction).panel(live, seat.seat)
        await interaction.edit_original_response(
            content=content, attachments=[file] if file else [], view=view
        )
    await bot.drafts.after_change(live, plan, first=seat.seat)


async def on_open_pack(interaction: discord.Interaction, pod_id: int) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    live = await bot_of(interaction).drafts.current(pod_id)
    seat = live.seat_of(interaction.user.id)
    if seat is None:
        await interaction.followup.send(
            "You're watching this pod: only its drafters have packs (and nobody sees another's picks).",
            ephemeral=True,
        )
        return
    await send_panel(interaction, live, seat.seat)


async def send_panel(interaction: discord.Interaction, live: LivePod, seat: int) -> None:
    """The seat's pack panel, to the clicker alone (after a defer)."""
    content, file, view = await screens(interaction).panel(live, seat)
    kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(**kwargs)


async def on_reclaim(interaction: discord.Interaction, pod_id: int) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        text = await bot_of(interaction).drafts.reclaim(pod_id, interaction.user.id)
    except CardhostError as exc:
        text = str(exc)
    await interaction.followup.send(text, ephemeral=True)
