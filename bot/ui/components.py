"""Buttons that survive a restart: every custom_id carries what its callback needs.

All of them are ``discord.ui.DynamicItem``s registered once in ``setup_hook``, so a button posted
before a restart is routed to the same code afterwards. Move buttons carry the match id, the
sequence number the player saw and the action id; the service refuses the click if the match has
moved on, which is what makes double clicks and old buttons harmless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

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


def _bot(interaction: discord.Interaction) -> CardhostBot:
    return interaction.client  # type: ignore[return-value]


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mv:(?P<match>[0-9]+):(?P<seq>[0-9]+):(?P<action>.+)",
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
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["match"]), int(match["seq"]), match["action"], item.label or "Move", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).table.on_move(interaction, self.match_id, self.seq, self.action_id)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"mp:(?P<match>[0-9]+):(?P<seq>[0-9]+):(?P<page>[0-9]+):(?P<dir>[<>])",
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
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["match"]), int(match["seq"]), int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).table.on_page(interaction, self.match_id, self.seq, self.page)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"hand:(?P<match>[0-9]+)"):
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
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).table.on_show_hand(interaction, self.match_id)


LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lb:(?P<lobby>[0-9]+):(?P<op>join|leave|ai|start|cancel)",
):
    def __init__(self, lobby_id: int, op: str) -> None:
        label, style = LOBBY_OPS[op]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"lb:{lobby_id}:{op}"))
        self.lobby_id, self.op = lobby_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["lobby"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _bot(interaction).lobbies.on_button(interaction, self.lobby_id, self.op)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    PageButton,
    HandButton,
    LobbyButton,
)


def page_count(n: int) -> int:
    return max(1, -(-n // BUTTONS_PER_PAGE))


def move_view(match_id: int, seq: int, choices: list[MoveChoice], page: int = 0) -> discord.ui.View | None:
    """Up to 20 move buttons of one page, plus paging; None when there is nothing to click."""
    if not choices:
        return None
    pages = page_count(len(choices))
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    chunk = choices[page * BUTTONS_PER_PAGE : (page + 1) * BUTTONS_PER_PAGE]
    for i, choice in enumerate(chunk):
        button = MoveButton(match_id, seq, choice.action_id, choice.label, choice.style)
        button.item.row = i // 5
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


def lobby_view(lobby_id: int, *, open_: bool = True) -> discord.ui.View | None:
    if not open_:
        return None
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(lobby_id, op))
    return view
