"""Drawing helpers every game renderer shares.

Everything here is a pure function of its arguments (no I/O besides building images/bytes).
Images are opaque RGB: no alpha channel, no compositing, which keeps drawing and PNG encoding fast.

Contents
- palette: ``BG``, ``PANEL``, ``TEXT`` ... and colour maths (``mix``, ``lighten``, ``darken``)
- text: ``text_width``, ``ellipsize``, ``wrap``, ``fit_text`` (layout only) and ``draw_text``
  (layout + draw). A fitted text never leaves its box: the font shrinks down to ``min_size``,
  then lines are cut with an ellipsis. The returned ``TextFit`` says what happened.
- shapes: ``panel`` (rounded rectangle), ``pill`` (a text chip), ``card_back`` (small icon)
- words: ``roman``, ``ordinal``
- ``to_png``: PNG encoding tuned by measurement (see its docstring)
"""

from __future__ import annotations

import io
import math
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from render.fonts import Font, font

__all__ = [
    "ACCENT",
    "BG",
    "BLACK",
    "BRONZE",
    "CARD_BACK",
    "DANGER",
    "EDGE",
    "ELLIPSIS",
    "GOLD",
    "INFO",
    "PANEL",
    "PANEL_HI",
    "PNG_COMPRESS_LEVEL",
    "RGB",
    "SILVER",
    "SLOT",
    "SUCCESS",
    "SUIT_COLORS",
    "TEXT",
    "TEXT_DIM",
    "TEXT_FAINT",
    "WHITE",
    "Box",
    "Font",
    "HAlign",
    "ImageCache",
    "TextFit",
    "VAlign",
    "canvas",
    "card_back",
    "darken",
    "draw_line",
    "draw_text",
    "ellipsize",
    "fit_text",
    "font",
    "join_names",
    "lighten",
    "line_height",
    "mix",
    "ordinal",
    "panel",
    "pill",
    "place_color",
    "put_text",
    "roman",
    "text_width",
    "to_png",
    "wrap",
]

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
"""(x0, y0, x1, y1) with x1/y1 exclusive, like PIL's crop boxes."""

HAlign = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]

# --------------------------------------------------------------------------------------------
# Palette: a dark theme that sits well in Discord's dark mode and still reads in light mode.

BG: RGB = (24, 27, 33)
"""Canvas background."""
PANEL: RGB = (36, 40, 49)
"""Raised panels (matrix, player list)."""
PANEL_HI: RGB = (48, 54, 66)
"""A panel row that is highlighted (e.g. the player whose turn it is)."""
EDGE: RGB = (66, 73, 88)
"""Panel outlines and separators."""
SLOT: RGB = (43, 48, 58)
"""An empty place where a card could lie."""
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 167, 180)
TEXT_FAINT: RGB = (104, 111, 126)
ACCENT: RGB = (250, 204, 21)
"""Attention: whose turn it is, playable cards."""
INFO: RGB = (96, 165, 250)
GOLD: RGB = (234, 179, 8)
SILVER: RGB = (186, 194, 206)
BRONZE: RGB = (205, 127, 50)
DANGER: RGB = (239, 68, 68)
SUCCESS: RGB = (34, 197, 94)
CARD_BACK: RGB = (72, 84, 150)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

