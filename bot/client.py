"""The bot process: one commands.Bot wiring the database, the services and the cogs together."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.log import set_shards, shard_ids_of
from bot.mentions import NO_PINGS
from bot.presenters.registry import entry_of, seating_for
from bot.sender.discord_io import sender_for, tune_client
from bot.services.clock import ClockService, read_time_with
from bot.services.lobbies import LobbyService
from bot.services.matches import MatchService
from bot.services.replays import ReplayService
from bot.settings import Settings
from bot.surfaces.table import TableSurface
from bot.text import clip
from bot.ui.table_clicks import TableClicks
from engines.core import CardhostError, load_all

if TYPE_CHECKING:
    from bot.health import HealthServer
    from bot.ui.host import Host

log = logging.getLogger("cardhost")

read_time_with(lambda: discord.utils.utcnow().timestamp())
"""The clocks' wall clock is discord.py's: the time the offline test Discord (simcord) moves."""

COGS = (
    "bot.cogs.play",
    "bot.cogs.game",
    "bot.cogs.profile",
    "bot.cogs.decks",
    "bot.cogs.settings",
    "bot.cogs.cards",
    "bot.cogs.draft",
    "bot.cogs.pod",
    "bot.cogs.stats",
    "bot.cogs.ratings",
    "bot.cogs.history",
    "bot.cogs.replay",
    "bot.cogs.puzzle",
)


class CardhostBot(commands.Bot):
    announce_ready = True
    """Log "ready to host" when set-up is done; the sandbox says it itself once its page is open."""

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()
        # Nobody is pinged unless a message names whom (bot.mentions.pinging): player-typed names and
        # reasons reach the bot's messages, and must not ring @everyone, a role or a bystander.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=NO_PINGS,
            # No message cache: nothing here reads it, and discord.py scans up to 1,000 cached
            # messages on every MESSAGE_UPDATE (each board and DM panel edit), ~0.2 ms a move.
            max_messages=None,
            **self.shard_options(settings),
        )
        self.settings = settings
        if settings.discord_api_base:
            # Every REST call (interaction callbacks too) goes to the rate-limit proxy, which holds
            # the token's budget for all the processes that share it (docs/deploy.md). discord.py
            # builds each request's URL from this one class attribute, before the bot logs in.
            discord.http.Route.BASE = settings.discord_api_base
        tune_client(self)  # long rate-limit waits come back to the sender, not slept in discord.py
        self.sender = sender_for(settings)
        """The one sender (bot/sender): writes each surface's newest state within Discord's budget."""
        self.ready_context: dict[str, object] = {}
        self.db = settings.database.open_database(snapshot_every=settings.snapshot_every)
        self.matches = MatchService(self.db)
        from bot.services.ratings import RatingService

        self.ratings = RatingService(self.db)
        """Ratings and the ladder: its cogs and ``/game end`` (which asks whether a match is rated)."""
        self.matches.shared = settings.shares_database
        self.matches.hard_seconds = float(self.settings.ai_hard_seconds)
        self.table = TableSurface(self)
        self.table_clicks = TableClicks(self.table, self.matches, self.db)
        """The clicks on the table's panels and board (bot/ui/table_clicks.py): read, played, shown."""
        self.clocks = ClockService(self.db, self.matches, settings, self.table)
        from bot.db.series import SeriesStore
        from bot.services.series import SeriesService
        from bot.surfaces.series import SeriesSurfaces

        series_store = SeriesStore(self.db)
        self.series = SeriesService(
            series_store,
            self.db,
            self.matches,
            clocks=self.clocks,
            table=self.table,
            reserve_seconds=lambda game: settings.turn_clock(game)[1],
            notices=SeriesSurfaces(self, self.sender, series_store),  # its thread and side-deck panels
        )
        from bot.db.drafts import DraftStore
        from bot.services.drafts import DraftService
        from bot.surfaces.draft import DraftSurfaces

        draft_store = DraftStore(self.db)
        self.draft_surfaces = DraftSurfaces(self, self.sender, draft_store)
        """The draft's lobby, thread, pack panels and progress message (bot/surfaces/draft.py)."""
        self.drafts = DraftService(
            draft_store, shared=lambda: self.matches.shared, notices=self.draft_surfaces
        )
        import functools

        from bot.surfaces.lobby import launch

        self.lobbies = LobbyService(
            self.db, self.series, self.matches, settings, functools.partial(launch, self), seating_for
        )
        """Lobbies by id (bot/services/lobbies.py); their messages are bot/surfaces/lobby.py."""
        from bot.services.podplay import PodPlayService
        from bot.surfaces.pod import PodSurfaces

        self.pod_surfaces = PodSurfaces(self, self.lobbies, self.matches, self.table)
        """The pod's thread lines, deck-building panels and tables' messages (bot/surfaces/pod.py)."""
        self.podplay = PodPlayService(
            self.db, matches=self.matches, series=self.series, notices=self.pod_surfaces,
            turn_seconds=lambda game: settings.turn_clock(game)[0], forget_draft=self.drafts.forget,
        )  # fmt: skip
        self.drafts.building = self.podplay  # a drafted pod's pools go to deck building
        self.replays = ReplayService(self.db, lambda spec: entry_of(spec).board, self.table.renders.png)
        from bot.db.puzzles import PuzzleStore
        from bot.services.puzzles import PuzzleService

        self.puzzles = PuzzleService(PuzzleStore(self.db))
        """The daily puzzles (/puzzle and its DM panels)."""
        from bot.db.cardstats import CardStatsStore
        from bot.services.cardstats import CardStatsService

        self.cardstats = CardStatsService(CardStatsStore(self.db))
        """A server's card statistics (/stats)."""
        from bot.services.takeover import TakeoverPoll

        self.takeover = TakeoverPoll(
            (
                ("turn clocks", self.clocks.take_over_overdue),
                ("pick clocks", self.drafts.take_over_overdue),
                ("deck building", self.podplay.take_over_overdue),
                ("between games", self.series.take_over_overdue),
            ),
            lambda once: tasks.loop(seconds=settings.clock_poll_seconds)(once),
            shares_database=settings.shares_database,
        )
        """With several processes: runs the deadlines a dead process left behind."""
        self.health: HealthServer | None = None
        """``GET /healthz`` on 127.0.0.1 (``CARDHOST_HEALTH_PORT``), started in setup_hook."""
        self.tree.error(self.on_app_command_error)

    @staticmethod
    def shard_options(settings: Settings) -> dict[str, Any]:
        """What ``ShardedCardhostBot`` gives discord.py's AutoShardedClient (nothing when unsharded)."""
        return {}

    async def setup_hook(self) -> None:
        set_shards(shard_ids_of(self))  # every log line says which process wrote it
        self.sender.start()  # the sweep that repairs surfaces whose writes failed
        await self.db.open()
        if self.settings.health_port is not None:
            from bot.health import HealthServer

            self.health = HealthServer(
                port=self.settings.health_port, db=self.db, shards=lambda: shard_ids_of(self)
            )
            self.health.start()
        if self.db.applied_now:
            log.info(
                "database migrated", extra={"ctx": {"applied": [m.filename for m in self.db.applied_now]}}
            )
        load_all()
        for cog in COGS:
            await self.load_extension(cog)
        from bot.ui.registry import DYNAMIC_ITEMS

        self.add_dynamic_items(*DYNAMIC_ITEMS)
        from bot.translations import RussianTranslator

        await self.tree.set_translator(RussianTranslator())  # before the sync, which sends its words
        from bot.services.gcpolicy import tune

        tune(self.settings.full_gc_every)  # start-up data frozen; full collections 10x rarer
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        armed = await self.clocks.restore_all()
        armed += await self.drafts.restore()
        armed += await self.series.restore()
        self.takeover.start()
        self.ready_context = {"db": str(self.settings.database), "clocks": armed}
        if self.announce_ready:
            log.info("ready to host", extra={"ctx": self.ready_context})

    async def close(self) -> None:
        if self.health is not None:
            await self.health.stop()
        self.takeover.stop()
        self.clocks.close()
        self.drafts.cancel_all()
        self.podplay.cancel_all()
        self.series.cancel_all()
        await self.sender.close()
        await super().close()
        await self.db.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Expected errors become an ephemeral sentence; anything else is logged with its context."""
        original = getattr(error, "original", error)
        if isinstance(original, CardhostError):
            message = str(original)
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use this command here."
        else:
            log.error(
                "command failed",
                exc_info=original,
                extra={
                    "ctx": {
                        "command": interaction.command.qualified_name if interaction.command else None,
                        "user": interaction.user.id,
                        "guild": interaction.guild_id,
                        "channel": interaction.channel_id,
                    }
                },
            )
            message = "Something went wrong on my side; it has been logged. Please try again."
        message = clip(message)  # a refusal may echo what the player typed
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)


if TYPE_CHECKING:

    def _is_a_host(bot: CardhostBot) -> Host:
        """Never called: the type checker sees here that the bot has all that ``bot/ui`` and
        ``bot/cogs`` use of it (``bot.ui.host.Host``), which they type against instead."""
        return bot


class ShardedCardhostBot(CardhostBot, commands.AutoShardedBot):
    """The bot on discord.py's AutoShardedClient: the shards ``CARDHOST_SHARDS`` names (all of
    ``CARDHOST_SHARD_COUNT`` when unset). Several such processes share one PostgreSQL database:
    any of them may get a click on any match (DM interactions all reach shard 0), so a match's lock
    and its clocks live in the database (``bot.services.shared``, ``bot.services.takeover``)."""

    @staticmethod
    def shard_options(settings: Settings) -> dict[str, Any]:
        return {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids}


def create_bot(settings: Settings | None = None, **overrides: Any) -> CardhostBot:
    from bot.settings import load_settings

    settings = settings or load_settings(**overrides)
    return (ShardedCardhostBot if settings.shard_count is not None else CardhostBot)(settings)
