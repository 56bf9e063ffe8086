"""/card: any card's image and text, with name autocomplete."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.client import CardhostBot


def find_card(query: str) -> str:
    """The card id for a name or number, with the deck importer's "did you mean" on a miss."""
    from engines.decks.pool import get_pool

    pool = get_pool("afrika")
    found = pool.by_name(query) or ([c] if (c := pool.by_code(query)) else [])
    if found:
        return found[0].id
    hint = pool.suggest(query)
    more = f" Did you mean {', '.join(hint)}?" if hint else ""
    raise CardhostError(f"There is no card called {query.strip()[:60]!r}.{more}")


class CardCog(commands.Cog):
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot

    @app_commands.command(name="card", description="Show a Chronicles of Afrika card")
    @app_commands.describe(name="The card's name or number (LC001)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        from engines.afrika.cards import card as card_def

        cid = find_card(name)
        c = card_def(cid)
        await interaction.response.defer(thinking=True)

        def work() -> bytes:
            from render.card import card_image
            from render.common import to_png

            return to_png(card_image(cid))

        data = await asyncio.to_thread(work)
        from render.card import rules_text, type_line

        text = f"**{c.name}** · {type_line(c)} · {c.set}{cid[2:] if cid.startswith(c.set) else ''}\n{rules_text(c)}"
        if c.verse:
            text += f"\n*{c.verse}*"
        await interaction.followup.send(
            text[:2000], file=discord.File(io.BytesIO(data), filename=f"{cid}.png")
        )

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from engines.afrika.cards import load_cards

        key = current.strip().casefold()
        cards = sorted(load_cards().values(), key=lambda c: c.name)
        starts = [c for c in cards if c.name.casefold().startswith(key)]
        inside = [c for c in cards if key in c.name.casefold() and c not in starts]
        return [
            app_commands.Choice(name=f"{c.name} ({c.id})"[:100], value=c.id) for c in (starts + inside)[:25]
        ]


async def setup(bot: CardhostBot) -> None:
    await bot.add_cog(CardCog(bot))
