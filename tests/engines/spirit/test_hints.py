"""The one-gesture moves of a Spirit Tactics turn (issue 34 item 7, ``engines.spirit.hints``):
"attack with everything" is the attacks the AI seat would make, each after the one before has
resolved (a Twinstrike's second attack too); the sensible zone of each Call is one legal move; and
no hint depends on a card the player cannot see."""

from __future__ import annotations

from engines.core import MatchConfig, PlayerId, Rng, choose_action
from engines.spirit import ENGINE, GAME, hints
from engines.spirit.grammar import parse_line

COMBAT = {
    "current": 0,
    "phase": "main",
    "seats": [
        {"units": [{"card": "S38", "zone": "c2"}, {"card": "S03", "zone": "d2"}]},
        {"hand": ["R01"], "units": [{"card": "S20", "zone": "c3"}]},
    ],
}


def test_attack_all_is_what_the_ai_would_declare_one_by_one() -> None:
    s = ENGINE.position(MatchConfig(2), 1, COMBAT)
    plan = hints.attack_all(ENGINE, s, 0)
    assert plan[0] == "go:combat" and len(plan) >= 3, plan
    # Played for real, nobody answering: the AI policy chooses exactly these, in this order.
    rng = Rng.from_seed(1)
    made: list[str] = []
    while len(made) < len(plan) and s.ranking is None:
        if s.mode == "sequence":
            s = ENGINE.apply(s, PlayerId(s.priority), ENGINE.decode_action("pass")).state
            continue
        a = choose_action(ENGINE, s, PlayerId(0), rng).to_id()
        made.append(a)
        s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action(a)).state
    assert made == plan


def test_a_hint_never_depends_on_the_opponents_hidden_cards() -> None:
    other = {**COMBAT, "seats": [COMBAT["seats"][0], {**COMBAT["seats"][1], "hand": ["S01", "E1"]}]}
    a = ENGINE.position(MatchConfig(2), 1, COMBAT)
    b = ENGINE.position(MatchConfig(2), 1, other)
    assert ENGINE.view(a, PlayerId(0)).zones == ENGINE.view(b, PlayerId(0)).zones
    assert hints.attack_all(ENGINE, a, 0) == hints.attack_all(ENGINE, b, 0)
    assert hints.one_gesture(ENGINE, a, 0) == hints.one_gesture(ENGINE, b, 0)


def test_one_gesture_moves_are_legal_and_one_per_kind() -> None:
    mine = {**COMBAT["seats"][0], "hand": ["S03"]}
    s = ENGINE.position(MatchConfig(2), 1, {**COMBAT, "seats": [mine, COMBAT["seats"][1]]})
    picks = hints.one_gesture(ENGINE, s, 0)
    legal = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0))}
    assert picks <= legal
    calls = [p for p in picks if p.startswith("call:S03:")]
    assert len(calls) == 1, picks
    assert GAME.engine is ENGINE


def test_an_ability_says_what_it_does_in_a_few_words() -> None:
    """Issue 34 item 8: "Ashen Duelist: 400 damage to a Spirit", not "Ability 1 of …"."""
    assert parse_line("Flame Flame: damage 400 foe", ("Flame",), source="spirit").short_text == (
        "400 damage to a Spirit"
    )
    line = parse_line(": mend 200 me, draw 1 me; empower 300 self", (), source="spirit")
    assert line.short_text == "200 R back to your Commander, draw 1 card, then +300 S to itself"
