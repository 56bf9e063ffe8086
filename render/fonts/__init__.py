"""Fonts shipped with the project: DejaVu Sans and DejaVu Sans Bold (see LICENSE-DejaVu.txt).

No system font is ever looked up, so a board renders the same on any machine. The font files sit
beside this module (``render/fonts/*.ttf``); ``render.fonts`` is a package so that setuptools'
``*.ttf``/``*.txt`` package-data rule ships them in a wheel too.

Text uses Pillow's BASIC layout engine: it needs no libraqm, is faster for short Latin labels,
and gives identical pixels whether or not raqm is installed.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent
REGULAR_FILE = FONT_DIR / "DejaVuSans.ttf"
BOLD_FILE = FONT_DIR / "DejaVuSans-Bold.ttf"

Font = ImageFont.FreeTypeFont


@cache
def _font_bytes(bold: bool) -> bytes:
    return (BOLD_FILE if bold else REGULAR_FILE).read_bytes()


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> Font:
    """The project font at ``size`` pixels (em size), regular or bold. Cached per (size, bold)."""
    if size < 1:
        raise ValueError(f"font size must be >= 1, got {size}")
    return ImageFont.truetype(
        io.BytesIO(_font_bytes(bold)), size=int(size), layout_engine=ImageFont.Layout.BASIC
    )


__all__ = ["BOLD_FILE", "FONT_DIR", "REGULAR_FILE", "Font", "font"]
