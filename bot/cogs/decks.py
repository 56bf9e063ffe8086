"""/deck: each player's deck library — import, list, show, export, rename, delete, copy, card.

The cog only moves text between Discord and the pure importer (``engines.decks``) and the store
(``bot.db.decks``). A list with any problem is answered with every problem and its line number and
is not saved. Long lists come by a .txt attachment or, when neither ``text`` nor ``file`` is given,
through a modal with a paragraph field.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.decks import DeckExists, DeckNotFound, DeckRow, StoredDeck
from bot.ids import ROW_ID, USER_ID, parse_row_id
from bot.text import clip
from bot.ui.components import bot_of
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError
from engines.decks import (
    DeckError,
    DeckResult,
    available_pools,
    check_deck_name,
    export,
    get_pool,
    import_deck,
    summarize,
)
from engines.decks.names import MAX_NAME
from engines.games import all_games

if TYPE_CHECKING:
    from bot.client import CardhostBot

log = logging.getLogger("cardhost.decks")

MAX_FILE_BYTES = 256 * 1024
MAX_LINES = 1000
MESSAGE_LIMIT = 2000
MODAL_MAX = 4000
TEXT_EXTENSIONS = (".txt", ".dec", ".dek", ".deck", ".cod")
NO_MENTIONS = discord.AllowedMentions.none()


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title, value=g.name) for g in all_games() if g.has_decks]


def _title(game: str) -> str:
    try:
        return get_pool(game).title
    except CardhostError:
        return game


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "deck"


def count_lines(text: str) -> int:
    return text.count("\n") + 1 if text else 0


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


def check_length(text: str) -> None:
    n = count_lines(text.strip("\n"))
    if n > MAX_LINES:
        raise DeckError(f"That list has {n} lines; a deck list can have at most {MAX_LINES}.")


def problems_message(name: str | None, result: DeckResult) -> tuple[str, discord.File | None]:
    """Every problem, one per line; over 2000 characters the full list goes in problems.txt."""
    n = len(result.problems)
    # The name as typed (or as the list's Arena 'Name' line gives it): checked only when the list is clean.
    shown = clip(name or result.name or "The deck", MAX_NAME + 1)
    head = f"**{shown}** was not saved — {n} problem{'s' if n != 1 else ''} to fix, then import again:"
    lines = [p.describe() for p in result.problems]
    full = "\n".join([head, *lines])
    if len(full) <= MESSAGE_LIMIT:
        return full, None
    kept: list[str] = []
    size = len(head) + 120
    for line in lines:
        if size + len(line) + 1 > MESSAGE_LIMIT:
            break
        kept.append(line)
        size += len(line) + 1
    more = n - len(kept)
    body = "\n".join([head, *kept, f"… and {more} more: every problem is in the attached problems.txt."])
    plain = "\n".join(p.describe().replace("**", "") for p in result.problems)
    file = discord.File(io.BytesIO(plain.encode("utf-8")), filename="problems.txt")
    return body, file


class DeckImportModal(discord.ui.Modal):
    """A paragraph field for a pasted list (Discord's slash options lose line breaks)."""

    def __init__(self, cog: DeckCog, game: str, name: str | None, fmt: str, replace: bool) -> None:
        super().__init__(title=f"Import deck: {name}"[:45] if name else "Import a deck", timeout=900)
        self.cog, self.game, self.name, self.fmt, self.replace = cog, game, name, fmt, replace
        self.listing: discord.ui.TextInput[DeckImportModal] = discord.ui.TextInput(
            label="Deck list",
            style=discord.TextStyle.paragraph,
            placeholder="4 Cosmic Storyteller\n2x Spark Bolt\n12 Nebula Plains\n\nSideboard\n1 ...",
            max_length=MODAL_MAX,
            required=True,
        )
        self.add_item(self.listing)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.run_import(
            interaction, self.game, self.name, self.fmt, self.listing.value, self.replace
        )

    # Modal.on_error's signature (no item) is discord.py's own, and it already differs from
    # BaseView.on_error's; mypy checks the override against both bases.
    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:  # type: ignore[override]
        if isinstance(error, CardhostError):
            message = str(error)
        else:
            log.error("deck import modal failed", exc_info=error)
            message = "Something went wrong on my side; it has been logged. Please try again."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


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
        if self.op == "no":
            await interaction.response.edit_message(content="Nothing was deleted.", view=None)
            return
        try:
            row = await bot_of(interaction).db.decks.delete(self.user_id, self.deck_id)
        except DeckNotFound as exc:
            await interaction.response.edit_message(content=str(exc), view=None)
            return
        await interaction.response.edit_message(
            content=f"Deleted **{row.name}** ({_title(row.game)}).", view=None, allowed_mentions=NO_MENTIONS
        )


def delete_view(row: DeckRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DeckDeleteButton(row.id, row.user_id, "yes"))
    view.add_item(DeckDeleteButton(row.id, row.user_id, "no"))
    return view


class DeckCog(commands.Cog):
    deck = app_commands.Group(name="deck", description="Your deck library: import, show and export decks")

    def __init__(self, bot: CardhostBot) -> None:
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
            games = ", ".join(_title(r.game) for r in rows)
            raise DeckError(
                f"You have decks called **{rows[0].name}** in several games ({games}): add `game:`."
            )
        return rows[0]

    async def run_import(
        self,
        interaction: discord.Interaction,
        game: str,
        name: str | None,
        fmt: str,
        text: str,
        replace: bool,
        *,
        deferred: bool = False,
    ) -> None:
        check_length(text)
        if not deferred:
            await interaction.response.defer(ephemeral=True, thinking=True)
        pool = get_pool(game)
        result = await asyncio.to_thread(import_deck, text, pool, fmt)
        if not result.ok:
            body, file = problems_message(name, result)
            kwargs: dict[str, Any] = {"file": file} if file else {}
            await interaction.followup.send(body, ephemeral=True, allowed_mentions=NO_MENTIONS, **kwargs)
            return
        assert result.deck is not None
        name = name or result.name
        if not name:
            raise DeckError(
                "Give the deck a name: the `name` option, or a `Name …` line under `About` as MTG Arena writes."
            )
        row = await self.bot.db.decks.save(interaction.user.id, name, result.deck, replace=replace)
        f = pool.format(row.format)
        await interaction.followup.send(
            f"Saved **{row.name}** — {pool.title}, {f.title.lower()}, {row.card_count} cards. "
            f"`/deck show name:{row.name}` shows it.",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

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
                name=f"{r.name} — {_title(r.game)}, {r.card_count} cards"[:100], value=f"#{r.id}"
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
        return [app_commands.Choice(name=c.name[:100], value=c.name[:100]) for c in cards]

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
        if file is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            content = await read_attachment(file)
            await self.run_import(interaction, game, name, fmt.key, content, replace, deferred=True)
        elif text:
            await self.run_import(interaction, game, name, fmt.key, text, replace)
        else:
            await interaction.response.send_modal(DeckImportModal(self, game, name, fmt.key, replace))

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
            embed.add_field(name=_title(g), value=value, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)

    @deck.command(name="show", description="Show one of your decks as an image, with its cost curve")
    @app_commands.describe(name="The deck", game="The game, if you have decks of this name in several")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def show(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        stored = await self.stored(interaction, name, game)
        await interaction.response.defer(thinking=True)
        pool = get_pool(stored.row.game)
        summary = summarize(stored.deck, pool, stored.row.name)
        png = await asyncio.to_thread(_render_png, summary)
        listing = export(stored.deck, pool, stored.row.name)
        content = summary.text()
        block = f"\n```\n{listing}```"
        if len(content) + len(block) <= MESSAGE_LIMIT:
            content += block
        file = discord.File(io.BytesIO(png), filename=f"deck-{_slug(stored.row.name)}.png")
        await interaction.followup.send(content, file=file, allowed_mentions=NO_MENTIONS)

    @deck.command(name="export", description="Your deck as text you can paste or import again")
    @app_commands.describe(name="The deck", game="The game, if you have decks of this name in several")
    @app_commands.choices(game=_game_choices())
    @app_commands.autocomplete(name=deck_names)
    async def export_(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        stored = await self.stored(interaction, name, game)
        listing = export(stored.deck, get_pool(stored.row.game), stored.row.name)
        file = discord.File(io.BytesIO(listing.encode("utf-8")), filename=f"{_slug(stored.row.name)}.txt")
        block = f"```\n{listing}```"
        content = (
            block
            if len(block) <= MESSAGE_LIMIT
            else f"**{stored.row.name}**: the list is in the attached file."
        )
        await interaction.response.send_message(
            content, file=file, ephemeral=True, allowed_mentions=NO_MENTIONS
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
            f"Delete **{row.name}** ({_title(row.game)}, {row.card_count} cards)? This can't be undone.",
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
    from bot.presenters import table_spec
    from render.common import to_png
    from render.deck import deck_image

    return to_png(deck_image(summary, table_spec(summary.game).palette))


async def setup(bot: CardhostBot) -> None:
    await bot.add_cog(DeckCog(bot))
