"""Hidden information (D2, D18): events are public, so no event names a card that stays hidden
from someone; views hide hands, decks, Hero Decks, face-down Shadows and the Pool (hidden from its
owner too, M11) by type; re-dealing what a viewer cannot see never changes their view, and does
re-deal the Pool for its owner."""

from __future__ import annotations

import re

import pytest

from engines.chronomagia import ENGINE
from engines.chronomagia.cards import card
from engines.chronomagia.state import ChronomagiaState
from engines.chronomagia.view import SeatView
from engines.chronomagia.viewing import hidden_groups
from engines.core import MatchConfig, PlayerId, Rng, to_data

from .helpers import CFG, playout, wide_cfg


def _public_ids(s: ChronomagiaState) -> set[str]:
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (st.hero, *st.graveyard)}
        out |= {s.card_of[p.obj] for p in st.field}
    return out


def _hidden_ids(s: ChronomagiaState) -> set[str]:
    out: set[str] = set()
    for st in s.seats:
        out |= {s.card_of[o] for o in (*st.deck, *st.hand, *st.pool, *st.hero_deck, *st.shadows)}
    return out


def _named(text: str, cid: str) -> bool:
    return re.search(rf"\b{re.escape(card(cid).name)}\b", text) is not None


@pytest.mark.parametrize("seed", range(8))
def test_events_never_name_a_hidden_card(seed: int) -> None:
    """A card an event names is public after the move (or was before it)."""
    cfg = wide_cfg(seed) if seed % 2 else CFG
    for s, p, aid in playout(seed, cfg, max_actions=3000):
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        public = _public_ids(s) | _public_ids(t.state)
        secret = (_hidden_ids(s) | _hidden_ids(t.state)) - public
        for e in t.events:
            leaked = [cid for cid in secret if _named(e.text, cid)]
            assert not leaked, f"{e.text!r} names hidden {leaked} (move {aid})"


def _position() -> ChronomagiaState:
    return ENGINE.position(
        MatchConfig(players=2),
        1,
        {
            "active": 0,
            "time": 5,
            "seats": [
                {"hand": ["T001", "S03"], "pool": ["T024", "T028"], "deck": ["T008", "T005"], "hero_deck": ["T018"],
                 "shadows": [{"card": "S01", "id": 50}]},
                {"hand": ["T002"], "pool": ["T034"], "deck": ["T007"], "hero_deck": ["T033"],
                 "shadows": [{"card": "S07", "id": 60}, {"card": "S06", "id": 61}]},
            ],
        },
    )  # fmt: skip


def test_views_hide_by_type() -> None:
    """Hands, decks, Hero Decks and Pools are counts; face-down Shadows have no card for the
    opponent and spectators; the owner sees their hand, Hero Deck and Shadows, but not the Pool."""
    assert not {"hand", "deck", "pool", "hero_deck"} & set(SeatView.__dataclass_fields__)
    s = _position()
    for viewer in (PlayerId(1), None):
        v = ENGINE.view(s, viewer)
        assert v.seats[0].hand_count == 2 and v.seats[0].pool_count == 2 and v.seats[0].hero_deck_count == 1
        assert v.seats[0].shadows[0].card is None
        text = repr(to_data(v))
        assert all(x not in text for x in ("T001", "S03", "T024", "T028", "T008", "T005", "T018", "S01"))
    own = ENGINE.view(s, PlayerId(0))
    assert own.hand == ("T001", "S03") and own.hero_deck == ("T018",)
    assert own.seats[0].shadows[0].card == "S01"
    text = repr(to_data(own))
    assert all(x not in text for x in ("T024", "T028", "T008", "T005")), (
        "the Pool and deck stay hidden from their owner"
    )
    assert all(x not in text for x in ("T002", "T034", "T007", "T033", "S07", "S06"))


def test_the_pool_is_redealt_for_its_owner() -> None:
    """The owner's deck and Pool form one group of unknown cards: a resample deals them anew and
    the owner's view stays the same (so the conformance check would catch a Pool leak)."""
    s = _position()
    groups = hidden_groups(s, 0)
    assert sorted(groups[0][0]) == sorted((*s.seats[0].deck, *s.seats[0].pool))
    seen = set()
    for i in range(20):
        other = ENGINE.resample_hidden(s, PlayerId(0), Rng.from_seed(i))
        seen.add(tuple(other.card_of[o] for o in other.seats[0].pool))
        assert ENGINE.view(other, PlayerId(0)) == ENGINE.view(s, PlayerId(0))
        assert [other.card_of[o] for o in other.seats[0].hand] == ["T001", "S03"]
    assert len(seen) > 1


def test_resampled_shadows_stay_shadows_and_seen_ones_stay() -> None:
    """The opponent's face-down cards can only be Shadow cards (F20); one looked at with Intuition
    is known to the viewer and keeps its card."""
    s = _position()
    for i in range(20):
        other = ENGINE.resample_hidden(s, PlayerId(0), Rng.from_seed(i))
        assert all(card(other.card_of[o]).kind == "shadow" for o in other.seats[1].shadows)
    from engines.core.evolve import evolve

    peeked = evolve(s, known=((0, 61),))
    assert ENGINE.view(peeked, PlayerId(0)).seats[1].shadows[1].card == "S06"
    assert ENGINE.view(peeked, PlayerId(0)).seats[1].shadows[1].seen
    assert ENGINE.view(peeked, PlayerId(1)).seats[1].shadows[1].card == "S06"
    assert ENGINE.view(peeked, None).seats[1].shadows[1].card is None
    for i in range(10):
        other = ENGINE.resample_hidden(peeked, PlayerId(0), Rng.from_seed(i))
        assert other.card_of[61] == "S06"


@pytest.mark.parametrize("seed", range(4))
def test_views_never_change_when_hidden_cards_do(seed: int) -> None:
    """The conformance check, on the wide decks and at every step: every viewer's view is the
    same after their unseen cards are dealt anew."""
    rng = Rng.from_seed(seed)
    for i, (s, _p, _aid) in enumerate(playout(seed, wide_cfg(seed), max_actions=600)):
        if i % 3:
            continue
        for viewer in (None, PlayerId(0), PlayerId(1)):
            other = ENGINE.resample_hidden(s, viewer, rng)
            assert ENGINE.view(other, viewer) == ENGINE.view(s, viewer)


def test_object_ids_are_dealt_after_the_shuffle() -> None:
    """D2: the same deck list gives different object ids to the same cards in different games, so an
    id seen on a face-down Shadow says nothing about its card."""
    ids = set()
    for seed in range(6):
        s = ENGINE.setup(CFG, seed)
        ids.add(tuple(s.card_of[1:31]))
    assert len(ids) == 6


def test_a_returned_card_gets_a_new_id() -> None:
    s = ENGINE.position(
        MatchConfig(players=2),
        1,
        {"active": 0, "time": 5, "seats": [{"hand": ["T023"], "pool": ["T020", "T020"], "deck": ["T020"]},
                                          {"deck": ["T020"], "field": [{"card": "T006", "id": 60}]}]},
    )  # fmt: skip
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("play:T023")).state
    s = ENGINE.apply(s, PlayerId(0), ENGINE.decode_action("target:60:T006")).state
    (new,) = s.seats[1].hand
    assert new != 60 and s.card_of[new] == "T006"
