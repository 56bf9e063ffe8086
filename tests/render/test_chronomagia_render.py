"""Chronomagia's images (issue #19 items 2 and 4): every card of the set draws in English and in
Russian with all three Epoch windows and the active one highlighted; the board of real positions
(AI games, every scenario file, a position with every marker) shows each marker, reads at
Discord's 550 px inline size and never names a face-down Shadow; the hand shows the viewer's own
cards, Shadows, Shadows seen by Intuition and Hero Deck."""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from PIL import Image, ImageChops

from engines.chronomagia import ENGINE
from engines.chronomagia.cards import card, card_set, token_names, window_text
from engines.chronomagia.grammar import RESOURCES
from engines.chronomagia.view import ChronomagiaView
from engines.core import PlayerId
from render.chronomagia import board, card_image, card_sheet, hand, sheet_ids, words
from render.chronomagia.board import WIDTH, board_labels, cell_box, plan, tile_boxes
from render.chronomagia.card import COL_W, PAD, REMINDER_H, H, W, card_face, card_labels
from render.chronomagia.glyphs import RESOURCE_COLOURS, pip
from render.chronomagia.hand import hand_labels
from render.common import ACCENT, CARD_BACK, PANEL, darken
from render.labels import Label, intersects
from tests.render.chronomagia_states import NAMES, SCENARIOS, ai_states, markers, scenario_states
from tests.render.pixels import pixels

INLINE = 550
MIN_ON_SCREEN = 11
ALL_IDS = sorted(card_set().cards)
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _reads(img: Image.Image, labels: list[Label], texts_only: bool = False) -> None:
    """Legible at 550 px (nothing under 11 px there), no text over other text, all inside."""
    small = [(lb.text, lb.size) for lb in labels if lb.size * INLINE / img.width < MIN_ON_SCREEN]
    assert not small, small[:5]
    checked = [lb for lb in labels if lb.kind == "text"] if texts_only else labels
    overlaps = [(a.text, b.text) for a, b in combinations(checked, 2) if intersects(a.box, b.box)]
    assert not overlaps, overlaps[:5]
    outside = [lb.text for lb in labels if not _inside(lb.box, (0, 0, img.width, img.height))]
    assert not outside, outside[:5]


