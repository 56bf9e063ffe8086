"""The deck-building panel after a draft or a sealed opening: components that survive restarts.

Every component is a ``DynamicItem`` whose custom_id carries the pod id and the seat (and the page
or the energy it acts on); the deck in progress lives in the database, so a panel posted before a
restart keeps working and two copies of a panel (the DM and an ephemeral one) never disagree for
long: every click re-reads the stored deck. The clicks are read here; the service
(``bot.podplay.building``) does the work and ``bot/surfaces/pod.py`` builds the panel.

Layout (5 rows): add-from-pool select (paged, 25 options), remove-from-deck select (paged), basic
terrains of the deck's two main energies (+ / -) with "Apply suggested basics", page buttons, then
Auto-build / Clear / Export pool / Submit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol, cast

import discord

from bot.db.podplay import PodRow, PodSeatRow
from bot.ids import ROW_ID
from bot.services.podplay.panel import Option, PanelSpec
from bot.ui.components import bot_of, selected_values
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError

PAGE = 25
"""Options per select (Discord's limit)."""


def pages(n: int) -> int:
    return max(1, -(-n // PAGE))


BUILDER = ("pdb", "pds")
"""The deck builder's buttons and menus, all about one pod and seat (``pod:seat``): a click edits
the builder it is on, so only one of the same seat's (``bot.ui.provenance``)."""


class BuildButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pdb:(?P<pod>{ROW_ID}):(?P<seat>{ROW_ID}):(?P<op>[a-z]+)(?::(?P<arg>[A-Za-z0-9]+))?",
):
    def __init__(
        self,
        pod_id: int,
        seat: int,
        op: str,
        arg: str = "",
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        custom_id = f"pdb:{pod_id}:{seat}:{op}" + (f":{arg}" if arg else "")
        super().__init__(
            discord.ui.Button(
                label=(label or op)[:80], style=style, custom_id=custom_id, disabled=disabled, row=row
            )
        )
        self.pod_id, self.seat, self.op, self.arg = pod_id, seat, op, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildButton:
        return cls(int(match["pod"]), int(match["seat"]), match["op"], match["arg"] or "")

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, BUILDER, f"{self.pod_id}:{self.seat}")
        await on_build(interaction, self.pod_id, self.seat, self.op, self.arg, [])


class BuildSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pds:(?P<pod>{ROW_ID}):(?P<seat>{ROW_ID}):(?P<op>add|rm):(?P<page>{ROW_ID})",
):
    def __init__(
        self,
        pod_id: int,
        seat: int,
        op: str,
        page: int = 0,
        options: Sequence[Option] = (),
        placeholder: str = "",
        row: int | None = None,
    ) -> None:
        opts = [
            discord.SelectOption(label=o.label[:100], value=o.value, description=o.description[:100] or None)
            for o in options[:PAGE]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"pds:{pod_id}:{seat}:{op}:{page}",
                placeholder=(placeholder or op)[:150],
                min_values=1,
                max_values=max(1, len(opts)),
                options=opts or [discord.SelectOption(label="(nothing here)", value="-")],
                disabled=not opts,
                row=row,
            )
        )
        self.pod_id, self.seat, self.op, self.page = pod_id, seat, op, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildSelect:
        return cls(int(match["pod"]), int(match["seat"]), match["op"], int(match["page"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, BUILDER, f"{self.pod_id}:{self.seat}")
        values = selected_values(interaction)
        await on_build(interaction, self.pod_id, self.seat, self.op, str(self.page), values)


class OpenBuilderButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"pdo:(?P<pod>{ROW_ID}):(?P<op>deck|pool)"
):
    """In the pod thread: the clicking player's deck builder (or pool list), visible only to them."""

    def __init__(self, pod_id: int, op: str = "deck") -> None:
        label, emoji = ("Open my deck builder", "🛠️") if op == "deck" else ("My pool as text", "📄")
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.primary if op == "deck" else discord.ButtonStyle.secondary,
                custom_id=f"pdo:{pod_id}:{op}",
            )
        )
        self.pod_id, self.op = pod_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenBuilderButton:
        return cls(int(match["pod"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "deck":
            await open_panel(interaction, self.pod_id)
        else:
            await send_pool_text(interaction, self.pod_id)


def thread_view(pod_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenBuilderButton(pod_id, "deck"))
    view.add_item(OpenBuilderButton(pod_id, "pool"))
    return view


def panel_view(spec: PanelSpec) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    pod, seat = spec.pod_id, spec.seat
    n_pages = max(pages(len(spec.add)), pages(len(spec.remove)))
    page = min(max(spec.page, 0), n_pages - 1)
    if not spec.locked:
        add_page = min(page, pages(len(spec.add)) - 1)
        rm_page = min(page, pages(len(spec.remove)) - 1)
        add = spec.add[add_page * PAGE : (add_page + 1) * PAGE]
        rm = spec.remove[rm_page * PAGE : (rm_page + 1) * PAGE]
        suffix_add = f" (page {add_page + 1}/{pages(len(spec.add))})" if len(spec.add) > PAGE else ""
        suffix_rm = f" (page {rm_page + 1}/{pages(len(spec.remove))})" if len(spec.remove) > PAGE else ""
        view.add_item(
            BuildSelect(pod, seat, "add", page, add, f"➕ Add cards from your pool{suffix_add}", row=0)
        )
        view.add_item(
            BuildSelect(pod, seat, "rm", page, rm, f"➖ Remove cards from your deck{suffix_rm}", row=1)
        )
        for code, name, have in spec.basics[:2]:
            view.add_item(
                BuildButton(pod, seat, "bplus", code, f"+ {name}", discord.ButtonStyle.success, row=2)
            )
            view.add_item(
                BuildButton(
                    pod,
                    seat,
                    "bminus",
                    code,
                    f"− {name} ({have})",
                    discord.ButtonStyle.secondary,
                    disabled=have == 0,
                    row=2,
                )
            )
        view.add_item(
            BuildButton(
                pod,
                seat,
                "basics",
                "",
                spec.suggestion or "Suggested basics",
                discord.ButtonStyle.primary,
                disabled=not spec.suggestion,
                row=2,
            )
        )
        if n_pages > 1:
            view.add_item(
                BuildButton(
                    pod, seat, "page", str(max(page - 1, 0)), "◀ Previous page", disabled=page == 0, row=3
                )
            )
            view.add_item(
                BuildButton(
                    pod,
                    seat,
                    "page",
                    str(page + 1),
                    f"Next page ({page + 2}/{n_pages}) ▶" if page + 1 < n_pages else "Next page ▶",
                    disabled=page + 1 >= n_pages,
                    row=3,
                )
            )
        view.add_item(
            BuildButton(pod, seat, "auto", "", "🤖 Auto-build", discord.ButtonStyle.secondary, row=4)
        )
        view.add_item(BuildButton(pod, seat, "clear", "", "Clear deck", discord.ButtonStyle.danger, row=4))
    view.add_item(
        BuildButton(pod, seat, "export", "", "📄 Export pool", discord.ButtonStyle.secondary, row=4)
    )
    if not spec.locked:
        view.add_item(
            BuildButton(pod, seat, "submit", "", "✅ Submit deck", discord.ButtonStyle.success, row=4)
        )
    return view


# ----------------------------------------------------------------------------- the clicks, read here
# Each reads the interaction, calls the pod service with ids (``bot.podplay.building``) and answers
# with what ``bot/surfaces/pod.py`` builds (``bot.pod_surfaces``); refusals go to the clicker alone.

NO_MENTIONS = discord.AllowedMentions.none()


class BuilderScreens(Protocol):
    """What the deck builder's clicks have ``bot/surfaces/pod.py`` build (``PodSurfaces``): the
    surfaces sit above the ui, so the ui reaches them on the bot at run time and types them here."""

    async def pool_image(self, pod: PodRow, seat: PodSeatRow) -> list[discord.File]: ...

    def builder(self, pod: PodRow, seat: PodSeatRow, page: int = 0, note: str = "") -> dict[str, Any]: ...

    def pool_message(self, pod: PodRow, seat: PodSeatRow) -> dict[str, Any]: ...


def screens(interaction: discord.Interaction) -> BuilderScreens:
    """The bot's pod surfaces (``bot.pod_surfaces``, built in ``bot/client.py``)."""
    found = getattr(interaction.client, "pod_surfaces", None)
    if found is None:
        raise TypeError("the deck builder's clicks run under a bot with pod surfaces")
    return cast(BuilderScreens, found)


async def open_panel(interaction: discord.Interaction, pod_id: int) -> None:
    """The player's deck builder, ephemeral (the thread button and ``/pod deck``)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        pod, seat = await bot_of(interaction).podplay.building.builder_of(pod_id, interaction.user.id)
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    shown = screens(interaction)
    kwargs = shown.builder(pod, seat)
    await interaction.followup.send(files=await shown.pool_image(pod, seat), ephemeral=True, **kwargs)


async def send_pool_text(interaction: discord.Interaction, pod_id: int) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        pod, seat = await bot_of(interaction).podplay.building.my_seat(pod_id, interaction.user.id)
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    await interaction.followup.send(**screens(interaction).pool_message(pod, seat), ephemeral=True)


async def on_build(
    interaction: discord.Interaction, pod_id: int, seat_no: int, op: str, arg: str, values: list[str]
) -> None:
    """A click on the deck builder: the builder it is on shows the deck after it."""
    await interaction.response.defer()
    try:
        built = await bot_of(interaction).podplay.building.build(
            pod_id, seat_no, interaction.user.id, op, arg, values
        )
    except CardhostError as exc:
        await interaction.followup.send(str(exc), ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    shown = screens(interaction)
    if built.export:
        await interaction.followup.send(**shown.pool_message(built.pod, built.seat), ephemeral=True)
        return
    kwargs = shown.builder(built.pod, built.seat, built.page, built.note)
    await interaction.edit_original_response(
        attachments=await shown.pool_image(built.pod, built.seat), **kwargs
    )
