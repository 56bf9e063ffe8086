"""Properties over random legal games: conservation of cards, JSON round trip, exact replay, no view leaks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika import ENGINE
from engines.afrika.decks import starter_decks
from engines.afrika.state import AfrikaState
from engines.core import PlayerId, Rng, from_data, replay, to_data

from .helpers import CFG, playout

DECK_SIZES = [len(d) for d in starter_decks()]


def zones_of(s: AfrikaState) -> list[int]:
    ids: list[int] = []
    for pl in s.players:
        ids += [*pl.codex, *pl.hand, *pl.void, *pl.exile, *pl.field, *pl.terrains, *pl.artifacts]
        ids += [i for i in pl.slots if i]
    ids += [it.source for it in s.stack if it.kind == "spell"]
    return ids


def check_conservation(s: AfrikaState) -> None:
    """Cards are never created or lost: each object is in exactly one zone; each owner keeps a full deck."""
    ids = zones_of(s)
    assert len(ids) == len(set(ids)), "an object is in two zones"
    assert set(ids) == set(s.objs), "an object is in no zone, or a zone holds a missing object"
    for seat, size in enumerate(DECK_SIZES):
        real = [o for o in s.objs.values() if o.owner == seat and not o.token]
        assert len(real) == size
    for o in s.objs.values():
        if o.token:
            assert o.zone == "field", "a token exists only on the battlefield (A35)"


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_games_conserve_cards_and_round_trip(seed: int) -> None:
    log: list[tuple[int, str]] = []
    final = None
    for i, (s, p, aid) in enumerate(playout(seed)):
        check_conservation(s)
        if i % 40 == 0:
            assert from_data(AfrikaState, to_data(s)) == s
        log.append((p, aid))
        final = s
    assert final is not None
    end = replay(ENGINE, CFG, seed, log)
    assert ENGINE.outcome(end) is not None, "a random game ends"
    check_conservation(end)


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_views_never_leak_hidden_cards(seed: int) -> None:
    rng = Rng.from_seed(seed)
    for i, (s, _p, _aid) in enumerate(playout(seed, max_actions=600)):
        if i % 7:
            continue
        for viewer in (None, PlayerId(0), PlayerId(1)):
            v = ENGINE.view(s, viewer)
            other = ENGINE.resample_hidden(s, viewer, rng)
            assert ENGINE.view(other, viewer) == v
            text = str(to_data(v))
            for seat, pl in enumerate(s.players):
                if viewer is not None and seat == int(viewer):
                    continue
                for oid in pl.hand:
                    assert f"'id': {oid}," not in text, "an opponent's hand card id is visible"


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_setup_is_deterministic_and_legal_ids_decode(seed: int) -> None:
    a = ENGINE.setup(CFG, seed)
    assert a == ENGINE.setup(CFG, seed)
    p = min(ENGINE.current_players(a))
    for act in ENGINE.legal_actions(a, PlayerId(p)):
        assert ENGINE.decode_action(act.to_id()) == act
        assert len(act.to_id()) <= 60 and act.label


def _pool_deck(rng: Rng) -> list[str]:
    from engines.afrika.cards import CARDS

    pool = sorted(c.id for c in CARDS().values() if not c.token and not c.basic)
    basics = sorted(c.id for c in CARDS().values() if c.basic)
    deck = [b for b in basics for _ in range(2)] + ["LC089"] * 4
    while len(deck) < 60:
        c = rng.choice(pool)
        if deck.count(c) < 4:
            deck.append(c)
    return deck


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_decks_from_the_whole_pool_keep_the_invariants(seed: int) -> None:
    """Every card of the pool in random legal games: no crash, no card lost, the game ends."""
    from engines.core import MatchConfig

    rng = Rng.from_seed(seed)
    cfg = MatchConfig(players=2, options={"decks": [_pool_deck(rng), _pool_deck(rng)]})
    s = ENGINE.setup(cfg, seed)
    for _ in range(20_000):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), rng.choice(list(ENGINE.legal_actions(s, PlayerId(p))))).state
        ids = zones_of(s)
        assert len(ids) == len(set(ids)) and set(ids) == set(s.objs)
    assert ENGINE.outcome(s) is not None
    assert from_data(AfrikaState, to_data(s)) == s


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_refusals_never_reveal_hidden_cards(seed: int) -> None:
    """Naming an opponent's hidden card (hand or Codex) in any move gives a message without its name,
    unless that name is already public."""
    assert _hidden_name_leaks(seed) == []


def _hidden_name_leaks(seed: int) -> list[str]:
    from engines.afrika.cards import card
    from engines.core import IllegalAction

    leaks: list[str] = []
    for i, (s, p, _aid) in enumerate(playout(seed, max_actions=800)):
        if i % 13:
            continue
        public = str(to_data(ENGINE.view(s, PlayerId(p))))
        other = s.players[1 - p]
        for oid in [*other.hand[:3], *other.codex[:3]]:
            nm = card(s.objs[oid].card).name
            if nm in public:
                continue
            for aid in (
                f"cast:{oid}",
                f"cast:{oid}:1",
                f"terrain:{oid}:s",
                f"act:{oid}:0",
                f"charge:{oid}",
                f"discard:{oid}",
                f"pick:{oid}",
                f"target:{oid}",
                f"atk:{oid}",
                f"blk:{oid}",
            ):
                try:
                    ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
                except IllegalAction as exc:
                    if nm in str(exc):
                        leaks.append(f"{aid}: {exc}")
    return leaks
