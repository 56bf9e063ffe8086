"""Alchemy drawn for Discord: the board (``board``), a player's hand (``hand``) and one card
(``card_image``), each 900 px wide so text stays at least 11 px when Discord shows it at 550 px.

The element palette (``ELEMENT_COLORS``) is the one place an element's colour is chosen; complex
elements mix their two parts.
"""

from __future__ import annotations

from render.alchemy.board import board, board_labels
from render.alchemy.card import card_image
from render.alchemy.hand import hand, hand_labels
from render.alchemy.palette import ELEMENT_COLORS

__all__ = ["ELEMENT_COLORS", "board", "board_labels", "card_image", "hand", "hand_labels"]
