"""Buttons that survive a restart: every custom_id carries what its callback needs.

All of them are ``discord.ui.DynamicItem``s listed in ``bot/ui/registry.py``, so a button posted
before a restart is routed to the same code afterwards. Move buttons carry the match id, the
sequence number the player saw and the action id; the service refuses the click if the match has
moved on, which is what makes double clicks and old buttons harmless.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import say
from bot.ids import ROW_ID, parse_index
from bot.presenters.choices import SUGGESTED, MoveChoice, MultiChoice
from bot.services.matches import JOINED
from bot.ui.host import Host
from bot.ui.lobby import LobbyButton as LobbyButton  # the lobby's buttons live in bot/ui/lobby.py
from bot.ui.lobby import LobbyDeckSelect as LobbyDeckSelect
from bot.ui.lobby import lobby_deck_view as lobby_deck_view
from bot.ui.lobby import lobby_view as lobby_view
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals

BUTTONS_PER_PAGE = 20
"""Four rows of five; the fifth row holds paging and utility buttons."""
MAX_LABEL = 80


GROUP_MENU = "Choose a move, then which one"
"""The placeholder of the groups menu, followed by the moves it holds (``group_menu``)."""


def group_menu(groups: Sequence[Sequence[MoveChoice]]) -> str:
    """The groups menu's placeholder, naming the kinds of move inside by their first word ("Call,
    Conceal, Attack", "Redeal", "Пересдать"): a menu reads what it holds, in the game's words."""
    verbs: list[str] = []
    for g in groups:
        word = g[0].group.split()[0].rstrip(":,") if g and g[0].group.split() else ""
        if word and word not in verbs:
            verbs.append(word)
    shown = ", ".join(verbs[:4]) + (", …" if len(verbs) > 4 else "")
    return f"{say(GROUP_MENU)} ({shown})" if shown else say(GROUP_MENU)


def groups_of(choices: list[MoveChoice]) -> list[list[MoveChoice]]:
    """The groups of two or more moves, in the order their first move appears. A group of one is
    not a group: its move is an ordinary button with its full label."""
    found: dict[str, list[MoveChoice]] = {}
    for c in choices:
        if c.group:
            found.setdefault(c.group, []).append(c)
    return [g for g in found.values() if len(g) > 1]


def move_options(choices: Sequence[MoveChoice] | None, explained: bool = False) -> list[discord.SelectOption]:
    """A moves menu's options (Discord's 25 at most; a placeholder option when there are none, as a
    select must have one): each move's label, and with ``explained`` its description under it."""
    opts = [
        discord.SelectOption(
            label=c.label[:100],
            value=c.action_id,
            description=(c.description[:100] or None) if explained else None,
            emoji=SUGGESTED if c.suggested else None,
        )
        for c in (choices or [])[:25]
    ]
    return opts or [discord.SelectOption(label="-", value="-")]


def group_options(
    groups: Sequence[Sequence[MoveChoice]] | None, first: int = 0
) -> list[discord.SelectOption]:
    """The groups menu's options: each group once, numbered from ``first``, with its summary; the
    group holding the move the game's AI would choose is starred (``SUGGESTED``)."""
    opts = [
        discord.SelectOption(
            label=g[0].group[:100],
            value=str(first + i),
            description=group_summary(g)[:100],
            emoji=SUGGESTED if any(c.suggested for c in g) else None,
        )
        for i, g in enumerate((groups or [])[:25])
    ]
    return opts or [discord.SelectOption(label="-", value="-")]


MULTI_SEPARATOR = JOINED

MATCH_PANEL = ("mv", "mm", "ms", "mg", "mp", "cd", "rc")
"""The kinds of component a match's moves panel (the DM panel, a "Show my hand" copy) is made of:
a move, paging or group click edits the panel it is on, so it must be on one of this match's
(``bot.ui.provenance``), never on the public board, a lobby or another match's panel."""
"""Joins the action ids one multi-select option stands for ("atk:12|at:P2": attack bob with it)."""


