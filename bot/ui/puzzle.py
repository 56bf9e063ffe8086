"""The puzzle panel in a player's DMs, and its buttons that survive a restart.

The panel reads like a match's hand panel: the board and the hand as images (the game's own
renderers), the game's words (its ``Presenter``: status line, hand text, what is being decided)
and its moves as buttons and menus laid out the same way (two-step groups, the attackers menu,
"More moves", pages). Its components carry the attempt id and the number of decisions the panel
shows, so a click on an old panel is refused and a panel posted before a restart still plays:

- ``PuzzleMoveButton`` ``pz:<attempt>:<seq>:<action>``, ``PuzzleMultiSelect`` ``pzm:``,
  ``PuzzleMoreSelect`` ``pzs:``, ``PuzzleGroupSelect`` ``pzg:`` and ``PuzzlePageButton`` ``pzp:``
  (another page of moves, or one group's moves);
- ``PuzzleToolButton`` ``pzt:<attempt>:<hint|quit|again>``: the hint (to the player alone),
  giving up, and another attempt at the day's puzzle after a failed one.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord

from bot.ids import ROW_ID, parse_index
from bot.mentions import NO_PINGS
from bot.presenters import seat_moves
from bot.presenters.alt import board_alt, hand_alt
from bot.presenters.choices import MoveChoice
from bot.presenters.registry import entry_of
from bot.services.puzzles import Attempt, PuzzleService
from bot.text import clip, log_block, ordinal, with_names
from bot.ui.components import (
    PanelParts,
    bot_of,
    group_menu,
    group_options,
    move_options,
    move_view,
    selected_values,
)
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answer, answers_refusals
from engines.core import PlayerId

MAX_LABEL = 80
LOG_LINES = 8
"""The latest events quoted on the panel: the player's moves and what answered them."""

OPPONENT = "Opponent"


def seat_names(attempt: Attempt) -> list[str]:
    """The solver by their name, every other seat as the puzzle's opponent."""
    puzzle = attempt.puzzle
    others = [OPPONENT if puzzle.players == 2 else f"{OPPONENT} {i + 1}" for i in range(puzzle.players)]
    others[puzzle.player] = attempt.row.display_name
    return others


# ---------------------------------------------------------------------- words


def panel_text(attempt: Attempt) -> str:
    run, puzzle, row = attempt.run, attempt.puzzle, attempt.row
    table = entry_of(run.spec)
    names = seat_names(attempt)
    seat = puzzle.player
    mine = run.engine.view(run.state, PlayerId(seat))
    lines = [
        f"🧩 **Puzzle of {row.day} · {table.title}: {puzzle.title}**",
        f"**Goal: {puzzle.goal_text}.** {puzzle.text}".strip(),
    ]
    status = table.presenter.status_line(run.engine.view(run.state, None), names)
    if status:
        lines.append(status)
    lines.append(table.presenter.hand_text(mine))
    block = log_block((with_names(e.text, names) for e in run.events[-LOG_LINES:]), max_lines=LOG_LINES)
    if block:
        lines.append(block)
    verdict = run.verdict
    if verdict is not None:
        mark = "✅ **Solved!**" if verdict.solved else "❌ **Not solved.**"
        lines.append(f"{mark} {with_names(verdict.reason, names)}")
    elif run.to_act:
        lines.append(table.presenter.prompt(run.engine, run.state, seat, names))
    return clip("\n".join(lines))


def result_text(attempt: Attempt, solves: int) -> str:
    """The message that announces the result to the player (a new message notifies, an edit
    does not). The panel above it already says "Solved!" and why, so a solve is announced by
    what it counts for, not by saying "Solved" and the reason a second time (issue 34 item 15)."""
    puzzle, row = attempt.puzzle, attempt.row
    title = entry_of(attempt.run.spec).title
    verdict = attempt.run.verdict
    assert verdict is not None
    names = seat_names(attempt)
    if verdict.solved:
        where = "on this server" if row.guild_id is not None else "outside a server"
        count = "your first puzzle" if solves == 1 else f"your {ordinal(solves)} puzzle"
        return clip(
            f"🏆 {title}, **{puzzle.title}** ({row.day}): {count} {where}! "
            "`/puzzle stats: True` shows how everyone else did."
        )
    return clip(
        f"❌ **Not solved:** {title}, **{puzzle.title}**. {with_names(verdict.reason, names)} "
        "**Try again** on the panel for another attempt at today's puzzle."
    )


