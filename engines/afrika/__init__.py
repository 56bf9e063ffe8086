"""Chronicles of Afrika: the duel rules engine (shared/rules/afrika.md), cards as data."""

from ..core import register
from .engine import AfrikaEngine

ENGINE = register(AfrikaEngine())

from . import ai as _ai  # noqa: E402,F401  (registers the AI policy)

__all__ = ["ENGINE", "AfrikaEngine"]
