"""/play: start a game in this channel, built from the games' declarations.

Every declared game is a choice of ``game:``; every ``OptionSpec`` a game declares becomes a
parameter of /play (described with the game's name), so a new game and its options appear here
by being declared. How the match starts comes from its ``TableSpec``: a lobby with seats to fill,
or a duel (against the AI at once, or a challenge to a named opponent) with a deck per player.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.presenters import TableSpec, all_tables, table_spec
from bot.presenters.seating import Seating
from engines.core import ConfigError
from engines.core.game import OptionSpec
from engines.core.levels import LEVEL_WORDS, LEVELS

if TYPE_CHECKING:
    from bot.ui.host import Host

_KW = inspect.Parameter.KEYWORD_ONLY


def _annotation(option: OptionSpec) -> Any:
    if (
        option.kind is int
        and not option.choices
        and (option.minimum is not None or option.maximum is not None)
    ):
        low = option.minimum if option.minimum is not None else -(2**31)
        high = option.maximum if option.maximum is not None else 2**31 - 1
        return app_commands.Range[int, low, high] | None
    return option.kind | None


def _game_options(tables: Iterable[TableSpec]) -> dict[str, tuple[OptionSpec, list[str]]]:
    """Each option name once, with the titles of the games that have it."""
    out: dict[str, tuple[OptionSpec, list[str]]] = {}
    for t in tables:
        for o in t.game.options:
            if o.name in out:
                first, titles = out[o.name]
                if first.kind is not o.kind or first.choices != o.choices:
                    raise TypeError(f"option {o.name!r} is declared differently by two games")
                titles.append(t.title)
            else:
                out[o.name] = (o, [t.title])
    return out


_TABLES = all_tables()
_OPTIONS = _game_options(_TABLES)
_LOBBY = [t.title for t in _TABLES if t.start == "lobby" or t.seating is not None]
_DUEL = [t.title for t in _TABLES if t.start == "duel"]
_SERIES = [t.title for t in _TABLES if len(t.game.series.best_of) > 1]
_BEST_OF = sorted({n for t in _TABLES for n in t.game.series.best_of})


def _for(titles: list[str], text: str) -> str:
    return f"{' / '.join(titles)}: {text}"[:100]


def _signature() -> inspect.Signature:
    params = [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        inspect.Parameter("game", _KW, annotation=str),
        inspect.Parameter("seats", _KW, annotation=app_commands.Range[int, 2, 10] | None, default=None),
    ]
    params += [
        inspect.Parameter(name, _KW, annotation=_annotation(o), default=None)
        for name, (o, _) in _OPTIONS.items()
    ]
    params += [
        inspect.Parameter(
            "turn_seconds", _KW, annotation=app_commands.Range[int, 15, 3600] | None, default=None
        ),
        inspect.Parameter("deck", _KW, annotation=str | None, default=None),
        inspect.Parameter("opponent", _KW, annotation=discord.Member | None, default=None),
        inspect.Parameter("best_of", _KW, annotation=int | None, default=None),
        inspect.Parameter("ai", _KW, annotation=str | None, default=None),
    ]
    return inspect.Signature(params)


_DESCRIPTIONS: dict[str, str] = {
    "game": "Which game",
    "seats": _for(_LOBBY, "most players who can sit (the game's maximum if not set)"),
    "turn_seconds": "Seconds per turn before the AI plays for you (reserve time comes on top)",
    "deck": _for(_DUEL, "your deck (a saved deck or a starter); a starter if not set"),
    "opponent": _for(_DUEL, "challenge this player (the AI if not set)"),
    "best_of": _for(_SERIES, "play a match of several games (the game's match rule if not set)"),
    "ai": "How well the AI seats play: easy, normal (if not set) or hard",
    **{name: _for(titles, o.description) for name, (o, titles) in _OPTIONS.items()},
}
_CHOICES: dict[str, list[app_commands.Choice[Any]]] = {
    "game": [app_commands.Choice(name=t.title, value=t.name) for t in _TABLES],
    "best_of": [app_commands.Choice(name=f"best of {n}", value=n) for n in _BEST_OF],
    "ai": [app_commands.Choice(name=LEVEL_WORDS[level], value=level) for level in LEVELS],
    **{
        name: [app_commands.Choice(name=label, value=value) for label, value in o.choices]
        for name, (o, _) in _OPTIONS.items()
        if o.choices
    },
}


class PlayCog(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _play(self, interaction: discord.Interaction, /, game: str, **values: Any) -> None:
        await self.start(interaction, game, values)

    # discord.py reads a command's parameters from its callback's signature: this one is built from
    # the declared games' options (see _signature), so a new game's options need no edit here.
    _play.__signature__ = _signature()  # type: ignore[attr-defined]
    play = app_commands.guild_only()(
        app_commands.command(name="play", description="Start a card game in this channel")(
            app_commands.choices(**_CHOICES)(app_commands.describe(**_DESCRIPTIONS)(_play))
        )
    )

    async def start(self, interaction: discord.Interaction, game: str, values: dict[str, Any]) -> None:
        table = table_spec(game)
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
        seconds = turn_seconds or self.bot.settings.turn_seconds
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
                await self.bot.lobbies.challenge(
                    interaction, game, deck, opponent, float(seconds), options, best_of=best_of
                )
            else:
                await self.bot.lobbies.start_duel(
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
        await self.bot.lobbies.create(interaction, game, options)

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
        lobby whose seats bring their decks (``bot/presenters/seating.py``)."""
        title = f"{table_spec(game).title}'s {seating.title}"
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
        await self.bot.lobbies.create(interaction, game, options)

    @play.autocomplete("deck")
    async def deck_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.services.codexes import STARTER_PREFIX, starters

        game = getattr(interaction.namespace, "game", None)
        if game is None:
            game = next((t.name for t in _TABLES if t.start == "duel"), None)
        if game is None or table_spec(game).start != "duel":
            return []
        names = [f"{STARTER_PREFIX}{label}" for label in starters(game)]
        names += [d.name for d in await self.bot.db.decks.search(interaction.user.id, current, game)]
        key = current.casefold()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if key in n.casefold()][:25]


async def setup(bot: Host) -> None:
    await bot.add_cog(PlayCog(bot))
