"""Properties over random legal games: cards are never created or lost, views never leak, a replay
is exact, states round-trip JSON, and the limits of the rules always hold."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.alchemy import ENGINE
from engines.alchemy.decks import split
from engines.alchemy.setup import decks_option
from engines.alchemy.state import AlchemyState
from engines.core import IllegalAction, InvalidAction, MatchConfig, PlayerId, Rng, from_data, replay, to_data

from .helpers import CFG, PROCESS_CFG, playout

CONFIGS = [
    CFG,
    PROCESS_CFG,
    MatchConfig(players=2, options={"decks": PROCESS_CFG.options["decks"], "damage_scoring": True}),
]


def zones(s: AlchemyState, p: int) -> list[int]:
    st_ = s.seats[p]
    out = [*st_.deck, *st_.hand, *st_.store, *st_.recharge, *st_.exhausted, *st_.set_aside]
    if st_.opus is not None:
        out.append(st_.opus)
    if s.battle is not None:
        out += [o for link in s.battle.links if link.seat == p for o in link.cards]
    return out


def check_conservation(s: AlchemyState, start: AlchemyState) -> None:
    """Every card object is in exactly one zone of its owner; no card appears or vanishes."""
    assert s.card_of == start.card_of, "a card changed identity"
    seen_ids: list[int] = []
    for p in (0, 1):
        mine = zones(s, p)
        assert sorted(mine) == sorted(zones(start, p)), f"P{p + 1}'s cards changed"
        seen_ids += mine
    assert sorted(seen_ids) == list(range(len(s.card_of)))
    assert set(s.marked) <= set(s.seats[s.current].hand)


def check_limits(s: AlchemyState) -> None:
    for p in (0, 1):
        st_ = s.seats[p]
        assert 0 <= st_.ap <= 6
        assert len(st_.store) <= 3
        assert st_.points >= 0
        assert st_.points < 10 or s.mode == "over"
    assert (s.battle is not None) == (s.mode == "battle")
    assert list(s.seen) == sorted(set(s.seen))


def check_views(s: AlchemyState, rng: Rng) -> None:
    """No view changes when the cards hidden from its viewer are dealt anew, and the Magnum Opus
    ids a view names are exactly the viewer's own and the revealed ones."""
    for viewer in (None, PlayerId(0), PlayerId(1)):
        v = ENGINE.view(s, viewer)
        assert ENGINE.view(ENGINE.resample_hidden(s, viewer, rng), viewer) == v
        data = str(to_data(v))
        allowed = {
            s.card_of[st_.opus]
            for p, st_ in enumerate(s.seats)
            if st_.opus is not None and (st_.opus_revealed or viewer == p)
        }
        named = {
            w.strip("'") for w in data.replace(",", " ").replace("]", " ").split() if w.startswith("'MO")
        }
        assert named <= allowed, f"a Magnum Opus shown to {viewer}: {named - allowed}"
        if viewer is not None:
            assert len(v.hand) == len(s.seats[viewer].hand)


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=2))
def test_random_games_keep_every_card_and_replay_exactly(seed: int, which: int) -> None:
    cfg = CONFIGS[which]
    start = ENGINE.setup(cfg, seed)
    decks = decks_option(cfg)
    for p in (0, 1):
        main, opus = split(decks[p])
        assert Counter(start.card_of[o] for o in zones(start, p)) == Counter(main) + Counter(opus)
    log: list[tuple[int, str]] = []
    s = start
    for i, (before, p, aid) in enumerate(playout(seed, cfg)):
        check_conservation(before, start)
        check_limits(before)
        if i % 25 == 0:
            assert from_data(AlchemyState, to_data(before)) == before
        log.append((p, aid))
        s = ENGINE.apply(before, PlayerId(p), ENGINE.decode_action(aid)).state
    check_conservation(s, start)
    assert ENGINE.outcome(s) is not None
    assert replay(ENGINE, cfg, seed, log) == s


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=2))
def test_views_never_leak(seed: int, which: int) -> None:
    rng = Rng.from_seed(seed)
    for i, (s, _p, _aid) in enumerate(playout(seed, CONFIGS[which], max_actions=400)):
        if i % 5 == 0:
            check_views(s, rng)


PROBES = ["attack:F5", "block:W5", "counter:E5", "pass", "draw", "refresh", "back:F1", "done", "store",
          "put:F1", "take:F1", "leave", "play:P01", "play:P25:F1", "opus", "end"]  # fmt: skip


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_moves_apply_and_others_are_refused(seed: int) -> None:
    """Every listed move is accepted; any other probe is refused with a readable error."""
    for i, (s, p, _aid) in enumerate(playout(seed, PROCESS_CFG, max_actions=300)):
        if i % 3:
            continue
        legal = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}
        for aid in legal:
            ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        for aid in PROBES:
            if aid in legal:
                continue
            try:
                ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
            except (IllegalAction, InvalidAction) as exc:
                assert str(exc).endswith((".", ")", "!")) and str(exc)[0].isupper(), str(exc)
            else:
                raise AssertionError(f"{aid} was accepted but not listed as legal")
