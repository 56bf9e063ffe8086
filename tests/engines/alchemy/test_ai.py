"""The Alchemy AI: always legal, far better than random play, and sensible in the chain and with its
AP. (`python -m bench.game_ai alchemy` prints the full figures: 200 games against random play and the starter
matchups.)"""

from __future__ import annotations

from typing import Any

from engines.alchemy import ENGINE, GAME
from engines.alchemy.ai import alchemy_policy
from engines.alchemy.state import AlchemyState
from engines.core import MatchConfig, PlayerId, Rng

from .helpers import PROCESS_CFG, playout

CFG = MatchConfig(players=2)


def _pos(seats: list[dict[str, Any]], current: int = 0) -> AlchemyState:
    return ENGINE.position(CFG, 1, {"current": current, "seats": seats})


def _move(s: AlchemyState, seat: int | None = None) -> str:
    p = seat if seat is not None else min(ENGINE.current_players(s))
    return alchemy_policy(ENGINE, s, PlayerId(p), Rng.from_seed(1)).to_id()


def _step(s: AlchemyState, p: int, aid: str) -> AlchemyState:
    state: AlchemyState = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid)).state
    return state


def test_the_ai_is_declared() -> None:
    assert GAME.ai is alchemy_policy


def test_ai_games_always_legal_and_finish() -> None:
    for seed in range(30):
        cfg = PROCESS_CFG if seed % 3 == 0 else CFG
        for s, p, aid in playout(seed, cfg, ai_seats=frozenset({0, 1})):
            assert aid in {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}


def test_ai_beats_random_play_at_least_95_percent() -> None:
    import bench.game_ai as bench

    bench._use("alchemy")
    share, _ = bench.ai_vs_random(200)
    assert share >= 0.95, share


def test_parries_with_the_cheapest_card_and_never_blocks_lower() -> None:
    s = _step(_pos([{"hand": ["F3"], "ap": 1}, {"hand": ["W2", "W5", "A1", "E1"]}]), 0, "attack:F3")
    assert _move(s) == "block:W2", "Rill (x2 = 4) parries Fire 3 more cheaply than Deluge"
    s = _step(_pos([{"hand": ["F5"], "ap": 1}, {"hand": ["A1", "E1"]}]), 0, "attack:F5")
    assert _move(s) == "pass", "a lower block gives the point away anyway"


def test_counterattacks_into_an_empty_hand() -> None:
    s = _pos([{"hand": ["F3"], "ap": 1}, {"hand": ["W2", "E4"]}])
    for p, aid in ((0, "attack:F3"), (1, "block:W2"), (0, "pass")):
        s = _step(s, p, aid)
    assert _move(s) == "counter:E4"


def test_plays_a_reaction_that_turns_the_exchange() -> None:
    s = _pos([{"hand": ["F4", "P27"], "ap": 1}, {"hand": ["E4"]}])
    s = _step(_step(s, 0, "attack:F4"), 1, "block:E4")
    assert _move(s) == "play:P27", "Kindle turns a counter (4 = 4) into a win (6 > 4)"


def test_reveals_its_magnum_opus_when_met() -> None:
    s = _pos([{"hand": ["F1"], "ap": 2, "opus": "MO03", "tally": {"battles_won": 5}}, {"hand": ["W1"]}])
    assert _move(s) == "opus"


def test_keeps_ap_for_later_and_spends_what_the_cap_would_take() -> None:
    """Weak strikes into a full hand: with 2 AP it keeps them for a later turn; with 6 AP (2 would
    be lost at the start of its next turn) it uses them now."""
    hand = ["F1", "A1", "E1", "W1", "P35"]
    opp = {"hand": ["W5", "E5", "A5", "F5", "W4", "E4", "A4", "F4", "W3", "E3"]}
    assert _move(_pos([{"hand": hand, "ap": 2, "deck": ["F2"] * 3}, opp])) == "end"
    assert _move(_pos([{"hand": hand, "ap": 6, "deck": ["F2"] * 3}, opp])) != "end"


def test_holds_strong_elements_in_the_store() -> None:
    """Against an opponent who has shown a discard effect (Vitriol in their Exhausted pile), the AI
    puts strong elements into its Store, out of reach, and takes them back when its hand runs dry."""
    hand = ["F5", "W5", "F1", "A1", "E1", "W1"]
    opp = {"hand": ["W5", "E5", "A5", "F5", "W4", "E4", "A4", "F4", "W3", "E3"], "exhausted": ["P22"]}
    s = _pos([{"hand": hand, "ap": 3, "deck": ["A2"] * 3}, opp])
    assert _move(s) == "store"
    s = _step(s, 0, "store")
    assert _move(s) in ("put:F5", "put:W5")
    dry = _pos([{"hand": ["F1"], "store": ["F5", "W5"], "ap": 6}, opp])
    assert _move(dry) == "store"
    assert _move(_step(dry, 0, "store")) == "take:F5"
