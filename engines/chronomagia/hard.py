"""What the ``hard`` Chronomagia AI searches (issue #37 item 2): only the decisions that matter.

The game AI (``ai.chrono_policy``) tries every Main-phase move on a copy and evaluates it, about
2.4 ms a move, so each playout of the search is costly and a second buys few rounds. ``focus``
keeps the search off the moves the game AI makes by rule (collecting Life and Armor, placing a
Shadow, the Redeal, going on to the Main phase): about half of a game's decisions cost no round,
and the rounds go where the game is decided.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import ChronomagiaAction, Collect, FirstChoice, GoMain, Keep, PlaceShadow, Redeal

BY_RULE = (Keep, Redeal, FirstChoice, PlaceShadow, GoMain)
"""Moves the game AI makes by rule, not by looking ahead: nothing to search."""


def focus(
    s: object, me: int, legal: Sequence[ChronomagiaAction], usual: ChronomagiaAction
) -> Sequence[ChronomagiaAction]:
    """The moves worth playing out: none when the game AI's move is one it makes by rule (the
    search then plays it at once), else every move but those."""
    if isinstance(usual, BY_RULE) or usual in (Collect("life"), Collect("armor")):
        return ()
    return [a for a in legal if not isinstance(a, BY_RULE)]
