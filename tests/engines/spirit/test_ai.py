"""The AI: it only plays legal moves, it beats a random player, it does not read hidden cards
(its choice is the same whatever the opponent's hidden cards are), and it knows the grid."""

from __future__ import annotations

from engines.core import MatchConfig, PlayerId, Rng, random_action
from engines.spirit import ENGINE, GAME
from engines.spirit.actions import Call
from engines.spirit.ai import spirit_policy

from .helpers import playout


def _winner(seed: int, ai: int) -> int | None:
    s = ENGINE.setup(MatchConfig(2), seed)
    rng = Rng.from_seed(seed)
    for _ in range(20_000):
        if ENGINE.outcome(s) is not None:
            break
        (p,) = ENGINE.current_players(s)
        policy = spirit_policy if p == ai else random_action
        a = policy(ENGINE, s, PlayerId(p), rng)
        assert a in ENGINE.legal_actions(s, p)
        s = ENGINE.apply(s, p, a).state
    out = ENGINE.outcome(s)
    assert out is not None
    return out.winners[0] if len(out.winners) == 1 else None


def test_ai_beats_random() -> None:
    wins = sum(_winner(seed, seed % 2) == seed % 2 for seed in range(16))
    assert wins >= 15
    assert GAME.ai is spirit_policy


def test_ai_games_end_and_every_move_is_legal() -> None:
    for seed in range(4):
        n = 0
        for s, p, aid in playout(seed, ai_seats=frozenset({0, 1})):
            assert aid in {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}
            n += 1
        assert n < 20_000


def test_ai_does_not_read_hidden_cards() -> None:
    """Re-dealing what the AI's seat cannot see does not change its move."""
    for seed in range(3):
        for i, (s, p, _aid) in enumerate(playout(seed, ai_seats=frozenset({0, 1}), max_actions=400)):
            if i % 9:
                continue
            other = ENGINE.resample_hidden(s, PlayerId(p), Rng.from_seed(i))
            a = spirit_policy(ENGINE, s, PlayerId(p), Rng.from_seed(5))
            b = spirit_policy(ENGINE, other, PlayerId(p), Rng.from_seed(5))
            assert a == b, (seed, i)


def test_ai_places_an_attacker_facing_an_open_lane() -> None:
    """An attacker goes to the Front Row of the one column the opponent has left empty (B3)."""
    backs = (("S31", "a4"), ("S32", "b4"), ("S33", "c4"), ("S39", "d4"), ("S36", "f4"))
    pos = {
        "current": 0,
        "seats": [{"hand": ["S38"]}, {"units": [{"card": c, "zone": z} for c, z in backs]}],
    }
    s = ENGINE.position(MatchConfig(2), 1, pos)
    a = spirit_policy(ENGINE, s, PlayerId(0), Rng.from_seed(1))
    assert isinstance(a, Call) and a.to_id() == "call:S38:e2"


def test_ai_closes_a_lane_with_a_wall_in_the_back_row() -> None:
    """A Spirit that would only be attacked in the Front Row closes the column an opposing attacker
    would hit directly, from the Back Row where it cannot be attacked."""
    pos = {
        "current": 0,
        "seats": [{"hand": ["S35"]}, {"units": [{"card": "S09", "zone": "d3"}]}],
    }
    s = ENGINE.position(MatchConfig(2), 1, pos)
    a = spirit_policy(ENGINE, s, PlayerId(0), Rng.from_seed(1))
    assert isinstance(a, Call) and a.to_id() == "call:S35:d1"
