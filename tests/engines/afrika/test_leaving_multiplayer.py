"""Issue 32 item 13: a player leaving an Afrika game of more than two (R122, R126, R151, R54).

Cases ported from a peer engine's multiplayer tests: when the active player concedes, only their
spells and abilities leave the stack (another player's spell stays and resolves, its card is never
lost); when a team's first seat dies in the team's own turn, the teammate's turn goes on; when a
turn ends because its player left, damage and "until end of turn" effects end as in the
Restoration step. Then the property: concessions and deaths at random points of random games of
every multiplayer variant never create or lose a card.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika import ENGINE, GAME
from engines.afrika.state import AfrikaState
from engines.core import CONCEDE, MatchConfig, PlayerId, Rng

STARLORDS3 = MatchConfig(players=3, options={"variant": "starlords"})
OVERLORD3 = MatchConfig(players=3, options={"variant": "overlord"})


def _act(s: AfrikaState, p: int, action_id: str) -> tuple[AfrikaState, list[str]]:
    t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(action_id))
    return t.state, [e.text for e in t.events]


def _pass_until_the_stack_is_empty(s: AfrikaState) -> tuple[AfrikaState, list[str]]:
    """Everyone passes in turn until the stack has resolved (whoever holds priority passes)."""
    events: list[str] = []
    for _ in range(50):
        if not s.stack or s.choice is not None:
            return s, events
        s, more = _act(s, min(ENGINE.current_players(s)), "pass")
        events += more
    raise AssertionError("the stack did not empty")


def zone_ids(s: AfrikaState) -> list[int]:
    """Every object id held by a zone (a spell on the stack is held by the stack)."""
    ids: list[int] = []
    for pl in s.players:
        ids += [*pl.codex, *pl.hand, *pl.void, *pl.exile, *pl.field, *pl.terrains, *pl.artifacts]
        ids += [*pl.command, *(i for i in pl.slots if i)]
    ids += [it.source for it in s.stack if it.kind == "spell"]
    return ids


def check_every_card_in_one_zone(s: AfrikaState) -> None:
    ids = zone_ids(s)
    assert len(ids) == len(set(ids)), "an object is in two zones"
    lost = sorted(set(s.objs) - set(ids))
    assert not lost, f"objects in no zone (a card was lost): {[(i, s.objs[i].card) for i in lost]}"
    assert set(ids) <= set(s.objs), "a zone holds an object that does not exist"


def cards_of(s: AfrikaState, seat: int) -> Counter[str]:
    return Counter(o.card for o in s.objs.values() if o.owner == seat and not o.token)


# ------------------------------------------------------------------------------ (a) the stack
def test_the_active_player_concedes_and_only_their_spells_leave_the_stack() -> None:
    """R122: P1 (active) cast Flame Lash at P2, P2 answered with a Flame Lash at P3; P1 concedes.
    P1's spell leaves the stack with P1's cards; P2's stays, resolves (P3 takes 2) and its card
    reaches P2's Void. Today the whole stack was emptied and P2's card was in no zone."""
    s = ENGINE.position(
        STARLORDS3,
        1,
        {
            "active": 0,
            "step": "explore1",
            "priority": 1,
            "players": [
                {"hand": [{"card": "LC140", "id": 11}], "codex": ["LB04"]},
                {
                    "hand": [{"card": "LC140", "id": 21}],
                    "codex": ["LB04"],
                    "permanents": [
                        {"card": "LB04", "id": 201, "zone": "terrain"},
                        {"card": "LB04", "id": 202, "zone": "terrain"},
                    ],
                },
                {"codex": ["LB04", "LB04"]},
            ],
            "stack": [{"id": 11, "controller": 0, "targets": ["P2"]}],
        },
    )
    s, _ = _act(s, 1, "cast:21")
    s, _ = _act(s, 1, "target:P3")
    assert [it.controller for it in s.stack] == [0, 1]
    s, events = _act(s, 0, "concede")
    assert "P1 leaves the game with every card they own." in events
    check_every_card_in_one_zone(s)
    assert [(it.controller, it.card) for it in s.stack] == [(1, "LC140")], "P2's spell stays"
    assert ENGINE.outcome(s) is None
    s, events = _pass_until_the_stack_is_empty(s)
    assert any("P3 takes 2 damage" in e or "deals 2 damage to P3" in e for e in events), events
    assert s.players[2].life == 38 and s.players[1].life == 40, "P1's Flame Lash never resolved"
    assert [s.objs[i].card for i in s.players[1].void] == ["LC140"]
    check_every_card_in_one_zone(s)
    # the rest of P1's turn passes, and the next seat's turn begins
    for _ in range(20):
        if s.active != 0:
            break
        s, _ = _act(s, min(ENGINE.current_players(s)), "pass")
    assert s.active == 1 and s.step != "restoration"


def test_a_pass_of_the_player_who_left_does_not_count_for_those_still_playing() -> None:
    """P1's Flame Lash (at P3) is on the stack; P2 passes, then concedes while P3 holds priority.
    P2's pass no longer counts: P3's pass alone does not resolve the spell before P1 has passed."""
    s = ENGINE.position(
        STARLORDS3,
        1,
        {
            "active": 0,
            "step": "explore1",
            "priority": 1,
            "players": [
                {"hand": [{"card": "LC140", "id": 11}], "codex": ["LB04"]},
                {"codex": ["LB04"]},
                {"codex": ["LB04"]},
            ],
            "stack": [{"id": 11, "controller": 0, "targets": ["P3"]}],
        },
    )
    s, _ = _act(s, 1, "pass")
    s, _ = _act(s, 1, "concede")
    s, _ = _act(s, 2, "pass")
    assert len(s.stack) == 1 and ENGINE.current_players(s) == {PlayerId(0)}, "P1 has not passed yet"
    s, _ = _act(s, 0, "pass")
    assert not s.stack and s.players[2].life == 38


# ------------------------------------------------------------------------------ (b) the team
def test_the_first_seat_of_a_team_dies_in_its_turn_and_the_teammate_plays_on() -> None:
    """R151, R126: against the Overlord, P2 and P3 share the turn; the Overlord's Flame Lash kills
    P2 (2 life) in their Exploration phase. P2 leaves (R122) and the team's turn goes on, now P3's:
    the Overlord's turn does not start."""
    s = ENGINE.position(
        OVERLORD3,
        1,
        {
            "active": 1,
            "step": "explore1",
            "turn": 4,
            "priority": 0,
            "players": [
                {
                    "hand": [{"card": "LC140", "id": 11}],
                    "codex": ["LB04"],
                    "permanents": [
                        {"card": "LB04", "id": 101, "zone": "terrain"},
                        {"card": "LB04", "id": 102, "zone": "terrain"},
                    ],
                },
                {"life": 2, "codex": ["LB04"], "permanents": [{"card": "LC093", "id": 201, "zone": "1"}]},
                {
                    "hand": [{"card": "LC093", "id": 31}],
                    "codex": ["LB04"],
                    "permanents": [{"card": "LC094", "id": 301, "zone": "1"}],
                },
            ],
        },
    )
    s, _ = _act(s, 0, "cast:11")
    s, _ = _act(s, 0, "target:P2")
    s, events = _pass_until_the_stack_is_empty(s)
    assert "P2 leaves the game with every card they own." in events
    assert s.players[1].lost and ENGINE.outcome(s) is None
    assert (s.turn, s.step) == (4, "explore1"), "the team's turn goes on"
    assert s.active == 2 and ENGINE.current_players(s) == {PlayerId(2)}
    check_every_card_in_one_zone(s)


