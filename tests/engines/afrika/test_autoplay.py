"""Afrika's autoplay policy, without Discord: what the bot may play for a player without asking.

Checked along AI games: an automatic move is always legal; the bot only passes when passing is
all the player could do (charging alone is not a play) and only takes a choice that has one
option; a stop at a step of the player's own turn makes it ask instead; nothing during set-up or
a pending choice is a mere "response".
"""

from __future__ import annotations

from engines.afrika import GAME
from engines.afrika.autoplay import AUTOPLAY, forced
from engines.core import MatchConfig, PlayerId, Rng

ENGINE = GAME.engine
ALL_STOPS = frozenset(step for step, _ in AUTOPLAY.stop_steps)


def _states(seed: int, limit: int = 400) -> list[object]:
    state = ENGINE.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    out = [state]
    for _ in range(limit):
        if ENGINE.outcome(state) is not None:
            break
        seat = PlayerId(sorted(ENGINE.current_players(state))[0])
        state = ENGINE.apply(state, seat, GAME.ai(ENGINE, state, seat, rng)).state
        out.append(state)
    return out


def _forced(ids: list[str]) -> str | None:
    only = forced([ENGINE.decode_action(a) for a in ids])
    return None if only is None else only.to_id()


def test_forced_ignores_charging() -> None:
    assert _forced(["pass", "charge:12"]) == "pass"
    assert _forced(["pass", "cast:7"]) is None
    assert _forced(["target:3"]) == "target:3"
    assert _forced(["charge:1", "charge:2"]) is None


def test_automatic_moves_are_legal_and_only_what_is_forced() -> None:
    automatic = asked = 0
    for seed in range(6):
        for state in _states(seed):
            for seat in sorted(ENGINE.current_players(state)):
                legal = [a.to_id() for a in ENGINE.legal_actions(state, PlayerId(seat))]
                move = AUTOPLAY.auto_action(ENGINE, state, seat, frozenset())
                real = [a for a in legal if not a.startswith("charge:")]
                if move is None:
                    asked += 1
                    assert len(real) != 1, f"the only move {real} was not taken"
                else:
                    automatic += 1
                    assert move in legal and real == [move]
    assert automatic > 50 and asked > 50, (automatic, asked)


def test_a_stop_makes_the_bot_ask_on_the_players_own_turn() -> None:
    held = 0
    for seed in range(4):
        for state in _states(seed):
            view = ENGINE.view(state, None)
            for seat in sorted(ENGINE.current_players(state)):
                plain = AUTOPLAY.auto_action(ENGINE, state, seat, frozenset())
                stopped = AUTOPLAY.auto_action(ENGINE, state, seat, ALL_STOPS)
                if plain in ("pass", "done") and view.active == seat and view.step in ALL_STOPS:
                    assert stopped is None
                    held += 1
                else:
                    assert stopped == plain
    assert held > 10


def test_responses_are_offers_outside_set_up_and_choices() -> None:
    seen = set()
    for state in _states(3):
        view = ENGINE.view(state, None)
        for seat in sorted(ENGINE.current_players(state)):
            response = AUTOPLAY.is_response(ENGINE, state, seat)
            if view.step == "setup" or view.choice is not None:
                assert not response
            else:
                assert response == (view.active != seat or bool(view.stack))
            seen.add(response)
    assert seen == {True, False}


def test_stop_steps_name_real_steps() -> None:
    from engines.afrika.kinds import STEP_NAMES

    assert AUTOPLAY.stop_steps and all(STEP_NAMES[s] == name for s, name in AUTOPLAY.stop_steps)
    assert "recharge" not in ALL_STOPS and AUTOPLAY.pass_action == "pass"
