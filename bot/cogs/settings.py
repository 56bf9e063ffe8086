"""/settings stops: steps where a player wants to be asked even when they could only pass.
/settings language: the language a player reads cards in (``bot.i18n``), where a game speaks it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT, LANGUAGES, known
from bot.mentions import NO_PINGS
from bot.presenters.registry import entries
from bot.ui.settings import StopsSelect, describe
from engines.core import CardhostError
from engines.core.game import GameSpec
from engines.games import all_games, game_spec

if TYPE_CHECKING:
    from bot.ui.host import Host


def _games_with_stops() -> list[GameSpec[Any, Any, Any]]:
    """Games whose autoplay passes for players (so a stop means something), from the declarations."""
    return [g for g in all_games() if g.autoplay.stop_steps]


async def save_language(bot: Host, user: discord.abc.User, lang: str) -> str:
    """Store the player's language and apply it to their running matches at once."""
    lang = known(lang)
    await bot.db.players.upsert(user.id, getattr(user, "display_name", user.name))
    await bot.db.players.update_settings(user.id, {"language": lang})
    bot.matches.set_language(user.id, lang)
    return lang


def _speaking_games(lang: str) -> list[str]:
    """Titles of the games whose cards can be shown in ``lang`` besides their own language."""
    return [e.title for e in entries() if len(e.table.languages) > 1 and lang in e.table.languages]


def describe_language(lang: str, *, changed: bool) -> str:
    """What the setting does, in the language chosen (a sentence the player can read)."""
    games = ", ".join(_speaking_games(lang))
    if lang == "ru":
        head = "Теперь ваш язык — русский." if changed else "Ваш язык — русский."
        where = (
            f" {games}: карты, их тексты и изображения показываются вам на русском."
            if games
            else " Пока ни одна игра здесь не показывает карты на русском; игры, которые умеют, будут."
        )
        tail = " Названия команд следуют языку вашего приложения Discord."
        other = "" if changed else " Сменить: `/settings language`."
        return head + where + tail + other
    head = f"Your language is now {LANGUAGES[lang]}." if changed else f"Your language is {LANGUAGES[lang]}."
    where = (
        f" {games}: cards, their texts and images are shown to you in {LANGUAGES[lang]}."
        if games
        else f" No game here shows its cards in another language yet; games that can will use {LANGUAGES[lang]}."
    )
    tail = " Command names follow your Discord app's language."
    other = "" if changed else " Change it with `/settings language`."
    return head + where + tail + other


class SettingsCog(commands.GroupCog, group_name="settings", group_description="Your cardhost settings"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="stops", description="Steps where you want to be asked before the bot passes for you"
    )
    @app_commands.describe(game="Which game (the first with steps to stop at if not set)")
    @app_commands.choices(game=[app_commands.Choice(name=g.title, value=g.name) for g in _games_with_stops()])
    async def stops(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None:
            game = next(iter(g.name for g in _games_with_stops()), "")
        if not game or not game_spec(game).autoplay.stop_steps:
            raise CardhostError("That game has no steps to stop at.")
        settings = await self.bot.db.players.get_settings(interaction.user.id)
        chosen = frozenset(settings.get("stops", {}).get(game, ()))
        view = discord.ui.View(timeout=None)
        view.add_item(StopsSelect(game, chosen))
        await interaction.response.send_message(describe(game, chosen), view=view, ephemeral=True)

    @app_commands.command(name="language", description="The language you read cards in: English or Russian")
    @app_commands.describe(language="English or Русский (your current language is shown if not set)")
    @app_commands.choices(
        language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
    )
    async def language(self, interaction: discord.Interaction, language: str | None = None) -> None:
        if language is None:
            settings = await self.bot.db.players.get_settings(interaction.user.id)
            current = known(settings.get("language", DEFAULT))
            text = describe_language(current, changed=False)
        else:
            if language not in LANGUAGES:
                raise CardhostError(f"Choose one of: {', '.join(LANGUAGES.values())}.")
            text = describe_language(await save_language(self.bot, interaction.user, language), changed=True)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)


async def setup(bot: Host) -> None:
    await bot.add_cog(SettingsCog(bot))
