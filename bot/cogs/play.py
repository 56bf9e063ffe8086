"""/play: start a game in this channel, built from the games' declarations.

Every declared game is a subcommand (``/play afrika``) whose options are the ones that game uses:
the ``OptionSpec``s it declares and the table's own (``bot/cogs/play_commands.py``), so a new game
and its options appear here by being declared. How the match starts comes from its ``TableSpec``:
a lobby with seats to fill, or a duel (against the AI at once, or a challenge to a named opponent)
with a deck per player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.play_commands import play_group
from bot.db.errors import AlreadySeated, LobbyClosed, LobbyFull
from bot.i18n import say, speaking
from bot.mentions import pinging
from bot.presenters.registry import entries, entry
from bot.services.lobbies import LobbyChange, Started
from bot.services.seating import Seating
from bot.surfaces.lobby import greeting, launch, lobby_buttons, lobby_embed, record_lobby, show_lobby
from bot.ui.dms import greet_by_dm
from bot.ui.lobby import lobby_deck_view
from engines.core import CardhostError, ConfigError, get_engine

if TYPE_CHECKING:
    from bot.ui.host import Host

DM_HELP = (
    "I couldn't send you a direct message. Your hand is private, so I send it by DM: open the server's "
    "menu → **Privacy Settings** → turn on **Direct Messages**, then I can DM you. Until then, use the "
    "**Show my hand** button in the game thread: only you will see it."
)

_PLAY_TABLES = [e.table for e in entries()]


def _is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


class PlayCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    # /play <game>: one subcommand per declared game, with the options it uses (bot/cogs/play_commands.py).
    play = play_group(_PLAY_TABLES, "PlayCog")

    async def start(self, interaction: discord.Interaction, game: str, values: dict[str, Any]) -> None:
        table = entry(game).table
        spec = table.game
        chosen = {k: v for k, v in values.items() if v is not None}
        seats = chosen.pop("seats", None)
        turn_seconds = chosen.pop("turn_seconds", None)
        deck = chosen.pop("deck", None)
        opponent = chosen.pop("opponent", None)
        # The first count a game lists is its match rule (a Spirit Tactics Match is best of three).
        best_of = chosen.pop("best_of", spec.series.best_of[0])
        ai_level = chosen.pop("ai", None)
        if best_of not in spec.series.best_of:
            allowed = ", ".join(f"best of {n}" for n in spec.series.best_of)
            raise ConfigError(f"{spec.title} can be played as {allowed}.")
        options = spec.engine_options(chosen)
        seconds = turn_seconds or self.bot.settings.turn_clock(game)[0]  # the game's own clock
        seating = table.seating(options) if table.seating is not None else None
        if seating is not None:
            if ai_level:
                options["ai_level"] = ai_level  # the level of the seats "Add AI" fills
            options["turn_seconds"] = seconds
            await self._variant_lobby(interaction, game, seating, options, seats, deck, opponent, best_of)
            return
        if table.start == "duel":
            if seats is not None:
                more = " or choose a variant for more players," if table.seating is not None else ""
                raise ConfigError(
                    f"{spec.title} is a duel: leave out seats{more} (name an opponent to play a person)."
                )
            if opponent is not None and ai_level is not None:
                raise ConfigError("A challenge is played between two people: leave out ai, or the opponent.")
            if opponent is not None:
                await self.challenge(interaction, game, deck, opponent, float(seconds), options, best_of)
            else:
                await self.start_duel(
                    interaction, game, deck, float(seconds), options, best_of=best_of, ai_level=ai_level
                )
            return
        if deck is not None or opponent is not None:
            raise ConfigError(
                f"{spec.title} is played with a shared set in an open lobby: leave out deck and "
                "opponent, and players join with the button."
            )
        engine = spec.engine
        if seats is not None:
            if not engine.min_players <= seats <= engine.max_players:
                raise ConfigError(
                    f"{engine.title} is for {engine.min_players} to {engine.max_players} players."
                )
            options["max_players"] = seats
        if best_of > 1:
            options["best_of"] = best_of
        if ai_level:
            options["ai_level"] = ai_level  # the level of the seats "Add AI" fills
        options["turn_seconds"] = seconds
        await self.open_lobby(interaction, game, options)

    async def _variant_lobby(
        self,
        interaction: discord.Interaction,
        game: str,
        seating: Seating,
        options: dict[str, Any],
        seats: int | None,
        deck: str | None,
        opponent: Any,
        best_of: int,
    ) -> None:
        """A duel game's bigger table (Afrika's Star Lords, Allied Kingdoms, Galactic Overlord): a
        lobby whose seats bring their decks (``bot/services/seating.py``)."""
        title = f"{entry(game).title}'s {seating.title}"
        if deck is not None or opponent is not None:
            raise ConfigError(
                f"{title} is played from a lobby: leave out deck and opponent; players join with the "
                "buttons and choose their decks with **Choose my deck**."
            )
        if best_of > 1:
            raise ConfigError(f"{title} is played one game at a time: leave out best_of.")
        if seats is not None and not seating.min_players <= seats <= seating.max_players:
            many = (
                f"{seating.min_players}"
                if seating.min_players == seating.max_players
                else f"{seating.min_players} to {seating.max_players}"
            )
            raise ConfigError(f"{title} is played by {many} players.")
        options["max_players"] = seats or seating.max_players
        await self.open_lobby(interaction, game, options)

    # ------------------------------------------------------------------ lobbies and duels

    async def open_lobby(self, interaction: discord.Interaction, game: str, options: dict[str, Any]) -> None:
        """A lobby's message, as the reply to /play (through the interaction); the sender is told
        what it shows. The host's DMs are tried at once, so closed DMs are explained now."""
        assert interaction.channel_id is not None
        user = interaction.user
        change = await self.bot.lobbies.create(
            interaction.guild_id, interaction.channel_id, user.id, user.display_name, game, options
        )
        await self._post_lobby(interaction, change)
        await self._check_dm(interaction)

    async def challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None,
        opponent: discord.abc.User,
        turn_seconds: float,
        options: dict[str, Any],
        best_of: int,
    ) -> None:
        """A two-seat lobby, and a line that calls the opponent to it."""
        assert interaction.channel_id is not None
        user = interaction.user
        change = await self.bot.lobbies.challenge(
            interaction.guild_id,
            interaction.channel_id,
            user.id,
            user.display_name,
            game,
            deck,
            opponent.id,
            opponent.bot,
            turn_seconds,
            options,
            best_of,
        )
        await self._post_lobby(interaction, change)
        await self._check_dm(interaction)
        await interaction.followup.send(
            f"{opponent.mention}, {user.mention} challenges you to {get_engine(game).title}: click **Join**.",
            allowed_mentions=pinging([opponent.id, user.id]),
        )

    async def start_duel(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None,
        turn_seconds: float,
        options: dict[str, Any],
        best_of: int = 1,
        ai_level: str | None = None,
    ) -> None:
        """A duel against the AI, started at once; the reply to /play carries the greeting and the
        game's thread opens under it."""
        user = interaction.user
        await interaction.response.defer(thinking=True)
        duel = await self.bot.lobbies.duel(
            interaction.guild_id,
            interaction.channel_id,
            user.id,
            user.display_name,
            game,
            deck,
            turn_seconds,
            options,
            best_of=best_of,
            ai_level=ai_level,
        )
        live = duel.live
        level = f", {ai_level}" if ai_level and ai_level != "normal" else ""
        # In the language of the player who ran /play (their setting, where the game speaks it).
        mine = live.seat_of(user.id)
        with speaking(self.bot.table.seat_language(live, mine.seat if mine is not None else 0)):
            words = say(
                "⚔️ **{title}**: {user} ({label}) vs the AI ({ai_label}{level}). The game thread is below.\n",
                title=say(live.engine.title),
                user=user.mention,
                label=duel.label,
                ai_label=duel.ai_label,
                level=level,
            ) + greeting(live, turn_seconds, self._reserve(live.game))
        message = await interaction.followup.send(
            words,
            wait=True,
            allowed_mentions=pinging([user.id]),
        )
        await launch(self.bot, live, message, turn_seconds, greeted=True)

    def _reserve(self, game: str) -> int:
        """The reserve a match of ``game`` starts with (its declared clock or the server's)."""
        return int(self.bot.settings.turn_clock(game)[1])

    async def _post_lobby(self, interaction: discord.Interaction, change: LobbyChange) -> None:
        """The new lobby's message, as the reply to /play (through the interaction, not
        global-bound); the sender is told what it shows."""
        lobby = change.lobby
        view = lobby_buttons(lobby)
        assert view is not None  # a new lobby is open
        await interaction.response.send_message(embed=lobby_embed(lobby), view=view)
        msg = await interaction.original_response()
        await self.bot.lobbies.set_message(lobby.id, msg.id)
        record_lobby(self.bot, change, msg.id)

    async def _check_dm(self, interaction: discord.Interaction) -> bool:
        return await greet_by_dm(
            interaction, "You're in a cardhost lobby. When the game starts I'll send your hand here.", DM_HELP
        )

    async def on_lobby_button(self, interaction: discord.Interaction, lobby_id: int, op: str) -> None:
        """A lobby button: the service changes the lobby, the lobby's message follows through the
        sender (by this click's interaction); Start also opens the game's thread under it."""
        if op == "deck":
            await self.deck_menu(interaction, lobby_id)
            return
        await interaction.response.defer()
        user = interaction.user
        try:
            result = await self.bot.lobbies.act(
                lobby_id, user.id, user.display_name, op, moderator=_is_moderator(interaction)
            )
            if isinstance(result, Started):
                live, seconds = result.live, result.turn_seconds
                with speaking(self.bot.table.board_language(live)):  # the thread's first words
                    words = greeting(live, seconds, self._reserve(live.game), result.note)
                # The greeting rides on the lobby message (through this click's interaction): the
                # thread opens under it and shows it at its top.
                show_lobby(self.bot, result.change, interaction=interaction, content=words)
                lobby = result.change.lobby
                assert lobby.message_id is not None
                await launch(self.bot, live, discord.Object(lobby.message_id), seconds, greeted=True)
                return
            show_lobby(self.bot, result, interaction=interaction)
            if result.newcomer:
                await self._check_dm(interaction)
        except (AlreadySeated, LobbyFull, LobbyClosed, CardhostError) as exc:
            await interaction.followup.send(str(exc), ephemeral=True)

    async def deck_menu(self, interaction: discord.Interaction, lobby_id: int) -> None:
        """The "Choose my deck" menu: the variant's starters and the player's saved decks, to them alone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        menu = await self.bot.lobbies.deck_menu(lobby_id, interaction.user.id)
        seating = menu.seating
        now = f"You bring **{menu.current}**." if menu.current else "You bring a starter unless you choose."
        more = " (the first 25 are listed)" if len(menu.options) > 25 else ""
        await interaction.followup.send(
            f"Lobby #{lobby_id}, {seating.title}: choose your deck{more}. {now} "
            f"{seating.title} is played with a {seating.format_title}.",
            view=lobby_deck_view(lobby_id, menu.options),
            ephemeral=True,
        )

    async def on_lobby_deck(self, interaction: discord.Interaction, lobby_id: int, value: str) -> None:
        """A deck chosen in the menu; the lobby's message (another message) is edited in its channel."""
        await interaction.response.defer()
        label, change = await self.bot.lobbies.choose_deck(lobby_id, interaction.user.id, value)
        await interaction.followup.send(f"You bring **{label}** to lobby #{lobby_id}.", ephemeral=True)
        show_lobby(self.bot, change)

    async def deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The decks ``/play <game> deck:`` may bring: the game's starters and the player's saved decks."""
        from bot.services.codexes import STARTER_PREFIX, starters

        command = interaction.command
        game = command.extras.get("game") if isinstance(command, app_commands.Command) else None
        if game is None or entry(game).table.start != "duel":
            return []
        names = [f"{STARTER_PREFIX}{label}" for label in starters(game)]
        names += [d.name for d in await self.bot.db.decks.search(interaction.user.id, current, game)]
        key = current.casefold()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if key in n.casefold()][:25]

    for _command in play.commands:
        if isinstance(_command, app_commands.Command) and _command.get_parameter("deck") is not None:
            _command.autocomplete("deck")(deck_autocomplete)
    del _command


async def setup(bot: Host) -> None:
    await bot.add_cog(PlayCog(bot))
