"""Spirit Tactics drawn for Discord: the board and a player's hand (the presenter follows)."""

from __future__ import annotations

from render.spirit.board import board, board_labels
from render.spirit.card import card_image
from render.spirit.hand import hand, hand_labels

__all__ = ["board", "board_labels", "card_image", "hand", "hand_labels"]
