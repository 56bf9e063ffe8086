"""A state written to JSON and read back keeps the order of its dicts: engines list moves in dict
order (Afrika's blockers, the damage-assignment order), so a match restored from a snapshot must
offer them in the order the uninterrupted match did, or the two drift apart (issue #23: found by the
Afrika fast-path tests at seed 1, move 2261, where the sorted JSON keys "10" < "2" reordered the
blockers)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.afrika.state import AfrikaState
from engines.core import MatchConfig
from engines.core.codec import dumps, loads


@dataclass(frozen=True)
class Holder:
    order: dict[int, str] = field(default_factory=dict)


def test_dict_order_survives_a_round_trip() -> None:
    before = Holder({2: "two", 10: "ten", 4: "four", 33: "thirty-three"})
    after = loads(Holder, dumps(before))
    assert after == before and list(after.order) == [2, 10, 4, 33]


def test_an_afrika_states_dicts_keep_their_order() -> None:
    from engines.afrika import ENGINE

    state = ENGINE.setup(MatchConfig(2, {}), 1)
    state = AfrikaState(**{**state.__dict__, "blockers": {9: 3, 12: 4}, "attackers": {9: "P2", 12: "P2"}})
    back = loads(AfrikaState, dumps(state))
    assert list(back.blockers) == [9, 12] and list(back.attackers) == [9, 12]
