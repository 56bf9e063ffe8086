"""/card: any card of a game with a card pool, as its image and text, with name autocomplete.

The games come from their declarations: every game whose ``TableSpec`` draws a card image is a
choice of ``game:`` (the first one when there is only one to choose). A card is found by its name
or by an alias (its name in another language, ``CardInfo.aliases``), and a game whose cards speak
several languages (``TableSpec.languages``) shows it in the player's ``/settings language``.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import known, spoken
from bot.presenters import TableSpec
from bot.presenters.registry import entries, entry
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.ui.host import Host


def card_tables() -> list[TableSpec]:
    """The games /card can show: a card pool to look names up in and a card image."""
    return [e.table for e in entries() if e.table.card_image is not None and e.spec.deck_pool is not None]


def _table(game: str | None) -> TableSpec:
    tables = card_tables()
    if not tables:
        raise CardhostError("No game here has cards to show.")
    if not game:
        return tables[0]
    table = entry(game).table
    if table not in tables:
        raise CardhostError(f"{table.title} has no card images to show.")
    return table


def find_card(table: TableSpec, query: str) -> str:
    """The card id for a name or number, with the deck importer's "did you mean" on a miss."""
    assert table.game.deck_pool is not None
    pool = table.game.deck_pool()
    found = pool.by_name(query) or ([c] if (c := pool.by_code(query)) else [])
    if found:
        return found[0].id
    hint = pool.suggest(query)
    more = f" Did you mean {', '.join(hint)}?" if hint else ""
    raise CardhostError(f"There is no card called {query.strip()[:60]!r}.{more}")


def card_choices(table: TableSpec, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a card name (``/card``, ``/stats card``): names starting with what was
    typed first, then names containing it; 25 at most, the id as the value. Aliases count as
    names, and a card found by one is listed by it (typed in Russian, listed in Russian)."""
    assert table.game.deck_pool is not None
    pool = table.game.deck_pool()
    key = current.strip().casefold()
    cards = sorted(pool.cards.values(), key=lambda c: c.name)
    starts = [c for c in cards if any(n.casefold().startswith(key) for n in c.names)]
    inside = [c for c in cards if any(key in n.casefold() for n in c.names) and c not in starts]
    return [
        app_commands.Choice(name=f"{pool.shown_name(c, current)} ({c.id})"[:100], value=c.id)
        for c in (starts + inside)[:25]
    ]


def card_language(table: TableSpec, settings: dict[str, Any]) -> dict[str, str]:
    """``lang=`` for the card image and caption of a game that speaks several languages: the
    player's setting when the game offers it, else the cards' own; nothing for other games."""
    if len(table.languages) <= 1:
        return {}
    return {"lang": spoken(known(settings.get("language")), table.languages)}


class CardCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="card", description="Show a card: its image and its text")
    @app_commands.describe(name="The card's name or number (LC001)", game="Which game's card")
    @app_commands.choices(game=[app_commands.Choice(name=t.title, value=t.name) for t in card_tables()])
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        table = _table(game)
        cid = find_card(table, name)
        # In a thread the bot opened (a game's or a draft's), a card looked up mid-game is shown to
        # the one who asked, not posted between the boards and picks everyone follows.
        channel = interaction.channel
        quiet = (
            isinstance(channel, discord.Thread)
            and self.bot.user is not None
            and (channel.owner_id == self.bot.user.id)
        )
        await interaction.response.defer(thinking=True, ephemeral=quiet)
        words: dict[str, str] = {}
        if len(table.languages) > 1:
            words = card_language(table, await self.bot.db.players.get_settings(interaction.user.id))
        draw = table.card_image
        assert draw is not None

        def work() -> bytes:
            from render.common import to_png

            return to_png(draw(cid, **words))

        data = await asyncio.to_thread(work)
        text = table.card_caption(cid, **words) if table.card_caption else cid
        await interaction.followup.send(
            text[:2000],
            file=discord.File(io.BytesIO(data), filename=f"{cid}.png"),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=quiet,
        )

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            table = _table(getattr(interaction.namespace, "game", None))
        except CardhostError:
            return []
        return card_choices(table, current)


async def setup(bot: Host) -> None:
    await bot.add_cog(CardCog(bot))
