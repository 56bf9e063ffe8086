"""The AI: it only plays legal moves, it beats a random player, it does not read hidden cards (its
choice is the same whatever the hidden cards are), and it values the Epoch it pushes Time into."""

from __future__ import annotations

from typing import Any

from engines.chronomagia import ENGINE, GAME
from engines.chronomagia.actions import MoveTime
from engines.chronomagia.ai import chrono_policy, outlook, worth
from engines.chronomagia.state import ChronomagiaState
from engines.core import MatchConfig, PlayerId, Rng, random_action

from .helpers import playout, wide_cfg

DECK = ["T020"] * 10


def _winner(seed: int, ai: int, cfg: MatchConfig) -> int | None:
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed)
    for _ in range(20_000):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        policy = chrono_policy if p == ai else random_action
        a = policy(ENGINE, s, PlayerId(p), rng)
        assert a in ENGINE.legal_actions(s, PlayerId(p))
        s = ENGINE.apply(s, PlayerId(p), a).state
    out = ENGINE.outcome(s)
    assert out is not None
    return out.winners[0] if len(out.winners) == 1 else None


def test_ai_beats_random() -> None:
    wins = sum(_winner(seed, seed % 2, MatchConfig(2)) == seed % 2 for seed in range(12))
    assert wins >= 11
    assert GAME.ai is chrono_policy and GAME.evaluate is worth


def test_ai_games_end_and_every_move_is_legal() -> None:
    for seed in range(3):
        n = 0
        for s, p, aid in playout(seed, wide_cfg(seed), ai_seats=frozenset({0, 1})):
            assert aid in {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}
            n += 1
        assert n < 20_000


def test_ai_does_not_read_hidden_cards() -> None:
    """Re-dealing what the AI's seat cannot see does not change its move."""
    for seed in range(3):
        for i, (s, p, _aid) in enumerate(playout(seed, ai_seats=frozenset({0, 1}), max_actions=300)):
            if i % 7:
                continue
            other = ENGINE.resample_hidden(s, PlayerId(p), Rng.from_seed(i))
            a = chrono_policy(ENGINE, s, PlayerId(p), Rng.from_seed(5))
            b = chrono_policy(ENGINE, other, PlayerId(p), Rng.from_seed(5))
            assert a == b, (seed, i)


def _move_after_collecting(time: int, mine: list[str], theirs: list[str]) -> MoveTime:
    data: dict[str, Any] = {
        "active": 0,
        "turn": 9,
        "time": time,
        "collected": ["concentration", "life", "armor"],
        "seats": [
            {"deck": DECK, "field": [{"card": c} for c in ["T055", "T045", *mine]]},
            {"deck": DECK, "field": [{"card": c} for c in theirs]},
        ],
    }
    s: ChronomagiaState = ENGINE.position(MatchConfig(2), 1, data)
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("collect:time")).state
    assert s.ask is not None and s.ask.kind == "move"
    a = chrono_policy(ENGINE, s, PlayerId(0), Rng.from_seed(3))
    assert isinstance(a, MoveTime)
    return a


def test_ai_pushes_time_into_the_epoch_that_suits_it() -> None:
    """At 14, with Epoch 2 soldiers against Goblins and Berserkers that die when Epoch 1 ends,
    the AI moves Time forward into Epoch 2; with the roles swapped it moves back, away from it."""
    forward = _move_after_collecting(14, ["T037", "T050", "T036"], ["T001", "T001", "T011", "T027"])
    assert forward.m == 2
    back = _move_after_collecting(16, ["T001", "T001", "T011", "T027"], ["T037", "T050", "T036"])
    assert back.m < 0


def test_outlook_and_worth() -> None:
    assert outlook(1) == (1.0, 0.0, 0.0)
    w = outlook(14)
    assert w[1] > w[0] > 0 and w[2] == 0
    s = ENGINE.setup(MatchConfig(2), 1)
    assert 0.0 < worth(s, 0) < 1.0 and 0.0 < worth(s, 1) < 1.0
