"""The between-games panel of a series: swap cards between main deck and side deck, then Ready.

Every component is a ``DynamicItem`` whose custom_id carries the series id and the number of the
game the step leads to, so a panel posted before a restart still works and a panel of an earlier
step (or a second Ready) is refused by the service in a sentence, never acted on.

A click goes to the series service with ids (``bot.series``) and the panel it is on is edited
through the click's interaction to what the service returned, built by the series' surfaces
(``bot.series_panels``, ``bot/surfaces/series.py``), both reached through the bot at run time.

A card chosen on one side that cannot move on its own (a full side deck, a deck at its limit) is
*held*: the panel then offers only the other side, and that select's custom_id (and its page
button's) carries the held card ids, so the next pick swaps both at once
(``bot/services/side_swaps.py``); the service checks the held ids like any click.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

import discord

from bot.db.series import SeriesRow
from bot.ids import ROW_ID
from bot.services.series import card_namer, panel_open, panel_text, swappable
from bot.ui.components import bot_of, selected_values
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.games import game_spec

OPTIONS_PER_SELECT = 25
MAX_CUSTOM_ID = 100
"""Discord's limit on a component's custom_id: the held cards must fit in it."""
HELD = r"[A-Za-z0-9]{1,40}(?:\.[A-Za-z0-9]{1,40}){0,40}"
"""Held card ids in a custom_id, joined by dots (card ids are letters and digits)."""


def held_text(held: tuple[str, ...]) -> str:
    return ".".join(held)


def read_held(raw: str | None) -> tuple[str, ...]:
    return tuple(raw.split(".")) if raw else ()


def _page_id(
    series_id: int, game_no: int, pages: tuple[int, int], which: str, held_dir: str, held: tuple[str, ...]
) -> str:
    tail = f":{held_dir}:{held_text(held)}" if held else ""
    return f"swp:{series_id}:{game_no}:{pages[0]}:{pages[1]}:{which}{tail}"


def can_hold(series_id: int, game_no: int, held_dir: str, held: tuple[str, ...]) -> bool:
    """The held cards fit in the custom_ids of the panel that holds them (pages up to 999)."""
    ok = re.fullmatch(HELD, held_text(held)) is not None
    return ok and len(_page_id(series_id, game_no, (999, 999), "o", held_dir, held)) <= MAX_CUSTOM_ID


SIDE_PANEL = ("sw", "swp", "swr")
"""The side-deck panel's menus and buttons, all about one series and game (``series:game``): a
click edits the panel it is on, so only one of the same game's (``bot.ui.provenance``)."""


class SwapSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"sw:(?P<series>{ROW_ID}):(?P<game>{ROW_ID}):(?P<dir>out|in):(?P<page>{ROW_ID})(?::(?P<held>{HELD}))?",
):
    """``out``: cards leave the main deck for the side deck; ``in``: the other way. ``held``: the
    cards already chosen on the other side, swapped together with this pick."""

    def __init__(
        self,
        series_id: int,
        game_no: int,
        direction: str,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose cards",
        held: tuple[str, ...] = (),
    ) -> None:
        opts = options or [discord.SelectOption(label="-", value="-")]
        tail = f":{held_text(held)}" if held else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"sw:{series_id}:{game_no}:{direction}:{page}{tail}",
                placeholder=placeholder[:150],
                min_values=1,
                max_values=len(opts),
                options=opts,
            )
        )
        self.series_id, self.game_no, self.direction, self.page = series_id, game_no, direction, page
        self.held = held

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SwapSelect:
        return cls(
            int(match["series"]),
            int(match["game"]),
            match["dir"],
            int(match["page"]),
            held=read_held(match["held"]),
        )

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, SIDE_PANEL, f"{self.series_id}:{self.game_no}")
        values = selected_values(interaction)
        await interaction.response.defer()
        bot = bot_of(interaction)
        done = await bot.series.swap(
            interaction.user.id,
            self.series_id,
            self.game_no,
            self.direction,
            values,
            self.held,
            can_hold=can_hold,
        )
        await _edit_panel(
            interaction,
            done.series,
            done.seat,
            self.game_no,
            done.note,
            held_dir=done.held_dir,
            held=done.held,
        )
        if done.explain:
            await interaction.followup.send(done.explain, ephemeral=True)


class SwapPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"swp:(?P<series>{ROW_ID}):(?P<game>{ROW_ID}):(?P<out>{ROW_ID}):(?P<in>{ROW_ID}):(?P<which>[oix])"
    rf"(?::(?P<hdir>out|in):(?P<held>{HELD}))?",
):
    """``o`` / ``i``: the next page of the deck's / the side deck's select (keeping a held card);
    ``x``: cancel a held swap (the panel as it was, nothing held)."""

    def __init__(
        self,
        series_id: int,
        game_no: int,
        out_page: int,
        in_page: int,
        which: str,
        deck_word: str = "deck",
        held_dir: str = "",
        held: tuple[str, ...] = (),
    ) -> None:
        labels = {"o": f"More of my {deck_word} ▶", "i": "More of my side deck ▶", "x": "Cancel the swap"}
        super().__init__(
            discord.ui.Button(
                label=labels[which],
                style=discord.ButtonStyle.secondary,
                custom_id=_page_id(series_id, game_no, (out_page, in_page), which, held_dir, held),
            )
        )
        self.series_id, self.game_no, self.pages = series_id, game_no, (out_page, in_page)
        self.held_dir, self.held = (held_dir, held) if held else ("", ())

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SwapPageButton:
        return cls(
            int(match["series"]),
            int(match["game"]),
            int(match["out"]),
            int(match["in"]),
            match["which"],
            held_dir=match["hdir"] or "",
            held=read_held(match["held"]),
        )

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        """Another page of a select (cards ``held`` from the other side stay held), or, with
        nothing held, the panel as it is (**Cancel the swap**)."""
        require_own_message(interaction, SIDE_PANEL, f"{self.series_id}:{self.game_no}")
        await interaction.response.defer()
        series, seat = await bot_of(interaction).series.seat_in_step(
            interaction.user.id, self.series_id, self.game_no
        )
        await _edit_panel(
            interaction, series, seat, self.game_no, pages=self.pages, held_dir=self.held_dir, held=self.held
        )


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
        require_own_message(interaction, SIDE_PANEL, f"{self.series_id}:{self.game_no}")
        await interaction.response.defer()
        bot = bot_of(interaction)
        readied = await bot.series.ready(interaction.user.id, self.series_id, self.game_no)
        await _edit_panel(interaction, readied.series, readied.seat, self.game_no)
        await bot.series.after_ready(readied)


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
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        series, seat = await bot.series.seat_in_step(interaction.user.id, self.series_id, self.game_no)
        content, view, _ = panel_parts(series, seat, self.game_no)
        kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)


def panel_parts(
    series: SeriesRow,
    seat: int,
    game_no: int,
    note: str = "",
    *,
    pages: tuple[int, int] = (0, 0),
    held_dir: str = "",
    held: tuple[str, ...] = (),
    closed: bool = False,
) -> tuple[str, discord.ui.View | None, Hashable]:
    """The panel's words, its selects and Ready (None once the seat is ready or the step is
    over), and a fingerprint of both for the sender."""
    content = panel_text(series, seat, game_no, note, closed=closed)
    if closed or not panel_open(series, seat):
        return content, None, (content, None)
    deck = series.decks[seat]
    main = swappable(series, seat)
    word = game_spec(series.game).deck_word
    view = side_view(
        series.id, game_no, main, deck["side"], card_namer(series.game), pages, word, held_dir, held
    )
    shown = (game_no, tuple(main), tuple(deck["side"]), pages, held_dir, held)
    return content, view, (content, shown)


async def _edit_panel(
    interaction: discord.Interaction,
    series: SeriesRow,
    seat: int,
    game_no: int,
    note: str = "",
    *,
    pages: tuple[int, int] = (0, 0),
    held_dir: str = "",
    held: tuple[str, ...] = (),
) -> None:
    """The clicked panel (deferred) edited through the click's interaction to the series as it is
    now; the sender hears of it when that panel is the seat's DM panel."""
    content, view, fingerprint = panel_parts(
        series, seat, game_no, note, pages=pages, held_dir=held_dir, held=tuple(held)
    )
    await interaction.edit_original_response(content=content, view=view)
    message_id = interaction.message.id if interaction.message else None
    bot_of(interaction).series.notices.clicked(series, seat, message_id, fingerprint)


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
    held_dir: str = "",
    held: tuple[str, ...] = (),
) -> discord.ui.View:
    """Two selects (take out of the deck, put in from the side deck), paging, and Ready. With cards
    ``held`` from one side (``held_dir`` "out" or "in"): only the other side's select, which swaps
    its pick with them, and **Cancel the swap**."""
    view = discord.ui.View(timeout=None)
    out_opts, out_pages = card_options(main, name_of, pages[0])
    in_opts, in_pages = card_options(side, name_of, pages[1])
    out_page, in_page = min(pages[0], out_pages - 1), min(pages[1], in_pages - 1)
    if not held:
        held_dir = ""
    if in_opts and held_dir != "in":
        words = "Put in from your side deck in exchange…" if held_dir else "Put in from your side deck…"
        put = SwapSelect(series_id, game_no, "in", in_page, in_opts, words, held)
        put.item.row = 0
        view.add_item(put)
    if out_opts and held_dir != "out":
        words = f"Take out of your {deck_word} in exchange…" if held_dir else f"Take out of your {deck_word}…"
        take = SwapSelect(series_id, game_no, "out", out_page, out_opts, words, held)
        take.item.row = 1
        view.add_item(take)
    if out_pages > 1 and held_dir != "out":
        nxt = ((out_page + 1) % out_pages, in_page)
        more = SwapPageButton(series_id, game_no, *nxt, "o", deck_word, held_dir, held)
        more.item.row = 2
        view.add_item(more)
    if in_pages > 1 and held_dir != "in":
        more = SwapPageButton(series_id, game_no, out_page, (in_page + 1) % in_pages, "i", "", held_dir, held)
        more.item.row = 2
        view.add_item(more)
    if held_dir:
        cancel = SwapPageButton(series_id, game_no, out_page, in_page, "x")
        cancel.item.row = 2
        view.add_item(cancel)
    ready = ReadyButton(series_id, game_no)
    ready.item.row = 3
    view.add_item(ready)
    return view


def open_side_view(series_id: int, game_no: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenSideButton(series_id, game_no))
    return view