def bot_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached. discord.py types ``interaction.client`` as any Client; in
    this process it is always the CardhostBot, and the check says so to the type checker (through
    ``Host``, what the ui uses of it: the ui may not import the process that builds it)."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"cardhost components run under CardhostBot, not {type(client).__name__}")
    return client


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select sent, read from the interaction's raw payload as every select here
    does. discord.py types the payload as a union of all interaction kinds' TypedDicts, most of
    them without ``values``: read as a plain mapping, a missing key is simply no values."""
    payload: Mapping[str, object] = interaction.data or {}
    values = payload.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mv:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<action>.+)",
):
    def __init__(
        self, match_id: int, seq: int, action_id: str, label: str = "Move", style: Any = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL],
                style=style or discord.ButtonStyle.success,
                custom_id=f"mv:{match_id}:{seq}:{action_id}",
            )
        )
        self.match_id = match_id
        self.seq = seq
        self.action_id = action_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        if isinstance(item, discord.ui.Button):
            return cls(
                int(match["match"]), int(match["seq"]), match["action"], item.label or "Move", item.style
            )
        return cls(int(match["match"]), int(match["seq"]), match["action"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, MATCH_PANEL, str(self.match_id))
        await bot_of(interaction).table_clicks.on_move(interaction, self.match_id, self.seq, self.action_id)


class MultiMoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mm:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID})",
):
    """Several moves of one kind in one gesture (all attackers at once); the service plays them in order."""

    def __init__(
        self, match_id: int, seq: int, placeholder: str = "Choose", options: list[MoveChoice] | None = None
    ) -> None:
        opts = move_options(options)
        super().__init__(
            discord.ui.Select(
                custom_id=f"mm:{match_id}:{seq}",
                placeholder=placeholder[:150],
                min_values=1,
                max_values=len(opts),
                options=opts,
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MultiMoveSelect:
        return cls(int(match["match"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, MATCH_PANEL, str(self.match_id))
        values = selected_values(interaction)
        await bot_of(interaction).table_clicks.on_multi(interaction, self.match_id, self.seq, values)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"ms:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID})",
):
    """The less usual moves in one menu, each explained (a terrain's other placements, charging)."""

    def __init__(
        self,
        match_id: int,
        seq: int,
        placeholder: str = "More moves",
        options: list[MoveChoice] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ms:{match_id}:{seq}",
                placeholder=placeholder[:150],
                options=move_options(options, explained=True),
            )
        )
        self.match_id, self.seq = match_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["match"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, MATCH_PANEL, str(self.match_id))
        values = selected_values(interaction)
        await bot_of(interaction).table_clicks.on_move(
            interaction, self.match_id, self.seq, values[0] if values else ""
        )


class CardDetailsSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"cd:(?P<match>{ROW_ID})",
):
    """A card in your hand or on the board, shown large with its rules text to you alone. It
    carries no seq: reading a card never changes the game, so an older panel's menu still works."""

    def __init__(self, match_id: int, options: list[tuple[str, str]] | None = None) -> None:
        opts = [
            discord.SelectOption(label=label[:100], value=card[:100]) for card, label in (options or [])[:25]
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"cd:{match_id}",
                placeholder=say("Card details: read a card"),
                options=opts or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardDetailsSelect:
        return cls(int(match["match"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await bot_of(interaction).table_clicks.on_card_details(
            interaction, self.match_id, values[0] if values else ""
        )


class ReclaimSeatButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rc:(?P<match>{ROW_ID})",
):
    """After the AI took a seat for timeouts: gives it back to its player at their next decision."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=say("Take my seat back"), style=discord.ButtonStyle.primary, custom_id=f"rc:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReclaimSeatButton:
        return cls(int(match["match"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_clicks.on_reclaim(interaction, self.match_id)


PAGE_LABELS = {"<": "◀ Previous", ">": "More moves ▶", "^": "↩ Back to all moves"}


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mp:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<page>{ROW_ID}):(?P<dir>[<>^])"
    rf"(?::(?P<focus>{ROW_ID}))?",
):
    """Another page of move buttons, or of one group's moves (``focus``); ``^`` goes back from a
    group to every move."""

    def __init__(self, match_id: int, seq: int, page: int, direction: str, focus: int | None = None) -> None:
        tail = "" if focus is None else f":{focus}"
        super().__init__(
            discord.ui.Button(
                label=say(PAGE_LABELS[direction]),
                style=discord.ButtonStyle.secondary,
                custom_id=f"mp:{match_id}:{seq}:{page}:{direction}{tail}",
            )
        )
        self.match_id, self.seq, self.page, self.focus = match_id, seq, page, focus

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        focus = int(match["focus"]) if match["focus"] is not None else None
        return cls(int(match["match"]), int(match["seq"]), int(match["page"]), match["dir"], focus)

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, MATCH_PANEL, str(self.match_id))
        await bot_of(interaction).table_clicks.on_page(
            interaction, self.match_id, self.seq, self.page, focus=self.focus
        )


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"mg:(?P<match>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<first>{ROW_ID})",
):
    """The first step of a two-step move: which card or Spirit ("Call Reef Sentinel"); the panel
    then shows where or whom as buttons. Its values are group numbers at ``seq``: the groups are a
    function of the position, so a stale menu is refused by its seq like any move."""

    def __init__(
        self,
        match_id: int,
        seq: int,
        first: int = 0,
        groups: list[list[MoveChoice]] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"mg:{match_id}:{seq}:{first}",
                placeholder=(placeholder or group_menu(groups or []))[:150],
                options=group_options(groups, first),
            )
        )
        self.match_id, self.seq, self.first = match_id, seq, first

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GroupSelect:
        return cls(int(match["match"]), int(match["seq"]), int(match["first"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, MATCH_PANEL, str(self.match_id))
        values = selected_values(interaction)
        value = values[0] if values else ""
        focus = parse_index(value, 1000)
        if focus is None:
            focus = -1  # no group of this panel: the current moves, as for any other stray value
        await bot_of(interaction).table_clicks.on_page(interaction, self.match_id, self.seq, 0, focus=focus)


def group_summary(group: Sequence[MoveChoice]) -> str:
    """Under a group's name in the menu: how many choices and the first few ("12 choices: A1, A2, …")."""
    names = [c.option or c.label for c in group]
    shown = ", ".join(names[:4])
    return say("{n} choices: {shown}", n=len(group), shown=shown + (", …" if len(names) > 4 else ""))


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"hand:(?P<match>{ROW_ID})"):
    """In the game thread: answers with the clicking player's hand and moves, visible only to them."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=say("Show my hand"),
                emoji="🂠",
                style=discord.ButtonStyle.primary,
                custom_id=f"hand:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["match"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_clicks.on_show_hand(interaction, self.match_id)


def page_count(n: int, per_page: int = BUTTONS_PER_PAGE) -> int:
    return max(1, -(-n // per_page))


@dataclass(frozen=True)
class PanelParts:
    """The components a moves panel is made of, each built from (owner id, seq, ...): a match's
    by default; a puzzle attempt has its own (``bot/ui/puzzle.py``) laid out by the same
    ``move_view``, so both panels group, page and order moves alike."""

    move: Callable[[int, int, str, str, Any], discord.ui.DynamicItem[Any]]
    """(owner, seq, action id, label, style) -> a move button."""
    multi: Callable[[int, int, str, list[MoveChoice]], discord.ui.DynamicItem[Any]]
    more: Callable[[int, int, str, list[MoveChoice]], discord.ui.DynamicItem[Any]]
    group: Callable[[int, int, int, list[list[MoveChoice]]], discord.ui.DynamicItem[Any]]
    """(owner, seq, index of the first group, groups) -> the first step of two-step moves."""
    page: Callable[[int, int, int, str, int | None], discord.ui.DynamicItem[Any]]
    """(owner, seq, page, direction "<" ">" "^", focused group) -> a paging button."""


def move_view(
    match_id: int,
    seq: int,
    choices: list[MoveChoice],
    page: int = 0,
    multi: MultiChoice | None = None,
    details: list[tuple[str, str]] | None = None,
    reclaim: bool = False,
    focus: int | None = None,
    parts: PanelParts | None = None,
    tools: Sequence[discord.ui.DynamicItem[Any]] = (),
) -> discord.ui.View | None:
    """A panel's components, one row each for the menus (the groups of a two-step move,
    declaring several moves at once, the less usual moves, card details) and the rest of
    Discord's five rows for move buttons, with paging on the last row when they do not fit;
    ``tools`` (and "Take my seat back" with ``reclaim``) after the moves. With ``focus``, one
    group's moves as buttons and a way back. None when there is nothing to show."""
    parts = parts or MATCH_PARTS
    groups = groups_of(choices)
    if focus is not None and 0 <= focus < len(groups):
        return _group_view(parts, match_id, seq, groups[focus], focus, page)
    grouped = {id(c) for g in groups for c in g}
    buttons = [c for c in choices if not c.more and id(c) not in grouped]
    others = [c for c in choices if c.more and id(c) not in grouped][:25]
    utility: list[discord.ui.DynamicItem[Any]] = [*([ReclaimSeatButton(match_id)] if reclaim else []), *tools]
    if not choices and multi is None and not details and not utility:
        return None
    view = discord.ui.View(timeout=None)
    menus: list[discord.ui.DynamicItem[Any]] = [
        parts.group(match_id, seq, first, groups[first : first + 25])
        for first in range(0, min(len(groups), 50), 25)
    ]
    if multi is not None:
        menus.append(parts.multi(match_id, seq, multi.placeholder, multi.options))
    if others:
        menus.append(parts.more(match_id, seq, say("More moves (each explained)"), others))
    if details and len(menus) < 3:  # the menus never take the rows the move buttons need
        menus.append(CardDetailsSelect(match_id, details))
    for row, menu in enumerate(menus):
        menu.item.row = row
        view.add_item(menu)
    row = len(menus)
    spare = 5 - row
    capacity = spare * 5 - len(utility)
    # Paging takes the last row (with the utility buttons) when the moves do not fit.
    per_page = capacity if len(buttons) <= capacity else max(1, (spare - 1) * 5)
    pages = page_count(len(buttons), per_page)
    page = min(max(page, 0), pages - 1)
    chunk = buttons[page * per_page : (page + 1) * per_page]
    for i, choice in enumerate(chunk):
        button = parts.move(match_id, seq, choice.action_id, choice.label, choice.style)
        button.item.row = row + i // 5
        view.add_item(button)
    _pager(view, parts, match_id, seq, page, pages, None, _suggested_page(buttons, per_page))
    for item in utility:
        view.add_item(item)  # the first row with room: after the moves
    return view


def _suggested_page(buttons: Sequence[MoveChoice], per_page: int) -> int | None:
    """The page holding the suggested move's button (None: no button of these is suggested)."""
    for i, c in enumerate(buttons):
        if c.suggested:
            return i // per_page
    return None


def _pager(
    view: discord.ui.View,
    parts: PanelParts,
    owner: int,
    seq: int,
    page: int,
    pages: int,
    focus: int | None,
    suggested: int | None = None,
) -> None:
    """Previous and next page buttons; the one towards the page holding the suggested move is
    green, as the button that leads to it."""
    if page > 0:
        prev = parts.page(owner, seq, page - 1, "<", focus)
        prev.item.row = 4
        _lead(prev, suggested is not None and suggested < page)
        view.add_item(prev)
    if page < pages - 1:
        nxt = parts.page(owner, seq, page + 1, ">", focus)
        nxt.item.row = 4
        _lead(nxt, suggested is not None and suggested > page)
        view.add_item(nxt)


def _lead(item: discord.ui.DynamicItem[Any], leads: bool) -> None:
    if leads and isinstance(item.item, discord.ui.Button):
        item.item.style = discord.ButtonStyle.success


def _group_view(
    parts: PanelParts, match_id: int, seq: int, group: list[MoveChoice], focus: int, page: int
) -> discord.ui.View:
    """One group's moves as buttons (four rows, paged), the last row going back or paging."""
    view = discord.ui.View(timeout=None)
    per_page = 20
    pages = page_count(len(group), per_page)
    page = min(max(page, 0), pages - 1)
    for i, choice in enumerate(group[page * per_page : (page + 1) * per_page]):
        button = parts.move(match_id, seq, choice.action_id, choice.option or choice.label, choice.style)
        button.item.row = i // 5
        view.add_item(button)
    back = parts.page(match_id, seq, 0, "^", None)
    back.item.row = 4
    view.add_item(back)
    _pager(view, parts, match_id, seq, page, pages, focus, _suggested_page(group, per_page))
    return view


def hand_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id))
    return view


MATCH_PARTS = PanelParts(
    move=MoveButton, multi=MultiMoveSelect, more=MoveSelect, group=GroupSelect, page=PageButton
)
