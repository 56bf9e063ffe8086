"""``cardhost simulate`` names the players as its board images do ("AI 1"), never "P1" (issue #16, 1)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.simulate import seat_names, simulate
from engines.core import MatchConfig, get_engine, step


def test_simulate_prints_the_names_the_boards_show(tmp_path: Path) -> None:
    run = simulate("afrika", seed=3, out=tmp_path)
    text = run.summary()
    assert not re.search(r"\bP[1-9]\b", text), text
    assert re.search(r"result: AI [12] > AI [12] \(AI [12] ", text), text
    # The last board image was drawn with those names.
    from render.afrika.board import board_labels
    from render.common import to_png

    engine = get_engine("afrika")
    state = engine.setup(MatchConfig(players=2), 3)
    for seat, action_id in run.actions:
        state, _ = step(engine, state, seat, action_id)
    img, labels = board_labels(engine.view(state, None), seat_names(2))
    assert run.images[-1].read_bytes() == to_png(img)
    assert {"AI 1", "AI 2"} <= {lb.text.split("  ")[0] for lb in labels}
