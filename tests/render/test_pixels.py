"""tests/render/pixels.py reads pixels without Pillow's deprecated ``getdata``, and nothing else
calls it: ~190 deprecation warnings in every test run buried the warnings that matter."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests.render.pixels import pixels

ROOT = Path(__file__).resolve().parents[2]


def test_pixels_one_band_and_several() -> None:
    grey = Image.new("L", (3, 2), 7)
    grey.putpixel((1, 1), 200)
    assert pixels(grey) == [7, 7, 7, 7, 200, 7]
    rgb = Image.new("RGB", (2, 1), (1, 2, 3))
    rgb.putpixel((1, 0), (250, 0, 9))
    assert pixels(rgb) == [(1, 2, 3), (250, 0, 9)]
    assert pixels(Image.new("RGBA", (1, 1), (4, 5, 6, 7))) == [(4, 5, 6, 7)]


def test_no_code_calls_the_deprecated_getdata() -> None:
    call = ".getdata" + "("
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("engines", "render", "bot", "bench", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if call in line
    ]
    assert not found, f"Image.getdata is deprecated (Pillow 14 removes it); use pixels(): {found}"
