"""The Afrika board for 3-6 players (issue #20, item 7): one panel per player, legible at 800 px.

Views are real two-seat positions spread over N seats (``tests/render/afrika_multi_views.py``).
Every board is drawn with its labels recorded (``board_labels``) and read as Discord shows a wide
image, about 800 px across: text at least 11 px there, keyword icons at least 20 px, no two labels
overlapping, none cut with "…" or leaving the image, and each panel's labels inside its panel.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from PIL import Image

from engines.afrika.view import CardView, StackView
from render.afrika import board
from render.afrika.board import WIDTH, board_labels
from render.afrika.multi import is_multiplayer, panel_boxes
from render.common import to_png
from render.labels import Label, intersects
from tests.render import afrika_multi_views as mv

NAMES = mv.NAMES
SHOWN = 800
"""How wide Discord shows a wide board."""
MIN_TEXT_PX = 11.0
MIN_ICON_PX = 20.0


def _problems(img: Image.Image, labels: list[Label]) -> list[str]:
    scale = min(1.0, SHOWN / img.width)
    out = []
    for lb in labels:
        shown = lb.size * scale
        if lb.kind == "icon" and lb.size >= 30 and shown < MIN_ICON_PX:
            out.append(f"icon {lb.text!r} is {shown:.1f} px at {SHOWN} px wide")
        if lb.kind != "icon" and shown < MIN_TEXT_PX:
            out.append(f"{lb.text!r} is {shown:.1f} px at {SHOWN} px wide")
        x0, y0, x1, y1 = lb.box
        if x0 < 0 or y0 < 0 or x1 > img.width or y1 > img.height:
            out.append(f"{lb.text!r} leaves the image at {lb.box}")
        if "…" in lb.text:
            out.append(f"{lb.text!r} is cut")
    for a, b in itertools.combinations(labels, 2):
        if intersects(a.box, b.box):
            out.append(f"{a.text!r} {a.box} overlaps {b.text!r} {b.box}")
    return out


def _by_panel(view, labels: list[Label]) -> dict[int, list[str]]:  # type: ignore[no-untyped-def]
    """The texts drawn inside each seat's panel (a label belongs to the panel holding its centre)."""
    out: dict[int, list[str]] = {}
    for seat, (x0, y0, x1, y1) in panel_boxes(view, NAMES).items():
        out[seat] = []
        for lb in labels:
            cx, cy = (lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2
            if x0 <= cx < x1 and y0 <= cy < y1:
                out[seat].append(lb.text.replace("\n", " "))
    return out


def _check(view) -> tuple[Image.Image, list[Label]]:  # type: ignore[no-untyped-def]
    img, labels = board_labels(view, NAMES)
    problems = _problems(img, labels)
    assert not problems, "; ".join(problems[:8])
    boxes = panel_boxes(view, NAMES)
    assert sorted(boxes) == [s.seat for s in view.seats], "one panel per player"
    for lb in labels:  # nothing sticks out of the panel it is drawn in
        cx, cy = (lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2
        for x0, y0, x1, y1 in boxes.values():
            if x0 <= cx < x1 and y0 <= cy < y1:
                assert x0 < lb.box[0] and lb.box[2] < x1 and y0 < lb.box[1] and lb.box[3] < y1, lb
    assert img.tobytes() == board(view, NAMES).tobytes(), "the labelled drawing is the bot's drawing"
    return img, labels


def _texts(labels: list[Label]) -> list[str]:
    return [lb.text.replace("\n", " ") for lb in labels]


def test_the_checks_catch_small_cut_and_overlapping_labels() -> None:
    img = Image.new("RGB", (1600, 100))
    problems = _problems(
        img,
        [
            Label("Zone 1", 22, (10, 10, 100, 40), "text"),
            Label("Terrains", 22, (90, 20, 200, 40), "text"),
            Label("#156", 18, (300, 10, 330, 30), "text"),
            Label("Sango, King of…", 22, (400, 10, 600, 30), "text"),
            Label("Soaring", 30, (700, 10, 730, 40), "icon"),
        ],
    )
    assert any("overlaps" in p for p in problems)
    assert any("#156" in p and "px at 800" in p for p in problems)
    assert any("is cut" in p for p in problems)
    assert any("icon 'Soaring'" in p for p in problems)


def test_six_players_fit_in_1600_px_and_read_at_800() -> None:
    view = mv.starlords(6)
    img, labels = _check(view)
    assert img.width <= 1600 and img.height < 3000
    panels = panel_boxes(view, NAMES)
    assert len({box[0] for box in panels.values()}) == 3, "three columns"
    texts = _by_panel(view, labels)
    for s in view.seats:
        mine = texts[s.seat]
        assert NAMES[s.seat] in mine and str(s.life) in mine
        assert f"Hand {s.hand_count}" in mine and f"Codex {s.codex_count}" in mine
        assert any(t.startswith("Pool: ") for t in mine)
        for p in s.zone1:
            assert p.name in mine and f"#{p.id}" in mine
            if p.type == "entity":
                assert f"{p.power}/{p.health}" in mine
    assert "ATK → alice" in texts[1] and any(t.startswith("BLK ") for t in texts[0])
    assert "CHARGED" in texts[1]
    assert {lb.text for lb in labels if lb.kind == "icon"} >= {"First Attack", "Shield", "Lifelink"}
    assert "Legend" in _texts(labels)


@pytest.mark.parametrize(
    ("variant", "n"),
    [(v, n) for v in ("starlords", "rifts") for n in range(2, 7)] + [("overlord", n) for n in range(3, 7)],
)
def test_every_table_size_reads_at_800(variant: str, n: int) -> None:
    view = {"starlords": mv.starlords, "overlord": mv.overlord, "rifts": mv.rifts}[variant](n)
    img, _ = _check(view)
    assert img.width <= 1600
    columns = len({box[0] for box in panel_boxes(view, NAMES).values()})
    assert columns == (2 if n in (2, 4) else 3), "two columns for two or four players, else three"


def test_allied_kingdoms_shows_each_teams_life_once_with_its_panels_grouped() -> None:
    view = mv.allied()
    img, labels = _check(view)
    assert img.width <= 1600
    texts = _texts(labels)
    assert texts.count("team life") == 2 and "life" not in texts, "life per team, not per player"
    assert texts.count("30") == 1 and texts.count("17") == 1
    head = {t: lb.box for lb in labels if (t := lb.text) in ("Team 1", "Team 2")}
    assert set(head) == {"Team 1", "Team 2"}
    boxes = panel_boxes(view, NAMES)
    # teammates side by side under their team's name; Team 2's name below Team 1's panels
    assert boxes[0][1] == boxes[2][1] and boxes[1][1] == boxes[3][1]
    assert head["Team 1"][3] <= boxes[0][1] < boxes[0][3] <= head["Team 2"][1] < boxes[1][1]
    # both members of the team whose turn it is are highlighted: "bob & dave's turn"
    assert any(t.startswith("Turn ") and "bob & dave's turn" in t for t in texts)


def test_star_lords_show_the_command_zone_its_tax_and_damage_by_source() -> None:
    view = mv.starlords(4)
    _, labels = _check(view)
    texts = _by_panel(view, labels)
    assert "Sango, King of the Burning Valley" in texts[0] and "cast 0×: +{0}" in texts[0]
    assert "Mbaobab, the Elder Grove" in texts[2] and "cast 2×: +{4}" in texts[2]
    assert "cast 1×: +{2}" in texts[1] and any("Star Lord in play" in t for t in texts[1])
    assert "Star Lord damage" in texts[2]
    assert "from bob's Star Lord: 14/21" in texts[2] and "from alice's Sango: 6/21" in texts[2]
    assert "from alice's Sango: 20/21" in texts[3]
    assert not any("Star Lord damage" in t for t in texts[0] + texts[1])


def test_the_overlord_is_marked_and_its_schemes_are_shown() -> None:
    view = mv.overlord(5)
    _, labels = _check(view)
    texts = _texts(labels)
    panels = _by_panel(view, labels)
    assert "GALACTIC OVERLORD" in panels[0]
    assert not any("GALACTIC OVERLORD" in panels[s] for s in (1, 2, 3, 4))
    assert {"Galactic Overlord", "The team"} <= set(texts)
    for card in (mv.SCHEME, *mv.ONGOING):
        assert card.name in texts and card.text in texts
    assert "Ongoing schemes (2)" in texts and "Scheme deck: 17 face down" in texts
    # individual lives: 33 for the Overlord, 19..16 for the team
    assert [str(view.seats[s].life) in panels[s] for s in range(5)] == [True] * 5
    none = dataclasses.replace(view, scheme=None, ongoing_schemes=())
    _, labels = _check(none)
    assert "None this turn." in _texts(labels)


def test_the_rift_strip_shows_the_rift_and_the_cosmic_die() -> None:
    view = mv.rifts(3)
    _, labels = _check(view)
    texts = _texts(labels)
    assert mv.RIFT.name in texts and mv.RIFT.text in texts
    assert {"Cosmic die", "CHAOS", "2 rolls this turn", "next roll +{2}", "Rift deck: 9"} <= set(texts)
    assert any("Cosmic Rifts" in t for t in texts)
    fresh = dataclasses.replace(view, die="", die_rolls=0)
    _, labels = _check(fresh)
    assert {"not rolled", "0 rolls this turn", "first roll free"} <= set(_texts(labels))


def test_the_stack_whose_turn_and_the_ranking_at_the_end() -> None:
    item = StackView(77, "spell", 2, "LC145", "Sango, King of the Burning Valley", ("P1",))
    view = dataclasses.replace(mv.starlords(5), stack=(item,))
    _, labels = _check(view)
    texts = _texts(labels)
    assert "Stack (1)" in texts and "top: carol: Sango, King of the Burning Valley → alice" in texts
    assert any(t.startswith("Turn 17 · bob's turn") for t in texts)
    assert any("priority: carol" in t for t in texts) and "priority" in _by_panel(view, labels)[2]
    over = dataclasses.replace(
        view,
        over=True,
        priority=None,
        stack=(),
        ranking=((2,), (0, 1), (3,), (4,)),
        reason="P3 is the last Star Lord standing.",
        seats=tuple(dataclasses.replace(s, lost=s.seat != 2) for s in view.seats),
    )
    _, labels = _check(over)
    texts = _texts(labels)
    assert {"1st: carol", "2nd: alice & bob", "3rd: dave", "4th: erin"} <= set(texts)
    assert "carol is the last Star Lord standing." in texts
    assert "alice  — LOST" in texts and "carol" in texts and "Turn 17 · game over" in texts
    panels = _by_panel(over, labels)
    assert "Command" in panels[2] and "Command" not in panels[0], "who lost left with their Star Lord"


@pytest.mark.parametrize("make", [mv.starlords, mv.allied, mv.overlord, mv.rifts])
def test_every_seat_sees_the_same_board(make) -> None:  # type: ignore[no-untyped-def]
    """A board is public: hands, teammates' hands and private choices never change a pixel."""
    secret = (
        CardView(1, "LC145", "Sango, King of the Burning Valley", "{3}{VOL}{VOL}", "Legendary Entity", ""),
    )
    spectator = to_png(board(make(), NAMES))
    for viewer in range(4):
        view = dataclasses.replace(make(viewer=viewer), partner_hands=((viewer ^ 2, secret),))
        assert view.viewer == viewer and (view.hand or viewer % 2)
        assert to_png(board(view, NAMES)) == spectator, f"seat {viewer}'s board differs"


def test_duels_keep_the_two_seat_board() -> None:
    """Two seats without a variant or a rift: the duel board (900 px); a rift makes it a table."""
    state = mv.midgame()
    from engines.afrika import ENGINE

    duel = ENGINE.view(state, None)
    assert not is_multiplayer(duel) and board(duel, NAMES).width == WIDTH
    rifted = dataclasses.replace(duel, rift=mv.RIFT, rift_count=9)
    assert is_multiplayer(rifted)
    img, _ = _check(rifted)
    assert img.width > WIDTH


def test_a_star_lord_in_play_is_named_and_marked_when_the_view_says_which_it_is() -> None:
    """The view carries each seat's Star Lord (``SeatView.lord``, a card id): damage names it even
    while it is in play, and its row says STAR LORD."""
    view = mv.starlords(4)
    bob = view.seats[1]
    lord = next(p for p in bob.zone1 if p.type == "entity")
    seat = dataclasses.replace(bob, lord=lord.card)
    _, labels = _check(dataclasses.replace(view, seats=(view.seats[0], seat, *view.seats[2:])))
    texts = _by_panel(view, labels)
    assert f"from bob's {lord.name.split(',')[0]}: 14/21" in texts[2]
    assert texts[1].count("STAR LORD") == sum(p.card == lord.card for p in bob.zone1)
    assert "STAR LORD" not in texts[0] + texts[2] + texts[3]


@pytest.mark.parametrize(("n", "seed"), [(3, 7), (4, 3), (6, 5)])
def test_real_star_lords_games_read_at_800_from_every_seat(n: int, seed: int) -> None:
    """Boards of AI Star Lords games (every 60th position, the most crowded, the last) pass the
    same checks, and every seat's view (its own hand in it) draws the spectator's bytes."""
    from engines.afrika import ENGINE
    from engines.afrika.ai import afrika_policy
    from engines.core import ConfigError, MatchConfig, PlayerId, Rng

    try:
        from engines.afrika.decks import starlords_starters

        codices = list(starlords_starters().values())
        options = {
            "variant": "starlords",
            "decks": [codices[i % len(codices)][1] for i in range(n)],
            "lords": [codices[i % len(codices)][0] for i in range(n)],
        }
        s = ENGINE.setup(MatchConfig(players=n, options=options), seed)
    except (ImportError, ConfigError) as e:
        pytest.skip(f"the engine does not play Star Lords yet: {e}")
    rng = Rng.from_seed(seed)
    states = [s]
    while ENGINE.outcome(s) is None and len(states) < 3000:
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
        states.append(s)

    def crowd(state) -> int:  # type: ignore[no-untyped-def]
        return sum(len(x.zone1) + len(x.zone2) for x in ENGINE.view(state, None).seats)

    for state in [*states[::60], max(states, key=crowd), states[-1]]:
        view = ENGINE.view(state, None)
        assert len(view.seats) == n and is_multiplayer(view)
        img, _ = _check(view)
        assert img.width <= 1600
        spectator = img.tobytes()
        for seat in range(n):
            assert board(ENGINE.view(state, PlayerId(seat)), NAMES).tobytes() == spectator
