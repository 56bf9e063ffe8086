"""/history pages: the text of a page and its Prev/Next buttons, which work after a restart.

A page button is a ``DynamicItem`` whose custom_id carries everything the page needs (who asked,
whose history, the game or none, the page it opens), so a message posted before a restart still
pages afterwards; the server it was opened in is carried too, and a click arriving anywhere else is
refused (issue #32 item 4). Only the person who asked turns the pages of their message: anyone else
gets a sentence (the message is public, paging edits it), and a page button edits only a page of
the same history (``bot.ui.provenance``).

A series (best of 3 or 5) is one item of a page, its games listed under it
(``bot.services.history.item_lines``), and counts as one match.

Replays: ``replay_item`` gives each match of the page the restart-proof Replay button of
``/replay`` (``bot/ui/replay.py``), a series' games each their own; they go on the rows above
Prev/Next.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.db.history import HistoryStore
from bot.ids import ROW_ID, USER_ID
from bot.mentions import NO_PINGS
from bot.services.history import PAGE_SIZE, game_title, item_lines
from bot.text import clip
from bot.ui.components import bot_of
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from bot.ui.replay import WatchReplayButton
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.ui.host import Host

log = logging.getLogger(__name__)

GAME_ID = r"[a-z][a-z0-9_]{0,19}"


MAX_REPLAYS = 20
"""Replay buttons on a page: one per game (a best of five is five), four rows of five at most,
so Prev/Next keep a row of their own within Discord's five."""


class NotYourPages(CardhostError):
    def __init__(self) -> None:
        super().__init__("Only the person who asked can turn these pages: use /history to see your own.")


def replay_item(match_id: int) -> discord.ui.Item[Any] | None:
    """The Replay button for a match on a history page: "Replay #N" (``bot.ui.replay``)."""
    return WatchReplayButton(match_id, label=f"Replay #{match_id}")


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"hist:(?:(?P<guild>{USER_ID}):)?(?P<asker>{USER_ID}):(?P<player>{USER_ID}):"
    rf"(?P<game>(?:{GAME_ID})?):(?P<page>{ROW_ID}):(?P<dir>[pn])",
):
    """◀ Prev (``p``) or Next ▶ (``n``), opening page ``page`` (0-based) of the server ``guild``.

    The server is in the custom_id, so a page keeps the server it was opened in: a click that
    arrives anywhere else (a direct message, where no server would filter the matches, or another
    server) is refused. Buttons posted before the server was carried (``hist:<asker>:...``) page
    the server they arrive in, and nothing outside a server."""

    def __init__(
        self,
        guild: int | None,
        asker: int,
        player: int,
        game: str,
        page: int,
        direction: str,
        *,
        disabled: bool = False,
        row: int = 1,
    ) -> None:
        self.subject = f"{asker}:{player}:{game}" if guild is None else f"{guild}:{asker}:{player}:{game}"
        super().__init__(
            discord.ui.Button(
                label="◀ Prev" if direction == "p" else "Next ▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"hist:{self.subject}:{page}:{direction}",
                disabled=disabled,
                row=row,
            )
        )
        self.guild, self.asker, self.player, self.game, self.page = guild, asker, player, game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageButton:
        guild = int(match["guild"]) if match["guild"] is not None else None
        return cls(
            guild, int(match["asker"]), int(match["player"]), match["game"], int(match["page"]), match["dir"]
        )

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        here = interaction.guild_id
        if here is None:
            raise CardhostError("Match history is kept per server: use /history in that server's channel.")
        if self.guild is not None and self.guild != here:
            raise CardhostError("These pages belong to another server: use /history here for this one.")
        if interaction.user.id != self.asker:
            raise NotYourPages()
        require_own_message(interaction, ("hist",), self.subject, also=("rw",))
        content, view = await history_page(
            bot_of(interaction), here, self.asker, self.player, self.game or None, self.page
        )
        await interaction.response.edit_message(content=content, view=view, allowed_mentions=NO_PINGS)


async def player_name(bot: Host, user_id: int, known: str | None = None) -> str:
    """The name a page shows: the one Discord gave with the command, else the stored one, else a
    mention (messages ping nobody, so it only shows the name)."""
    if not known:
        player = await bot.db.players.get(user_id)
        known = player.display_name if player is not None else None
    return discord.utils.escape_markdown(known) if known else f"<@{user_id}>"


async def history_page(
    bot: Host,
    guild_id: int,
    asker: int,
    player: int,
    game: str | None,
    page: int,
    name: str | None = None,
) -> tuple[str, discord.ui.View | None]:
    """The text of page ``page`` of ``player``'s matches in the server ``guild_id`` (one game's
    when named), and its buttons; a page past the end shows the last one. Never every server's:
    the store reads None as no filter, so the type keeps a missing server out."""
    store = HistoryStore(bot.db)
    total = await store.item_count(player, guild_id, game)
    name = await player_name(bot, player, name)
    what = f" of {game_title(game)}" if game else ""
    if not total:
        return f"{name} has no ended matches{what} on this server yet.", None
    pages = (total + PAGE_SIZE - 1) // PAGE_SIZE
    page = max(0, min(page, pages - 1))
    items = await store.items(player, guild_id, game, PAGE_SIZE, page * PAGE_SIZE)
    matches = "1 match" if total == 1 else f"{total} matches"
    lines = [f"📜 **{name}'s matches**{what} on this server · {matches} · page {page + 1} of {pages}"]
    for it in items:
        lines += item_lines(it, player)
    view = discord.ui.View(timeout=None)
    replays = [e.match_id for it in items for e in it.games][:MAX_REPLAYS]
    for i, match_id in enumerate(replays):
        item = replay_item(match_id)
        if item is not None:
            item.row = i // 5
            view.add_item(item)
    if pages > 1:
        key = game or ""
        last = pages - 1
        row = (len(replays) + 4) // 5 if len(replays) > 5 else 1
        view.add_item(
            HistoryPageButton(
                guild_id, asker, player, key, max(page - 1, 0), "p", disabled=page == 0, row=row
            )
        )
        view.add_item(
            HistoryPageButton(
                guild_id, asker, player, key, min(page + 1, last), "n", disabled=page >= last, row=row
            )
        )
    return clip("\n".join(lines)), view if view.children else None
