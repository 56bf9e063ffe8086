"""Every ``discord.ui.DynamicItem`` the bot posts, in one tuple that ``setup_hook`` registers.

A component posted before a restart is routed afterwards only if its class is registered: an
unregistered one works while the view that sent it is in memory and then dies silently. Listing
them all here (rather than each cog registering its own) lets ``tests/bot/test_dynamic_items.py``
compare this tuple with every ``DynamicItem`` subclass under ``bot/``.

``UnknownComponent`` closes the list: it takes every custom_id that starts like one of ours but
that none of them takes (a number too long for SQLite, digits such as "²", an unknown operation),
so a forged or mangled id gets a sentence instead of silence.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.components import (
    CardDetailsSelect,
    GroupSelect,
    HandButton,
    LobbyButton,
    LobbyDeckSelect,
    MoveButton,
    MoveSelect,
    MultiMoveSelect,
    PageButton,
    ReclaimSeatButton,
)
from bot.ui.deckbuild import BuildButton, BuildSelect, OpenBuilderButton
from bot.ui.deckimport import ImportAttemptButton
from bot.ui.decks import DeckDeleteButton
from bot.ui.draft import OpenPackButton, PickConfirm, PickSelect, PodLobbyButton, ReclaimButton, UndoButton
from bot.ui.draft_pause import ResumeButton
from bot.ui.history import HistoryPageButton
from bot.ui.puzzle import PUZZLE_ITEMS
from bot.ui.refusals import answer, answers_refusals
from bot.ui.replay import REPLAY_ITEMS
from bot.ui.series import OpenSideButton, ReadyButton, SwapPageButton, SwapSelect
from bot.ui.settings import StopsSelect

ROUTED: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    # matches: moves, paging, the hand, card details, the seat back from the AI, lobbies
    MoveButton,
    MultiMoveSelect,
    MoveSelect,
    PageButton,
    GroupSelect,
    HandButton,
    CardDetailsSelect,
    ReclaimSeatButton,
    LobbyButton,
    LobbyDeckSelect,
    # drafts and sealed pods: the lobby, picks, deck building
    PodLobbyButton,
    PickSelect,
    PickConfirm,
    UndoButton,
    OpenPackButton,
    ReclaimButton,
    ResumeButton,
    BuildButton,
    BuildSelect,
    OpenBuilderButton,
    # matches of several games: the between-games side-deck panel
    SwapSelect,
    SwapPageButton,
    ReadyButton,
    OpenSideButton,
    # /deck delete confirmation, a failed /deck import's buttons, /settings stops
    DeckDeleteButton,
    ImportAttemptButton,
    StopsSelect,
    HistoryPageButton,
    *REPLAY_ITEMS,  # /replay: the step-through panel and "Watch the replay"
    *PUZZLE_ITEMS,  # /puzzle: the DM panel's moves, pages, Hint, Give up, Try again
)


def _prefix(item: type[discord.ui.DynamicItem[Any]]) -> str:
    """The word before the first colon of a component's template ("mv" for move buttons)."""
    found = re.match(r"([a-z]+):", item.__discord_ui_compiled_template__.pattern)
    if found is None:
        raise ValueError(f"{item.__name__}'s template does not start with a word and a colon")
    return found[1]


PREFIXES = tuple(sorted({_prefix(item) for item in ROUTED}))

UNKNOWN_ID = "This button or menu no longer works (or was never mine): use the newest message."


class UnknownComponent(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=rf"(?:{'|'.join(PREFIXES)}):.*"
):
    """Any custom_id with one of our prefixes. discord.py dispatches a click to every template
    that matches, so this one stays silent when a routed component takes the id, and answers
    only the ids nobody takes (Discord would otherwise say "This interaction failed")."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UnknownComponent:
        return cls(item)

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        if any(routed.__discord_ui_compiled_template__.fullmatch(self.custom_id) for routed in ROUTED):
            return
        await answer(interaction, UNKNOWN_ID)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (*ROUTED, UnknownComponent)
