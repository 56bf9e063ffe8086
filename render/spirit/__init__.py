"""Spirit Tactics drawn for Discord (board first; hand and card images follow with the Discord side)."""

from __future__ import annotations

from render.spirit.board import board, board_labels

__all__ = ["board", "board_labels"]
