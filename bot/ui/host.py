"""The bot as the ui components and the cogs see it: the services and stores they reach at run
time (``bot_of(interaction).lobbies``, ``self.bot.db``) and the few discord.py bot calls they make.

It is a ``Protocol``, not the bot's class, because the layers only import downward
(docs/architecture.md): ``bot/client.py`` builds the bot from the cogs, so nothing below the
process may import it, and a ui module that did closed an import cycle through every service.
``CardhostBot`` is checked against it where it is defined (``bot/client.py``), so a service the
ui starts to reach is added here, typed by its own class.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import discord
    from discord.ext import commands

    from bot.db.database import Database
    from bot.services.cardstats import CardStatsService
    from bot.services.drafts import DraftService
    from bot.services.lobbies import LobbyService
    from bot.services.matches import LiveMatch, MatchService, MoveReport
    from bot.services.podplay import PodPlayService
    from bot.services.puzzles import PuzzleService
    from bot.services.ratings import RatingService
    from bot.services.replays import ReplayService
    from bot.services.series import SeriesService
    from bot.settings import Settings


class TableClickHandlers(Protocol):
    """The match table's clicks, as the ui components call them (``bot.ui.table_clicks.TableClicks``,
    reached as ``bot_of(interaction).table_clicks``). Awaitables, as the handlers wear
    ``bot.log.match_logged``."""

    def on_move(
        self, interaction: discord.Interaction, match_id: int, seq: int, action_id: str
    ) -> Awaitable[None]: ...
    def on_multi(
        self, interaction: discord.Interaction, match_id: int, seq: int, action_ids: list[str]
    ) -> Awaitable[None]: ...
    def on_page(
        self, interaction: discord.Interaction, match_id: int, seq: int, page: int, focus: int | None = None
    ) -> Awaitable[None]: ...
    def on_show_hand(self, interaction: discord.Interaction, match_id: int) -> Awaitable[None]: ...
    def on_card_details(
        self, interaction: discord.Interaction, match_id: int, card_id: str
    ) -> Awaitable[None]: ...
    def on_reclaim(self, interaction: discord.Interaction, match_id: int) -> Awaitable[None]: ...


class Table(Protocol):
    """What the ui and the cogs use of the match table (``bot.surfaces.table.TableSurface``, a
    layer above the ui): what ``/game`` asks of it, and how the clicks (``TableClicks``) show
    their result: the pictures, words and buttons of a seat's panel, the clicked DM panel edited
    through the click's ``edit_original_response``, the board and the panels after a move."""

    def after_report(
        self,
        report: MoveReport,
        *,
        clicker: int | None = None,
        clicked_panel: Callable[[], Awaitable[None]] | None = None,
        clicked_seat: int | None = None,
    ) -> Awaitable[None]: ...
    def post_board(self, live: LiveMatch, *, new_message: bool) -> Awaitable[None]: ...
    def announce_end(self, live: LiveMatch) -> Awaitable[None]: ...
    def seat_reclaimed(self, live: LiveMatch, user_id: int) -> Awaitable[None]: ...
    def board_file(self, live: LiveMatch) -> Awaitable[discord.File]: ...
    def board_content(self, live: LiveMatch, mention: bool) -> str: ...
    def board_owed(self, match_id: int) -> bool: ...
    def notifies(self, report: MoveReport, clicker: int | None) -> bool: ...
    def hand_file(self, live: LiveMatch, seat: int) -> Awaitable[discord.File | None]: ...
    def panel_content(self, live: LiveMatch, seat: int) -> str: ...
    def panel_view(
        self, live: LiveMatch, seat: int, page: int = 0, focus: int | None = None
    ) -> discord.ui.View | None: ...
    def lang_options(self, live: LiveMatch, lang: str) -> dict[str, Any]: ...
    def seat_language(self, live: LiveMatch, seat: int) -> str: ...
    def board_language(self, live: LiveMatch) -> str: ...
    def show_clicked_dm_panel(
        self, edit: Callable[..., Awaitable[Any]], live: LiveMatch, seat_no: int, *, note: str = ""
    ) -> Awaitable[None]: ...


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
    def table(self) -> Table: ...
    @property
    def table_clicks(self) -> TableClickHandlers: ...
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
