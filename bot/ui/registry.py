"""Every ``discord.ui.DynamicItem`` the bot posts, in one tuple that ``setup_hook`` registers.

A component posted before a restart is routed afterwards only if its class is registered: an
unregistered one works while the view that sent it is in memory and then dies silently. Listing
them all here (rather than each cog registering its own) lets ``tests/bot/test_dynamic_items.py``
compare this tuple with every ``DynamicItem`` subclass under ``bot/``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.cogs.decks import DeckDeleteButton
from bot.cogs.settings import StopsSelect
from bot.ui.components import HandButton, LobbyButton, MoveButton, MultiMoveSelect, PageButton
from bot.ui.deckbuild import BuildButton, BuildSelect, OpenBuilderButton
from bot.ui.draft import OpenPackButton, PickConfirm, PickSelect, PodLobbyButton, ReclaimButton
from bot.ui.series import OpenSideButton, ReadyButton, SwapPageButton, SwapSelect

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    # matches: moves, paging, the hand, lobbies
    MoveButton,
    MultiMoveSelect,
    PageButton,
    HandButton,
    LobbyButton,
    # drafts and sealed pods: the lobby, picks, deck building
    PodLobbyButton,
    PickSelect,
    PickConfirm,
    OpenPackButton,
    ReclaimButton,
    BuildButton,
    BuildSelect,
    OpenBuilderButton,
    # matches of several games: the between-games side-deck panel
    SwapSelect,
    SwapPageButton,
    ReadyButton,
    OpenSideButton,
    # /deck delete confirmation, /settings stops
    DeckDeleteButton,
    StopsSelect,
)
