"""Defaults for any game: a button per legal action, counts for the hand, no automatic moves."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import say
from bot.presenters.choices import MoveChoice
from bot.text import ai_name, ordinal, with_names

QUIET_ACTIONS = {"end", "pass", "skip", "done", "keep"}


def style_for(action_id: str) -> discord.ButtonStyle:
    if action_id in QUIET_ACTIONS:
        return discord.ButtonStyle.secondary
    if action_id == "draw":
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.success


def move_choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    from engines.core import PlayerId

    return [
        MoveChoice(a.to_id(), a.label, style_for(a.to_id()))
        for a in engine.legal_actions(state, PlayerId(seat))
    ]


def hand_text(view: Any) -> str:
    hand = getattr(view, "hand", ())
    return f"**Your hand** ({len(hand)} cards)"


def status_line(view: Any, names: list[str]) -> str:
    parts = []
    turn = getattr(view, "turn", None)
    if turn is not None:
        parts.append(f"Turn {turn}")
    return " · ".join(parts)


def waiting_text(view: Any, names: list[str]) -> str:
    return ""


def prompt(engine: Any, state: Any, seat: int, names: list[str]) -> str:
    return "**It's your turn.** Choose a move below."


def as_written(line: str) -> str:
    """A log line as the engine wrote it (a game that speaks one language)."""
    return line


def no_details(view: Any) -> list[tuple[str, str]]:
    return []


def no_multi(engine: Any, state: Any, seat: int) -> None:
    return None


def no_options() -> dict[str, Any]:
    return {}


def ranking_text(ranking: Any, names: list[str], reason: str = "") -> str:
    lines = []
    place = 1
    for group in ranking:
        who = ", ".join(ai_name(names[p]) for p in group)
        lines.append(say("{ordinal}: {who}", ordinal=ordinal(place), place=place, who=who))
        place += len(group)
    text = "\n".join(lines)
    if reason:
        text += f"\n_{with_names(reason, names)}_"
    return text
