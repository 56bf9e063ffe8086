"""The lobby's buttons: Join / Leave / Add AI / Start / Cancel, a team's Join, Choose my deck and
its menu. A click is handed to the /play cog (``bot/cogs/play.py``), found at run time, which
asks the lobby service (ids in, what changed out) and has ``bot/surfaces/lobby.py`` write the
lobby's message through the sender. This module imports nothing of the bot above the ui."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import discord

from bot.ids import ROW_ID
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals

LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}
TEAM_JOIN_STYLE = discord.ButtonStyle.success
"""``t0``..``t5``: join a team of a team variant (the label names the team, ``lobby_view``)."""
DECK_OP = ("Choose my deck", discord.ButtonStyle.primary)
"""``deck``: a seated player's deck for a variant's lobby, chosen in a menu only they see."""


@runtime_checkable
class LobbyClicks(Protocol):
    """What reads a lobby's clicks (the /play cog, ``bot/cogs/play.py``): the ui hands it the
    interaction; the lobby service behind it takes ids."""

    async def on_lobby_button(self, interaction: discord.Interaction, lobby_id: int, op: str) -> None: ...
    async def on_lobby_deck(self, interaction: discord.Interaction, lobby_id: int, value: str) -> None: ...


def lobby_clicks(interaction: discord.Interaction) -> LobbyClicks:
    """The /play cog of the bot the click reached (found at run time: the ui imports no cog)."""
    client = interaction.client
    get_cog = getattr(client, "get_cog", None)
    cog = get_cog("PlayCog") if get_cog is not None else None
    if not isinstance(cog, LobbyClicks):
        raise TypeError("lobby buttons need the /play cog loaded")
    return cog


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lb:(?P<lobby>{ROW_ID}):(?P<op>join|leave|ai|start|cancel|deck|t[0-5])",
):
    def __init__(self, lobby_id: int, op: str, label: str = "") -> None:
        if op == "deck":
            default, style = DECK_OP
        elif op.startswith("t"):
            default, style = f"Join team {int(op[1:]) + 1}", TEAM_JOIN_STYLE
        else:
            default, style = LOBBY_OPS[op]
        super().__init__(
            discord.ui.Button(label=label or default, style=style, custom_id=f"lb:{lobby_id}:{op}")
        )
        self.lobby_id, self.op = lobby_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["lobby"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op != "deck":  # "Choose my deck" answers the clicker alone; the others edit the lobby
            require_own_message(interaction, ("lb",), str(self.lobby_id))
        await lobby_clicks(interaction).on_lobby_button(interaction, self.lobby_id, self.op)


class LobbyDeckSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ld:(?P<lobby>{ROW_ID})",
):
    """The deck a seated player brings to a variant's lobby: the variant's starters and their
    saved decks (values ``s:<starter>`` and ``d:<deck id>``); the lobby refuses one that is not
    legal for the variant, in a sentence."""

    def __init__(self, lobby_id: int, options: Sequence[tuple[str, str, str]] = ()) -> None:
        opts = [
            discord.SelectOption(label=label[:100], value=value[:100], description=(about[:100] or None))
            for value, label, about in options[:25]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"ld:{lobby_id}",
                placeholder="Choose the deck you bring",
                options=opts or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.lobby_id = lobby_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyDeckSelect:
        return cls(int(match["lobby"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        payload: Mapping[str, object] = interaction.data or {}
        raw = payload.get("values", [])
        values = [str(v) for v in raw] if isinstance(raw, list) else []
        await lobby_clicks(interaction).on_lobby_deck(interaction, self.lobby_id, values[0] if values else "")


def lobby_view(lobby_id: int, teams: Sequence[str] = (), decks: bool = False) -> discord.ui.View:
    """Join / Leave / Add AI / Start / Cancel; with ``teams`` (their Join labels) one Join button
    per team instead of Join, and with ``decks`` a "Choose my deck" button."""
    view = discord.ui.View(timeout=None)
    joins = [LobbyButton(lobby_id, f"t{i}", label) for i, label in enumerate(teams)]
    for item in joins or [LobbyButton(lobby_id, "join")]:
        view.add_item(item)
    if decks:
        view.add_item(LobbyButton(lobby_id, "deck"))
    for op in LOBBY_OPS:
        if op != "join":
            view.add_item(LobbyButton(lobby_id, op))
    return view


def lobby_deck_view(lobby_id: int, options: Sequence[tuple[str, str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyDeckSelect(lobby_id, options))
    return view