# ------------------------------------------------------------------------ (c) the turn's end
def test_a_turn_ended_by_its_player_leaving_ends_damage_and_this_turns_effects() -> None:
    """R54, R122: P1 (active) curses P2's Cliff Warden (-3/-3 until end of turn) and burns P3's for
    2, then concedes. The turn ends with them as in the Restoration step: in P2's next turn the
    curse is gone and the damage healed (today both stayed into the next turn)."""
    s = ENGINE.position(
        STARLORDS3,
        1,
        {
            "active": 0,
            "step": "explore1",
            "players": [
                {
                    "hand": [{"card": "LC055", "id": 11}, {"card": "LC140", "id": 12}],
                    "codex": ["LB04"],
                    "permanents": [
                        {"card": "LB05", "id": 101, "zone": "terrain"},
                        {"card": "LB05", "id": 102, "zone": "terrain"},
                        {"card": "LB04", "id": 103, "zone": "terrain"},
                        {"card": "LB04", "id": 104, "zone": "terrain"},
                    ],
                },
                {"codex": ["LB04", "LB04"], "permanents": [{"card": "LC094", "id": 201, "zone": "1"}]},
                {"codex": ["LB04", "LB04"], "permanents": [{"card": "LC094", "id": 301, "zone": "1"}]},
            ],
        },
    )
    s, _ = _act(s, 0, "cast:11")
    s, _ = _act(s, 0, "target:201")
    s, _ = _pass_until_the_stack_is_empty(s)
    s, _ = _act(s, 0, "cast:12")
    s, _ = _act(s, 0, "target:301")
    s, _ = _pass_until_the_stack_is_empty(s)
    assert (s.objs[201].eot_power, s.objs[201].eot_health) == (-3, -3)
    assert s.objs[301].damage == 2
    s, _ = _act(s, 0, "concede")
    assert s.active == 1 and s.turn == 4, "P2's turn began"
    assert (s.objs[201].eot_power, s.objs[201].eot_health) == (0, 0), "the curse ended with the turn"
    assert s.objs[301].damage == 0, "damage is removed as in the Restoration step"
    check_every_card_in_one_zone(s)


