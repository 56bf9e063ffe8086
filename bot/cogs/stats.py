"""/stats card and /stats set: a server's card statistics (issue #21 item 5).

``/stats card name: [game:]`` answers with one card's pick order, decks and win rate, and plays
on this server, in sentences (without ``game:``, in whichever game has a card of that name; a
name several games have is asked about rather than guessed); ``/stats set [game:] [by:] [at_least:]`` posts a chart of the game's
top and bottom cards by win rate, pick order or plays. The cog parses and answers; the counting is
``bot.services.cardstats`` over ``bot.db.cardstats`` (SQL, nothing replayed).

Statistics are per server: in a DM there is no server to count, so the commands are guild-only
(and refuse in words if one arrives anyway). Like ``/card``, an answer asked for in a thread the
bot opened (a game's or a draft's) is shown only to the one who asked.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.cards import card_choices, find_card
from bot.mentions import NO_PINGS
from bot.presenters import TableSpec
from bot.presenters.registry import entries
from bot.services.cardstats import (
    METRICS,
    basis,
    chart,
    metric_for,
    nothing_ranked,
    summary,
)
from bot.text import clip
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.ui.host import Host

ALT_TEXT_LIMIT = 1024
"""Discord's limit for an attachment's description (alt text)."""


def stats_tables() -> list[TableSpec]:
    """The games with card statistics: those with a card pool to name the cards."""
    return [e.table for e in entries() if e.spec.deck_pool is not None]


def stats_table(game: str | None) -> TableSpec:
    """The game ``/stats`` was asked about (the first with cards when none was named)."""
    tables = stats_tables()
    if not tables:
        raise CardhostError("No game here has cards to count.")
    if not game:
        return tables[0]
    for t in tables:
        if t.name == game:
            return t
    raise CardhostError("That game has no cards of its own to count: choose one from the list.")


def _pool_card(table: TableSpec, query: str) -> str | None:
    """The id of the card of ``table`` called ``query`` (a name, an alias or a number), if any."""
    assert table.game.deck_pool is not None
    pool = table.game.deck_pool()
    found = pool.by_name(query) or ([c] if (c := pool.by_code(query)) else [])
    return found[0].id if found else None


def card_games(query: str) -> list[tuple[TableSpec, str]]:
    """Every game with card statistics that has a card called ``query``, with its id there. A
    ``game/id`` reference (the autocomplete's value where an id is shared by several games) names
    one. Only the games' card lists are read, never a deck: which game a name belongs to is as
    public as /card, so answering it reveals nobody's cards."""
    tables = stats_tables()
    game, sep, number = query.strip().partition("/")
    if sep:
        for t in tables:
            if t.name == game and t.game.deck_pool is not None and number in t.game.deck_pool().cards:
                return [(t, number)]
    return [(t, cid) for t in tables if (cid := _pool_card(t, query)) is not None]


def _titles(tables: list[TableSpec]) -> str:
    names = [t.title for t in tables]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def any_game_card(query: str) -> tuple[TableSpec, str]:
    """``/stats card`` without ``game:``: the game that has the card. A name several games have is
    not guessed (it would answer about a card the player did not mean): the refusal names those
    games and asks for ``game:``; an unknown name gets "did you mean" from every game."""
    found = card_games(query)
    if len(found) == 1:
        return found[0]
    if found:
        names = []
        for table, cid in found:
            assert table.game.deck_pool is not None
            pool = table.game.deck_pool()
            names.append(pool.shown_name(pool.card(cid), query))
        ask = "Choose the game with game: to see its statistics."
        if len(set(names)) == 1:
            both = "both " if len(found) == 2 else ""
            raise CardhostError(f"{names[0]} is a card of {both}{_titles([t for t, _ in found])}. {ask}")
        each = [f"{n} ({t.title})" for n, (t, _) in zip(names, found, strict=True)]
        listed = each[0] if len(each) == 1 else ", ".join(each[:-1]) + " and " + each[-1]
        raise CardhostError(f"{query.strip()[:60]!r} names a card in several games: {listed}. {ask}")
    hints = []
    for t in stats_tables():
        assert t.game.deck_pool is not None
        hints += [f"{h} ({t.title})" for h in t.game.deck_pool().suggest(query, n=2)]
    more = f" Did you mean {', '.join(hints[:4])}?" if hints else ""
    raise CardhostError(f"There is no card called {query.strip()[:60]!r} in any game here.{more}")


def any_game_choices(current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``/stats card`` without ``game:``: the cards of every game, each labelled
    with its game; the value is the card's number, or ``game/number`` when games share it."""
    key = current.strip().casefold()
    tables = stats_tables()
    starts: list[tuple[str, TableSpec, str]] = []
    inside: list[tuple[str, TableSpec, str]] = []
    for t in tables:
        assert t.game.deck_pool is not None
        pool = t.game.deck_pool()
        for c in pool.cards.values():
            names = [n.casefold() for n in c.names]
            if any(n.startswith(key) for n in names):
                starts.append((pool.shown_name(c, current), t, c.id))
            elif any(key in n for n in names):
                inside.append((pool.shown_name(c, current), t, c.id))
    out = []
    for shown, t, cid in sorted(starts, key=lambda e: e[0]) + sorted(inside, key=lambda e: e[0]):
        shared = sum(1 for other in tables if _pool_card(other, cid) is not None) > 1
        value = f"{t.name}/{cid}" if shared else cid
        out.append(app_commands.Choice(name=clip(f"{shown} ({cid}) · {t.title}", 100), value=value))
        if len(out) == 25:
            break
    return out


class NotInServer(CardhostError):
    def __init__(self) -> None:
        super().__init__("Card statistics are kept per server: use /stats in a server's channel.")


@app_commands.guild_only()
class StatsCog(commands.GroupCog, group_name="stats", group_description="This server's card statistics"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.service = bot.cardstats
        super().__init__()

    def _quiet(self, interaction: discord.Interaction) -> bool:
        """In a thread the bot opened, the answer is for the asker alone (as /card's)."""
        channel = interaction.channel
        return (
            isinstance(channel, discord.Thread)
            and self.bot.user is not None
            and channel.owner_id == self.bot.user.id
        )

    @app_commands.command(name="card", description="A card's pick order, plays and win rate on this server")
    @app_commands.describe(name="The card's name or number (LC001)", game="Which game's card")
    @app_commands.choices(game=[app_commands.Choice(name=t.title, value=t.name) for t in stats_tables()])
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        if interaction.guild_id is None:
            raise NotInServer()
        if game:
            table = stats_table(game)
            prefix = f"{table.name}/"
            cid = find_card(table, name[len(prefix) :] if name.startswith(prefix) else name)
        else:
            table, cid = any_game_card(name)
        assert table.game.deck_pool is not None
        card = table.game.deck_pool().card(cid)
        quiet = self._quiet(interaction)
        await interaction.response.defer(thinking=True, ephemeral=quiet)
        text = await self.service.card(interaction.guild_id, table, card)
        await interaction.followup.send(clip(text), allowed_mentions=NO_PINGS, ephemeral=quiet)

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        if not game:
            return any_game_choices(current)
        try:
            table = stats_table(game)
        except CardhostError:
            return []
        return card_choices(table, current)

    @app_commands.command(name="set", description="A chart of this server's top and bottom cards of a game")
    @app_commands.describe(
        game="Which game's cards",
        by="Rank by the win rate of decks holding the card (default), pick order or plays",
        at_least="Only cards with at least this many games (or picks) behind their number (default 5)",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=t.title, value=t.name) for t in stats_tables()],
        by=[app_commands.Choice(name=m.label, value=m.key) for m in METRICS.values()],
    )
    async def set_(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        by: str = "win",
        at_least: app_commands.Range[int, 1, 1000] = 5,
    ) -> None:
        if interaction.guild_id is None:
            raise NotInServer()
        table = stats_table(game)
        metric = metric_for(table, by)
        quiet = self._quiet(interaction)
        await interaction.response.defer(thinking=True, ephemeral=quiet)
        ranking = await self.service.ranking(interaction.guild_id, table, metric, at_least)
        if not ranking.ranked:
            await interaction.followup.send(
                nothing_ranked(ranking), allowed_mentions=NO_PINGS, ephemeral=quiet
            )
            return
        server = interaction.guild.name if interaction.guild is not None else "This server"
        picture = chart(ranking, server)

        def draw() -> bytes:
            from render.common import to_png
            from render.stats import stats_chart

            return to_png(stats_chart(picture))

        data = await asyncio.to_thread(draw)
        alt = summary(ranking)
        file = discord.File(
            io.BytesIO(data),
            filename=f"card-stats-{table.name}-{ranking.metric.key}.png",
            description=clip(alt, ALT_TEXT_LIMIT),
        )
        content = (
            f"**Card statistics · {table.title}** ({ranking.ranked} cards ranked): {basis(ranking, server)}."
        )
        await interaction.followup.send(clip(content), file=file, allowed_mentions=NO_PINGS, ephemeral=quiet)


async def setup(bot: Host) -> None:
    await bot.add_cog(StatsCog(bot))
