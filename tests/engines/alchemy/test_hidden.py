"""Hidden information (AL16, AL21, D19): events are public, so no event names a card that stays
hidden from someone; views hide the opponent's hand, face-down Store cards and Magnum Opus by
type."""

from __future__ import annotations

import re

import pytest

from engines.alchemy import ENGINE
from engines.alchemy.cards import card
from engines.alchemy.state import AlchemyState
from engines.alchemy.view import AlchemyView, SeatView, StoreSlot
from engines.core import MatchConfig, PlayerId

from .helpers import PROCESS_CFG, playout


def _public_ids(s: AlchemyState) -> set[str]:
    """Card ids a spectator may see: piles, the Field, face-up Store cards, revealed Magnum Opus."""
    seen = set(s.seen)
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (*st.recharge, *st.exhausted)}
        out |= {s.card_of[o] for o in st.store if o in seen}
        if st.opus is not None and st.opus_revealed:
            out.add(s.card_of[st.opus])
    for b in (s.battle, s.last_battle):
        if b is not None:
            out |= {s.card_of[o] for link in b.links for o in link.cards}
            out |= {s.card_of[o] for o in b.processes}
    return out


def _hidden_ids(s: AlchemyState) -> set[str]:
    seen = set(s.seen)
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (*st.deck, *st.hand, *st.set_aside) if o not in seen}
        out |= {s.card_of[o] for o in st.store if o not in seen}
        if st.opus is not None and not st.opus_revealed:
            out.add(s.card_of[st.opus])
    return out


def _named(text: str, cid: str) -> bool:
    return re.search(rf"\b{re.escape(card(cid).name)}\b", text) is not None


@pytest.mark.parametrize("seed", range(12))
def test_events_never_name_a_hidden_card(seed: int) -> None:
    """A card named by an event is public after the move (or was before it): never one that is
    hidden from someone and was not revealed."""
    cfg = PROCESS_CFG if seed % 2 else MatchConfig(players=2)
    for s, p, aid in playout(seed, cfg, max_actions=1500):
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        public = _public_ids(s) | _public_ids(t.state)
        secret = (_hidden_ids(s) | _hidden_ids(t.state)) - public
        for e in t.events:
            leaked = [cid for cid in secret if _named(e.text, cid)]
            assert not leaked, f"{e.text!r} names hidden {leaked} (move {aid})"


def test_views_hide_by_type() -> None:
    """The opponent's hand is a count, a face-down Store slot has no card, the set-aside Magnum
    Opus cards are nowhere: there is no field that could hold them."""
    assert "hand" not in SeatView.__dataclass_fields__
    assert set(StoreSlot.__dataclass_fields__) == {"card", "face_up"}
    data = ENGINE.position(
        MatchConfig(players=2),
        1,
        {
            "seats": [
                {"hand": ["F1", "P01"], "store": ["W5", "E2"], "seen": ["E2"], "opus": "MO03",
                 "set_aside": ["MO01", "MO02", "MO04", "MO05"]},
                {"hand": ["A1"], "opus": "MO07"},
            ]
        },
    )  # fmt: skip
    v: AlchemyView = ENGINE.view(data, PlayerId(1))
    assert v.hand == ("A1",)
    assert v.seats[0].hand_count == 2
    assert [slot.card for slot in v.seats[0].store] == [None, "E2"]
    assert v.seats[0].opus is not None and v.seats[0].opus.card is None
    assert "MO01" not in repr(v) and "MO03" not in repr(v) and "W5" not in repr(v)
    own = ENGINE.view(data, PlayerId(0))
    assert [slot.card for slot in own.seats[0].store] == ["W5", "E2"]
    assert own.seats[0].opus is not None and own.seats[0].opus.card == "MO03"
    assert "MO01" not in repr(own), "the set-aside Magnum Opus cards are shown to nobody, owner included"
