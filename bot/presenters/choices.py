"""The moves a panel offers, as plain values: what a game's presenter returns and the panel's
views (``bot/ui/components.py``) lay out as buttons and menus. They live here, below ``bot/ui``,
because the presenters build them and the layers only import downward (docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class MultiChoice:
    """A select for choosing several moves of one kind at once, e.g. every attacker."""

    placeholder: str
    options: list[MoveChoice]


MULTI_SEPARATOR = JOINED
"""Joins the action ids one multi-select option stands for ("atk:12|at:P2": attack bob with it)."""
