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

from bot.i18n import known, say, shared, speaking, spoken
from bot.ids import ROW_ID
from bot.mentions import NO_PINGS
from bot.presenters.alt import board_alt
from bot.presenters.registry import entry_of
from bot.services.replays import Animation, Timeline, caption, result_words
from bot.text import ai_name, clip
from bot.ui.components import bot_of
from bot.ui.provenance import require_own_message
from bot.ui.refusals import answers_refusals

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
        lang = await _reader_language(interaction, timeline)
        file = await _step_file(interaction, timeline, self.step, lang)
        await interaction.edit_original_response(
            content=_caption(timeline, self.step, lang),
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


async def _reader_language(interaction: discord.Interaction, timeline: Timeline) -> str:
    """The language of the one who clicked: their ``/settings language`` where the game speaks
    it (``TableSpec.languages``), else the game's own."""
    table = entry_of(timeline.spec).table
    if len(table.languages) < 2:
        return table.languages[0] if table.languages else "en"
    settings = await bot_of(interaction).db.players.get_settings(interaction.user.id)
    return spoken(known(settings.get("language")), table.languages)


async def _table_language(interaction: discord.Interaction, timeline: Timeline) -> str:
    """The language of a replay shown to the channel: the one its players read their board in
    (their own when they all chose the same, ``bot.i18n.shared``), as the game's thread did."""
    table = entry_of(timeline.spec).table
    if len(table.languages) < 2:
        return table.languages[0] if table.languages else "en"
    db = bot_of(interaction).db
    seats = await db.matches.seats(timeline.match_id)
    langs = [
        known((await db.players.get_settings(s.user_id)).get("language"))
        for s in seats
        if s.user_id is not None and not s.is_ai
    ]
    return shared(langs, table.languages)


def _options(timeline: Timeline, lang: str) -> dict[str, Any]:
    """``lang=`` for a game whose boards speak several languages (as ``TableSurface.lang_options``)."""
    return {"lang": lang} if len(entry_of(timeline.spec).table.languages) > 1 else {}


def _caption(timeline: Timeline, step: int, lang: str) -> str:
    """The step's words in ``lang``: its log read through the game's ``log_line`` (the events
    are English)."""
    with speaking(lang):
        return clip(caption(timeline, step, entry_of(timeline.spec).presenter.log_line))


async def _step_file(
    interaction: discord.Interaction, timeline: Timeline, step: int, lang: str
) -> discord.File:
    png = await bot_of(interaction).replays.frame_png(timeline, step, **_options(timeline, lang))
    # The step's board said in words (its alt text), from the spectator's view it is drawn from.
    view = timeline.spec.engine.view(timeline.points[step].state, None)
    words = board_alt(entry_of(timeline.spec).describer, view, timeline.names)
    return discord.File(io.BytesIO(png), filename=f"replay-{timeline.match_id}-{step}.png", description=words)


def animation_text(timeline: Timeline, animation: Animation, lang: str = "en") -> str:
    """The words with the animated replay, in ``lang``: whose game, how many steps it shows, how
    it ended."""
    with speaking(lang):
        steps, shown, count = len(timeline) - 1, len(animation.frames), len(timeline)
        if timeline.per_move:
            unit = say("{n} move", n=steps) if steps == 1 else say("{n} moves", n=steps)
            every = say("every move") if shown == count else None
        else:
            unit = say("{n} turn", n=steps) if steps == 1 else say("{n} turns", n=steps)
            every = say("every turn") if shown == count else None
        if every is None:
            every = say("{shown} of {count} boards, evenly spread", shown=shown, count=count)
        names = ", ".join(ai_name(n) for n in timeline.names)
        lines = [
            say(
                "🎞️ **Replay** of {title} game #{id}: {names}",
                title=say(timeline.title),
                id=timeline.match_id,
                names=names,
            ),
            say("{steps}, {moves} moves · {every}", steps=unit, moves=timeline.moves, every=every),
        ]
        if timeline.result:
            lines.append(result_words(timeline, entry_of(timeline.spec).presenter.log_line))
        return clip("\n".join(lines))


async def send_replay(interaction: discord.Interaction, match_id: int, *, public: bool) -> None:
    """Answer with the step-through panel (only for the one who asked), then the animated
    replay: in the channel for ``/replay`` (``public``), only for the clicker from a button."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot_of(interaction).replays
    timeline = await service.timeline(match_id, interaction.guild_id)
    lang = await _reader_language(interaction, timeline)
    file = await _step_file(interaction, timeline, 0, lang)
    await interaction.followup.send(
        _caption(timeline, 0, lang),
        file=file,
        view=step_view(match_id, 0, len(timeline)),
        ephemeral=True,
        allowed_mentions=NO_PINGS,
    )
    # Shown to the channel, it speaks the players' language (as their board did); else the asker's.
    if public:
        lang = await _table_language(interaction, timeline)
    animation = await service.animation(timeline, **_options(timeline, lang))
    with speaking(lang):
        described = say("Animated replay of game #{id}", id=match_id)
    movie = discord.File(
        io.BytesIO(animation.data), filename=f"replay-{match_id}.{animation.format}", description=described
    )
    await interaction.followup.send(
        animation_text(timeline, animation, lang), file=movie, ephemeral=not public, allowed_mentions=NO_PINGS
    )
