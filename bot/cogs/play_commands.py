"""/play's subcommands: one per declared game, built from its declaration.

``/play afrika`` offers Afrika's options and nothing else: the rules options its ``GameSpec``
declares (``OptionSpec``), and the table's own (``seats`` for a lobby or a variant's table,
``deck`` and ``opponent`` for a duel, ``best_of`` for a game played as a series, then ``ai`` and
``turn_seconds``, which every game has). A new game gets its subcommand by being declared.

Descriptions and choice names a player reads are cut to Discord's limit with ``bot.text.clip``
(on a whole word, with an ellipsis); option values are identifiers and are never cut.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.presenters import TableSpec
from bot.text import clip
from engines.core.game import OptionSpec
from engines.core.levels import LEVEL_WORDS, LEVELS

DESCRIPTION_LIMIT = 100
"""Discord's limit for a command's or option's description and for a choice's name."""

_KW = inspect.Parameter.KEYWORD_ONLY


@dataclass(frozen=True)
class PlayOption:
    """One option of a game's /play: its type as discord.py reads it, what it says, its choices."""

    name: str
    annotation: Any
    description: str
    choices: tuple[app_commands.Choice[Any], ...] = ()


def _sentence(text: str) -> str:
    """A declared description ("a duel, or …") as an option's description reads: capitalised, cut."""
    return clip(text[:1].upper() + text[1:], DESCRIPTION_LIMIT)


def _choice(label: str, value: Any) -> app_commands.Choice[Any]:
    return app_commands.Choice(name=clip(label, DESCRIPTION_LIMIT), value=value)


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


def _declared(option: OptionSpec) -> PlayOption:
    return PlayOption(
        option.name,
        _annotation(option),
        _sentence(option.description),
        tuple(_choice(label, value) for label, value in option.choices),
    )


def game_options(table: TableSpec) -> list[PlayOption]:
    """The options of ``/play <game>``, in the order a player fills them: how the table is laid
    out (a lobby's seats, the rules options), the duel's deck and opponent, the series, the AI
    and the clock."""
    spec = table.game
    seats = app_commands.Range[int, 2, 10] | None
    out: list[PlayOption] = []
    if table.start == "lobby":
        out.append(PlayOption("seats", seats, "Most players who can sit (the game's maximum if not set)"))
    out += [_declared(o) for o in spec.options]
    if table.start == "duel" and table.seating is not None:
        out.append(
            PlayOption("seats", seats, "A variant's table: most players who can sit (its maximum if not set)")
        )
    if table.start == "duel":
        out += [
            PlayOption(
                "deck",
                str | None,
                _sentence(f"your {spec.deck_word} (a saved one or a starter); a starter if not set"),
            ),
            PlayOption("opponent", discord.Member | None, "Challenge this player (the AI if not set)"),
        ]
    if len(spec.series.best_of) > 1:
        rule = spec.series.best_of[0]
        out.append(
            PlayOption(
                "best_of",
                int | None,
                f"Play a match of several games (best of {rule} if not set)",
                tuple(_choice(f"best of {n}", n) for n in sorted(spec.series.best_of)),
            )
        )
    out += [
        PlayOption(
            "ai",
            str | None,
            "How well the AI seats play: easy, normal (if not set) or hard",
            tuple(_choice(LEVEL_WORDS[level], level) for level in LEVELS),
        ),
        PlayOption(
            "turn_seconds",
            app_commands.Range[int, 15, 3600] | None,
            "Seconds per turn before the AI plays for you (reserve time comes on top)",
        ),
    ]
    return out


def game_description(table: TableSpec) -> str:
    """What ``/play <game>`` does, as the command list shows it under its name."""
    if table.start == "lobby":
        engine = table.game.engine
        return clip(
            f"{table.title}: open a lobby for {engine.min_players}-{engine.max_players} players",
            DESCRIPTION_LIMIT,
        )
    more = ", or a bigger table (variant)" if table.seating is not None else ""
    return clip(f"{table.title}: a duel against the AI or a challenge{more}", DESCRIPTION_LIMIT)


def game_command(table: TableSpec, owner: str) -> app_commands.Command[Any, ..., None]:
    """``/play <game>``, whose callback hands the options set to the cog's ``start``.

    discord.py reads a command's parameters from its callback's signature, so the callback gets
    one built from ``game_options``. The command lives in a cog (``owner`` names its class): the
    library passes the cog first, and reads a callback whose qualified name is ``Owner.name`` as a
    method (the cog and the interaction are not options).
    """
    options = game_options(table)
    game = table.name

    async def callback(cog: Any, interaction: discord.Interaction, /, **values: Any) -> None:
        await cog.start(interaction, game, values)

    params = [
        inspect.Parameter("cog", inspect.Parameter.POSITIONAL_ONLY),
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_ONLY, annotation=discord.Interaction),
    ]
    params += [inspect.Parameter(o.name, _KW, annotation=o.annotation, default=None) for o in options]
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__qualname__ = f"{owner}.play_{game}"
    described = app_commands.describe(**{o.name: o.description for o in options})(callback)
    chosen = app_commands.choices(**{o.name: list(o.choices) for o in options if o.choices})(described)
    return app_commands.Command(
        name=game, description=game_description(table), callback=chosen, extras={"game": game}
    )


def play_group(tables: Sequence[TableSpec], owner: str) -> app_commands.Group:
    """``/play``: a subcommand per declared game, in declaration order."""
    group = app_commands.Group(name="play", description="Start a card game in this channel", guild_only=True)
    for table in tables:
        group.add_command(game_command(table, owner))
    return group