# ---------------------------------------------------------------------- images


async def panel_files(attempt: Attempt) -> list[discord.File]:
    """The board (what a spectator sees) and the solver's hand, drawn off the event loop."""
    run, puzzle = attempt.run, attempt.puzzle
    table = entry_of(run.spec)
    names = seat_names(attempt)
    engine, state, seat = run.engine, run.state, puzzle.player

    def work() -> tuple[bytes, bytes]:
        from render.common import to_png

        board = to_png(table.board(engine.view(state, None), names))
        hand = to_png(
            table.hand(engine.view(state, PlayerId(seat)), names[seat], **table.presenter.render_options())
        )
        return board, hand

    board, hand = await asyncio.to_thread(work)
    tag = f"{attempt.row.id}-{attempt.row.seq}"
    # Each picture said in words (its alt text), from the view it is drawn from.
    board_words = board_alt(table.describer, engine.view(state, None), names)
    hand_words = hand_alt(table.describer, engine.view(state, PlayerId(seat)), names)
    return [
        discord.File(io.BytesIO(board), filename=f"puzzle-board-{tag}.png", description=board_words),
        discord.File(io.BytesIO(hand), filename=f"puzzle-hand-{tag}.png", description=hand_words),
    ]


# ---------------------------------------------------------------------- components


class PuzzleMoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pz:(?P<attempt>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<action>.+)",
):
    def __init__(
        self, attempt_id: int, seq: int, action_id: str, label: str = "Move", style: Any = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:MAX_LABEL],
                style=style or discord.ButtonStyle.success,
                custom_id=f"pz:{attempt_id}:{seq}:{action_id}",
            )
        )
        self.attempt_id, self.seq, self.action_id = attempt_id, seq, action_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleMoveButton:
        return cls(int(match["attempt"]), int(match["seq"]), match["action"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await on_moves(interaction, self.attempt_id, self.seq, [self.action_id])


class PuzzleMultiSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pzm:(?P<attempt>{ROW_ID}):(?P<seq>{ROW_ID})",
):
    """Several moves of one kind at once (every attacker), played in order, then the finish."""

    def __init__(
        self, attempt_id: int, seq: int, placeholder: str = "Choose", options: list[MoveChoice] | None = None
    ) -> None:
        opts = move_options(options)
        super().__init__(
            discord.ui.Select(
                custom_id=f"pzm:{attempt_id}:{seq}",
                placeholder=placeholder[:150],
                min_values=1,
                max_values=len(opts),
                options=opts,
            )
        )
        self.attempt_id, self.seq = attempt_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleMultiSelect:
        return cls(int(match["attempt"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        bot = bot_of(interaction)
        attempt = await bot.puzzles.attempt(self.attempt_id)
        multi = entry_of(attempt.run.spec).presenter.multi(
            attempt.run.engine, attempt.run.state, attempt.puzzle.player
        )
        await on_moves(interaction, self.attempt_id, self.seq, values, multi[1] if multi else None)


class PuzzleMoreSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pzs:(?P<attempt>{ROW_ID}):(?P<seq>{ROW_ID})",
):
    """The less usual moves in one menu, each explained."""

    def __init__(
        self,
        attempt_id: int,
        seq: int,
        placeholder: str = "More moves (each explained)",
        options: list[MoveChoice] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pzs:{attempt_id}:{seq}",
                placeholder=placeholder[:150],
                options=move_options(options, explained=True),
            )
        )
        self.attempt_id, self.seq = attempt_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleMoreSelect:
        return cls(int(match["attempt"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        await on_moves(interaction, self.attempt_id, self.seq, values[:1])


class PuzzleGroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pzg:(?P<attempt>{ROW_ID}):(?P<seq>{ROW_ID})(?::(?P<first>[0-9]{{1,2}}))?",
):
    """The first step of a two-step move (which card); its moves then show as buttons. Values
    are group numbers counted from ``first`` (a second menu past 25 groups)."""

    def __init__(
        self, attempt_id: int, seq: int, first: int = 0, groups: list[list[MoveChoice]] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pzg:{attempt_id}:{seq}" + (f":{first}" if first else ""),
                placeholder=group_menu(groups or [])[:150],
                options=group_options(groups, first),
            )
        )
        self.attempt_id, self.seq = attempt_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleGroupSelect:
        return cls(int(match["attempt"]), int(match["seq"]))

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        value = values[0] if values else ""
        focus = parse_index(value, 100)
        await on_page(interaction, self.attempt_id, self.seq, 0, focus)


PAGE_LABELS = {"<": "◀ Previous", ">": "More moves ▶", "^": "↩ Back to all moves"}


class PuzzlePageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pzp:(?P<attempt>{ROW_ID}):(?P<seq>{ROW_ID}):(?P<page>[0-9]{{1,3}}):(?P<dir>[<>^])"
    r"(?::(?P<focus>[0-9]{1,2}))?",
):
    def __init__(
        self, attempt_id: int, seq: int, page: int, direction: str, focus: int | None = None
    ) -> None:
        tail = "" if focus is None else f":{focus}"
        super().__init__(
            discord.ui.Button(
                label=PAGE_LABELS[direction],
                style=discord.ButtonStyle.secondary,
                custom_id=f"pzp:{attempt_id}:{seq}:{page}:{direction}{tail}",
            )
        )
        self.attempt_id, self.seq, self.page, self.focus = attempt_id, seq, page, focus

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzlePageButton:
        focus = int(match["focus"]) if match["focus"] is not None else None
        return cls(int(match["attempt"]), int(match["seq"]), int(match["page"]), match["dir"], focus)

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await on_page(interaction, self.attempt_id, self.seq, self.page, self.focus)


TOOLS = {
    "hint": ("Hint", "💡", discord.ButtonStyle.secondary),
    "quit": ("Give up", "🏳️", discord.ButtonStyle.danger),
    "again": ("Try again", "🔁", discord.ButtonStyle.primary),
}


class PuzzleToolButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pzt:(?P<attempt>{ROW_ID}):(?P<op>hint|quit|again)",
):
    def __init__(self, attempt_id: int, op: str) -> None:
        label, emoji, style = TOOLS[op]
        super().__init__(
            discord.ui.Button(label=label, emoji=emoji, style=style, custom_id=f"pzt:{attempt_id}:{op}")
        )
        self.attempt_id, self.op = attempt_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleToolButton:
        return cls(int(match["attempt"]), match["op"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        if self.op == "hint":
            attempt = await bot.puzzles.attempt(self.attempt_id)
            if attempt.row.user_id != interaction.user.id:
                await answer(interaction, "This is someone else's puzzle: use /puzzle to get your own.")
                return
            await answer(interaction, f"💡 {attempt.puzzle.hint or 'No hint for this one: look again.'}")
        elif self.op == "quit":
            require_own_message(interaction, PUZZLE_PANEL, str(self.attempt_id))
            await interaction.response.defer()
            attempt = await bot.puzzles.give_up(self.attempt_id, interaction.user.id)
            await _show(interaction, bot.puzzles, attempt)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user
            attempt, resumed = await bot.puzzles.again(self.attempt_id, user.id, user.display_name)
            await deliver(interaction, bot.puzzles, attempt, resumed)


PUZZLE_PANEL = ("pz", "pzm", "pzs", "pzg", "pzp", "pzt")
"""The kinds of component a puzzle panel is made of: a click that edits the panel must be on one
of the same attempt's (``bot.ui.provenance``)."""

PUZZLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PuzzleMoveButton,
    PuzzleMultiSelect,
    PuzzleMoreSelect,
    PuzzleGroupSelect,
    PuzzlePageButton,
    PuzzleToolButton,
)
"""Registered in ``bot/ui/registry.py`` so the panel answers after a restart."""


def panel_view(attempt: Attempt, page: int = 0, focus: int | None = None) -> discord.ui.View:
    """The moves, laid out as a match panel lays them out (``move_view`` with the puzzle's
    components), then Hint and Give up; once the attempt is over, Try again after a failure."""
    row, run = attempt.row, attempt.run
    if run.over:
        view = discord.ui.View(timeout=None)
        if run.verdict is not None and not run.verdict.solved:
            view.add_item(PuzzleToolButton(row.id, "again"))
        return view
    tools = [PuzzleToolButton(row.id, "hint"), PuzzleToolButton(row.id, "quit")]
    choices: list[MoveChoice] = []
    multi = None
    if run.to_act:
        seat = attempt.puzzle.player
        presenter = entry_of(run.spec).presenter
        choices, multi = seat_moves(presenter, run.engine, run.state, seat, seat_names(attempt))
    panel = move_view(
        row.id, row.seq, choices, page, multi=multi, focus=focus, parts=PUZZLE_PARTS, tools=tools
    )
    assert panel is not None  # the tools are always there
    return panel


# ---------------------------------------------------------------------- flows


async def send_panel(user: discord.User | discord.Member, attempt: Attempt) -> discord.Message:
    """The panel as a new DM (``discord.Forbidden`` when the player's DMs are closed)."""
    files = await panel_files(attempt)
    return await user.send(
        panel_text(attempt), files=files, view=panel_view(attempt), allowed_mentions=NO_PINGS
    )


async def deliver(
    interaction: discord.Interaction, puzzles: PuzzleService, attempt: Attempt, resumed: bool
) -> None:
    """Send the attempt's panel to the player's DMs and tell them where it is (the interaction is
    deferred, ephemerally); a closed DM is said in words and a new attempt is not counted."""
    from bot.services.dms import DM_CLOSED

    puzzle = attempt.puzzle
    title = entry_of(attempt.run.spec).title
    try:
        message = await send_panel(interaction.user, attempt)
    except discord.Forbidden as exc:
        if exc.code != DM_CLOSED:
            raise
        if not resumed:
            await puzzles.discard(attempt.row.id)
        await interaction.followup.send(
            "I can't send you direct messages, and puzzles are played there: allow direct messages "
            "from this server's members (Privacy Settings) and use /puzzle again.",
            ephemeral=True,
            allowed_mentions=NO_PINGS,
        )
        return
    await puzzles.set_dm(attempt.row.id, message.channel.id, message.id)
    again = " You had started it: your moves so far are kept." if resumed else ""
    await interaction.followup.send(
        f"🧩 Today's {title} puzzle, **{puzzle.title}** ({puzzle.goal_text}), is in your direct "
        f"messages.{again}",
        ephemeral=True,
        allowed_mentions=NO_PINGS,
    )


async def _show(
    interaction: discord.Interaction,
    puzzles: PuzzleService,
    attempt: Attempt,
    page: int = 0,
    focus: int | None = None,
) -> None:
    """Edit the clicked panel to the attempt's position; announce the result once it is decided."""
    files = await panel_files(attempt)
    await interaction.edit_original_response(
        content=panel_text(attempt),
        attachments=files,
        view=panel_view(attempt, page, focus),
        allowed_mentions=NO_PINGS,
    )
    if attempt.run.over:
        solves = await puzzles.solves(attempt.row.guild_id, attempt.row.user_id)
        await interaction.followup.send(result_text(attempt, solves), allowed_mentions=NO_PINGS)


async def on_moves(
    interaction: discord.Interaction, attempt_id: int, seq: int, values: list[str], finish: str | None = None
) -> None:
    require_own_message(interaction, PUZZLE_PANEL, str(attempt_id))
    await interaction.response.defer()
    bot = bot_of(interaction)
    attempt = await bot.puzzles.play(attempt_id, interaction.user.id, seq, values, finish)
    await _show(interaction, bot.puzzles, attempt)


async def on_page(
    interaction: discord.Interaction, attempt_id: int, seq: int, page: int, focus: int | None
) -> None:
    """Another page of moves or one group's moves; on a stale panel, the current moves."""
    require_own_message(interaction, PUZZLE_PANEL, str(attempt_id))
    await interaction.response.defer()
    bot = bot_of(interaction)
    attempt = await bot.puzzles.attempt(attempt_id)
    if attempt.row.user_id != interaction.user.id:
        await answer(interaction, "This is someone else's puzzle: use /puzzle to get your own.")
        return
    if seq != attempt.row.seq:
        await answer(interaction, "These moves are out of date; here are the current ones.")
        page, focus = 0, None
    files = await panel_files(attempt)
    await interaction.edit_original_response(
        content=panel_text(attempt),
        attachments=files,
        view=panel_view(attempt, page, focus),
        allowed_mentions=NO_PINGS,
    )


PUZZLE_PARTS = PanelParts(
    move=PuzzleMoveButton,
    multi=PuzzleMultiSelect,
    more=PuzzleMoreSelect,
    group=PuzzleGroupSelect,
    page=PuzzlePageButton,
)
