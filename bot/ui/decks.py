"""The /deck buttons that outlive the command: the confirmation of /deck delete (Delete, Keep).

They are ``DynamicItem``s registered in ``bot/ui/registry.py`` (a confirmation posted before a
restart still works after it), so they live in ``bot/ui``, below the cog that posts them.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.db.decks import DeckNotFound, DeckRow
from bot.ids import ROW_ID, USER_ID
from bot.ui.components import bot_of
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError
from engines.decks import get_pool

NO_MENTIONS = discord.AllowedMentions.none()


def deck_title(game: str) -> str:
    """A game's name as its card pool titles it (the game's id when it has none)."""
    try:
        return get_pool(game).title
    except CardhostError:
        return game


class DeckDeleteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"deckdel:(?P<deck>{ROW_ID}):(?P<user>{USER_ID}):(?P<op>yes|no)",
):
    """The confirmation of /deck delete; it survives restarts and only its owner can use it."""

    def __init__(self, deck_id: int, user_id: int, op: str) -> None:
        label, style = (
            ("Delete", discord.ButtonStyle.danger) if op == "yes" else ("Keep", discord.ButtonStyle.secondary)
        )
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"deckdel:{deck_id}:{user_id}:{op}")
        )
        self.deck_id, self.user_id, self.op = deck_id, user_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeckDeleteButton:
        return cls(int(match["deck"]), int(match["user"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message("This is not your deck.", ephemeral=True)
            return
        # Keep and Delete edit the confirmation they are on: only that confirmation.
        require_own_message(interaction, ("deckdel",), f"{self.deck_id}:{self.user_id}")
        if self.op == "no":
            await interaction.response.edit_message(content="Nothing was deleted.", view=None)
            return
        try:
            row = await bot_of(interaction).db.decks.delete(self.user_id, self.deck_id)
        except DeckNotFound as exc:
            await interaction.response.edit_message(content=str(exc), view=None)
            return
        await interaction.response.edit_message(
            content=f"Deleted **{row.name}** ({deck_title(row.game)}).",
            view=None,
            allowed_mentions=NO_MENTIONS,
        )


def delete_view(row: DeckRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DeckDeleteButton(row.id, row.user_id, "yes"))
    view.add_item(DeckDeleteButton(row.id, row.user_id, "no"))
    return view
