"""The /settings stops menu, which outlives the command: a player's stops for one game, saved
at each change and applied to their running matches at once.

It is a ``DynamicItem`` registered in ``bot/ui/registry.py`` (a menu posted before a restart
still works after it), so it lives in ``bot/ui``, below the cog that posts it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.ui.components import bot_of, selected_values
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import CardhostError, get_engine
from engines.games import all_games, game_spec

if TYPE_CHECKING:
    from bot.ui.host import Host


async def save_stops(bot: Host, user: discord.abc.User, game: str, steps: list[str]) -> frozenset[str]:
    known = {step for step, _ in game_spec(game).autoplay.stop_steps}
    chosen = frozenset(s for s in steps if s in known)
    await bot.db.players.upsert(user.id, getattr(user, "display_name", user.name))
    settings = await bot.db.players.get_settings(user.id)
    stops = dict(settings.get("stops", {}))
    stops[game] = sorted(chosen)
    await bot.db.players.update_settings(user.id, {"stops": stops})
    bot.matches.set_stops(user.id, game, chosen)
    return chosen


def describe(game: str, chosen: frozenset[str]) -> str:
    autoplay = game_spec(game).autoplay
    names = [name for step, name in autoplay.stop_steps if step in chosen]
    title = get_engine(game).title
    if not names:
        return f"{title}: no stops. {autoplay.asks}"
    return (
        f"{title}: {autoplay.asks} You also stop at: {', '.join(names)} (on your own turn even "
        "when you could only pass)."
    )


class StopsSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"stops:(?P<game>[a-z]+)"):
    def __init__(self, game: str, chosen: frozenset[str] = frozenset()) -> None:
        # A forged or stale "stops:<game>" names a game this bot does not host: built without
        # steps here (an exception in from_custom_id would leave the click unanswered), it is
        # refused with a sentence when the callback saves.
        known = any(g.name == game for g in all_games())
        steps = game_spec(game).autoplay.stop_steps if known else ()
        super().__init__(
            discord.ui.Select(
                custom_id=f"stops:{game}",
                placeholder="Steps where you want to be asked",
                min_values=0,
                max_values=len(steps),
                options=[
                    discord.SelectOption(label=name, value=step, default=step in chosen)
                    for step, name in steps
                ],
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StopsSelect:
        return cls(match["game"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, ("stops",), self.game)  # it redraws the menu it is on
        bot = bot_of(interaction)
        values = selected_values(interaction)
        if not game_spec(self.game).autoplay.stop_steps:  # an unknown game is refused there, in words
            # A forged "stops:<game>" for a game without stops: its menu could not even be redrawn.
            raise CardhostError(f"{get_engine(self.game).title} has no steps to stop at: nothing to choose.")
        chosen = await save_stops(bot, interaction.user, self.game, values)
        view = discord.ui.View(timeout=None)
        view.add_item(StopsSelect(self.game, chosen))
        await interaction.response.edit_message(content=describe(self.game, chosen), view=view)
