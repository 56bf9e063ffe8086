"""What the bot does without asking (D13): only a question with one answer; a question put to the
player whose turn it is not is a response, and `pass` answers any question."""

from __future__ import annotations

from engines.chronomagia import ENGINE, GAME
from engines.chronomagia.autoplay import AUTOPLAY
from engines.core import MatchConfig, PlayerId

DECK = ["T020"] * 8


def test_forced_answers_and_responses() -> None:
    s = ENGINE.position(
        MatchConfig(2),
        1,
        {"active": 0, "time": 5, "seats": [{"hand": ["T024"], "pool": ["T020"] * 4, "deck": DECK},
                                          {"deck": DECK, "shadows": [{"card": "S02", "id": 60}]}]},
    )  # fmt: skip
    assert GAME.autoplay is AUTOPLAY
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) is None, "the player's own turn is theirs"
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("play:T024")).state
    assert s.ask is not None and s.ask.kind == "flip"
    assert AUTOPLAY.is_response(ENGINE, s, 1) and not AUTOPLAY.is_response(ENGINE, s, 0)
    assert AUTOPLAY.auto_action(ENGINE, s, 1, frozenset()) is None, "flip or not is a real choice"
    timed_out = ENGINE.apply(s, PlayerId(1), ENGINE.decode_action(AUTOPLAY.pass_action)).state
    assert timed_out.seats[1].shadows == (60,), "the timeout keeps the Shadow face down"
    s = ENGINE.apply(s, PlayerId(1), ENGINE.decode_action("flip:60")).state
    assert s.ask is None, "the Epoch 1 Summon (Disembody 3) has no creature to choose: nothing is asked"
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) is None


def test_a_question_with_one_answer_is_taken() -> None:
    """The engine does not ask questions with one answer; should a state hold one, the bot takes it."""
    from engines.chronomagia.state import Ask, Job
    from engines.core.evolve import evolve

    s = ENGINE.setup(MatchConfig(2), 1)
    s = evolve(s, ask=Ask("loc", 0, amount=2, limit=0), jobs=(Job("split", 0, n=2),), step="attack")
    assert AUTOPLAY.auto_action(ENGINE, s, 0, frozenset()) == "loc:0"


def test_pass_answers_every_kind_of_question() -> None:
    from engines.chronomagia.resolve import default_answer
    from engines.chronomagia.state import Ask

    s = ENGINE.setup(MatchConfig(2), 1)
    kinds = {"flip": "stay:5", "loc": "loc:0", "hit": "hit:0", "move": "move:0", "mass": "done", "bounce": "leave",
             "order": "order:1", "target": "target:none", "peek": "target:none", "shift": "target:none"}  # fmt: skip
    from engines.core.evolve import evolve

    for kind, aid in kinds.items():
        assert default_answer(evolve(s, ask=Ask(kind, 0, obj=5))).to_id() == aid
