"""/leaderboard game: [period:], and the server's rating settings: /ratings ai, /ratings rebuild.

Loading this cog is what rates matches: it adds ``RatingService.on_match_finished`` to the match
service's finish listeners (and takes it away when unloaded), so a match is rated as it ends,
before its end is announced. The rules are in ``bot.services.ratings``.

The leaderboard lists the server's top players of a game by rating, with their rated games and a
mark on provisional ratings; a period (30 or 7 days) keeps the players who played a rated game in
it and shows how their rating moved over it. As with /stats, an answer asked for in a thread the
bot opened is shown only to the one who asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.db.ratings import BoardRow
from bot.mentions import NO_PINGS
from bot.services.history import game_title
from bot.services.ratings import PROVISIONAL_GAMES, RATE_AI, RatingService, Skill, display, provisional
from bot.text import clip
from engines.core import CardhostError
from engines.games import all_games

if TYPE_CHECKING:
    from bot.ui.host import Host

SHOWN = 15
"""Players on the leaderboard (the asker's own line is added below when they are further down)."""
PERIODS: dict[str, tuple[str, float | None]] = {
    "all": ("all time", None),
    "30d": ("the last 30 days", 30 * 86400.0),
    "7d": ("the last 7 days", 7 * 86400.0),
}
GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.name) for g in all_games()]


class NotInServer(CardhostError):
    def __init__(self) -> None:
        super().__init__("Ratings are kept per server: use this command in a server's channel.")


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


def board_line(place: int, row: BoardRow, period: bool) -> str:
    now = display(Skill(row.mu, row.sigma))
    mark = "?" if provisional(row.games) else ""
    name = discord.utils.escape_markdown(row.name)
    line = f"{place}. **{name}** {now}{mark} · {_games(row.period_games if period else row.games)}"
    if period:
        line += f" ({now - display(Skill(row.mu_start, row.sigma_start)):+d})"
    return line


AI_NOT_RATED = (
    "-# Games with AI seats are not rated on this server, so they are not on this leaderboard "
    "(someone with Manage Server can rate them with `/ratings ai`)."
)
"""Why a game against the AI is missing from the board: a player who has only played the AI
would otherwise find an empty leaderboard without a word (issue 34 item 15)."""


def leaderboard_text(
    title: str, server: str, period: str, rows: list[BoardRow], total: int, me: int, rates_ai: bool = True
) -> str:
    """The board; ``rates_ai`` False (the server's default) adds why games against the AI are not
    on it."""
    label, days = PERIODS[period]
    in_period = days is not None
    head = f"🏆 **{title} leaderboard** · {discord.utils.escape_markdown(server)} · {label}"
    if not rows:
        when = "yet" if not in_period else f"in {label}"
        empty = f"{head}\nNobody has played a rated game of {title} on this server {when}."
        return empty if rates_ai else f"{empty}\n{AI_NOT_RATED}"
    lines = [head]
    lines += [board_line(i, r, in_period) for i, r in enumerate(rows[:SHOWN], 1)]
    mine = next((i for i, r in enumerate(rows, 1) if r.user_id == me), None)
    if mine is not None and mine > SHOWN:
        lines.append(f"…\n{board_line(mine, rows[mine - 1], in_period)}")
    if total > SHOWN:
        lines.append(f"-# {total} players ranked{'' if not in_period else ' in this period'}.")
    notes = [f"? provisional: fewer than {PROVISIONAL_GAMES} rated games"]
    if in_period:
        notes.append(f"(+n) the change over {label}")
    lines.append("-# " + "; ".join(notes) + ". A newcomer starts at 1000.")
    if not rates_ai:
        lines.append(AI_NOT_RATED)
    return clip("\n".join(lines))


def _manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: Host, service: RatingService) -> None:
        self.bot = bot
        self.service = service

    async def cog_load(self) -> None:
        self.bot.matches.finish_listeners.append(self.service.on_match_finished)

    async def cog_unload(self) -> None:
        if self.service.on_match_finished in self.bot.matches.finish_listeners:
            self.bot.matches.finish_listeners.remove(self.service.on_match_finished)

    def _quiet(self, interaction: discord.Interaction) -> bool:
        channel = interaction.channel
        return (
            isinstance(channel, discord.Thread)
            and self.bot.user is not None
            and channel.owner_id == self.bot.user.id
        )

    @app_commands.command(name="leaderboard", description="This server's top players of a game by rating")
    @app_commands.describe(
        game="Which game", period="Players who played in this period (all time if not set)"
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        period=[
            app_commands.Choice(name=label.capitalize(), value=key) for key, (label, _) in PERIODS.items()
        ],
    )
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, period: str = "all") -> None:
        if interaction.guild_id is None:
            raise NotInServer()
        if period not in PERIODS:
            raise CardhostError(
                "Choose a period from the list: all time, the last 30 days or the last 7 days."
            )
        title = game_title(game)
        quiet = self._quiet(interaction)
        await interaction.response.defer(thinking=True, ephemeral=quiet)
        days = PERIODS[period][1]
        since = None if days is None else self.bot.db.now() - days
        rows, total = await self.service.store.leaderboard(interaction.guild_id, game, since, -1)
        server = interaction.guild.name if interaction.guild is not None else "this server"
        rates_ai = await self.service.rate_ai(interaction.guild_id)
        text = leaderboard_text(title, server, period, rows, total, interaction.user.id, rates_ai)
        await interaction.followup.send(text, allowed_mentions=NO_PINGS, ephemeral=quiet)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class RatingsCog(commands.GroupCog, group_name="ratings", group_description="This server's rating settings"):
    def __init__(self, bot: Host, service: RatingService) -> None:
        self.bot = bot
        self.service = service
        super().__init__()

    @app_commands.command(name="ai", description="Whether games with AI seats change ratings on this server")
    @app_commands.describe(rated="True: games against the AI are rated; False (the default): they are not")
    async def ai(self, interaction: discord.Interaction, rated: bool) -> None:
        if interaction.guild_id is None:
            raise NotInServer()
        if not _manager(interaction):
            raise CardhostError("Only someone with Manage Server can change how this server rates games.")
        await self.service.settings.update(interaction.guild_id, {RATE_AI: True if rated else None})
        text = (
            (
                "Games with AI seats are now rated on this server (each AI seat counts as a newcomer of "
                "fixed strength). "
                if rated
                else "Games with AI seats are no longer rated on this server. "
            )
            + "This applies to games that end from now on; /ratings rebuild applies it to the games played before."
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(
        name="rebuild", description="Compute this server's ratings again from its match history"
    )
    @app_commands.describe(game="Only this game's ratings (every game if not set)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rebuild(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if interaction.guild_id is None:
            raise NotInServer()
        if not _manager(interaction):
            raise CardhostError("Only someone with Manage Server can rebuild this server's ratings.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await self.service.rebuild(interaction.guild_id, game)
        where = f" of {game_title(game)}" if game else ""
        await interaction.followup.send(
            summary.text(where + " on this server"), ephemeral=True, allowed_mentions=NO_PINGS
        )


async def setup(bot: Host) -> None:
    service = bot.ratings  # built in bot/client.py: /game end asks it too
    await bot.add_cog(LeaderboardCog(bot, service))
    await bot.add_cog(RatingsCog(bot, service))