def test_the_effects_of_a_player_who_leaves_end_with_them() -> None:
    """R122 "effects they control end": in P1's turn, P2 curses P3's Cliff Warden (-3/-3 until end
    of turn) and P3 answers with Hidden Fang on it (+2/+2 and Cloaking). P2 concedes: P2's curse
    ends at once, though the turn (P1's) goes on; P3's own pump lasts to the turn's end."""
    s = ENGINE.position(
        MatchConfig(players=4, options={"variant": "starlords"}),
        1,
        {
            "active": 0,
            "step": "explore1",
            "priority": 1,
            "players": [
                {"codex": ["LB04"]},
                {
                    "hand": [{"card": "LC055", "id": 21}],
                    "codex": ["LB04"],
                    "permanents": [
                        {"card": "LB05", "id": 201, "zone": "terrain"},
                        {"card": "LB05", "id": 202, "zone": "terrain"},
                    ],
                },
                {
                    "hand": [{"card": "LC137", "id": 31}],
                    "codex": ["LB04"],
                    "permanents": [
                        {"card": "LC094", "id": 301, "zone": "1"},
                        {"card": "LB03", "id": 302, "zone": "terrain"},
                        {"card": "LB03", "id": 303, "zone": "terrain"},
                    ],
                },
                {"codex": ["LB04"]},
            ],
        },
    )
    s, _ = _act(s, 1, "cast:21")
    s, _ = _act(s, 1, "target:301")
    s, _ = _pass_until_the_stack_is_empty(s)
    s, _ = _act(s, 0, "pass")
    s, _ = _act(s, 1, "pass")
    s, _ = _act(s, 2, "cast:31")
    s, _ = _act(s, 2, "target:301")
    s, _ = _pass_until_the_stack_is_empty(s)
    assert (s.objs[301].eot_power, s.objs[301].eot_health) == (-1, -1)
    s, events = _act(s, 1, "concede")
    assert "P2 leaves the game with every card they own." in events
    w = s.objs[301]
    assert (w.eot_power, w.eot_health, w.eot_keywords) == (2, 2, ("Cloaking",)), "P2's curse ended with P2"
    assert (s.active, s.step) == (0, "explore1"), "P1's turn goes on"
    check_every_card_in_one_zone(s)


# -------------------------------------------------------------------------- (d) the property
VARIANTS = [
    MatchConfig(players=3, options={"variant": "starlords"}),
    MatchConfig(players=4, options={"variant": "starlords"}),
    MatchConfig(players=4, options={"variant": "allied"}),
    MatchConfig(players=3, options={"variant": "overlord"}),
    MatchConfig(players=4, options={"variant": "overlord"}),
]


def _leave(s: AfrikaState, seat: int, how: str) -> AfrikaState:
    """``seat`` leaves now: by concession, or by dying (life set to 0 and a state check)."""
    if how == "concede":
        return ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action(CONCEDE)).state
    from engines.afrika.checks import sba
    from engines.afrika.state import freeze, thaw
    from engines.afrika.steps import settle
    from engines.afrika.teams import change_life

    g = thaw(s)
    change_life(g, seat, -g.players[seat].life)
    sba(g)
    settle(g)
    g.events = []
    return freeze(g)


LEAVING = st.tuples(
    st.integers(0, 600),  # from this move on
    st.integers(-1, 5),  # who: -1 the active player, else the n-th seat still playing
    st.sampled_from(["concede", "die"]),
    st.booleans(),  # wait until the stack holds something (a spell or ability of anyone)
)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(VARIANTS))), st.integers(0, 10_000), st.lists(LEAVING, max_size=3))
def test_random_leavings_never_create_or_lose_a_card(variant: int, seed: int, leavings: list[Any]) -> None:
    """Concessions and deaths at random points (often the active player's, often with the stack
    full) in random games of each multiplayer variant: every card of a player still in the game
    stays in exactly one zone, a player who left keeps none, and nobody who left is asked to act."""
    cfg = VARIANTS[variant]
    n = cfg.players
    s = ENGINE.setup(cfg, seed)
    start = [cards_of(s, p) for p in range(n)]
    rng, wander = Rng.from_seed(seed), random.Random(seed)
    plan = sorted(leavings)
    for i in range(3000):
        if ENGINE.outcome(s) is not None:
            break
        while plan and plan[0][0] <= i and s.step != "setup" and (s.stack or not plan[0][3]):
            _, who, how, _ = plan.pop(0)
            alive = [q for q in range(n) if not s.players[q].lost]
            seat = s.active if who < 0 and s.active in alive else alive[who % len(alive)]
            s = _leave(s, seat, how)
            if ENGINE.outcome(s) is not None:
                break
        if ENGINE.outcome(s) is not None:
            break
        check_every_card_in_one_zone(s)
        for p in range(n):
            if not s.players[p].lost:
                assert cards_of(s, p) == start[p], f"P{p + 1} gained or lost a card"
            else:
                assert not cards_of(s, p), f"P{p + 1} left the game but a card of theirs stayed"
        current = sorted(ENGINE.current_players(s))
        assert current, "nobody can act but the game is not over"
        assert not any(s.players[q].lost for q in current), "a player who left is asked to act"
        p = current[0]
        legal = list(ENGINE.legal_actions(s, PlayerId(p)))
        a = wander.choice(legal) if wander.random() < 0.2 else GAME.ai(ENGINE, s, PlayerId(p), rng)
        s = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(a.to_id())).state
    check_every_card_in_one_zone(s)
