"""The bot as the ui components and the cogs see it: the services and stores they reach at run
time (``bot_of(interaction).lobbies``, ``self.bot.db``) and the few discord.py bot calls they make.

It is a ``Protocol``, not the bot's class, because the layers only import downward
(docs/architecture.md): ``bot/client.py`` builds the bot from the cogs, so nothing below the
process may import it, and a ui module that did closed an import cycle through every service.
``CardhostBot`` is checked against it where it is defined (``bot/client.py``), so a service the
ui starts to reach is added here, typed by its own class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import discord
    from discord.ext import commands

    from bot.db.database import Database
    from bot.services.cardstats import CardStatsService
    from bot.services.drafts import DraftService
    from bot.services.lobbies import LobbyService
    from bot.services.matches import MatchService
    from bot.services.podplay import PodPlayService
    from bot.services.puzzles import PuzzleService
    from bot.services.ratings import RatingService
    from bot.services.replays import ReplayService
    from bot.services.series import SeriesService
    from bot.services.table import TableService
    from bot.settings import Settings


@runtime_checkable
class Host(Protocol):
    """What ``bot/ui`` and ``bot/cogs`` use of the running bot (``bot.client.CardhostBot``)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def db(self) -> Database: ...
    @property
    def matches(self) -> MatchService: ...
    @property
    def table(self) -> TableService: ...
    @property
    def lobbies(self) -> LobbyService: ...
    @property
    def series(self) -> SeriesService: ...
    @property
    def drafts(self) -> DraftService: ...
    @property
    def podplay(self) -> PodPlayService: ...
    @property
    def replays(self) -> ReplayService: ...
    @property
    def puzzles(self) -> PuzzleService: ...
    @property
    def ratings(self) -> RatingService: ...
    @property
    def cardstats(self) -> CardStatsService: ...
    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own account once logged in (a thread it owns is one it opened)."""

    async def add_cog(self, cog: commands.Cog, /) -> None: ...
    def get_cog(self, name: str, /) -> commands.Cog | None: ...
    async def wait_until_ready(self) -> None: ...
