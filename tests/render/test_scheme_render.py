"""Scheme (450x630) and rift (700x500) faces: every one renders, its text fits uncut, Ongoing
schemes and chaos abilities are drawn as such, and an over-long text is reported, not clipped."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from engines.afrika.schemes import rift, rift_cards, scheme, scheme_cards
from render.afrika.scheme import (
    R_CHAOS_BOX,
    RIFT_H,
    RIFT_W,
    S_ART,
    SCHEME_H,
    SCHEME_W,
    SILVER,
    VIOLET,
    rift_face,
    rift_fit,
    rift_image,
    scheme_face,
    scheme_fit,
    scheme_image,
)


def _colours(img: Image.Image) -> set[tuple[int, int, int]]:
    return {rgb for _, rgb in img.getcolors(1 << 20) or []}


def test_every_scheme_renders_and_its_text_fits() -> None:
    for cid in scheme_cards():
        fit = scheme_fit(cid)
        assert fit.ok, fit
        assert fit.text_size >= 13, f"{cid}: text shrank to {fit.text_size}px"
        img = scheme_image(cid)
        assert img.size == (SCHEME_W, SCHEME_H) == (450, 630) and img.mode == "RGB"
        assert len(_colours(img)) > 50, "a real picture, not a blank"


def test_every_rift_renders_and_its_text_and_chaos_fit() -> None:
    for cid in rift_cards():
        fit = rift_fit(cid)
        assert fit.ok and fit.chaos_fits, fit
        assert fit.text_size >= 13, f"{cid}: text shrank to {fit.text_size}px"
        img = rift_image(cid)
        assert img.size == (RIFT_W, RIFT_H) == (700, 500) and img.width > img.height, "landscape"
        assert len(_colours(img)) > 50


def test_ongoing_schemes_carry_the_ribbon() -> None:
    corner = (S_ART[2] - 128, S_ART[3] - 34, S_ART[2] - 8, S_ART[3] - 8)
    for cid, s in scheme_cards().items():
        colours = _colours(scheme_image(cid).crop(corner))
        assert (VIOLET in colours and SILVER in colours) == s.ongoing, cid


def test_the_chaos_box_has_its_star() -> None:
    box = rift_image("RFT01").crop(R_CHAOS_BOX)
    assert (226, 70, 196) in _colours(box), "the magenta chaos star"


def test_faces_are_deterministic_and_differ() -> None:
    a, _ = scheme_face(scheme("SCH01"))
    b, _ = scheme_face(scheme("SCH01"))
    assert a.tobytes() == b.tobytes()
    assert scheme_image("SCH01").tobytes() != scheme_image("SCH02").tobytes()
    assert (
        rift_image("RFT01").crop((26, 66, 674, 250)).tobytes()
        != rift_image("RFT02").crop((26, 66, 674, 250)).tobytes()
    )


def test_long_text_is_reported_not_overflowing() -> None:
    s = replace(scheme("SCH01"), text="word " * 400)
    img, fit = scheme_face(s)
    assert img.size == (SCHEME_W, SCHEME_H) and not fit.text_fits and not fit.ok
    r = rift("RFT01")
    img, fit = rift_face(replace(r, chaos=replace(r.chaos, text="chaos " * 300)))
    assert img.size == (RIFT_W, RIFT_H) and fit.text_fits and not fit.chaos_fits and not fit.ok
    _, fit = scheme_face(replace(scheme("SCH01"), name="An Extraordinarily Long Scheme Name " * 3))
    assert not fit.name_fits
