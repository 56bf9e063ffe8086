"""bot.text.clip: every text cut to a Discord limit ends on a whole word and an ellipsis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.text import clip


def test_a_cut_ends_on_a_word_with_an_ellipsis() -> None:
    text = "Afrika: Allied Kingdoms, Free-for-all, Galactic Overlords and Starlords"
    out = clip(text, 50)
    assert out == "Afrika: Allied Kingdoms, Free-for-all, Galactic…"
    assert len(out) <= 50


def test_a_text_that_fits_is_left_alone() -> None:
    assert clip("Pass", 100) == "Pass"
    assert clip("x" * 100, 100) == "x" * 100


def test_one_long_word_is_still_cut_inside() -> None:
    assert clip("Gravitational-collapse-of-everything", 10) == "Gravitati…"


@given(st.text(min_size=0, max_size=300), st.integers(min_value=1, max_value=120))
def test_a_clip_always_fits_and_keeps_a_prefix(text: str, limit: int) -> None:
    out = clip(text, limit)
    assert len(out) <= limit
    if len(text) <= limit:
        assert out == text
    else:
        assert out.endswith("…")
        assert text.startswith(out[:-1])
