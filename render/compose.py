"""Putting finished images together and sending them small.

``stacked(top, below)``: one image under the other, the lower one scaled to the upper's width
(the draft's pack with the drafter's picks under it: one attachment, as Discord shows two
attachments side by side at half the width). ``to_small_png(img)``: a PNG of 64 colours, for an
image of flat panels and type sent again at every pick (an 18-card pack: ~55 KB instead of
~160 KB in 8-bit RGB, encoded in ~25 ms).
"""

from __future__ import annotations

import io

from PIL import Image

from render.common import BG, canvas


def stacked(top: Image.Image, below: Image.Image, gap: int = 0) -> Image.Image:
    """``below`` under ``top`` (scaled to its width if they differ)."""
    if below.width != top.width:
        below = below.resize(
            (top.width, round(below.height * top.width / below.width)), Image.Resampling.LANCZOS
        )
    out = canvas(top.width, top.height + gap + below.height, BG)
    out.paste(top.convert("RGB"), (0, 0))
    out.paste(below.convert("RGB"), (0, top.height + gap))
    return out


def to_small_png(img: Image.Image, colours: int = 64) -> bytes:
    """``img`` as a palette PNG of ``colours`` colours (anti-aliased type stays smooth at 64)."""
    quantized = img.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    quantized.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


__all__ = ["stacked", "to_small_png"]