SUIT_COLORS: tuple[RGB, ...] = (
    (200, 55, 55),  # red
    (46, 110, 190),  # blue
    (204, 146, 20),  # amber
    (132, 78, 186),  # purple
    (26, 150, 120),  # teal
    (214, 92, 160),  # pink
)
"""Distinct card colours for games with suits; red/blue/amber/purple first (colour-blind safe-ish)."""


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend ``a`` towards ``b`` by ``t`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float) -> RGB:
    return mix(c, WHITE, t)


def darken(c: RGB, t: float) -> RGB:
    return mix(c, BLACK, t)


def canvas(width: int, height: int, color: RGB = BG) -> Image.Image:
    """A new opaque RGB image."""
    return Image.new("RGB", (width, height), color)


# --------------------------------------------------------------------------------------------
# Text

ELLIPSIS = "…"


@lru_cache(maxsize=32768)
def text_width(text: str, fnt: Font) -> float:
    """Advance width of ``text`` in pixels (what the pen moves; glyphs stay within it). Cached."""
    return fnt.getlength(text)


@lru_cache(maxsize=16384)
def _text_mask(text: str, fnt: Font, anchor: str, fx: float, fy: float) -> tuple[Any, tuple[int, int]]:
    return fnt.getmask2(text, "L", None, None, None, 0, anchor, 0, (fx, fy), stroke_filled=True)


def put_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    line: str,
    fnt: Font,
    fill: RGB = TEXT,
    anchor: str = "la",
) -> None:
    """``draw.text`` for one line (same pixels), with the glyph mask cached.

    Labels repeat from board to board (card names, numbers, headings), and rasterising them is
    most of a board's drawing time; the mask depends only on the text, font, anchor and the
    sub-pixel start, so it is cached on exactly those and drawn with the fill colour.
    """
    if not line:
        return
    if "\n" in line:
        draw.text(xy, line, font=fnt, fill=fill, anchor=anchor)
        return
    x, y = xy
    fx, fy = math.modf(x)[0], math.modf(y)[0]
    mask, (ox, oy) = _text_mask(line, fnt, anchor, fx, fy)
    draw.draw.draw_bitmap((int(x) + ox, int(y) + oy), mask, draw.draw.draw_ink(fill))


def line_height(fnt: Font) -> int:
    """Ascent + descent: every glyph of a line lies within this height."""
    ascent, descent = fnt.getmetrics()
    return ascent + descent


def ellipsize(text: str, fnt: Font, max_width: float) -> str:
    """``text`` if it fits in ``max_width``, else its longest prefix + "…" that fits ("" if none)."""
    if text_width(text, fnt) <= max_width:
        return text
    if text_width(ELLIPSIS, fnt) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # largest n with prefix(n) + … fitting
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def _break_word(word: str, fnt: Font, max_width: float) -> list[str]:
    """Split a word wider than ``max_width`` into pieces that fit (at least one char each)."""
    pieces: list[str] = []
    cur = ""
    for ch in word:
        if cur and text_width(cur + ch, fnt) > max_width:
            pieces.append(cur)
            cur = ch
        else:
            cur += ch
    if cur:
        pieces.append(cur)
    return pieces


def wrap(text: str, fnt: Font, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap. Explicit newlines are kept. Over-long words are broken by characters.

    With ``max_lines``, the last kept line ends with "…" when text was cut. Every returned line is
    at most ``max_width`` wide (a line may be "" only if not even "…" fits).
    """
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = ""
        for word in words:
            cand = f"{cur} {word}" if cur else word
            if text_width(cand, fnt) <= max_width:
                cur = cand
                continue
            if cur:
                lines.append(cur)
            if text_width(word, fnt) <= max_width:
                cur = word
            else:
                *full, cur = _break_word(word, fnt, max_width)
                lines.extend(full)
        lines.append(cur)
    if max_lines is not None and len(lines) > max_lines:
        if max_lines <= 0:
            return []
        kept = lines[:max_lines]
        rest = " ".join(x for x in lines[max_lines - 1 :] if x)
        kept[-1] = ellipsize(rest + ELLIPSIS, fnt, max_width)
        return kept
    return [ellipsize(x, fnt, max_width) for x in lines]


@dataclass(frozen=True)
class TextFit:
    """How a text was laid out in a box.

    ``extent`` is the area the lines occupy (advance widths x ascent+descent per line), placed by
    the requested alignment; it is always inside ``box`` unless ``overflow`` is True, which only
    happens when even one line of "…" at ``min_size`` cannot fit.
    """

    lines: tuple[str, ...]
    size: int
    bold: bool
    box: Box
    extent: Box
    truncated: bool
    """True when some of the text had to be cut (ellipsis)."""

    @property
    def overflow(self) -> bool:
        x0, y0, x1, y1 = self.box
        e0, f0, e1, f1 = self.extent
        return e0 < x0 or f0 < y0 or e1 > x1 or f1 > y1

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _spacing(fnt: Font, line_gap: float) -> int:
    return round(line_height(fnt) * line_gap)


def fit_text(
    text: str,
    box: Box,
    size: int,
    *,
    bold: bool = False,
    min_size: int | None = None,
    max_lines: int = 1,
    align: HAlign = "left",
    valign: VAlign = "middle",
    line_gap: float = 0.1,
) -> TextFit:
    """Lay out ``text`` inside ``box`` without drawing.

    Tries ``size`` and smaller sizes down to ``min_size`` (default: ``size``, i.e. no shrinking)
    for a size at which the whole text fits in at most ``max_lines`` lines; if none does, uses
    ``min_size`` and cuts the text with an ellipsis.
    """
    x0, y0, x1, y1 = box
    bw, bh = max(0, x1 - x0), max(0, y1 - y0)
    smallest = size if min_size is None else max(1, min(size, min_size))
    chosen: tuple[int, list[str], bool] | None = None
    for s in range(size, smallest - 1, -1):
        fnt = font(s, bold)
        n_lines = _lines_that_fit(fnt, bh, max_lines, line_gap)
        if n_lines == 0:
            continue
        clean = _wrap_whole_words(text, fnt, bw)
        if clean is not None and len(clean) <= n_lines:
            chosen = (s, clean, False)
            break
    if chosen is None:
        fnt = font(smallest, bold)
        n_lines = max(1, _lines_that_fit(fnt, bh, max_lines, line_gap))
        full = wrap(text, fnt, bw)
        if len(full) <= n_lines and not any(x.endswith(ELLIPSIS) for x in full):
            chosen = (smallest, full, False)  # fits, but a long word had to be broken
        else:
            chosen = (smallest, wrap(text, fnt, bw, max_lines=n_lines), True)
    s, lines, truncated = chosen
    fnt = font(s, bold)
    lh = line_height(fnt)
    gap = _spacing(fnt, line_gap)
    total_h = len(lines) * lh + max(0, len(lines) - 1) * gap
    width = max((text_width(x, fnt) for x in lines), default=0.0)
    if valign == "top":
        ty = y0
    elif valign == "bottom":
        ty = y1 - total_h
    else:
        ty = y0 + (bh - total_h) // 2
    if align == "left":
        tx = float(x0)
    elif align == "right":
        tx = x1 - width
    else:
        tx = x0 + (bw - width) / 2
    extent = (int(tx), ty, int(tx) + int(-(-width // 1)), ty + total_h)
    return TextFit(tuple(lines), s, bold, box, extent, truncated)


def _lines_that_fit(fnt: Font, height: int, max_lines: int, line_gap: float) -> int:
    lh = line_height(fnt)
    if lh > height:
        return 0
    gap = _spacing(fnt, line_gap)
    return max(1, min(max_lines, (height + gap) // (lh + gap)))


def _wrap_whole_words(text: str, fnt: Font, max_width: float) -> list[str] | None:
    """Word wrap that never breaks a word; None when some word alone is wider than the box."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split():
            if text_width(word, fnt) > max_width:
                return None
            cand = f"{cur} {word}" if cur else word
            if text_width(cand, fnt) <= max_width:
                cur = cand
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


def draw_text(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    size: int,
    *,
    fill: RGB = TEXT,
    bold: bool = False,
    min_size: int | None = None,
    max_lines: int = 1,
    align: HAlign = "left",
    valign: VAlign = "middle",
    line_gap: float = 0.1,
) -> TextFit:
    """Fit ``text`` into ``box`` (see ``fit_text``) and draw it. Returns the layout."""
    fit = fit_text(
        text,
        box,
        size,
        bold=bold,
        min_size=min_size,
        max_lines=max_lines,
        align=align,
        valign=valign,
        line_gap=line_gap,
    )
    fnt = font(fit.size, bold)
    lh = line_height(fnt)
    gap = _spacing(fnt, line_gap)
    x0, _, x1, _ = fit.box
    y = fit.extent[1]
    for line in fit.lines:
        w = text_width(line, fnt)
        if align == "left":
            x = float(x0)
        elif align == "right":
            x = x1 - w
        else:
            x = x0 + ((x1 - x0) - w) / 2
        put_text(draw, (x, y), line, fnt, fill, "la")
        y += lh + gap
    return fit


def draw_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: RGB = TEXT,
    bold: bool = False,
    max_width: float | None = None,
    anchor: str = "lm",
) -> float:
    """Draw one line at ``xy`` with a PIL anchor, ellipsized to ``max_width``. Returns its width."""
    fnt = font(size, bold)
    line = ellipsize(text, fnt, max_width) if max_width is not None else text
    put_text(draw, xy, line, fnt, fill, anchor)
    return text_width(line, fnt)


# --------------------------------------------------------------------------------------------
# Shapes


def panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    fill: RGB = PANEL,
    outline: RGB | None = None,
    width: int = 1,
    radius: int = 12,
) -> None:
    """A rounded, opaque rectangle (``box`` is exclusive at x1/y1)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=radius, fill=fill, outline=outline, width=width)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int,
    *,
    fill: RGB,
    text_fill: RGB = TEXT,
    bold: bool = True,
    pad_x: int | None = None,
    anchor: Literal["left", "right", "center"] = "left",
) -> Box:
    """A rounded chip with ``text``; ``xy`` is its left/right/centre edge and vertical centre."""
    fnt = font(size, bold)
    px = pad_x if pad_x is not None else max(4, size // 2)
    w = int(text_width(text, fnt)) + 2 * px
    h = line_height(fnt) + max(2, size // 5)
    x, yc = xy
    if anchor == "right":
        x -= w
    elif anchor == "center":
        x -= w // 2
    box = (x, yc - h // 2, x + w, yc - h // 2 + h)
    panel(draw, box, fill=fill, radius=h // 2)
    put_text(draw, (x + w / 2, box[1] + h / 2), text, fnt, text_fill, "mm")
    return box


def card_back(draw: ImageDraw.ImageDraw, box: Box, color: RGB = CARD_BACK) -> None:
    """A small face-down card icon filling ``box``."""
    x0, y0, x1, y1 = box
    r = max(2, (x1 - x0) // 6)
    panel(draw, box, fill=color, outline=lighten(color, 0.45), width=1, radius=r)
    inset = max(2, (x1 - x0) // 5)
    if x1 - x0 > 2 * inset + 2 and y1 - y0 > 2 * inset + 2:
        draw.rectangle((x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset), outline=lighten(color, 0.25))


class ImageCache:
    """An LRU of rendered pieces (tiles, icons) keyed by everything they show, bounded in pixels.

    A piece must be a pure function of its key, so a board drawn from cached pieces has the same
    bytes as one drawn from scratch (replays compare boards byte for byte). Callers paste the
    returned image and must not draw on it.
    """

    def __init__(self, max_pixels: int) -> None:
        self.max_pixels = max_pixels
        self.pixels = 0
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            img = self._items.get(key)
            if img is not None:
                self._items.move_to_end(key)
                return img
        img = make()  # outside the lock: the bot renders in worker threads
        with self._lock:
            if key in self._items:  # another thread made it meanwhile: keep one
                return self._items[key]
            self._items[key] = img
            self.pixels += img.width * img.height
            while self.pixels > self.max_pixels and len(self._items) > 1:
                _, old = self._items.popitem(last=False)
                self.pixels -= old.width * old.height
        return img

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.pixels = 0

    def __len__(self) -> int:
        return len(self._items)


# --------------------------------------------------------------------------------------------
# Words

_ROMAN: tuple[tuple[int, str], ...] = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(n: int) -> str:
    """Roman numeral for 1..3999 (``roman(10) == "X"``)."""
    if not 1 <= n <= 3999:
        raise ValueError(f"roman numerals cover 1..3999, got {n}")
    out: list[str] = []
    for value, digits in _ROMAN:
        count, n = divmod(n, value)
        out.append(digits * count)
    return "".join(out)


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_color(place: int) -> RGB:
    """Medal colour for finishing places 1-3, a neutral one after."""
    return {1: GOLD, 2: SILVER, 3: BRONZE}.get(place, EDGE)


def join_names(parts: Sequence[str], sep: str = " · ") -> str:
    return sep.join(p for p in parts if p)


# --------------------------------------------------------------------------------------------
# Encoding

PNG_COMPRESS_LEVEL = 3
"""zlib level of ``to_png`` where ISA-L is not installed, and the meaning of an explicit level."""
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

_isal: Any
try:  # ISA-L's deflate (the ``isal`` wheel): the same format as zlib's, 5-9x faster at level 1
    from isal import isal_zlib as _isal
except ImportError:  # pragma: no cover - a platform without an isal wheel: stdlib zlib
    _isal = None
ISAL_LEVEL = 1
"""ISA-L level ``to_png`` uses by default (ISA-L's level 3 is as slow as zlib's)."""


def _deflate(raw: bytes, compress_level: int | None) -> bytes:
    if compress_level is None:
        if _isal is not None:
            return bytes(_isal.compress(raw, ISAL_LEVEL))
        compress_level = PNG_COMPRESS_LEVEL
    return zlib.compress(raw, compress_level)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def to_png(img: Image.Image, *, compress_level: int | None = None) -> bytes:
    """Encode ``img`` as PNG bytes: 8-bit RGB, no alpha, every row with filter type 0 (None).

    Chosen by measurement (``bench/render_bench.py`` and ``bench/render_chrono.py``, 2-core
    shared machine, Pillow 13, medians; "adaptive" is Pillow's own PNG encoder, which tries the
    five PNG filters on every row and keeps the one with the smallest sum):

    ===================================  ==========  ==========  ==========
    1400x796 Afrika board                encode ms   blank ms    KiB
    ===================================  ==========  ==========  ==========
    Pillow, adaptive filter, level 1     16-24       10-15       57
    Pillow, level 0 (stored)             14          8           3267
    filter None, zlib level 1            5-7         5-8         57
    filter None, zlib level 3  <- used   5-7         5-8         52
    filter None, zlib level 6            11          13          38
    filter Sub / Up, zlib level 1        17-26       16-25       59-65
    ===================================  ==========  ==========  ==========

    A board is flat panels and anti-aliased text: deflate's string matching already finds the
    repeated pixels of a row, so a PNG filter buys no size here, and choosing one per row
    (Pillow's only mode for RGB) costs more than the compression itself. The Sub/Up rows were
    made with ``ImageChops.subtract_modulo`` and Z_RLE/Z_FILTERED were no better. Level 3 is as
    fast as level 1 on these images and ~10% smaller; level 6 and up double the time. Chrono's
    1600x751 board: 6-7 ms, 90 KiB (Pillow level 1: 20-28 ms, 93 KiB).

    Since issue #23 (capacity), the deflate is ISA-L's at level 1 when the ``isal`` wheel is
    installed (a dependency; stdlib zlib at ``PNG_COMPRESS_LEVEL`` otherwise, or for an explicit
    ``compress_level``). Same machine, medians over 30 positions of a 2-player game:

    ===================================  ====================  ====================
    deflate of the unfiltered rows       Chrono board 1600x751  Afrika hand 900x1024
    ===================================  ====================  ====================
    zlib level 3 (before)                12.4 ms, 78 KiB       9.2 ms, 120 KiB
    zlib-ng level 1 / 3                  3.0 / 4.7 ms, 122/86  2.5 / 5.0 ms
    libdeflate level 1                   9.3 ms, 77 KiB        5.5 ms, 117 KiB
    ISA-L level 1  <- used               1.4 ms, 85 KiB        1.6 ms, 130 KiB
    ===================================  ====================  ====================

    ISA-L's output for the same pixels and level is always the same bytes (replays and the
    hidden-information tests compare PNG bytes).
    """
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    if w == 0 or h == 0:
        buf = io.BytesIO()
        img.save(
            buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL if compress_level is None else compress_level
        )
        return buf.getvalue()
    data = memoryview(img.tobytes())
    stride = 3 * w
    # b"" first: the join puts the filter byte before every row, one copy of the pixels.
    raw = b"\0".join([b"", *(data[i : i + stride] for i in range(0, len(data), stride))])
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)),
            _chunk(b"IDAT", _deflate(raw, compress_level)),
            _chunk(b"IEND", b""),
        )
    )
