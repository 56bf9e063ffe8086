"""The numbers of the rules live in ``cards/rules.toml`` (digest section 1): the list of legal moves
and the refusals read the same number, so a change of the data changes both."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import IllegalAction, MatchConfig, PlayerId
from engines.spirit import ENGINE, cards
from engines.spirit.state import SpiritState

ESSENCE_IN_HAND = {"current": 0, "seats": [{"hand": ["E1", "E1", "E1", "E1"]}, {}]}


def _with_gathers(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    data = cards.card_set()
    changed = replace(data, rules=replace(data.rules, gathers=limit))
    monkeypatch.setattr(cards, "card_set", lambda: changed)


def _gathers_listed(s: SpiritState) -> list[str]:
    return [a.to_id() for a in ENGINE.legal_actions(s, PlayerId(0)) if a.kind == "gather"]


def _accepted(s: SpiritState, aid: str) -> bool:
    try:
        ENGINE.apply(s, PlayerId(0), ENGINE.decode_action(aid))
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_the_gather_limit_is_read_from_the_rules_data(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """S46: "twice per turn" is ``gathers`` in the rules data; with 1 or 3 there, a Gather is listed
    exactly while one is accepted (``legal`` and ``moves`` agree)."""
    _with_gathers(monkeypatch, limit)
    for done in range(4):
        s = ENGINE.position(MatchConfig(2), 1, {**ESSENCE_IN_HAND, "gathers": min(done, limit)})
        listed = _gathers_listed(s)
        allowed = min(done, limit) < limit
        assert bool(listed) == allowed, (limit, done, listed)
        assert _accepted(s, "gather:E1:cmd") == allowed
