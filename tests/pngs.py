"""Comparing a PNG the bot sent with the one a test draws: byte for byte, and when they differ, a
failure that says how (sizes, where the pixels differ, which other drawing it matches) instead of
pytest's diff of two hundred kilobytes of PNG bytes, which says nothing and hides the test's name."""

from __future__ import annotations

import io
from collections.abc import Mapping

from PIL import Image, ImageChops


def _decoded(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def png_difference(actual: bytes, expected: bytes) -> str:
    """Where two PNGs differ, in words ("" when they are the same bytes)."""
    if actual == expected:
        return ""
    a, b = _decoded(actual), _decoded(expected)
    if a.size != b.size:
        return f"the sizes differ: {a.size} sent, {b.size} expected"
    box = ImageChops.difference(a, b).getbbox()
    if box is None:
        return f"the same pixels in other bytes ({len(actual)} sent, {len(expected)} expected)"
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    changed = diff.histogram()[255]
    return f"{changed} of {a.width * a.height} pixels differ, within {box} of a {a.size} image"


def assert_same_png(
    actual: bytes | None, expected: bytes, what: str, others: Mapping[str, bytes] = {}
) -> None:
    """``actual`` is ``expected``; else fail naming ``what`` was compared, how it differs and which
    of ``others`` (other drawings the bot might have sent by mistake: another language, the position
    before) it is."""
    assert actual is not None, f"{what}: no image was sent"
    if actual == expected:
        return
    same_as = [name for name, data in others.items() if data == actual]
    raise AssertionError(
        f"{what}: the image sent is not the one expected: {png_difference(actual, expected)}"
        + (f"; it is {', '.join(same_as)}" if same_as else "")
    )
