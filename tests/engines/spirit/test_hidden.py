"""Hidden information (S11, D20): events are public, so no event names a card that stays hidden from
someone; views hide hands, deck order, Side Decks and Concealed Spirits by type."""

from __future__ import annotations

import re

import pytest

from engines.core import MatchConfig, PlayerId
from engines.spirit import ENGINE
from engines.spirit.cards import card
from engines.spirit.state import SpiritState
from engines.spirit.view import SeatView, SpiritView

from .helpers import WIDE_CFG, playout


def _public_ids(s: SpiritState) -> set[str]:
    """Card ids a spectator may see: piles, face-up Spirits, Essence, Commanders, revealed links."""
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (st.commander.obj, *st.commander.essence, *st.reload, *st.graveyard)}
    for u in s.board:
        if u is not None:
            out |= {s.card_of[o] for o in u.essence}
            if u.face_up:
                out.add(s.card_of[u.obj])
    for lk in (*s.seq, *s.last_seq):
        if lk.kind not in ("conceal", "flip") and lk.obj >= 0:
            out.add(s.card_of[lk.obj])
    return out


def _hidden_ids(s: SpiritState) -> set[str]:
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (*st.deck, *st.hand, *st.side)}
    out |= {s.card_of[u.obj] for u in s.board if u is not None and not u.face_up}
    out |= {s.card_of[lk.obj] for lk in s.seq if lk.kind == "conceal"}
    return out


def _named(text: str, cid: str) -> bool:
    return re.search(rf"\b{re.escape(card(cid).name)}\b", text) is not None


@pytest.mark.parametrize("seed", range(10))
def test_events_never_name_a_hidden_card(seed: int) -> None:
    """A card named by an event is public after the move (or was before it)."""
    cfg = WIDE_CFG if seed % 2 else MatchConfig(players=2)
    for s, p, aid in playout(seed, cfg, max_actions=1500):
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        public = _public_ids(s) | _public_ids(t.state)
        secret = (_hidden_ids(s) | _hidden_ids(t.state)) - public
        for e in t.events:
            leaked = [cid for cid in secret if _named(e.text, cid)]
            assert not leaked, f"{e.text!r} names hidden {leaked} (move {aid})"


def test_views_hide_by_type() -> None:
    """The opponent's hand is a count, a Concealed Spirit has no card for the opponent or a
    spectator, a Conceal on the Sequence names nothing; the owner sees both."""
    assert "hand" not in SeatView.__dataclass_fields__
    s = ENGINE.position(
        MatchConfig(players=2),
        1,
        {
            "current": 0,
            "seats": [
                {"hand": ["S61", "E7"], "side": ["R02"], "units": [{"card": "S63", "zone": "c2", "face_up": False, "concealed_turn": 2}]},
                {"hand": ["E2"]},
            ],
        },
    )  # fmt: skip
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("conceal:S61:d2")).state
    for viewer in (PlayerId(1), None):
        v: SpiritView = ENGINE.view(s, viewer)
        assert v.seats[0].hand_count == 1 and v.seats[0].side_count == 1
        assert v.zones[8].unit is not None and v.zones[8].unit.card is None
        assert v.sequence[0].card is None and "Shade Stalker" not in v.sequence[0].text
        assert all(x not in repr(v) for x in ("S61", "S63", "R02", "E7"))
    own = ENGINE.view(s, PlayerId(0))
    assert own.hand == ("E7",) and own.side == ("R02",)
    assert own.zones[8].unit is not None and own.zones[8].unit.card == "S63" and own.zones[8].unit.can_flip
    assert own.sequence[0].card == "S61"
