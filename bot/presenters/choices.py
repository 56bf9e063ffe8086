"""The moves a panel offers, as plain values: what a game's presenter returns and the panel's
views (``bot/ui/components.py``) lay out as buttons and menus. They live here, below ``bot/ui``,
because the presenters build them and the layers only import downward (docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import discord

from bot.services.matches import JOINED


@dataclass(frozen=True)
class MoveChoice:
    action_id: str
    label: str
    style: discord.ButtonStyle = discord.ButtonStyle.success
    description: str = ""
    """Why one would choose it, under its name in a menu (at most 100 characters are shown)."""
    more: bool = False
    """A less usual move (another placement, charging by hand): in the "More moves" menu, not a button."""
    group: str = ""
    """Moves that differ only in where or whom ("Call Reef Sentinel" to any of twelve zones) share
    a group: the panel lists each group once in a menu, and choosing it shows its moves as buttons
    labelled ``option`` (a two-step picker instead of a page of near-identical buttons)."""
    option: str = ""
    """The button label inside the group ("A3 · Front Row"); ``label`` when empty."""
    suggested: bool = False
    """The move the game's AI would choose here (``highlighted``): its button is the one green
    button, and a menu option or a group holding it is marked ``SUGGESTED``."""


@dataclass(frozen=True)
class MultiChoice:
    """A select for choosing several moves of one kind at once, e.g. every attacker."""

    placeholder: str
    options: list[MoveChoice]


MULTI_SEPARATOR = JOINED
"""Joins the action ids one multi-select option stands for ("atk:12|at:P2": attack bob with it)."""


SUGGESTED = "⭐"
"""Marks the menu option (a group, a less usual move, one of several to declare) that holds the
move the game's AI would choose: a select's options have no colours, so a star says it."""


def leads_to(choice: MoveChoice, action_id: str) -> bool:
    """Whether clicking ``choice`` plays ``action_id`` (first, for a joined multi-select value)."""
    return choice.action_id == action_id or choice.action_id.split(MULTI_SEPARATOR)[0] == action_id


def highlighted(choices: Sequence[MoveChoice], action_id: str | None) -> list[MoveChoice]:
    """The choices with one highlight at most: the move ``action_id`` (what the game's AI would
    play) green and marked ``suggested``, every other move grey; a red (danger) move stays red, as
    that colour warns rather than recommends. With ``action_id`` None nothing is highlighted.

    Presenters colour moves by kind (every "play a card" green); done here, once for every game,
    the one green button is a move the AI would make, never a poor one by its kind alone."""
    exact = [i for i, c in enumerate(choices) if c.action_id == action_id]
    first = [i for i, c in enumerate(choices) if action_id is not None and leads_to(c, action_id)]
    chosen = (exact or first or [-1])[0]
    out: list[MoveChoice] = []
    for i, c in enumerate(choices):
        if i == chosen:
            out.append(replace(c, style=discord.ButtonStyle.success, suggested=True))
        elif c.style == discord.ButtonStyle.danger:
            out.append(replace(c, suggested=False))
        else:
            out.append(replace(c, style=discord.ButtonStyle.secondary, suggested=False))
    return out
