"""How the Alchemy table counts in words (issue 34 item 9): "1 point", never "1 pts"."""

from __future__ import annotations

from bot.presenters.alchemy import status_line
from engines.alchemy import ENGINE
from engines.core import MatchConfig, PlayerId
from engines.core.evolve import evolve


def test_the_status_line_says_points_as_a_player_reads_them() -> None:
    s = ENGINE.setup(MatchConfig(players=2), 1)
    view = ENGINE.view(s, PlayerId(0))
    view = evolve(view, seats=(evolve(view.seats[0], points=1), evolve(view.seats[1], points=2)))
    line = status_line(view, ["alice", "bob"])
    assert "alice 1 point," in line and "bob 2 points," in line and "pts" not in line, line
