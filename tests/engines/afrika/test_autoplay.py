"""Afrika's autoplay policy, without Discord: what the bot may play for a player without asking.

Checked along AI games: an automatic move is always legal; the bot takes a choice only when it has
one option, and passes over quick plays only where players seldom act (never over an opponent's
spell, a decision or a main-phase play); a stop makes it ask instead; nothing during set-up or a
pending choice is a mere "response".
"""

from __future__ import annotations

from engines.afrika import GAME
from engines.afrika.autoplay import ASK_OPPONENT, ASK_OWN, AUTOPLAY, COMBAT_ONLY, forced
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


def _situations(
    seeds: range, stops: frozenset[str] = frozenset()
) -> list[tuple[object, int, list[str], str | None]]:
    out = []
    for seed in seeds:
        for state in _states(seed):
            for seat in sorted(ENGINE.current_players(state)):
                legal = [a.to_id() for a in ENGINE.legal_actions(state, PlayerId(seat))]
                out.append((state, seat, legal, AUTOPLAY.auto_action(ENGINE, state, seat, stops)))
    return out


def test_automatic_moves_are_forced_choices_or_passes_where_nobody_acts() -> None:
    """The bot takes a forced choice, or passes with only quick plays in hand at a step where
    players seldom act; it never decides anything else, nor passes over a sorcery-speed play."""
    automatic = asked = quiet_passes = 0
    for state, seat, legal, move in _situations(range(6)):
        view = ENGINE.view(state, None)
        real = [a for a in legal if not a.startswith("charge:")]
        if move is None:
            asked += 1
            assert len(real) != 1, f"the only move {real} was not taken"
            continue
        automatic += 1
        assert move in legal
        if real != [move]:
            # Not forced: a pass over quick plays, never over a decision or a main-phase play.
            quiet_passes += 1
            assert move == "pass" and view.choice is None, (move, legal)
            assert all(a.split(":")[0] in {"pass", "cast", "act", "charge"} for a in legal), legal
            if view.stack:
                assert view.stack[-1].controller == seat, "an opponent's spell is always offered"
            else:
                attacks = any(p.attacking for s in view.seats for p in (*s.zone1, *s.zone2))
                asks = ASK_OWN if view.active == seat else ASK_OPPONENT
                assert view.step not in asks or (view.step in COMBAT_ONLY and not attacks), (view.step, legal)
    assert automatic > 50 and asked > 50 and quiet_passes > 10, (automatic, asked, quiet_passes)


def test_an_instant_in_hand_adds_no_stop_at_upkeep_or_draw() -> None:
    held = 0
    for state, seat, legal, move in _situations(range(8)):
        view = ENGINE.view(state, None)
        casts = [a for a in legal if a.startswith("cast:")]
        if view.active == seat and view.step in ("sustenance", "insight") and casts and not view.stack:
            assert move == "pass", (view.step, legal)
            held += 1
    assert held > 0, "no seeded game held a castable card at upkeep or draw"


def test_an_opponents_spell_is_offered_and_your_own_is_passed() -> None:
    theirs = own = 0
    for state, seat, legal, move in _situations(range(10)):
        view = ENGINE.view(state, None)
        plays = [a for a in legal if a.split(":")[0] in ("cast", "act")]
        if view.choice is not None or not view.stack or not plays:
            continue
        if view.stack[-1].controller == seat:
            assert move == "pass"
            own += 1
        else:
            assert move is None
            theirs += 1
    assert theirs + own > 0


def test_a_stop_makes_the_bot_ask_on_the_players_own_turn() -> None:
    held = 0
    for seed in range(4):
        for state in _states(seed):
            view = ENGINE.view(state, None)
            for seat in sorted(ENGINE.current_players(state)):
                plain = AUTOPLAY.auto_action(ENGINE, state, seat, frozenset())
                stopped = AUTOPLAY.auto_action(ENGINE, state, seat, ALL_STOPS)
                if plain in ("pass", "done") and view.active == seat and view.step in ALL_STOPS:
                    legal = [a.to_id() for a in ENGINE.legal_actions(state, PlayerId(seat))]
                    assert stopped is None
                    held += 1
                elif plain == "pass" and view.active != seat:
                    # A stop on the opponent's step asks only when there is something to play.
                    legal = [a.to_id() for a in ENGINE.legal_actions(state, PlayerId(seat))]
                    playable = [a for a in legal if a.split(":")[0] in ("cast", "act")]
                    assert (stopped is None) == bool(playable), (view.step, legal)
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

    own = [(s, name) for s, name in AUTOPLAY.stop_steps if not s.startswith("opp:")]
    theirs = [(s[4:], name) for s, name in AUTOPLAY.stop_steps if s.startswith("opp:")]
    assert own and all(STEP_NAMES[s] == name for s, name in own)
    assert [s for s, _ in theirs] == [s for s, _ in own]
    assert all(name == f"Opponent's {STEP_NAMES[s]}" for s, name in theirs)
    assert len(AUTOPLAY.stop_steps) <= 25, "the /settings stops select holds at most 25 options"
    assert "recharge" not in ALL_STOPS and AUTOPLAY.pass_action == "pass"
