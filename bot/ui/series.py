"""The between-games panel of a series: swap cards between main deck and side deck, then Ready.

Every component is a ``DynamicItem`` whose custom_id carries the series id and the number of the
game the step leads to, so a panel posted before a restart still works and a panel of an earlier
step (or a second Ready) is refused by the service in a sentence, never acted on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import discord

from bot.ids import ROW_ID
from bot.ui.components import bot_of, selected_values
from bot.ui.refusals import answers_refusals

OPTIONS_PER_SELECT = 25


class SwapSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"sw:(?P<series>{ROW_ID}):(?P<game>{ROW_ID}):(?P<dir>out|in):(?P<page>{ROW_ID})",
):
    """``out``: cards leave the main deck for the side deck; ``in``: the other way."""

    def __init__(
        self,
        series_id: int,
        game_no: int,
        direction: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose cards",
    ) -> None:
        opts = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"sw:{series_id}:{game_no}:{direction}:{page}",
                placeholder=placeholder[:150],
                min_values=1,
                max_values=len(opts),
                options=opts,
            )
        )
        self.series_id, self.game_no, self.direction, self.page = series_id, game_no, direction, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SwapSelect:
        return cls(int(match["series"]), int(match["game"]), match["dir"], int(match["page"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await bot_of(interaction).series.on_swap(
            interaction, self.series_id, self.game_no, self.direction, values
        )


class SwapPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"swp:(?P<series>{ROW_ID}):(?P<game>{ROW_ID}):(?P<out>{ROW_ID}):(?P<in>{ROW_ID}):(?P<which>[oi])",
):
    def __init__(
        self, series_id: int, game_no: int, out_page: int, in_page: int, which: str, deck_word: str = "deck"
    ) -> None:
        label = f"More of my {deck_word} ▶" if which == "o" else "More of my side deck ▶"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"swp:{series_id}:{game_no}:{out_page}:{in_page}:{which}",
            )
        )
        self.series_id, self.game_no, self.pages = series_id, game_no, (out_page, in_page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SwapPageButton:
        return cls(
            int(match["series"]), int(match["game"]), int(match["out"]), int(match["in"]), match["which"]
        )

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).series.on_page(interaction, self.series_id, self.game_no, self.pages)


class ReadyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"swr:(?P<series>{ROW_ID}):(?P<game>{ROW_ID})"
):
    def __init__(self, series_id: int, game_no: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Ready",
                emoji="✅",
                style=discord.ButtonStyle.success,
                custom_id=f"swr:{series_id}:{game_no}",
            )
        )
        self.series_id, self.game_no = series_id, game_no

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReadyButton:
        return cls(int(match["series"]), int(match["game"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).series.on_ready(interaction, self.series_id, self.game_no)


class OpenSideButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"swo:(?P<series>{ROW_ID}):(?P<game>{ROW_ID})"
):
    """In the game thread, for players whose DMs are closed: the panel, visible only to them."""

    def __init__(self, series_id: int, game_no: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Open my side deck",
                emoji="🗂",
                style=discord.ButtonStyle.primary,
                custom_id=f"swo:{series_id}:{game_no}",
            )
        )
        self.series_id, self.game_no = series_id, game_no

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenSideButton:
        return cls(int(match["series"]), int(match["game"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).series.on_open(interaction, self.series_id, self.game_no)


def card_options(
    cards: list[str], name_of: Callable[[str], str], page: int
) -> tuple[list[discord.SelectOption], int]:
    """One select's options (a card name with its count, once per name) for ``page``, and the
    number of pages (Discord allows 25 options a select)."""
    counts = Counter(cards)
    ordered = sorted(counts, key=lambda cid: (name_of(cid).casefold(), cid))
    pages = max(1, -(-len(ordered) // OPTIONS_PER_SELECT))
    page = min(max(page, 0), pages - 1)
    chunk = ordered[page * OPTIONS_PER_SELECT : (page + 1) * OPTIONS_PER_SELECT]
    return [
        discord.SelectOption(label=f"{name_of(cid)} ×{counts[cid]}"[:100], value=cid) for cid in chunk
    ], pages


def side_view(
    series_id: int,
    game_no: int,
    main: list[str],
    side: list[str],
    name_of: Callable[[str], str],
    pages: tuple[int, int] = (0, 0),
    deck_word: str = "deck",
) -> discord.ui.View:
    """Two selects (take out of the deck, put in from the side deck), paging, and Ready."""
    view = discord.ui.View(timeout=None)
    out_opts, out_pages = card_options(main, name_of, pages[0])
    in_opts, in_pages = card_options(side, name_of, pages[1])
    out_page, in_page = min(pages[0], out_pages - 1), min(pages[1], in_pages - 1)
    if in_opts:
        put = SwapSelect(series_id, game_no, "in", in_page, in_opts, "Put in from your side deck…")
        put.item.row = 0
        view.add_item(put)
    if out_opts:
        take = SwapSelect(series_id, game_no, "out", out_page, out_opts, f"Take out of your {deck_word}…")
        take.item.row = 1
        view.add_item(take)
    if out_pages > 1:
        more = SwapPageButton(series_id, game_no, (out_page + 1) % out_pages, in_page, "o", deck_word)
        more.item.row = 2
        view.add_item(more)
    if in_pages > 1:
        more = SwapPageButton(series_id, game_no, out_page, (in_page + 1) % in_pages, "i")
        more.item.row = 2
        view.add_item(more)
    ready = ReadyButton(series_id, game_no)
    ready.item.row = 3
    view.add_item(ready)
    return view


def open_side_view(series_id: int, game_no: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenSideButton(series_id, game_no))
    return view