def _count(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    return sum(1 for px in pixels(img.crop(box)) if px == colour)


def _bright(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels as light as text (words and pips of a window that is not faded)."""
    return sum(1 for v in pixels(img.crop(box).convert("L")) if isinstance(v, int) and v > 150)


def _brightness(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    grey = img.crop(box).convert("L")
    data = pixels(grey)
    return sum(int(v) for v in data if isinstance(v, int)) / max(1, len(data))


# ------------------------------------------------------------------------------ cards


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_card_of_the_set_renders_and_reads(lang: str) -> None:
    kinds = set()
    for cid in ALL_IDS:
        labels: list[Label] = []
        img, fit = card_face(card(cid), lang, None, labels)
        assert img.size == (W, H) and img.mode == "RGB"
        assert not fit.truncated, (cid, lang)
        _reads(img, labels)
        texts = " ".join(lb.text for lb in labels)
        assert words.name(card(cid), lang).split()[0] in texts, (cid, lang)
        kinds.add(card(cid).kind)
    assert kinds == {"hero", "thoughtform", "location", "phenomenon", "shadow", "token"}


def test_a_card_shows_all_three_windows_and_its_native_epoch() -> None:
    _img, labels = card_labels("T002")  # Comet Rain: a spell in every Epoch, native to Epoch 1
    texts = [lb.text for lb in labels]
    for e in (1, 2, 3):
        assert f"Epoch {e}" in texts
    assert texts.count("native") == 1
    native = next(lb for lb in labels if lb.text == "native")
    assert native.box[0] < PAD + COL_W, "the native chip is over the Epoch 1 column"
    # Mech Titan: a cost per Epoch (F16), written on the title and in each window
    _, labels = card_labels("T085")
    texts = [lb.text for lb in labels]
    assert "3/7/7" in texts and "Cost 3" in texts and texts.count("Cost 7") == 2


def _column(e: int) -> tuple[int, int, int, int]:
    x0 = PAD + (e - 1) * (COL_W + 10)
    return (x0, 110, x0 + COL_W, H - PAD - REMINDER_H)


@pytest.mark.parametrize("cid", ["T068", "T001", "S01", "L01", "K02"])
def test_the_active_epochs_window_is_highlighted_and_the_others_dimmed(cid: str) -> None:
    plain = card_image(cid)
    top = _emerge_offset(cid)
    assert all(_count(plain, _shifted(_column(e), top), ACCENT) == 0 for e in (1, 2, 3))
    for active in (1, 2, 3):
        img = card_image(cid, epoch=active)
        for e in (1, 2, 3):
            box = _shifted(_column(e), top)
            framed = _count(img, box, ACCENT)
            if e == active:
                assert framed > 500, (cid, active, e, framed)
                assert _brightness(img, box) == pytest.approx(_brightness(plain, box), abs=8)
            else:
                assert framed == 0, (cid, active, e)
                head = (box[0], box[1], box[2], box[1] + 34)
                assert _brightness(img, head) < _brightness(plain, head) - 20, (cid, active, e)
                body = (box[0], box[1] + 40, box[2], box[3])
                assert _bright(img, body) <= _bright(plain, body) // 10, "its words are faded"


def _emerge_offset(cid: str) -> int:
    return 60 if card(cid).kind == "shadow" else 0


def _shifted(box: tuple[int, int, int, int], dy: int) -> tuple[int, int, int, int]:
    return (box[0], box[1] + dy, box[2], box[3])


def test_russian_text_is_drawn() -> None:
    for cid in ("T001", "H03", "S01", "P02"):
        en, ru = card_labels(cid, "en")[0], card_labels(cid, "ru")
        img, labels = ru
        assert ImageChops.difference(en, img).getbbox() is not None
        text = " ".join(lb.text for lb in labels)
        assert card(cid).name_ru.split()[0] in text and card(cid).name.split()[0] not in text
        assert sum(ch in CYRILLIC for ch in text) > 40
        # the title bar's pixels differ: the Russian name is drawn, not the English one
        title = (PAD, PAD, W - 200, 70)
        assert ImageChops.difference(en.crop(title), img.crop(title)).getbbox() is not None


def test_window_parts_say_what_the_card_data_says() -> None:
    """The card draws a window's abilities from ``words.window_parts`` (bold heads); together they
    are the data's own rules text less the resource line, which is drawn as pips."""
    for c in card_set().cards.values():
        for w in c.windows:
            for lang in ("en", "ru"):
                ru = lang == "ru"
                names = token_names(ru)
                parts = words.window_parts(w, c.kind, lang, names)
                mine = [" ".join(p for p in part if p) for part in parts]
                theirs = window_text(w, c.kind, names, ru).split("\n")
                if w.res is not None:
                    theirs = theirs[1:]
                theirs = [t.removeprefix("Spell: ").removeprefix("Заклинание: ") for t in theirs if t != "—"]
                assert mine == theirs, (c.id, lang)


def test_each_resource_has_its_own_colour_and_glyph() -> None:
    assert set(RESOURCE_COLOURS) == set(RESOURCES)
    assert len(set(RESOURCE_COLOURS.values())) == len(RESOURCES)
    drawn = {r: pip(r, 32, PANEL).tobytes() for r in RESOURCES}
    assert len(set(drawn.values())) == len(RESOURCES)
    for a, b in combinations(RESOURCES, 2):
        # the glyphs differ in shape too: compare them in grey
        ga, gb = pip(a, 32, PANEL).convert("L"), pip(b, 32, PANEL).convert("L")
        assert ImageChops.difference(ga, gb).getbbox() is not None, (a, b)


def test_card_sheet_pages_hold_every_card(tmp_path: object) -> None:
    ids = sheet_ids()
    assert sorted(ids) == ALL_IDS and card(ids[0]).kind == "hero"
    paths = card_sheet(str(tmp_path), 100, "", "ru")
    assert len(paths) == math.ceil(len(ids) / 100)
    assert all(p.name.startswith("chronomagia-ru-sheet-") and p.stat().st_size > 10_000 for p in paths)


# ------------------------------------------------------------------------------ the board


def _chips(labels: list[Label]) -> list[str]:
    return [lb.text for lb in labels if lb.kind == "chip"]


def test_the_marker_position_shows_every_marker() -> None:
    s = markers()
    view = ENGINE.view(s, None)
    img, labels = board_labels(view, NAMES)
    _reads(img, labels, texts_only=True)
    chips = _chips(labels)
    texts = [lb.text for lb in labels]
    assert chips.count("Tapped") == 2 and chips.count("Trapped") == 1 and chips.count("Sick") == 1
    assert chips.count("Epoch 1") == 2, "the shifted creature and the shifted Location"
    assert "Hero ability used" in chips
    assert "3/5 lives" in chips and "2/5 time" in chips and "1/6 lives" in chips
    joined = " ".join(t.replace("\n", " ") for t in texts)
    for cid in ("L01", "P02", "L05", "H03", "H02"):
        assert card(cid).name in joined, cid
    assert texts.count("Shadow") == 3 and texts.count("face down") == 3
    for sid in ("S02", "S05", "S03"):
        assert card(sid).name not in " ".join(texts), "a face-down Shadow is never named on the public board"
    assert "Epoch 2 · the Age of Empires · Century 3" in texts

    boxes = tile_boxes(view)

    # a tapped creature's tile is greyed: its name in dim ink, its panel a duller colour
    def name_ink(obj: int) -> int:
        x0, y0, x1, _ = boxes[obj]
        grey = pixels(img.crop((x0 + 6, y0 + 6, x1 - 6, y0 + 30)).convert("L"))
        return max(int(v) for v in grey if isinstance(v, int))

    assert name_ink(50) < 190 and name_ink(51) < 190 and name_ink(54) > 220
    corner = (boxes[50][0] + 5, boxes[50][3] - 5)
    assert img.getpixel(corner) != img.getpixel((boxes[54][0] + 5, boxes[54][3] - 5))
    # the shifted creature is drawn in its personal Epoch's colour, not the active one's
    assert img.getpixel((boxes[53][0] + 4, boxes[53][3] - 4)) != img.getpixel(
        (boxes[54][0] + 4, boxes[54][3] - 4)
    )
    # face-down Shadows are card backs
    back = darken(CARD_BACK, 0.25)
    for obj in (60, 61, 62):
        assert _count(img, boxes[obj], back) > 3000, obj
    for obj in (50, 51, 52, 53, 54, 55, 56):
        assert _count(img, boxes[obj], back) == 0, obj
    # the Time marker: the accent frame is on the marker's cell and nowhere else on the track
    track = plan(view).track
    for pos in (1, 10, 17, 18, 19, 25, 30):
        x0, y0, x1, _y1 = cell_box(pos, track)
        framed = _count(img, (x0 + 3, y0 - 8, x1 - 3, y0), ACCENT)
        assert (framed > 30) == (pos == 18), (pos, framed)


def test_the_marker_moves_with_time() -> None:
    for time in (1, 15, 16, 25, 26, 30):
        view = ENGINE.view(markers(time=time), None)
        img = board(view, NAMES)
        x0, y0, x1, _y1 = cell_box(time, plan(view).track)
        assert _count(img, (x0 + 3, y0 - 8, x1 - 3, y0), ACCENT) > 30, time


def test_board_from_the_cache_equals_a_fresh_one() -> None:
    view = ENGINE.view(markers(), None)
    board(view, NAMES)  # warm the tile cache
    cached = board(view, NAMES)
    fresh, _ = board_labels(view, NAMES)  # recording draws every tile afresh
    assert cached.tobytes() == fresh.tobytes()


def test_a_russian_board_is_drawn_in_russian() -> None:
    view = ENGINE.view(markers(), None)
    en = board(view, NAMES)
    img, labels = board_labels(view, NAMES, "ru")
    _reads(img, labels, texts_only=True)
    texts = " ".join(lb.text for lb in labels)
    for word in ("Жизнь", "Броня", "Колода Героя", "Повёрнут", "В Ловушке", "Тень", "Эпоха 2"):
        assert word in texts, word
    assert card("L01").name_ru in texts and card("L01").name not in texts
    assert (
        ImageChops.difference(en.crop((0, 0, WIDTH, 60)), img.crop((0, 0, WIDTH, 60))).getbbox() is not None
    )


def _face_down_names(view: ChronomagiaView, full: tuple[ChronomagiaView, ChronomagiaView]) -> set[str]:
    """Names of face-down Shadows the view may not see and that no face-up card shows."""
    shown = {card(p.card).name for s in view.seats for p in s.field}
    hidden = set()
    for owner in (0, 1):
        for sh in full[owner].seats[owner].shadows:
            mine = next(x for x in view.seats[owner].shadows if x.obj == sh.obj)
            if mine.card is None and sh.card is not None and card(sh.card).name not in shown:
                hidden.add(card(sh.card).name)
    return hidden


def _check_board(s: object, view: ChronomagiaView, lang: str = "en") -> dict[str, bool]:
    img, labels = board_labels(view, NAMES, lang)
    assert img.width == WIDTH
    _reads(img, labels, texts_only=True)
    chips = _chips(labels)
    texts = [lb.text for lb in labels]
    field = [p for seat in view.seats for p in seat.field if p.kind not in ("location", "phenomenon")]
    seen = {
        "tapped": any(p.tapped for p in field),
        "trapped": any(p.trapped for p in field),
        "sick": any(p.sick for p in field),
        "shifted": any(p.shifted for p in field),
        "shadow": any(seat.shadows for seat in view.seats),
        "location": any(p.kind == "location" for seat in view.seats for p in seat.field),
        "phenomenon": any(p.kind == "phenomenon" for seat in view.seats for p in seat.field),
        "over": view.ranking is not None,
        "attack": any(view.last_attack),
    }
    if lang == "en":
        assert chips.count("Tapped") >= sum(p.tapped for p in field)
        assert chips.count("Trapped") >= sum(p.trapped for p in field)
        assert chips.count("Sick") >= sum(p.sick for p in field)
        assert texts.count("Shadow") == sum(len(seat.shadows) for seat in view.seats)
        if view.ranking is not None:
            assert texts[0] == "Game over" and any("wins" in t or "Draw" in t for t in texts)
        joined = " ".join(t.replace("\n", " ") for t in texts)
        for seat in view.seats:
            assert str(seat.life) in texts and card(seat.hero.card).name in joined
    return seen


def test_boards_of_ai_games_read_at_550_px_and_hide_face_down_shadows() -> None:
    drawn = 0
    kinds: dict[str, bool] = {}
    for seed in range(2):
        states = ai_states(seed, every=6)
        for i, s in enumerate(states):
            view = ENGINE.view(s, None)
            full = (ENGINE.view(s, PlayerId(0)), ENGINE.view(s, PlayerId(1)))
            lang = "ru" if i % 3 == 2 else "en"
            for k, v in _check_board(s, view, lang).items():
                kinds[k] = kinds.get(k, False) or v
            _, labels = board_labels(view, NAMES, lang)
            text = " ".join(lb.text for lb in labels)
            for name in _face_down_names(view, full):
                assert name not in text, name
            drawn += 1
        assert ENGINE.view(states[-1], None).ranking is not None, "the AI game was played to its end"
    assert drawn > 20
    assert kinds["over"] and kinds["attack"] and kinds["shadow"] and kinds["tapped"], kinds


def test_a_seats_board_is_the_spectators_board() -> None:
    """The board is public: drawn from seat 0's view (its own Shadows, hand and Hero Deck in it) it
    has the same pixels as the spectator's, whose view holds none of those."""
    compared = 0
    for s in [markers(), *ai_states(5, every=5)]:
        spectator = board(ENGINE.view(s, None), NAMES)
        seat = ENGINE.view(s, PlayerId(0))
        assert board(seat, NAMES).tobytes() == spectator.tobytes()
        compared += bool(seat.seats[0].shadows)
    assert compared > 0, "some of the positions had face-down Shadows"


def test_every_scenario_position_renders_with_every_marker() -> None:
    kinds: dict[str, int] = {}
    n = 0
    for path in SCENARIOS:
        for s in scenario_states(path):
            view = ENGINE.view(s, None)
            for k, v in _check_board(s, view).items():
                kinds[k] = kinds.get(k, 0) + v
            n += 1
    assert n > 150
    missing = [
        k
        for k in (
            "tapped",
            "trapped",
            "sick",
            "shifted",
            "shadow",
            "location",
            "phenomenon",
            "over",
            "attack",
        )
        if not kinds.get(k)
    ]
    assert not missing, missing


def test_a_board_drawn_550_px_wide_keeps_its_words() -> None:
    """The labels' sizes say 11 px at 550; this checks the picture too: scaled to 550 px, the
    heading row still has ink (text did not vanish into the background)."""
    view = ENGINE.view(markers(), None)
    img = board(view, NAMES)
    small = img.resize((INLINE, round(img.height * INLINE / img.width)), Image.Resampling.LANCZOS)
    head = small.crop((8, 8, 260, 30)).convert("L")
    assert max(int(v) for v in pixels(head) if isinstance(v, int)) > 200


# ------------------------------------------------------------------------------ the hand


def test_the_hand_shows_the_viewers_cards_in_the_active_epoch() -> None:
    s = markers()
    view = ENGINE.view(s, PlayerId(0))
    img, labels = hand_labels(view, "alice")
    assert img.width == 900
    _reads(img, labels, texts_only=True)
    texts = [lb.text for lb in labels]
    for cid in view.hand:
        assert card(cid).name in texts, cid
    assert texts.count("Epoch 2: Spell") >= 2 and "Epoch 2: Creature" in texts
    # own face-down Shadows by name, under their heading
    assert "Your face-down Shadows" in texts
    assert card("S02").name in texts and card("S05").name in texts
    # the Hero Deck, by name outside Meditation
    assert "Your Hero Deck" in texts
    for cid in view.hero_deck:
        assert card(cid).name in texts
    # nothing of the opponent's: their Shadow and hand are not named
    assert card("S03").name not in texts and card("T021").name not in texts
    with pytest.raises(ValueError):
        hand(ENGINE.view(s, None), "nobody")


def test_the_hand_while_meditating_shows_the_hero_deck_in_full() -> None:
    s = markers(step="meditation", hero_used=False)
    view = ENGINE.view(s, PlayerId(0))
    assert view.step == "meditation" and view.hero_deck
    img, labels = hand_labels(view, "alice", "ru")
    _reads(img, labels, texts_only=True)
    texts = [lb.text for lb in labels]
    assert "Ваша Колода Героя (Медитация: возьмите одну)" in texts
    for cid in view.hero_deck:
        assert card(cid).name_ru in texts
    # full cards: each Hero Deck card shows its Epoch 2 window heading too
    assert sum(t.startswith("Эпоха 2:") for t in texts) >= len(view.hand) + len(view.hero_deck)


def test_the_hand_shows_shadows_seen_by_intuition() -> None:
    """TM16: P1's Dream Walker (Intuition) looks at one of P2's two face-down Shadows."""
    path = next(p for p in SCENARIOS if p.name == "tm16_shadows_and_intuition.toml")
    states = list(scenario_states(path))
    seen_state = next(
        s for s in states if any(sh.seen for sh in ENGINE.view(s, PlayerId(0)).seats[1].shadows)
    )
    view = ENGINE.view(seen_state, PlayerId(0))
    seen = [sh.card for sh in view.seats[1].shadows if sh.seen]
    unseen = [sh.obj for sh in view.seats[1].shadows if not sh.seen]
    assert seen and unseen
    img, labels = hand_labels(view, "alice")
    _reads(img, labels, texts_only=True)
    texts = [lb.text for lb in labels]
    assert "Shadows you looked at (Intuition)" in texts
    assert all(c is not None and card(c).name in texts for c in seen)
    other = ENGINE.view(seen_state, PlayerId(1)).seats[1].shadows
    hidden = [sh.card for sh in other if sh.obj in unseen]
    assert all(c is not None and card(c).name not in texts for c in hidden), "only the Shadow looked at"
    # the spectator's board shows both as face down
    _, labels = board_labels(ENGINE.view(seen_state, None), NAMES)
    text = " ".join(lb.text for lb in labels)
    assert all(c is not None and card(c).name not in text for c in seen)


def test_hands_along_an_ai_game_read_at_550_px() -> None:
    for i, s in enumerate(ai_states(3, every=9)):
        for seat in (0, 1):
            view = ENGINE.view(s, PlayerId(seat))
            img, labels = hand_labels(view, NAMES[seat], "ru" if i % 2 else "en")
            _reads(img, labels, texts_only=True)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_hero_deck_tiles_show_whole_names(lang: str) -> None:
    """Issue 34 item 10: outside Meditation a Hero Deck tile names its card in full, on two lines
    when it needs them ("Гравитационный колодец", not "Гравитационный к…" twice), for every card
    a Hero Deck can hold, and still reads at 550 px with nothing over anything."""
    from dataclasses import replace

    view = ENGINE.view(markers(), PlayerId(0))
    playable = [c for c in ALL_IDS if card(c).kind not in ("hero", "token")]
    view = replace(view, hero_deck=tuple(playable))
    img, labels = hand_labels(view, "alice", lang)
    _reads(img, labels, texts_only=True)
    texts = {" ".join(lb.text.split()).replace("- ", "-") for lb in labels}
    cut = [words.name(card(c), lang) for c in playable if words.name(card(c), lang) not in texts]
    assert not cut, cut[:5]
