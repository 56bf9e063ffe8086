"""/deck: each player's deck library — import, list, show, export, rename, delete, copy, card.

The cog only moves text between Discord and the pure importer (``engines.decks``) and the store
(``bot.db.decks``). A list with any problem is answered with every problem and its line number and
is not saved. Long lists come by a .txt attachment or, when neither ``text`` nor ``file`` is given,
through a modal with a paragraph field. Running an import and its answer, with the buttons that
keep a failed list ("Fix and retry", "Use the suggestions"), live in ``bot.ui.deckimport``.
``/deck show`` and ``/deck export`` answer alike: to the player alone, or to the channel with
``public: True`` (with no mentions, and within Discord's 2,000 characters: a longer list stays in
the attached image or file).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.decks import DeckExists, DeckNotFound, DeckRow, StoredDeck
from bot.ids import parse_row_id
from bot.ui.deckimport import DeckImportModal, ImportRequest, check_length, run_import, slug
from bot.ui.decks import NO_MENTIONS, deck_title, delete_view
from engines.core import CardhostError
from engines.decks import (
    DeckError,
    available_pools,
    check_deck_name,
    export,
    get_pool,
    summarize,
)
from engines.games import all_games

if TYPE_CHECKING:
    from bot.ui.host import Host

log = logging.getLogger("cardhost.decks")

MAX_FILE_BYTES = 256 * 1024
MESSAGE_LIMIT = 2000
TEXT_EXTENSIONS = (".txt", ".dec", ".dek", ".deck", ".cod")
PUBLIC_HELP = "Show it to the channel (without this, only you see the answer)"
"""``/deck show`` and ``/deck export`` answer the same way: to you alone unless ``public`` is set."""


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title, value=g.name) for g in all_games() if g.has_decks]


def decode_upload(data: bytes) -> str:
    """Bytes of an uploaded list as text (UTF-8 with or without BOM, UTF-16 with BOM, else cp1252)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DeckError("The file is not readable text.") from None
    if b"\x00" in data:
        raise DeckError("The file is not a text file. Attach the list as a .txt file.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


async def read_attachment(file: discord.Attachment) -> str:
    """The text of an attached list, refusing big, long or non-text files with a clear message."""
    name = file.filename.lower()
    ctype = (file.content_type or "").split(";")[0].strip()
    if not (name.endswith(TEXT_EXTENSIONS) or ctype.startswith("text/")):
        raise DeckError("Attach the deck list as a .txt file.")
    if file.size > MAX_FILE_BYTES:
        raise DeckError(
            f"That file is {file.size // 1024} KB; a deck list file can be at most {MAX_FILE_BYTES // 1024} KB."
        )
    data = await file.read()
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(f"That file is too big; a deck list file can be at most {MAX_FILE_BYTES // 1024} KB.")
    text = decode_upload(data)
    check_length(text)
    return text


class DeckCog(commands.Cog):
    deck = app_commands.Group(name="deck", description="Your deck library: import, show and export decks")

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    # -- helpers ----------------------------------------------------------------------------

    async def resolve(self, user_id: int, name: str, game: str | None) -> DeckRow:
        """A deck of the player by autocomplete value ('#12') or by name (any case)."""
        value = name.strip()
        deck_id = parse_row_id(value[1:]) if value.startswith("#") else None
        if deck_id is not None:
            stored = await self.bot.db.decks.get(user_id, deck_id)
            if game is None or stored.row.game == game:
                return stored.row
        rows = await self.bot.db.decks.find(user_id, name, game)
        if not rows:
            raise DeckNotFound(name.strip())
        if len(rows) > 1:
            games = ", ".join(deck_title(r.game) for r in rows)
            raise DeckError(
                f"You have decks called **{rows[0].name}** in several games ({games}): add `game:`."
            )
        return rows[0]

    async def stored(self, interaction: discord.Interaction, name: str, game: str | None) -> StoredDeck:
        row = await self.resolve(interaction.user.id, name, game)
        stored = await self.bot.db.decks.get(interaction.user.id, row.id)
        gone = get_pool(row.game).missing(cid for _, cards in stored.deck.sections for cid, _ in cards)
        if gone:
            raise DeckError(
                f"**{row.name}** holds cards that are no longer in the game ({', '.join(gone[:5])}). "
                "Import the list again without them."
            )
        return stored

    # -- autocomplete -----------------------------------------------------------------------

    async def deck_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None) or None
        try:
            rows = await self.bot.db.decks.search(interaction.user.id, current, game)
        except Exception:  # autocomplete must never fail loudly
            log.warning("deck autocomplete failed", exc_info=True)
            return []
        return [
            app_commands.Choice(
                name=f"{r.name} — {deck_title(r.game)}, {r.card_count} cards"[:100], value=f"#{r.id}"
            )
            for r in rows
        ]

    async def card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        try:
            pool = get_pool(game) if game else next(iter(available_pools().values()))
            cards = pool.search(current, 25)
        except Exception:
            log.warning("card autocomplete failed", exc_info=True)
            return []
        shown = [pool.shown_name(c, current)[:100] for c in cards]  # typed in Russian, listed so
        return [app_commands.Choice(name=n, value=n) for n in shown]

    async def format_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        try:
            pools = [get_pool(game)] if game else list(available_pools().values())
        except CardhostError:
            return []
        out: list[app_commands.Choice[str]] = []
        for pool in pools:
            for f in pool.formats:
                label = f"{f.title}: {f.description}" if f.description else f.title
                wanted = current.strip().casefold()
                if (wanted in f.key or wanted in f.title.casefold()) and f.key not in [c.value for c in out]:
                    out.append(app_commands.Choice(name=label[:100], value=f.key))
        return out[:25]

    # -- commands ---------------------------------------------------------------------------

    @deck.command(name="import", description="Save a deck from a pasted list or a .txt file")
    @app_commands.describe(
        game="Which game the deck is for",
        name="A name for the deck (1-40 characters); an MTG Arena list's own 'Name' line if left out",
        text="The list (lines may be separated by ';'); leave empty to paste into a form",
        file="A .txt file with the list (at most 256 KB and 1,000 lines)",
        format="The deck format (the game's usual one if not set)",
        replace="Overwrite your deck of the same name",
    )
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(format=format_names)
    async def import_(
        self,
        interaction: discord.Interaction,
        game: str,
        name: str | None = None,
        text: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
        format: str | None = None,
        replace: bool = False,
    ) -> None:
        pool = get_pool(game)
        fmt = pool.format(format)
        name = check_deck_name(name) if name is not None else None
        if text and file:
            raise DeckError("Give the list as `text` or as a `file`, not both.")
        if name is not None and not replace:
            existing = await self.bot.db.decks.find(interaction.user.id, name, game)
            if existing:
                raise DeckExists(existing[0].name)
        request = ImportRequest(game, name, fmt.key, replace)
        if file is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            content = await read_attachment(file)
            await run_import(interaction, request, content, deferred=True)
        elif text:
            await run_import(interaction, request, text)
        else:
            await interaction.response.send_modal(DeckImportModal(request))

    @deck.command(name="list", description="Your saved decks")
    @app_commands.describe(game="Only this game's decks")
    @app_commands.choices(game=_game_choices())
    async def list_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rows = await self.bot.db.decks.list(interaction.user.id, game)
        if not rows:
            await interaction.response.send_message(
                "You have no saved decks yet. Import one with `/deck import`.", ephemeral=True
            )
            return
        embed = discord.Embed(title="Your decks", colour=discord.Colour.gold())
        by_game: dict[str, list[DeckRow]] = {}
        for r in rows:
            by_game.setdefault(r.game, []).append(r)
        for g, decks in by_game.items():
            lines = [f"**{d.name}** — {d.format}, {d.card_count} cards" for d in decks]
            value = "\n".join(lines)
            if len(value) > 1024:
                value = value[:1000].rsplit("\n", 1)[0] + f"\n… {len(decks)} decks in all"
            embed.add_field(name=deck_title(g), value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)

    @deck.command(name="show", description="Show one of your decks as an image, with its cost curve")
    @app_commands.describe(
        name="The deck",
        game="The game, if you have decks of this name in several",
        public=PUBLIC_HELP,
    )
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def show(
        self, interaction: discord.Interaction, name: str, game: str | None = None, public: bool = False
    ) -> None:
        stored = await self.stored(interaction, name, game)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        pool = get_pool(stored.row.game)
        summary = summarize(stored.deck, pool, stored.row.name)
        png = await asyncio.to_thread(_render_png, summary)
        listing = export(stored.deck, pool, stored.row.name)
        content = summary.text()
        block = f"\n```\n{listing}```"
        if len(content) + len(block) <= MESSAGE_LIMIT:
            content += block
        file = discord.File(io.BytesIO(png), filename=f"deck-{slug(stored.row.name)}.png")
        await interaction.followup.send(
            content, file=file, ephemeral=not public, allowed_mentions=NO_MENTIONS
        )

    @deck.command(name="export", description="Your deck as text you can paste or import again")
    @app_commands.describe(
        name="The deck",
        game="The game, if you have decks of this name in several",
        public=PUBLIC_HELP,
    )
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def export_(
        self, interaction: discord.Interaction, name: str, game: str | None = None, public: bool = False
    ) -> None:
        stored = await self.stored(interaction, name, game)
        listing = export(stored.deck, get_pool(stored.row.game), stored.row.name)
        file = discord.File(io.BytesIO(listing.encode("utf-8")), filename=f"{slug(stored.row.name)}.txt")
        block = f"```\n{listing}```"
        content = (
            block
            if len(block) <= MESSAGE_LIMIT
            else f"**{stored.row.name}**: the list is in the attached file."
        )
        await interaction.response.send_message(
            content, file=file, ephemeral=not public, allowed_mentions=NO_MENTIONS
        )

    @deck.command(name="rename", description="Rename one of your decks")
    @app_commands.describe(name="The deck", new_name="Its new name", game="The game, if needed")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def rename(
        self, interaction: discord.Interaction, name: str, new_name: str, game: str | None = None
    ) -> None:
        row = await self.resolve(interaction.user.id, name, game)
        new = await self.bot.db.decks.rename(interaction.user.id, row.id, new_name)
        await interaction.response.send_message(
            f"Renamed **{row.name}** to **{new.name}**.", ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @deck.command(name="copy", description="Copy one of your decks under a new name")
    @app_commands.describe(name="The deck", new_name="The copy's name", game="The game, if needed")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def copy(
        self, interaction: discord.Interaction, name: str, new_name: str, game: str | None = None
    ) -> None:
        row = await self.resolve(interaction.user.id, name, game)
        new = await self.bot.db.decks.copy(interaction.user.id, row.id, new_name)
        await interaction.response.send_message(
            f"Copied **{row.name}** to **{new.name}**.", ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @deck.command(name="delete", description="Delete one of your decks (asks first)")
    @app_commands.describe(name="The deck", game="The game, if needed")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def delete(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        row = await self.resolve(interaction.user.id, name, game)
        await interaction.response.send_message(
            f"Delete **{row.name}** ({deck_title(row.game)}, {row.card_count} cards)? This can't be undone.",
            view=delete_view(row),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @deck.command(name="card", description="Look up a card by name while you write a list")
    @app_commands.describe(game="Which game", name="The card's name")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=card_names)
    async def card(self, interaction: discord.Interaction, game: str, name: str) -> None:
        pool = get_pool(game)
        found = pool.by_name(name) or ([c] if (c := pool.by_code(name)) else [])
        if not found:
            hint = pool.suggest(name)
            more = f" Did you mean {', '.join(hint)}?" if hint else ""
            raise DeckError(f"{pool.title} has no card called {name.strip()[:60]!r}.{more}")
        info = found[0]
        embed = discord.Embed(title=info.name, description=info.text or None, colour=discord.Colour.gold())
        embed.add_field(name="Type", value=info.type_line or pool.group_titles.get(info.group, info.group))
        if info.cost_text:
            embed.add_field(name="Cost", value=info.cost_text)
        embed.set_footer(text=f"{pool.title} · {info.id}")
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _render_png(summary: Any) -> bytes:
    from bot.presenters.registry import entry
    from render.common import to_png
    from render.deck import deck_image

    return to_png(deck_image(summary, entry(summary.game).table.palette))


async def setup(bot: Host) -> None:
    await bot.add_cog(DeckCog(bot))
