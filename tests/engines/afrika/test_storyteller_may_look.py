"""Issue 32 item 11: Cosmic Storyteller (LC001) says "you MAY gaze upon the top 3 cards".

The look is a decision of two buttons (look or not); the bot asks the player rather than taking it
for them (it has two options, so autoplay never makes it), and the AI looks, since knowing more
is never worse and a spell may then be taken. Declining moves nothing; looking keeps the rule that
a spell among the cards must be taken (D30).
"""

from __future__ import annotations

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.autoplay import AUTOPLAY
from engines.afrika.state import AfrikaState
from engines.core import PlayerId, Rng

from .helpers import position, run

ALL_STOPS = frozenset(step for step, _ in AUTOPLAY.stop_steps)


def _gazing() -> AfrikaState:
    """P1's Cosmic Storyteller has entered and its trigger resolved: P1 decides whether to look."""
    s = position(
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC001", "id": 10}],
                    "codex": [
                        {"card": "LB02", "id": 30},
                        {"card": "LC044", "id": 31},
                        {"card": "LC092", "id": 32},
                        {"card": "LB04", "id": 33},
                    ],
                    "permanents": [
                        {"card": "LB02", "id": 60, "zone": "terrain"},
                        {"card": "LB02", "id": 61, "zone": "terrain"},
                    ],
                },
                {},
            ],
        }
    )
    s, _ = run(s, (0, "cast:10:1"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass"))
    return s


def test_the_look_is_two_buttons_and_the_cards_stay_unseen_until_yes() -> None:
    s = _gazing()
    legal = ENGINE.legal_actions(s, PlayerId(0))
    assert [(a.to_id(), a.label) for a in legal] == [
        ("look:yes", "Look at the top 3"),
        ("look:no", "Don't look"),
    ]
    view = ENGINE.view(s, PlayerId(0))
    assert view.choice is not None and view.choice.cards == ()


def test_the_bot_asks_and_does_not_choose_for_the_player() -> None:
    s = _gazing()
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) is None
    assert AUTOPLAY.auto_action(ENGINE, s, 0, ALL_STOPS) is None


def test_the_ai_looks_and_takes_the_spell() -> None:
    s = _gazing()
    a = afrika_policy(ENGINE, s, PlayerId(0), Rng.from_seed(1))
    assert a.to_id() == "look:yes"
    s, events = run(s, (0, "look:yes"))
    assert "P1 looks at the top 3 cards of their Codex." in events
    assert [a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0))] == ["pick:31"]


def test_declining_moves_nothing_and_names_nothing() -> None:
    s = _gazing()
    before = s.players[0].codex
    s, events = run(s, (0, "look:no"))
    assert s.players[0].codex == before and s.players[0].hand == ()
    assert events == ["P1 does not look at the top of their Codex."]
