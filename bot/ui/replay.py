"""Replay buttons that survive a restart, and the messages a replay is shown in.

- ``ReplayStepButton`` (``rp:<match>:<step>:<f|p|n|l>``): ⏮ First, ◀ Prev, Next ▶ and Last ⏭
  on the step-through panel. Each carries the match and the step it opens, so a panel posted
  before a restart still steps afterwards: the timeline is replayed again from the log.
- ``WatchReplayButton`` (``rw:<match>``): "Watch the replay" under a finished match's final
  ranking (and "Replay #N" on /history pages): the animated replay and the step-through panel,
  both to the one who clicked only, so a thread is not filled with copies.

Everyone in the server may watch an ended match; the service refuses a live one, an unknown id
and another server's match in words (``bot.services.replays.ReplayService.timeline``).
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.i18n import known, speaking, spoken
from bot.ids import ROW_ID
from bot.mentions import NO_PINGS
from bot.presenters import table_spec
from bot.presenters.alt import board_alt
from bot.services.replays import Animation, Timeline, caption
from bot.text import clip
from bot.ui.components import bot_of
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals
from engines.core import get_engine

STEPS = {"f": "⏮ First", "p": "◀ Prev", "n": "Next ▶", "l": "Last ⏭"}


class ReplayStepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rp:(?P<match>{ROW_ID}):(?P<step>{ROW_ID}):(?P<dir>[fpnl])",
):
    """Opens step ``step`` of match ``match``'s replay in the panel it is on."""

    def __init__(self, match_id: int, step: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=STEPS[direction],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{match_id}:{step}:{direction}",
                disabled=disabled,
            )
        )
        self.match_id, self.step = match_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayStepButton:
        return cls(int(match["match"]), int(match["step"]), match["dir"])

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        require_own_message(interaction, ("rp",), str(self.match_id))  # steps only its own panel
        await interaction.response.defer()
        service = bot_of(interaction).replays
        timeline = await service.timeline(self.match_id, interaction.guild_id)
        file = await _step_file(interaction, timeline, self.step)
        await interaction.edit_original_response(
            content=await _caption(interaction, timeline, self.step),
            attachments=[file],
            view=step_view(self.match_id, self.step, len(timeline)),
            allowed_mentions=NO_PINGS,
        )


class WatchReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rw:(?P<match>{ROW_ID})",
):
    """The replay of a match, shown to the one who clicks."""

    def __init__(self, match_id: int, label: str = "Watch the replay") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"rw:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WatchReplayButton:
        label = item.label if isinstance(item, discord.ui.Button) and item.label else "Watch the replay"
        return cls(int(match["match"]), label)

    @answers_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        await send_replay(interaction, self.match_id, public=False)


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayStepButton, WatchReplayButton)
"""Registered in ``bot/ui/registry.py`` so these buttons answer after a restart."""


def step_view(match_id: int, step: int, count: int) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭ for step ``step`` of ``count``; the ones that would go nowhere are disabled."""
    view = discord.ui.View(timeout=None)
    last = max(0, count - 1)
    targets = {"f": 0, "p": max(0, step - 1), "n": min(last, step + 1), "l": last}
    for direction, target in targets.items():
        at_edge = step == 0 if direction in "fp" else step >= last
        view.add_item(ReplayStepButton(match_id, target, direction, disabled=at_edge))
    return view


def watch_view(match_id: int) -> discord.ui.View:
    """The "Watch the replay" button, for a match's final message."""
    view = discord.ui.View(timeout=None)
    view.add_item(WatchReplayButton(match_id))
    return view


async def _caption(interaction: discord.Interaction, timeline: Timeline, step: int) -> str:
    """The step's words for the one who clicked, in their ``/settings language`` where the game
    speaks it: its log read through the game's ``log_line`` (the events are English)."""
    table = table_spec(timeline.game)
    lang = "en"
    if len(table.languages) > 1:
        settings = await bot_of(interaction).db.players.get_settings(interaction.user.id)
        lang = spoken(known(settings.get("language")), table.languages)
    with speaking(lang):
        return clip(caption(timeline, step, table.presenter.log_line))


async def _step_file(interaction: discord.Interaction, timeline: Timeline, step: int) -> discord.File:
    png = await bot_of(interaction).replays.frame_png(timeline, step)
    # The step's board said in words (its alt text), from the spectator's view it is drawn from.
    view = get_engine(timeline.game).view(timeline.points[step].state, None)
    words = board_alt(timeline.game, view, timeline.names)
    return discord.File(io.BytesIO(png), filename=f"replay-{timeline.match_id}-{step}.png", description=words)


def animation_text(timeline: Timeline, animation: Animation) -> str:
    """The words with the animated replay: whose game, how many steps it shows, how it ended."""
    unit = "move" if timeline.per_move else "turn"
    steps = len(timeline) - 1
    shown = len(animation.frames)
    every = f"every {unit}" if shown == len(timeline) else f"{shown} of {len(timeline)} boards, evenly spread"
    lines = [
        f"🎞️ **Replay** of {timeline.title} game #{timeline.match_id}: {', '.join(timeline.names)}",
        f"{steps} {unit}{'s' if steps != 1 else ''}, {timeline.moves} moves · {every}",
    ]
    if timeline.result:
        lines.append(timeline.result)
    return clip("\n".join(lines))


async def send_replay(interaction: discord.Interaction, match_id: int, *, public: bool) -> None:
    """Answer with the step-through panel (only for the one who asked), then the animated
    replay: in the channel for ``/replay`` (``public``), only for the clicker from a button."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot_of(interaction).replays
    timeline = await service.timeline(match_id, interaction.guild_id)
    file = await _step_file(interaction, timeline, 0)
    await interaction.followup.send(
        await _caption(interaction, timeline, 0),
        file=file,
        view=step_view(match_id, 0, len(timeline)),
        ephemeral=True,
        allowed_mentions=NO_PINGS,
    )
    animation = await service.animation(timeline)
    movie = discord.File(
        io.BytesIO(animation.data),
        filename=f"replay-{match_id}.{animation.format}",
        description=f"Animated replay of game #{match_id}",
    )
    await interaction.followup.send(
        animation_text(timeline, animation), file=movie, ephemeral=not public, allowed_mentions=NO_PINGS
    )
