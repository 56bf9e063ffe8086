"""The pixels of an image as Python values, for tests that count or compare them.

``Image.getdata`` is deprecated (Pillow 12.1; removed in 14) and its successor
``get_flattened_data()`` does not exist in the oldest Pillow we support (10.1), so the tests read
the raw bytes, which every version has.
"""

from __future__ import annotations

from PIL import Image

EIGHT_BIT_MODES = frozenset({"1", "L", "P", "RGB", "RGBA", "CMYK", "LA", "RGBX"})


def pixels(img: Image.Image) -> list[int] | list[tuple[int, ...]]:
    """One value per pixel, row by row: an int for one band ('L'), a tuple for several ('RGB')."""
    if img.mode not in EIGHT_BIT_MODES:
        raise ValueError(f"pixels() reads 8-bit images, not mode {img.mode!r}")
    if img.mode == "1":
        img = img.convert("L")
    data = img.tobytes()
    bands = len(img.getbands())
    if bands == 1:
        return list(data)
    return [tuple(data[i : i + bands]) for i in range(0, len(data), bands)]
