"""/puzzle [game] [stats]: today's puzzle of a game, played in your DMs; or the server's solves.

The puzzle of the day rotates through the game's bundled puzzles by date (the same everywhere);
``bot.services.puzzles`` keeps the attempts and ``bot.ui.puzzle`` the DM panel. Like
``/history export: True``, the server's statistics are an option rather than a subcommand:
Discord does not let a command that has subcommands run by itself, and ``/puzzle`` alone is
the everyday use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.mentions import NO_PINGS
from bot.presenters.registry import entry
from bot.services.puzzles import DayBoard, choose_game, puzzle_games
from bot.text import clip, ordinal
from bot.ui.puzzle import deliver
from engines.core import CardhostError
from engines.games import all_games

if TYPE_CHECKING:
    from bot.ui.host import Host

TOP = 5
"""Solvers of all time listed by /puzzle stats."""


def board_text(board: DayBoard) -> str:
    """One game's part of /puzzle stats: the day's puzzle, who tried it, its top solvers."""
    title = entry(board.game).title
    lines = [f"**{title}, {board.day}: {board.puzzle.title}** ({board.puzzle.goal_text})"]
    if not board.entries:
        lines.append("Nobody here has tried it yet.")
    for e in board.entries:
        tries = "1 attempt" if e.attempts == 1 else f"{e.attempts} attempts"
        if e.solved:
            lines.append(f"✅ {e.name}: solved on the {ordinal(e.solved_on)} attempt")
        else:
            lines.append(f"❌ {e.name}: {tries}, not solved yet")
    if board.top:
        ranks = " · ".join(f"{i}. {s.name} ({s.solves})" for i, s in enumerate(board.top[:TOP], 1))
        lines.append(f"All-time solvers: {ranks}")
    return "\n".join(lines)


class PuzzleCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name="puzzle", description="Today's puzzle of a game, played in your DMs (or the server's solves)"
    )
    @app_commands.describe(
        game="Which game's puzzle (the game with the most puzzles if not set)",
        stats="Show who solved today's puzzle on this server, and the top solvers, instead",
    )
    async def puzzle(
        self, interaction: discord.Interaction, game: str | None = None, stats: bool = False
    ) -> None:
        if stats:
            await self._stats(interaction, game)
            return
        name = choose_game(typed_game(game))  # an unknown game or one without puzzles: in words
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        attempt, resumed = await self.bot.puzzles.start(
            user.id, user.display_name, interaction.guild_id, name
        )
        await deliver(interaction, self.bot.puzzles, attempt, resumed)

    async def _stats(self, interaction: discord.Interaction, game: str | None) -> None:
        if interaction.guild_id is None:
            raise CardhostError("Puzzle solves are counted per server: use /puzzle stats: True in a server.")
        games = [choose_game(typed_game(game))] if game is not None else puzzle_games()
        await interaction.response.defer(thinking=True)
        service = self.bot.puzzles
        parts = ["🧩 **Puzzles on this server**"]
        for name in games:
            parts.append(board_text(await service.board(interaction.guild_id, name)))
        if game is None:
            top = await service.top_solvers(interaction.guild_id)
            if top:
                ranks = " · ".join(f"{i}. {s.name} ({s.solves})" for i, s in enumerate(top[:TOP], 1))
                parts.append(f"**Top solvers, every game:** {ranks}")
            else:
                parts.append("Nobody here has solved a puzzle yet: `/puzzle` gives you today's.")
        await interaction.followup.send(clip("\n\n".join(parts)), allowed_mentions=NO_PINGS)

    @puzzle.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games with puzzles; any other text typed is refused in words when sent."""
        key = current.strip().casefold()
        specs = [g for g in all_games() if g.name in puzzle_games()]
        return [
            app_commands.Choice(name=g.title, value=g.name)
            for g in specs
            if key in g.title.casefold() or key in g.name
        ][:25]


def typed_game(text: str | None) -> str | None:
    """A game's registry name from what was typed: the autocomplete's value, or a title typed
    in full, in any case; anything else is passed on to be refused in words."""
    if text is None or not text.strip():
        return None
    key = text.strip().casefold()
    for g in all_games():
        if key in (g.name, g.title.casefold()):
            return g.name
    return text.strip()


async def setup(bot: Host) -> None:
    await bot.add_cog(PuzzleCog(bot))
