"""/play: open a lobby for a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engines.core import ConfigError, get_engine, load_all

if TYPE_CHECKING:
    from bot.client import CardhostBot

PLAY_GAMES = ("chrono", "afrika")
"""Games /play can start: Chrono from a seat lobby, Afrika as a duel (against the AI or a person)."""


def _game_choices() -> list[app_commands.Choice[str]]:
    engines = load_all()
    return [app_commands.Choice(name=engines[g].title, value=g) for g in PLAY_GAMES if g in engines]


class PlayCog(commands.Cog):
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Open a lobby for a card game in this channel")
    @app_commands.describe(
        game="Which game",
        seats="Most players who can sit (the game's maximum if not set)",
        suits="Epochs Chrono: 3 suits (decks #1+2) or 4 suits (decks #1+2+3)",
        turn_seconds="Seconds per turn before the AI plays for you (reserve time comes on top)",
        deck="Chronicles of Afrika: your Codex (a saved deck or a starter); a starter if not set",
        opponent="Chronicles of Afrika: challenge this player (the AI if not set)",
    )
    @app_commands.choices(
        game=_game_choices(),
        suits=[app_commands.Choice(name="3 suits", value=3), app_commands.Choice(name="4 suits", value=4)],
    )
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 2, 10] | None = None,
        suits: int | None = None,
        turn_seconds: app_commands.Range[int, 15, 3600] | None = None,
        deck: str | None = None,
        opponent: discord.Member | None = None,
    ) -> None:
        engine = get_engine(game)
        seconds = float(turn_seconds or self.bot.settings.turn_seconds)
        if game == "afrika":
            if opponent is not None:
                await self.bot.lobbies.challenge(interaction, game, deck, opponent, seconds)
            else:
                await self.bot.lobbies.start_duel(interaction, game, deck, seconds)
            return
        options: dict[str, Any] = {}
        if seats is not None:
            if not engine.min_players <= seats <= engine.max_players:
                raise ConfigError(
                    f"{engine.title} is for {engine.min_players} to {engine.max_players} players."
                )
            options["max_players"] = seats
        if suits is not None:
            options["suits"] = suits
        options["turn_seconds"] = turn_seconds or self.bot.settings.turn_seconds
        await self.bot.lobbies.create(interaction, game, options)

    @play.autocomplete("deck")
    async def deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.services.codexes import STARTER_PREFIX, starters

        game = getattr(interaction.namespace, "game", None) or "afrika"
        names = [f"{STARTER_PREFIX}{label}" for label in starters(game)]
        names += [d.name for d in await self.bot.db.decks.search(interaction.user.id, current, game)]
        key = current.casefold()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if key in n.casefold()][:25]


async def setup(bot: CardhostBot) -> None:
    await bot.add_cog(PlayCog(bot))
