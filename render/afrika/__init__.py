"""Chronicles of Afrika's pictures: the table (``board``), the hand, one card (``card``), a draft
pack (``pack``), a pool (``pool``) and print sheets (``sheet``).

``render/__init__.py`` finds a game's renderers as ``render.<game>.board`` / ``.hand``, so the
package exports them (and the energy colours the presenter uses).
"""

from render.afrika.board import ENERGY_COLORS, board, hand

__all__ = ["ENERGY_COLORS", "board", "hand"]
