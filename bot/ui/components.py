"""Buttons that survive a restart: every custom_id carries what its callback needs.

All of them are ``discord.ui.DynamicItem``s listed in ``bot/ui/registry.py``, so a button posted
before a restart is routed to the same code afterwards. Move buttons carry the match id, the
sequence number the player saw and the action id; the service refuses the click if the match has
moved on, which is what makes double clicks and old buttons harmless.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.ids import ROW_ID
from bot.ui.refusals import answers_refusals

if TYPE_CHECKING:
    from bot.client import CardhostBot

BUTTONS_PER_PAGE = 20
"""Four rows of five; the fifth row holds paging and utility buttons."""
MAX_LABEL = 80


@dataclass(frozen=True)
class MoveChoice:
    action_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.success


def bot_of(interaction: discord.Interaction) -> CardhostBot:
    """The bot an interaction reached. discord.py types ``interaction.client`` as any Client; in
    this process it is always the CardhostBot, and the check says so to the type checker."""
    from bot.client import CardhostBot  # at call time: bot.client imports the cogs, which import this

    client = interaction.client
    if not isinstance(client, CardhostBot):
        raise TypeError(f"cardhost components run under CardhostBot, not {type(client).__name__}")
    return client


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select sent, read from the interaction's raw payload as every select here
    does. discord.py types the payload as a union of all interaction kinds' TypedDicts, most of
    them without ``values``: read as a plain mapping, a missing key is simply no values."""
    payload: Mapping[str, object] = interaction.data or {}
    values = payload.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mv:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<action>.+)",
):
    def __init__(
        self, match_id: int, seq: int, action_id: str, label: str = "Move", style: Any = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL],
                style=style or discord.ButtonStyle.success,
                custom_id=f"mv:{match_id}:{seq}:{action_id}",
            )
        )
        self.match_id = match_id
        self.seq = seq
        self.action_id = action_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        if isinstance(item, discord.ui.Button):
            return cls(
                int(match["match"]), int(match["seq"]), match["action"], item.label or "Move", item.style
            )
        return cls(int(match["match"]), int(match["seq"]), match["action"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table.on_move(interaction, self.match_id, self.seq, self.action_id)


class MultiMoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mm:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID})",
):
    """Several moves of one kind in one gesture (all attackers at once); the service plays them in order."""

    def __init__(
        self, match_id: int, seq: int, placeholder: str = "Choose", options: list[MoveChoice] | None = None
    ) -> None:
        opts = [discord.SelectOption(label=c.label[:100], value=c.action_id) for c in (options or [])[:25]]
        super().__init__(
            discord.ui.Select(
                custom_id=f"mm:{match_id}:{seq}",
                placeholder=placeholder[:150],
                min_values=1,
                max_values=max(1, len(opts)),
                options=opts or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MultiMoveSelect:
        return cls(int(match["match"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await bot_of(interaction).table.on_multi(interaction, self.match_id, self.seq, values)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mp:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<page>{ROW_ID}):(?P<dir>[<>])",
):
    def __init__(self, match_id: int, seq: int, page: int, direction: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀ Previous" if direction == "<" else "More moves ▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"mp:{match_id}:{seq}:{page}:{direction}",
            )
        )
        self.match_id, self.seq, self.page = match_id, seq, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["match"]), int(match["seq"]), int(match["page"]), match["dir"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table.on_page(interaction, self.match_id, self.seq, self.page)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"hand:(?P<match>{ROW_ID})"):
    """In the game thread: answers with the clicking player's hand and moves, visible only to them."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Show my hand",
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"hand:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["match"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table.on_show_hand(interaction, self.match_id)


LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lb:(?P<lobby>{ROW_ID}):(?P<op>join|leave|ai|start|cancel)",
):
    def __init__(self, lobby_id: int, op: str) -> None:
        label, style = LOBBY_OPS[op]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"lb:{lobby_id}:{op}"))
        self.lobby_id, self.op = lobby_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["lobby"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).lobbies.on_button(interaction, self.lobby_id, self.op)


@dataclass(frozen=True)
class MultiChoice:
    """A select for choosing several moves of one kind at once, e.g. every attacker."""

    placeholder: str
    options: list[MoveChoice]


def page_count(n: int, per_page: int = BUTTONS_PER_PAGE) -> int:
    return max(1, -(-n // per_page))


def move_view(
    match_id: int, seq: int, choices: list[MoveChoice], page: int = 0, multi: MultiChoice | None = None
) -> discord.ui.View | None:
    """Up to 20 move buttons of one page (15 under a multi-select), plus paging; None when empty."""
    if not choices and multi is None:
        return None
    per_page = BUTTONS_PER_PAGE - 5 if multi else BUTTONS_PER_PAGE
    first_row = 1 if multi else 0
    pages = page_count(len(choices), per_page)
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    if multi is not None:
        select = MultiMoveSelect(match_id, seq, multi.placeholder, multi.options)
        select.item.row = 0
        view.add_item(select)
    chunk = choices[page * per_page : (page + 1) * per_page]
    for i, choice in enumerate(chunk):
        button = MoveButton(match_id, seq, choice.action_id, choice.label, choice.style)
        button.item.row = first_row + i // 5
        view.add_item(button)
    if pages > 1:
        if page > 0:
            prev = PageButton(match_id, seq, page - 1, "<")
            prev.item.row = 4
            view.add_item(prev)
        if page < pages - 1:
            nxt = PageButton(match_id, seq, page + 1, ">")
            nxt.item.row = 4
            view.add_item(nxt)
    return view


def hand_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id))
    return view


def lobby_view(lobby_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(lobby_id, op))
    return view
