"""The render caches and the PNG writer: same pixels as drawing from scratch, bounded, lossless."""

from __future__ import annotations

import io
import random
import threading

from PIL import Image, ImageChops, ImageDraw

from engines.chrono import ENGINE as CHRONO
from engines.core import MatchConfig, PlayerId
from render import chrono
from render.common import ImageCache, _text_mask, canvas, font, put_text, text_width, to_png


def test_put_text_draws_the_same_pixels_as_draw_text() -> None:
    rng = random.Random(5)
    words = ["Sky Lancer", "3/4", "#12", "ATK → Kofi", "Turn 31", "×3", "Chronicles of Afrika — turn 9"]
    for _ in range(200):
        bg = tuple(rng.randrange(256) for _ in range(3))
        a, b = Image.new("RGB", (320, 60), bg), Image.new("RGB", (320, 60), bg)
        fnt = font(rng.randrange(8, 30), rng.random() < 0.5)
        xy = (rng.uniform(10, 250), rng.uniform(10, 50))
        if rng.random() < 0.5:
            xy = (int(xy[0]), int(xy[1]))
        word, anchor = rng.choice(words), rng.choice(["la", "lm", "mm", "rm", "ls"])
        fill = tuple(rng.randrange(256) for _ in range(3))
        ImageDraw.Draw(a).text(xy, word, font=fnt, fill=fill, anchor=anchor)
        put_text(ImageDraw.Draw(b), xy, word, fnt, fill, anchor)  # type: ignore[arg-type]
        assert ImageChops.difference(a, b).getbbox() is None, (word, xy, anchor)


def test_image_cache_is_an_lru_bounded_in_pixels() -> None:
    cache = ImageCache(max_pixels=300)
    made: list[str] = []

    def make(key: str, side: int = 10):  # type: ignore[no-untyped-def]
        def build() -> Image.Image:
            made.append(key)
            return canvas(side, side)

        return build

    a = cache.get("a", make("a"))
    assert cache.get("a", make("a")) is a and made == ["a"]
    cache.get("b", make("b"))
    cache.get("a", make("a"))  # a is now the most recent
    cache.get("c", make("c"))  # 300 px: still fits
    cache.get("d", make("d"))  # 400 px: evicts the least recent, b
    assert made == ["a", "b", "c", "d"] and len(cache) == 3 and cache.pixels == 300
    cache.get("b", make("b"))
    assert made[-1] == "b"
    cache.clear()
    assert len(cache) == 0 and cache.pixels == 0


def test_image_cache_keeps_its_accounts_under_threads() -> None:
    cache = ImageCache(max_pixels=50 * 100)

    def work(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(400):
            k = rng.randrange(120)
            img = cache.get(k, lambda k=k: canvas(10, 10, (k, k, k)))
            assert img.getpixel((0, 0)) == (k, k, k)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert cache.pixels == 100 * len(cache) <= 50 * 100


def test_chrono_board_is_the_same_with_cold_and_warm_caches() -> None:
    s = CHRONO.setup(MatchConfig(players=4), 3)
    rng = random.Random(3)
    for _ in range(40):
        p = next(iter(CHRONO.current_players(s)))
        s = CHRONO.apply(s, p, rng.choice(list(CHRONO.legal_actions(s, p)))).state
    view = CHRONO.view(s, PlayerId(0))
    names = ["Ada", "Bo", "Cy", "Di"]
    warm = to_png(chrono.board(view, names))
    chrono._TILES.clear()
    chrono._BACKGROUNDS.clear()
    _text_mask.cache_clear()
    text_width.cache_clear()
    assert to_png(chrono.board(view, names)) == warm


def test_to_png_is_lossless_and_opaque() -> None:
    rng = random.Random(9)
    img = Image.new("RGB", (123, 45))
    img.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(123 * 45)])
    back = Image.open(io.BytesIO(to_png(img)))
    assert back.mode == "RGB" and ImageChops.difference(back, img).getbbox() is None
    rgba = Image.new("RGBA", (8, 8), (10, 20, 30, 128))
    assert Image.open(io.BytesIO(to_png(rgba))).mode == "RGB"
    for level in (0, 1, 9):
        assert (
            ImageChops.difference(Image.open(io.BytesIO(to_png(img, compress_level=level))), img).getbbox()
            is None
        )
