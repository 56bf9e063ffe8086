"""The Spirit Tactics board reads at Discord's inline size and never names a Concealed Spirit to a
viewer who may not look at it (the renderer is built before the game is registered)."""

from __future__ import annotations

from itertools import combinations

from engines.core import MatchConfig, PlayerId, Rng
from engines.spirit import GAME
from engines.spirit.cards import card
from render.labels import intersects
from render.spirit.board import WIDTH, board_labels

INLINE = 550
MIN_ON_SCREEN = 11


def _states(seed: int) -> list[object]:
    engine = GAME.engine
    s = engine.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    out = [s]
    for i in range(500):
        if engine.outcome(s) is not None:
            break
        p = PlayerId(sorted(engine.current_players(s))[0])
        s = engine.apply(s, p, GAME.ai(engine, s, p, rng)).state
        if i % 7 == 0:
            out.append(s)
    return [*out, s]


def test_boards_read_at_550_px_without_overlaps_or_hidden_names() -> None:
    engine = GAME.engine
    drawn = concealed = 0
    for seed in range(3):
        for s in _states(seed):
            for viewer in (None, 0, 1):
                view = engine.view(s, None if viewer is None else PlayerId(viewer))
                img, labels = board_labels(view, ["alice", "a rather long name for the AI"])
                assert img.width == WIDTH
                small = [lb for lb in labels if lb.size * INLINE / WIDTH < MIN_ON_SCREEN]
                assert not small, [(lb.text, lb.size) for lb in small][:5]
                texts = [lb for lb in labels if lb.kind == "text"]
                overlaps = [(a.text, b.text) for a, b in combinations(texts, 2) if intersects(a.box, b.box)]
                assert not overlaps, overlaps[:5]
                text = " ".join(lb.text for lb in labels)
                full = engine.view(s, PlayerId(0)), engine.view(s, PlayerId(1))
                for owner in (0, 1):
                    for zone in full[owner].zones:
                        unit = zone.unit
                        if unit is None or unit.face_up or unit.owner != owner or viewer == owner:
                            continue
                        name = card(unit.card).name if unit.card else ""
                        visible = [
                            z
                            for z in view.zones
                            if z.unit and z.unit.face_up and z.unit.card and card(z.unit.card).name == name
                        ]
                        if name and not visible and not any(name in lk.text for lk in view.sequence):
                            assert name not in text, (viewer, name)
                            concealed += 1
                drawn += 1
    assert drawn > 30 and concealed > 0


def test_hands_read_at_550_px_and_show_only_the_viewers_cards() -> None:
    from render.spirit.hand import hand_labels

    engine = GAME.engine
    for s in _states(5):
        for seat in (0, 1):
            view = engine.view(s, PlayerId(seat))
            img, labels = hand_labels(view, "alice")
            assert img.width == 900
            assert not [lb for lb in labels if lb.size * INLINE / img.width < MIN_ON_SCREEN]
            texts = [lb for lb in labels if lb.kind == "text"]
            assert not [(a.text, b.text) for a, b in combinations(texts, 2) if intersects(a.box, b.box)]
            drawn = {lb.text for lb in labels}
            assert all(card(c).name in drawn for c in view.hand), "every card of the hand is named"
